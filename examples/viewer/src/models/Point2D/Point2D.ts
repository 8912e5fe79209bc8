/**
 * A position or offset in image pixel coordinates.
 *
 * @remarks
 * Pixel (0, 0) is the centre of the bottom-left pixel of the image, so the x axis grows to the right and the
 * y axis grows upwards, as in FITS images. Region centres, cursor positions and fit results all use this type.
 */
export interface Point2D {
    /** Horizontal pixel coordinate. */
    x: number;
    /** Vertical pixel coordinate. */
    y: number;
}
