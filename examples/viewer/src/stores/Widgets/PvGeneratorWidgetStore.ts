import type {CARTA} from "../../protobuf/carta";
import {AbstractWidgetStore} from "./AbstractWidgetStore";

/** State of a PV generator widget: which line region to cut along, and how. */
export class PvGeneratorWidgetStore extends AbstractWidgetStore {
    /** Id of the line region, or `undefined` until one is chosen. */
    regionId?: number;
    /** Width of the cut, in pixels. */
    width = 3;
    /** Whether the spectral axis is put horizontally. */
    reverse = false;
    /** Whether PV images generated earlier from the same cube stay open. */
    keep = false;

    get title(): string {
        return "PV Generator";
    }

    /**
     * Builds the backend request for the settings, ready for `AppStore.requestPV`.
     *
     * @param fileId - The cube's `frameInfo.fileId`.
     * @returns The request, or `undefined` until a region is chosen.
     */
    pvRequest(fileId: number): CARTA.IPvRequest | undefined {
        const {regionId, width, reverse, keep} = this;
        return regionId === undefined ? undefined : {fileId, regionId, width, reverse, keep};
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
