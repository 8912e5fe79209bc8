import type {NumberRange} from "../../models";
import {CARTA} from "../../protobuf/carta";
import {AbstractWidgetStore} from "./AbstractWidgetStore";

/**
 * State of a spectral profiler widget, including the moment generator in its settings.
 *
 * @example
 * ```ts
 * const profiler = app.widgetsStore.createFloatingSpectralProfilerWidget();
 * profiler.clearSelectedMoments();
 * profiler.selectMoment(CARTA.Moment.MAX_OF_THE_SPECTRUM);
 * profiler.setChannelRange({min: 20, max: 80});
 * const cube = app.activeFrame;
 * await app.requestMoment(profiler.momentRequest(cube.frameInfo.fileId), cube);
 * ```
 */
export class SpectralProfileWidgetStore extends AbstractWidgetStore {
    /** Moments the generator will compute. */
    selectedMoments = [CARTA.Moment.INTEGRATED_OF_THE_SPECTRUM];
    /** Channels the moments are computed over. */
    channelRange: NumberRange = {min: 0, max: 0};
    /** How {@link SpectralProfileWidgetStore.maskRange} selects pixels. */
    momentMask = CARTA.MomentMask.None;
    /** Pixel values used by the mask, in image units. */
    maskRange: NumberRange = {min: 0, max: 1};

    get title(): string {
        return "Z Profile: Cursor";
    }

    /**
     * Builds the backend request for the generator settings, ready for `AppStore.requestMoment`: the moments are
     * computed along the spectral axis over the whole image, replacing earlier moment images.
     *
     * @param fileId - The cube's `frameInfo.fileId`.
     */
    momentRequest(fileId: number): CARTA.IMomentRequest {
        const {momentMask: mask, channelRange, maskRange} = this;
        const wholeImage = -1;
        return {fileId, moments: [...this.selectedMoments], axis: CARTA.MomentAxis.SPECTRAL, regionId: wholeImage, spectralRange: {...channelRange}, mask, pixelRange: {...maskRange}, keep: false};
    }

    /** Adds a moment to the selection, once. */
    selectMoment(moment: CARTA.Moment): void {
        this.selectedMoments = [...new Set([...this.selectedMoments, moment])];
    }

    /** Empties the selection, including the default integrated-intensity moment. */
    clearSelectedMoments(): void {
        this.selectedMoments = [];
    }

    /** Sets the channels the moments are computed over; the ends may be given in either order. */
    setChannelRange(range: NumberRange): void {
        this.channelRange = {min: Math.min(range.min, range.max), max: Math.max(range.min, range.max)};
    }

    /**
     * Sets the pixel mask of the moment generator.
     *
     * @param mask - Whether the range includes or excludes pixels, or is unused.
     * @param range - Pixel values, in image units; unchanged when omitted.
     */
    setMomentMask(mask: CARTA.MomentMask, range?: NumberRange): void {
        this.momentMask = mask;
        this.maskRange = range ?? this.maskRange;
    }
}
