import type {NumberRange} from "../../models";
import type {AppStore} from "../AppStore/AppStore";

/**
 * The moments the backend can compute along the spectral axis of a cube; each collapses the spectrum at every
 * pixel into one value. The comments give the equivalent CASA `immoments` moment number.
 */
export enum Moment {
    /** Mean value of the spectrum (CASA moment -1). */
    MEAN_COORDINATE = 0,
    /** Integrated value of the spectrum (CASA moment 0). */
    INTEGRATED_OF_THE_SPECTRUM = 1,
    /** Intensity-weighted coordinate, i.e. the velocity field (CASA moment 1). */
    INTENSITY_WEIGHTED_COORD = 2,
    /** Intensity-weighted dispersion of the coordinate, i.e. the velocity dispersion (CASA moment 2). */
    INTENSITY_WEIGHTED_DISPERSION_OF_THE_COORD = 3,
    /** Median value of the spectrum (CASA moment 3). */
    MEDIAN_OF_THE_SPECTRUM = 4,
    /** Median coordinate (CASA moment 4). */
    MEDIAN_COORDINATE = 5,
    /** Standard deviation about the mean of the spectrum (CASA moment 5). */
    STD_ABOUT_THE_MEAN_OF_THE_SPECTRUM = 6,
    /** Root mean square of the spectrum (CASA moment 6). */
    RMS_OF_THE_SPECTRUM = 7,
    /** Maximum value of the spectrum (CASA moment 8). */
    MAX_OF_THE_SPECTRUM = 8,
    /** Minimum value of the spectrum (CASA moment 10). */
    MIN_OF_THE_SPECTRUM = 9
}

/** How {@link MomentRequest.pixelRange} selects the pixels that enter a moment. */
export enum MomentMask {
    /** Use every pixel; the pixel range is ignored. */
    None = 0,
    /** Use only pixels whose value lies inside the range. */
    Include = 1,
    /** Use only pixels whose value lies outside the range. */
    Exclude = 2
}

/**
 * Describes the moment images to generate from a cube with {@link AppStore.requestMoment}.
 *
 * @example
 * Integrated intensity and velocity field over channels 10 to 50, ignoring pixels below 3 mJy:
 * ```ts
 * const request: MomentRequest = {
 *     moments: [Moment.INTEGRATED_OF_THE_SPECTRUM, Moment.INTENSITY_WEIGHTED_COORD],
 *     axis: 0,
 *     spectralRange: {min: 10, max: 50},
 *     mask: MomentMask.Include,
 *     pixelRange: {min: 0.003, max: Infinity},
 *     keep: false
 * };
 * const [mom0, mom1] = await app.requestMoment(request, app.activeFrame);
 * ```
 */
export interface MomentRequest {
    /** The moments to compute; each becomes one new image. */
    moments: Moment[];
    /** The axis to collapse: 0 stands for the spectral axis, the only one the backend collapses for snippets. */
    axis: number;
    /** Channels to include, inclusive. */
    spectralRange: NumberRange;
    /** How {@link MomentRequest.pixelRange} is applied. */
    mask: MomentMask;
    /** Pixel values the mask includes or excludes, in image units. */
    pixelRange: NumberRange;
    /** Keep previously generated moment images open instead of replacing them. */
    keep: boolean;
    /** Region whose area is collapsed; the whole image when omitted. */
    regionId?: number;
}
