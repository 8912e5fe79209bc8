import type {Point2D, WorkspaceRegion} from "../../models";
import {CARTA} from "../../protobuf/carta";
import {add2D, scale2D, subtract2D} from "../../utilities";
import type {RegionSetStore} from "./RegionSetStore";

/**
 * One region drawn on an image: its shape, position, size and style.
 *
 * @remarks
 * Shapes are stored as control points in image pixel coordinates. Rectangles, ellipses and annuli have two: the
 * centre and the size (for ellipses, the semi-axes). Points have one; lines and polygons store their vertices.
 * Create regions with the `add…Region` methods of {@link RegionSetStore}, which give them an id.
 */
export class RegionStore {
    /** Outline colour of new regions. */
    static readonly DEFAULT_COLOR = "#35d0e0";

    /** Label shown next to the region; empty for none. */
    name = "";
    /** Outline colour, as a CSS colour string. */
    color = RegionStore.DEFAULT_COLOR;

    private points: Point2D[];

    /**
     * Creates a region.
     *
     * @param regionId - Id of the region within its image.
     * @param regionType - Shape of the region, a `CARTA.RegionType` of the backend protocol.
     * @param controlPoints - Control points, as described for the class.
     * @param rotation - Rotation about the centre, in degrees counter-clockwise.
     */
    constructor(
        public regionId: number,
        readonly regionType: CARTA.RegionType,
        controlPoints: Point2D[],
        public rotation: number = 0
    ) {
        this.points = controlPoints.map(point => ({...point}));
    }

    /** Whether the shape has a centre and a size, so {@link RegionStore.setSize} applies to it. */
    get hasSize(): boolean {
        return [CARTA.RegionType.RECTANGLE, CARTA.RegionType.ELLIPSE, CARTA.RegionType.ANNULUS].includes(this.regionType);
    }

    /** A copy of the control points, in image pixel coordinates. */
    get controlPoints(): Point2D[] {
        return this.points.map(point => ({...point}));
    }

    /** Centre of the region: the first control point of sized shapes and points, the mean of the vertices otherwise. */
    get center(): Point2D {
        const single = this.hasSize || this.regionType === CARTA.RegionType.POINT;
        return single ? {...this.points[0]} : scale2D(this.points.reduce(add2D, {x: 0, y: 0}), 1 / this.points.length);
    }

    /** Size of the region: the stored size of sized shapes, the bounding box of the vertices otherwise. */
    get size(): Point2D {
        if (this.hasSize) {
            return {...this.points[1]};
        }
        const span = (values: number[]) => Math.max(...values) - Math.min(...values);
        return {x: span(this.points.map(point => point.x)), y: span(this.points.map(point => point.y))};
    }

    /** Moves the region so that its {@link RegionStore.center} is at `center`, keeping its shape. */
    setCenter(center: Point2D): void {
        const offset = subtract2D(center, this.center);
        this.points = this.hasSize ? [{...center}, this.points[1]] : this.points.map(point => add2D(point, offset));
    }

    /**
     * Resizes a rectangle, ellipse or annulus.
     *
     * @param size - Width and height for rectangles, semi-axes for ellipses; both must be positive.
     * @returns `false`, changing nothing, for other shapes or a non-positive size.
     */
    setSize(size: Point2D): boolean {
        const valid = this.hasSize && size.x > 0 && size.y > 0;
        this.points = valid ? [this.points[0], {...size}] : this.points;
        return valid;
    }

    /** Sets the rotation, in degrees counter-clockwise from the x axis; stored modulo 360. */
    setRotation(degrees: number): void {
        this.rotation = ((degrees % 360) + 360) % 360;
    }

    /** Sets the label shown next to the region. */
    setName(name: string): void {
        this.name = name;
    }

    /** Sets the outline colour to any CSS colour, such as `"#ff0000"` or `"red"`. */
    setColor(color: string): void {
        this.color = color;
    }

    /**
     * Replaces the temporary id given at creation with the one the backend assigned.
     *
     * @internal
     */
    setRegionId(regionId: number): void {
        this.regionId = regionId;
    }

    /** Returns the region in the form a workspace file stores it. */
    toWorkspace(): WorkspaceRegion {
        return {id: this.regionId, type: this.regionType, points: this.controlPoints, rotation: this.rotation, name: this.name, color: this.color};
    }
}
