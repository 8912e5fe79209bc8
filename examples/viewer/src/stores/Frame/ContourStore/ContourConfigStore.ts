/**
 * Contour settings of one image: levels, smoothing and line style. Editing them does not redraw the contours; the
 * contour dialog sends them to the backend, which computes the new contours.
 */
export class ContourConfigStore {
    /** Whether contours have been requested for the image. */
    enabled = false;
    /** Contour levels, in image units. */
    levels: number[] = [];
    /** Width of the kernel the image is smoothed with before contouring, in pixels. */
    smoothingFactor = 4;
    /** Line width, in screen pixels. */
    thickness = 1;
    /** Whether the contours are drawn. */
    visible = true;

    /** Turns the contours of the image on or off. */
    setEnabled(val: boolean): void {
        this.enabled = val;
    }

    /** Sets the line width, in screen pixels. */
    setThickness(val: number): void {
        this.thickness = val;
    }

    /** Shows or hides the contours. */
    setVisible(visible: boolean): void {
        this.visible = visible;
    }

    /** Shows hidden contours, or hides shown ones. */
    toggleVisibility(): void {
        this.visible = !this.visible;
    }
}
