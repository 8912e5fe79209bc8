import {CARTA} from "../../../protobuf/carta";
import {AppStore} from "../../AppStore/AppStore";
import {RegionId, RegionsType, RegionWidgetStore} from "../RegionWidgetStore/RegionWidgetStore";

/** Settings of a spectral profiler widget, including the moment generator of its settings panel. */
export class SpectralProfileWidgetStore extends RegionWidgetStore {
    /** Region the moments are computed in; {@link RegionId.IMAGE} for the whole image. */
    momentRegionId: number = RegionId.IMAGE;
    /** Spectral range of the moments, as two values of the spectral axis. */
    channelValueRange: [number, number] = [0, 0];
    /** How {@link SpectralProfileWidgetStore.maskRange} selects pixels. */
    momentMask = CARTA.MomentMask.None;
    /** Pixel values used by the mask, lower and upper. */
    maskRange: [number, number] = [0, 1];
    /** Moments the generator computes. */
    selectedMoments = [CARTA.Moment.INTEGRATED_OF_THE_SPECTRUM];
    /** Whether moment images generated earlier from the cube stay open. */
    keep = false;

    /** @param coordinate - The spectral axis quantity the profile shows. */
    constructor(coordinate: string = "z") {
        super(RegionsType.CLOSED_AND_POINT);
    }

    /** Sets the pixel mask of the moment generator. */
    setMomentMask(momentMask: CARTA.MomentMask): void {
        this.momentMask = momentMask;
    }

    /** Sets the pixel values the mask uses. */
    setSelectedMaskRange(min: number, max: number): void {
        this.maskRange = [min, max];
    }

    /** Adds a moment to the selection, once. */
    selectMoment(selected: CARTA.Moment): void {
        // Choosing a moment that is already chosen changes nothing.
        const chosen = this.selectedMoments.some(moment => moment === selected);
        this.selectedMoments = chosen ? this.selectedMoments : [...this.selectedMoments, selected];
    }

    /** Removes a moment from the selection. */
    deselectMoment(deselected: CARTA.Moment): void {
        this.selectedMoments = this.selectedMoments.filter(moment => moment !== deselected);
    }

    /** Empties the selection. */
    clearSelectedMoments(): void {
        this.selectedMoments = [];
    }

    /** Sends the moment request for the widget's settings to the backend. */
    requestMoment(): void {
        const frame = this.effectiveFrame;
        if (frame) {
            const [min, max] = this.channelValueRange;
            const request = {fileId: frame.frameInfo.fileId, moments: this.selectedMoments, axis: CARTA.MomentAxis.SPECTRAL, regionId: this.momentRegionId, spectralRange: {min, max}, mask: this.momentMask, pixelRange: {min: this.maskRange[0], max: this.maskRange[1]}, keep: this.keep};
            AppStore.Instance.requestMoment(request, frame).next();
        }
    }
}
