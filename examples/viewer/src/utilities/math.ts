/** Ratio between the full width at half maximum of a Gaussian and its standard deviation. */
const FWHM_PER_SIGMA = 2 * Math.sqrt(2 * Math.LN2);

/** A histogram of pixel values, in the form the render configuration widget plots it. */
export interface HistogramBins {
    /** Value at the centre of the first bin. */
    firstBinCenter: number;
    /** Width of every bin, in the data's units. */
    binWidth: number;
    /** Number of values in each bin. */
    bins: number[];
    /** Mean of the values that were counted. */
    mean: number;
    /** Standard deviation of the values that were counted. */
    stdDev: number;
}

/** Limits `value` to the closed range from `min` to `max`. */
export function clamp(value: number, min: number, max: number): number {
    return Math.min(max, Math.max(min, value));
}

/**
 * Evaluates a one-dimensional Gaussian, the profile model of spectral fitting and the cross-section of each
 * component of an image fit.
 *
 * @param x - Where to evaluate.
 * @param amp - Peak value, reached at `center`.
 * @param center - Position of the peak.
 * @param fwhm - Full width at half maximum, in the units of `x`.
 * @example
 * ```ts
 * gaussian(2, 1, 0, 4); // 0.5: half the peak, half a FWHM from the centre
 * ```
 */
export function gaussian(x: number, amp: number, center: number, fwhm: number): number {
    const sigma = fwhm / FWHM_PER_SIGMA;
    return amp * Math.exp(-0.5 * ((x - center) / sigma) ** 2);
}
