import type {Point2D} from "../../../models";
import {CARTA} from "../../../protobuf/carta";
import {BackendService} from "../../../services";
import type {FrameStore} from "../FrameStore";
import {CURSOR_REGION_ID, RegionStore} from "./RegionStore";

/**
 * The regions of one image, and which of them is focused.
 *
 * @remarks
 * Every image owns one, as {@link FrameStore.regionSet}. The `add…Region` methods return the new region at once,
 * with a temporary negative id, and register it with the backend, which assigns the final id a moment later;
 * {@link RegionSetStore.addRegionAsync} resolves only once the backend has answered.
 */
export class RegionSetStore {
    /** The regions, the cursor region first, then the others in the order they were created. */
    regions: RegionStore[] = [];
    /** The focused region, the one the region dialog shows; the cursor region when nothing is selected. */
    focusedRegion: RegionStore;

    private tempRegionId = -1;

    /** @param frame - The image the regions belong to. */
    constructor(private readonly frame: FrameStore) {
        this.focusedRegion = this.addPointRegion({x: 0, y: 0}, true);
    }

    /** Adds a point region at a position in image pixel coordinates; `cursorRegion` makes it the cursor region. */
    addPointRegion(center: Point2D, cursorRegion = false): RegionStore {
        return this.addRegion([center], 0, CARTA.RegionType.POINT, cursorRegion ? CURSOR_REGION_ID : this.tempRegionId--);
    }

    /**
     * Adds a rectangle, aligned with the image axes.
     *
     * @param center - Centre of the rectangle, in image pixel coordinates.
     * @param width - Width, in pixels.
     * @param height - Height, in pixels.
     * @param temporary - Keep the region in the browser only, without registering it with the backend.
     */
    addRectangularRegion(center: Point2D, width: number, height: number, temporary: boolean = false): RegionStore {
        return this.addRegion([center, {x: width, y: height}], 0, CARTA.RegionType.RECTANGLE, this.tempRegionId--, temporary);
    }

    /**
     * Adds an ellipse.
     *
     * @param center - Centre of the ellipse, in image pixel coordinates.
     * @param semiMajor - Semi-major axis, in pixels.
     * @param semiMinor - Semi-minor axis, in pixels.
     * @param temporary - Keep the region in the browser only, without registering it with the backend.
     */
    addEllipticalRegion(center: Point2D, semiMajor: number, semiMinor: number, temporary: boolean = false): RegionStore {
        return this.addRegion([center, {x: semiMinor, y: semiMajor}], 0, CARTA.RegionType.ELLIPSE, this.tempRegionId--, temporary);
    }

    /** Adds a closed polygon through the given vertices, in image pixel coordinates. */
    addPolygonalRegion(points: Point2D[], temporary: boolean = false): RegionStore {
        return this.addRegion(points, 0, CARTA.RegionType.POLYGON, this.tempRegionId--, temporary);
    }

    /** Adds a straight line from the first to the second point, in image pixel coordinates. */
    addLineRegion(points: Point2D[], temporary: boolean = false): RegionStore {
        return this.addRegion(points, 0, CARTA.RegionType.LINE, this.tempRegionId--, temporary);
    }

    /** Adds an open line through the given points, in image pixel coordinates. */
    addPolylineRegion(points: Point2D[], temporary: boolean = false): RegionStore {
        return this.addRegion(points, 0, CARTA.RegionType.POLYLINE, this.tempRegionId--, temporary);
    }

    /**
     * Adds a region and waits until the backend has registered it, so its {@link RegionStore.regionId} is final.
     *
     * @param regionType - Shape of the region, a `CARTA.RegionType`.
     * @param points - Control points: `[center, size]` for rectangles and ellipses, the vertices otherwise.
     * @param rotation - Rotation, in degrees; used by rectangles and ellipses.
     * @param regionName - Label of the region; a default name when empty.
     */
    async addRegionAsync(regionType: CARTA.RegionType, points: Point2D[], rotation: number = 0, regionName: string = ""): Promise<RegionStore> {
        const region = this.addRegion(points, rotation, regionType, this.tempRegionId--, true);
        region.setName(regionName);
        await this.requestSetRegion(region);
        return region;
    }

    /** Makes a region of this set the only selected one, and focuses it; other values are ignored. */
    selectSingleRegion(region: RegionStore): void {
        this.setFocusedRegion(region);
    }

    /** Focuses a region of this set without changing which regions are selected; other values are ignored. */
    setFocusedRegion(region: RegionStore): void {
        this.focusedRegion = this.regions.includes(region) ? region : this.focusedRegion;
    }

    /** Clears the selection; the cursor region gets the focus. */
    clearSelection(): void {
        this.focusedRegion = this.regions[0];
    }

    /** Removes a region from the image and the backend; the focus moves to the next region, if any. The cursor region cannot be deleted. */
    deleteRegion(region: RegionStore): void {
        if (region.regionId === CURSOR_REGION_ID || !this.regions.includes(region)) {
            return;
        }
        const index = this.regions.indexOf(region);
        this.regions = this.regions.filter(candidate => candidate !== region);
        if (this.focusedRegion === region) {
            this.focusedRegion = this.regions[index] ?? this.regions[index - 1] ?? this.regions[0];
        }
    }

    private addRegion(points: Point2D[], rotation: number, regionType: CARTA.RegionType, regionId: number, temporary = false): RegionStore {
        const region = new RegionStore(this.frame.frameInfo.fileId, this.frame, points, regionType, regionId, rotation);
        this.regions.push(region);
        if (!temporary && regionId !== CURSOR_REGION_ID) {
            void this.requestSetRegion(region);
        }
        return region;
    }

    // The backend answers with the region's final id, which replaces the temporary negative one.
    private async requestSetRegion(region: RegionStore): Promise<void> {
        const ack = await BackendService.Instance.setRegion(region.fileId, -1, region);
        region.setRegionId(ack.regionId ?? region.regionId);
    }
}
