import type {NumberRange} from "../../models";
import {Moment, MomentMask, type MomentRequest} from "../Requests/MomentRequest";
import {AbstractWidgetStore} from "./AbstractWidgetStore";

/**
 * State of a spectral profiler widget, including the moment generator in its settings.
 *
 * @example
 * ```ts
 * const profiler = app.widgetsStore.createFloatingSpectralProfilerWidget();
 * profiler.clearSelectedMoments();
 * profiler.selectMoment(Moment.MAX_OF_THE_SPECTRUM);
 * profiler.setChannelRange({min: 20, max: 80});
 * await app.requestMoment(profiler.momentRequest, app.activeFrame);
 * ```
 */
export class SpectralProfileWidgetStore extends AbstractWidgetStore {
    /** Moments the generator will compute. */
    selectedMoments = [Moment.INTEGRATED_OF_THE_SPECTRUM];
    /** Channels the moments are computed over. */
    channelRange: NumberRange = {min: 0, max: 0};
    /** How {@link SpectralProfileWidgetStore.maskRange} selects pixels. */
    momentMask = MomentMask.None;
    /** Pixel values used by the mask, in image units. */
    maskRange: NumberRange = {min: 0, max: 1};

    get title(): string {
        return "Z Profile: Cursor";
    }

    /** The moment request built from the generator settings, ready for `AppStore.requestMoment`. */
    get momentRequest(): MomentRequest {
        const {momentMask: mask, channelRange, maskRange} = this;
        return {moments: [...this.selectedMoments], axis: 0, spectralRange: {...channelRange}, mask, pixelRange: {...maskRange}, keep: false};
    }

    /** Adds a moment to the selection, once. */
    selectMoment(moment: Moment): void {
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
    setMomentMask(mask: MomentMask, range?: NumberRange): void {
        this.momentMask = mask;
        this.maskRange = range ?? this.maskRange;
    }
}
