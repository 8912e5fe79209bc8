import type {Point2D, WorkspaceRegion} from "../../models";
import {CARTA} from "../../protobuf/carta";
import type {FrameStore} from "./FrameStore";
import {RegionStore} from "./RegionStore";

/**
 * The regions of one image, and which of them is selected.
 *
 * @remarks
 * Every image owns one, as {@link FrameStore.regionSet}. Region ids are unique within the image and never reused.
 * @example
 * ```ts
 * const regionSet = app.activeFrame.regionSet;
 * const box = regionSet.addRectangularRegion({x: 256, y: 256}, 40, 20);
 * box.setRotation(30);
 * regionSet.selectRegion(box);
 * ```
 */
export class RegionSetStore {
    /** Id of the cursor region, which follows the mouse and is not in {@link RegionSetStore.regions}. */
    static readonly CURSOR_REGION_ID = 0;

    /** The regions, in the order they were created. */
    regions: RegionStore[] = [];
    /** The selected region, shown in the region dialog; `undefined` when none is selected. */
    selectedRegion?: RegionStore;

    private lastRegionId = RegionSetStore.CURSOR_REGION_ID;

    /** Adds a point region at a position in image pixel coordinates. */
    addPointRegion(center: Point2D): RegionStore {
        return this.addRegion(CARTA.RegionType.POINT, [center]);
    }

    /**
     * Adds a rectangle, aligned with the image axes until rotated.
     *
     * @param center - Centre of the rectangle, in image pixel coordinates.
     * @param width - Width, in pixels.
     * @param height - Height, in pixels.
     */
    addRectangularRegion(center: Point2D, width: number, height: number): RegionStore {
        return this.addRegion(CARTA.RegionType.RECTANGLE, [center, {x: width, y: height}]);
    }

    /**
     * Adds an ellipse, with its major axis along the x axis until rotated.
     *
     * @param center - Centre of the ellipse, in image pixel coordinates.
     * @param semiMajor - Semi-major axis, in pixels.
     * @param semiMinor - Semi-minor axis, in pixels.
     */
    addEllipticalRegion(center: Point2D, semiMajor: number, semiMinor: number): RegionStore {
        return this.addRegion(CARTA.RegionType.ELLIPSE, [center, {x: semiMajor, y: semiMinor}]);
    }

    /**
     * Adds a closed polygon.
     *
     * @param points - The vertices, in image pixel coordinates.
     * @throws RangeError when there are fewer than three vertices.
     */
    addPolygonalRegion(points: Point2D[]): RegionStore {
        if (points.length < 3) {
            throw new RangeError(`A polygon needs at least 3 vertices, got ${points.length}`);
        }
        return this.addRegion(CARTA.RegionType.POLYGON, points);
    }

    /**
     * Adds a closed polygon.
     *
     * @deprecated An early alias of {@link RegionSetStore.addPolygonalRegion}, kept for old snippets; it will be
     * removed in version 6.
     */
    addPolygonRegion(points: Point2D[]): RegionStore {
        return this.addPolygonalRegion(points);
    }

    /**
     * Adds a straight line, for example to cut a position–velocity image along.
     *
     * @param points - The start and end point, in image pixel coordinates.
     * @throws RangeError when not given exactly two points.
     */
    addLineRegion(points: Point2D[]): RegionStore {
        if (points.length !== 2) {
            throw new RangeError(`A line needs a start and an end point, got ${points.length} points`);
        }
        return this.addRegion(CARTA.RegionType.LINE, points);
    }

    /** Re-creates a region saved in a workspace, with a new id but the same shape, rotation, name and colour. */
    restoreRegion(saved: WorkspaceRegion): RegionStore {
        const region = this.addRegion(saved.type, saved.points, saved.rotation);
        region.setName(saved.name ?? region.name);
        region.setColor(saved.color ?? region.color);
        return region;
    }

    /**
     * Removes a region, clearing the selection if it was selected.
     *
     * @returns Whether the region belonged to this set.
     */
    deleteRegion(region: RegionStore): boolean {
        const index = this.regions.indexOf(region);
        if (index >= 0) {
            this.regions.splice(index, 1);
            this.selectedRegion = this.selectedRegion === region ? undefined : this.selectedRegion;
        }
        return index >= 0;
    }

    /** Selects a region of this set, or clears the selection when given `undefined`. */
    selectRegion(region?: RegionStore): void {
        this.selectedRegion = region && this.regions.includes(region) ? region : undefined;
    }

    /** Returns the region with the given id, if it exists. */
    getRegion(regionId: number): RegionStore | undefined {
        return this.regions.find(region => region.regionId === regionId);
    }

    private addRegion(type: CARTA.RegionType, points: Point2D[], rotation?: number): RegionStore {
        const region = new RegionStore(++this.lastRegionId, type, points, rotation);
        this.regions.push(region);
        return region;
    }
}
