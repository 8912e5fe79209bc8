import type {PVRequest} from "../Requests/PVRequest";
import {AbstractWidgetStore} from "./AbstractWidgetStore";

/** State of a PV generator widget: which line region to cut along, and how. */
export class PvGeneratorWidgetStore extends AbstractWidgetStore {
    /** Id of the line region, or `undefined` until one is chosen. */
    regionId?: number;
    /** Width of the cut, in pixels. */
    width = 3;
    /** Whether the spectral axis is put horizontally. */
    reverse = false;

    get title(): string {
        return "PV Generator";
    }

    /** The PV request built from the settings, ready for `AppStore.requestPV`; `undefined` until a region is chosen. */
    get pvRequest(): PVRequest | undefined {
        return this.regionId === undefined ? undefined : {regionId: this.regionId, width: this.width, reverse: this.reverse, keep: false};
    }

    /** Chooses the line region of image `fileId` to cut along. */
    setRegionId(fileId: number, regionId: number): void {
        this.setFileId(fileId);
        this.regionId = regionId;
    }

    /** Sets the width of the cut in pixels, rounded to an odd number so the cut stays centred on the line. */
    setWidth(width: number): void {
        this.width = Math.max(1, 2 * Math.floor(width / 2) + 1);
    }
}
