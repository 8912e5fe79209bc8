import type {AppStore} from "../stores";

/**
 * Runs commands sent by external scripts, such as the carta-python package, against the viewer's stores.
 *
 * @remarks
 * A command names a target by its path from the root object (for example `"activeFrame.renderConfig"`), an
 * action (a method of that target) and its arguments. The root is the {@link AppStore}, attached at start-up, so
 * anything a code snippet can call is also reachable from Python.
 */
export class ScriptingService {
    private static staticInstance?: ScriptingService;

    /** The shared instance. */
    static get Instance(): ScriptingService {
        return (ScriptingService.staticInstance ??= new ScriptingService());
    }

    private root?: object;

    private constructor() {}

    /** Sets the object command paths start from, normally {@link AppStore.Instance}. */
    attach(root: object): void {
        this.root = root;
    }

    /**
     * Calls a method on a target inside the attached root.
     *
     * @param target - Dot-separated path from the root, or an empty string for the root itself.
     * @param action - Name of the method to call.
     * @param args - Arguments passed to the method unchanged.
     * @returns What the method returned, awaited if it returned a promise.
     * @example
     * Python's `image.set_colormap("viridis")` arrives as:
     * ```ts
     * await ScriptingService.Instance.call("activeFrame.renderConfig", "setColorMap", "viridis");
     * ```
     */
    async call(target: string, action: string, ...args: unknown[]): Promise<unknown> {
        const object = target.split(".").filter(Boolean).reduce<unknown>((parent, name) => (parent && typeof parent === "object" ? Reflect.get(parent, name) : undefined), this.root);
        const method: unknown = object && typeof object === "object" ? Reflect.get(object, action) : undefined;
        if (typeof method !== "function") {
            throw new Error(`Scripting target "${target}" has no action "${action}"`);
        }
        return await method.apply(object, args);
    }
}
