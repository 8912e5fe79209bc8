/** Settings of the coordinate overlay drawn over the images: grid lines, axis labels and the sky coordinate system. */
export class OverlayStore {
    /** Sky coordinate systems the overlay can show; `"AUTO"` uses the image's own. */
    static readonly SYSTEMS = ["AUTO", "FK5", "FK4", "ICRS", "GALACTIC", "ECLIPTIC"] as const;

    /** Whether coordinate grid lines are drawn. */
    gridVisible = true;
    /** Whether the axis labels are drawn. */
    labelsVisible = true;
    /** Sky coordinate system of the grid, the labels and the cursor read-out; one of {@link OverlayStore.SYSTEMS}. */
    system: (typeof OverlayStore.SYSTEMS)[number] = "AUTO";

    /** Shows or hides the grid lines and the axis labels. */
    setVisibility(grid: boolean, labels: boolean = grid): void {
        this.gridVisible = grid;
        this.labelsVisible = labels;
    }

    /** Changes the sky coordinate system, ignoring case; returns `false`, changing nothing, for an unknown system. */
    setSystem(system: string): boolean {
        const known = OverlayStore.SYSTEMS.find(candidate => candidate === system.toUpperCase());
        this.system = known ?? this.system;
        return known !== undefined;
    }
}
