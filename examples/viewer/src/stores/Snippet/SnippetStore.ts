import type {Snippet} from "../../models";
import type {PreferenceStore} from "../PreferenceStore/PreferenceStore";

/**
 * The user's code snippets: small scripts that drive the viewer through its stores.
 *
 * @remarks
 * A snippet runs as the body of an async function and sees the application store as `app` (and `carta`), so
 * anything documented in this reference can be called from it. Snippets are available once enabled in the
 * preferences ({@link PreferenceStore.isCodeSnippetsEnabled}).
 */
export class SnippetStore {
    private static staticInstance?: SnippetStore;

    /** The viewer's single snippet store. */
    static get Instance(): SnippetStore {
        return (SnippetStore.staticInstance ??= new SnippetStore());
    }

    /** The saved snippets, by name. */
    snippets = new Map<string, Snippet>();
    /** The snippet open in the editor. */
    activeSnippet?: Snippet;
    /** Whether a snippet is running. */
    isExecuting = false;

    /** Whether a snippet of that name is saved. */
    snippetExists(name: string): boolean {
        return this.snippets.has(name);
    }

    /**
     * Saves a snippet on the server under a name, replacing one of the same name. A flow: `await` it.
     *
     * @param silent - Save without showing a notification.
     * @returns Whether it was saved.
     */
    *saveSnippet(name: string, snippet: Snippet, silent: boolean = false): Generator<Promise<unknown>, boolean, any> {
        this.snippets.set(name, snippet);
        return true;
    }

    /** Deletes a saved snippet from the server. A flow: `await` it. */
    *deleteSnippet(name: string, silent: boolean = false): Generator<Promise<unknown>, boolean, any> {
        return this.snippets.delete(name);
    }

    /** Runs the snippet open in the editor. A flow: `await` it; resolves to whether it ran without an error. */
    *executeCurrentSnippet(): Generator<Promise<unknown>, boolean, any> {
        if (!this.activeSnippet || this.isExecuting) {
            return false;
        }
        this.isExecuting = true;
        yield Promise.resolve();
        this.isExecuting = false;
        return true;
    }
}
