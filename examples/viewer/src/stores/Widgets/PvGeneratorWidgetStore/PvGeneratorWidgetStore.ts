import type {CARTA} from "../../../protobuf/carta";
import {AppStore} from "../../AppStore/AppStore";
import {RegionsType, RegionWidgetStore} from "../RegionWidgetStore/RegionWidgetStore";

/** Settings of a PV generator widget: the line region to cut along (from {@link RegionWidgetStore}) and how to cut. */
export class PvGeneratorWidgetStore extends RegionWidgetStore {
    /** Width of the cut, in pixels. */
    width = 3;
    /** Whether the spectral axis is put horizontally. */
    reverse = false;
    /** Whether PV images generated earlier from the same cube stay open. */
    keep = false;
    /** Channels to cut, first and last. */
    range: CARTA.IIntBounds = {min: 0, max: 0};

    constructor() {
        super(RegionsType.LINE);
    }

    /** Sends the PV request for the widget's settings to the backend; `preview` asks for a live preview instead. */
    requestPV(preview: boolean = false, pvGeneratorId?: string): void {
        const frame = this.effectiveFrame;
        const regionId = frame ? this.regionIdMap.get(frame.frameInfo.fileId) : undefined;
        if (frame && regionId !== undefined && !preview) {
            const {width, reverse, keep, range: spectralRange} = this;
            AppStore.Instance.requestPV({fileId: frame.frameInfo.fileId, regionId, width, reverse, keep, spectralRange}, frame, keep).next();
        }
    }

    /** Sets the width of the cut, in pixels. */
    setWidth(val: number): void {
        this.width = val;
    }

    /** Puts the spectral axis horizontally (`true`) or vertically. */
    setReverse(bool: boolean): void {
        this.reverse = bool;
    }

    /** Keeps earlier PV images of the cube open (`true`) or replaces them. */
    setKeep(bool: boolean): void {
        this.keep = bool;
    }

    /** Sets the channels to cut. */
    setSpectralRange(range: CARTA.IIntBounds): void {
        this.range = range;
    }
}
