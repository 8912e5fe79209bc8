import type {FrameStore} from "../../Frame/FrameStore";
import {AppStore} from "../../AppStore/AppStore";

/** Value of {@link RegionWidgetStore.fileId} that makes a widget follow the active image. */
export const ACTIVE_FILE_ID = -1;

/** Region ids with a special meaning in widget settings. */
export enum RegionId {
    NONE = -4,
    /** The selected region of the image. */
    ACTIVE = -3,
    /** The whole image. */
    IMAGE = -1,
    /** The cursor region. */
    CURSOR = 0
}

/** Which kinds of regions a widget accepts. */
export enum RegionsType {
    CLOSED,
    CLOSED_AND_POINT,
    POINT_AND_LINES,
    LINE
}

/** Settings shared by the widgets that show data of an image and a region of it. */
export class RegionWidgetStore {
    /** Image the widget shows, or {@link ACTIVE_FILE_ID} to follow the active image. */
    fileId = ACTIVE_FILE_ID;
    /** The region the widget uses, by image `fileId`. */
    regionIdMap = new Map<number, number>();
    /** Which kinds of regions the widget accepts. */
    type: RegionsType;

    /** @param type - Which kinds of regions the widget accepts. */
    constructor(type: RegionsType) {
        this.type = type;
    }

    /** Chooses the region the widget uses on the image with the given `fileId`. */
    setRegionId(fileId: number, regionId: number): void {
        this.regionIdMap.set(fileId, regionId);
    }

    /** Makes the widget show another image, or follow the active one with {@link ACTIVE_FILE_ID}. */
    setFileId(fileId: number): void {
        this.fileId = fileId;
    }

    /** The image the widget shows. */
    get effectiveFrame(): FrameStore | null {
        const app = AppStore.Instance;
        return (this.fileId === ACTIVE_FILE_ID ? app.activeFrame : app.getFrame(this.fileId)) ?? app.activeFrame;
    }
}
