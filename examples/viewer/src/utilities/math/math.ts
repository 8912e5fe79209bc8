/** Ratio between the full width at half maximum of a Gaussian and its standard deviation. */
const FWHM_PER_SIGMA = 2 * Math.sqrt(2 * Math.LN2);

/** Limits `val` to the closed range from `minVal` to `maxVal`. */
export function clamp(val: number, minVal: number, maxVal: number): number {
    return val < minVal ? minVal : val > maxVal ? maxVal : val;
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
