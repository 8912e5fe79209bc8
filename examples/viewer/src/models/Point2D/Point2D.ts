import {toFixed} from "../../utilities";

/**
 * A position or offset in image pixel coordinates; snippets pass plain objects such as `{x: 128, y: 64}`.
 *
 * @remarks
 * Pixel (0, 0) is the centre of the bottom-left pixel of the image, so the x axis grows to the right and the
 * y axis grows upwards, as in FITS images.
 */
export class Point2D {
    /** Horizontal pixel coordinate. */
    x: number = 0;
    /** Vertical pixel coordinate. */
    y: number = 0;

    /**
     * Writes a point as `(x unit, y unit)`.
     *
     * @param decimals - Number of decimals; all of them when negative.
     * @returns An empty string when there is no point.
     */
    static ToString(point: Point2D, unit: string, decimals: number = -1): string {
        const format = (value: number) => (decimals < 0 ? String(value) : toFixed(value, decimals));
        return point ? `(${format(point.x)} ${unit}, ${format(point.y)} ${unit})` : "";
    }
}
