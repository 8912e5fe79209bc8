/** The arrangement of widgets on screen: the preset layouts and those the user saved, each as its widget types in reading order. */
export class LayoutStore {
    /** The layouts that come with the viewer, by name. */
    static readonly PRESETS: ReadonlyMap<string, readonly string[]> = new Map([
        ["Default", ["image-view", "render-config", "log"]],
        ["Cube View", ["image-view", "spatial-profiler", "spectral-profiler", "animator"]],
        ["Continuum Analysis", ["image-view", "render-config", "region-list"]]
    ]);

    /** Name of the layout in use. */
    currentLayoutName = "Default";

    private readonly userLayouts = new Map<string, string[]>();

    /** Switches to a layout and returns its widget types, or `undefined` when no layout has that name. */
    applyLayout(name: string): readonly string[] | undefined {
        const widgets = LayoutStore.PRESETS.get(name) ?? this.userLayouts.get(name);
        this.currentLayoutName = widgets ? name : this.currentLayoutName;
        return widgets;
    }

    /**
     * Saves the current widgets as a user layout.
     *
     * @param name - Name of the layout; preset names cannot be used.
     * @param widgets - The widget types on screen, in reading order.
     * @returns Whether the layout was saved.
     */
    saveLayout(name: string, widgets: string[]): boolean {
        const allowed = name.trim() !== "" && !LayoutStore.PRESETS.has(name);
        if (allowed) {
            this.userLayouts.set(name, [...widgets]);
            this.currentLayoutName = name;
        }
        return allowed;
    }
}
