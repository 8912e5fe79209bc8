/** The arrangement of widgets on screen: the preset layouts and those the user saved. */
export class LayoutStore {
    private static staticInstance?: LayoutStore;

    /** The viewer's single layout store. */
    static get Instance(): LayoutStore {
        return (LayoutStore.staticInstance ??= new LayoutStore());
    }

    /** Name of the layout in use. */
    currentLayoutName = "Default";

    private readonly layouts = new Map<string, object>([["Default", {}]]);

    /** Whether a layout of that name exists. */
    layoutExists(layoutName: string): boolean {
        return this.layouts.has(layoutName);
    }

    /** Names of all layouts, presets and the user's. */
    get allLayoutNames(): string[] {
        return [...this.layouts.keys()];
    }

    /** Switches to a layout; returns `false` when no layout has that name. */
    applyLayout(layoutName: string): boolean {
        const exists = this.layoutExists(layoutName);
        this.currentLayoutName = exists ? layoutName : this.currentLayoutName;
        return exists;
    }

    /** Deletes a layout the user saved. A flow: `await` it. */
    *deleteLayout(layoutName: string): Generator<Promise<unknown>, void, any> {
        this.layouts.delete(layoutName);
    }
}
