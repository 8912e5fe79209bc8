import type {PreferenceStore} from "../PreferenceStore/PreferenceStore";

// The constructor of async functions is not a global, but every async function has it as its constructor.
const AsyncFunction = async function () {}.constructor as new (...parameters: string[]) => (...args: unknown[]) => Promise<unknown>;

/**
 * The user's code snippets: small scripts that drive the viewer through its stores.
 *
 * @remarks
 * A snippet sees the application store as `app`, so anything documented in this reference can be called from it.
 * Snippets only run once enabled in the preferences ({@link PreferenceStore.codeSnippetsEnabled}).
 * @example
 * ```ts
 * app.snippetStore.addSnippet("Grey log", 'app.activeFrame.renderConfig.setColorMap("gray");');
 * await app.snippetStore.runSnippet("Grey log");
 * ```
 */
export class SnippetStore {
    /** The snippets' JavaScript source, by name. A snippet runs as the body of an async function, so it may use `await`. */
    readonly snippets = new Map<string, string>();
    /** Whether a snippet is running. */
    isExecuting = false;

    /** @param app - The object snippets see as `app`. */
    constructor(private readonly app: object) {}

    /**
     * Saves a snippet, replacing one of the same name.
     *
     * @param name - Name shown in the snippet menu; must not be blank.
     * @param code - The JavaScript source.
     * @returns Whether it was saved.
     */
    addSnippet(name: string, code: string): boolean {
        const valid = name.trim() !== "";
        if (valid) {
            this.snippets.set(name, code);
        }
        return valid;
    }

    /**
     * Runs a saved snippet.
     *
     * @returns What the snippet returned.
     * @throws Error when the snippet does not exist, or whatever the snippet throws.
     */
    async runSnippet(name: string): Promise<unknown> {
        const code = this.snippets.get(name);
        if (code === undefined) {
            throw new Error(`No snippet named "${name}"`);
        }
        this.isExecuting = true;
        try {
            return await new AsyncFunction("app", code)(this.app);
        } finally {
            this.isExecuting = false;
        }
    }
}
