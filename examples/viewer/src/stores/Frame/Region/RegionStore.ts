import type {Point2D} from "../../../models";
import {CARTA} from "../../../protobuf/carta";
import {add2D, scale2D, subtract2D} from "../../../utilities";
import type {FrameStore} from "../FrameStore";
import type {RegionSetStore} from "./RegionSetStore";

/** Region id of the cursor region, which every region set holds and which follows the mouse. */
export const CURSOR_REGION_ID = 0;

/**
 * One region drawn on an image: its shape, position, size and style.
 *
 * @remarks
 * Shapes are stored as control points in image pixel coordinates. Rectangles and ellipses have two: the centre and
 * the size (for ellipses, the semi-axes). Points have one; lines and polygons store their vertices. Create regions
 * with the `add…Region` methods of {@link RegionSetStore}.
 */
export class RegionStore {
    /** Id of the image the region belongs to, its `frameInfo.fileId`. */
    readonly fileId: number;
    /** Id of the region within its image; negative until the backend has confirmed a new region. */
    regionId: number;
    /** Label shown next to the region; empty for none. */
    name: string;
    /** Outline colour, as a CSS colour string. */
    color: string;
    /** Outline width, in screen pixels. */
    lineWidth: number;
    /** Shape of the region, a `CARTA.RegionType` of the backend protocol. */
    regionType: CARTA.RegionType;
    /** The control points, in image pixel coordinates. */
    controlPoints: Point2D[];
    /** Rotation about the centre, in degrees counter-clockwise. */
    rotation: number;

    /**
     * Creates a region. Snippets use the `add…Region` methods of {@link RegionSetStore} instead.
     *
     * @param fileId - Id of the image the region belongs to.
     * @param activeFrame - The image the region belongs to.
     * @param controlPoints - Control points, as described for the class.
     * @param regionType - Shape of the region.
     * @param regionId - Id of the region within its image.
     * @param rotation - Rotation about the centre, in degrees counter-clockwise.
     * @param name - Label shown next to the region.
     * @param color - Outline colour.
     * @param lineWidth - Outline width, in screen pixels.
     */
    constructor(fileId: number, activeFrame: FrameStore, controlPoints: Point2D[], regionType: CARTA.RegionType, regionId: number = -1, rotation: number = 0, name: string = "", color: string = "#2EE6D6", lineWidth: number = 2) {
        this.fileId = fileId;
        this.controlPoints = controlPoints.map(point => ({...point}));
        this.regionType = regionType;
        this.regionId = regionId;
        this.rotation = rotation;
        this.name = name;
        this.color = color;
        this.lineWidth = lineWidth;
    }

    /** Centre of the region: the first control point of rectangles, ellipses and points, the mean of the vertices otherwise. */
    get center(): Point2D {
        const single = [CARTA.RegionType.RECTANGLE, CARTA.RegionType.ELLIPSE, CARTA.RegionType.POINT].includes(this.regionType);
        return single ? {...this.controlPoints[0]} : scale2D(this.controlPoints.reduce(add2D, {x: 0, y: 0}), 1 / this.controlPoints.length);
    }

    /** Size of the region: the stored size of rectangles and ellipses, the bounding box of the vertices otherwise. */
    get size(): Point2D {
        if (this.regionType === CARTA.RegionType.RECTANGLE || this.regionType === CARTA.RegionType.ELLIPSE) {
            return {...this.controlPoints[1]};
        }
        const span = (values: number[]) => Math.max(...values) - Math.min(...values);
        return {x: span(this.controlPoints.map(point => point.x)), y: span(this.controlPoints.map(point => point.y))};
    }

    /** Replaces the id given at creation with the one the backend assigned. */
    setRegionId(id: number): void {
        this.regionId = id;
    }

    /** Moves the region so that its {@link RegionStore.center} is at `p`, keeping its shape. */
    setCenter(p: Point2D, skipUpdate = false): void {
        const offset = subtract2D(p, this.center);
        this.controlPoints = this.controlPoints.length === 2 && this.regionType !== CARTA.RegionType.LINE ? [{...p}, this.controlPoints[1]] : this.controlPoints.map(point => add2D(point, offset));
    }

    /** Resizes a rectangle (width and height) or an ellipse (semi-axes). */
    setSize(p: Point2D, skipUpdate = false): void {
        this.controlPoints = [this.controlPoints[0], {...p}];
    }

    /** Sets the rotation, in degrees counter-clockwise from the x axis. */
    setRotation(angle: number, skipUpdate = false): void {
        this.rotation = angle;
    }

    /** Sets the label shown next to the region. */
    setName(name: string): void {
        this.name = name;
    }

    /** Sets the outline colour to any CSS colour, such as `"#ff0000"` or `"red"`. */
    setColor(color: string): void {
        this.color = color;
    }
}
