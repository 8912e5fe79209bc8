import type {NumberRange, Point2D} from "../models";
import {rotate2D, subtract2D} from "./math2d";

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
 * Evaluates an elliptical 2D Gaussian at a point: the model image fitting uses for each component.
 *
 * @param point - Where to evaluate, in image pixels.
 * @param center - Centre of the Gaussian, in image pixels.
 * @param amplitude - Peak value at the centre.
 * @param fwhm - Full width at half maximum along the major (`x`) and minor (`y`) axes, in pixels.
 * @param pa - Position angle of the major axis, in degrees counter-clockwise from the x axis.
 */
export function gaussian2D(point: Point2D, center: Point2D, amplitude: number, fwhm: Point2D, pa: number = 0): number {
    const offset = rotate2D(subtract2D(point, center), (-pa * Math.PI) / 180);
    const u = (offset.x * FWHM_PER_SIGMA) / fwhm.x;
    const v = (offset.y * FWHM_PER_SIGMA) / fwhm.y;
    return amplitude * Math.exp(-0.5 * (u * u + v * v));
}

/**
 * Smooths a profile with a Gaussian kernel, as the profile smoothing option does.
 *
 * @remarks
 * The kernel reaches three standard deviations on each side. Non-finite samples (blanked channels) are left out
 * and the remaining weights renormalised, so gaps do not pull the profile towards zero.
 * @typeParam T - The array type of the profile; the result has the same type.
 * @param data - The profile values.
 * @param sigma - Standard deviation of the kernel, in samples; 0 returns an unchanged copy.
 */
export function smoothGaussian<T extends Float32Array | Float64Array = Float32Array>(data: T, sigma: number): T {
    const result = data.slice() as T;
    const radius = Math.ceil(3 * sigma);
    for (let i = 0; i < data.length && radius > 0; i++) {
        let sum = 0;
        let weights = 0;
        for (let j = Math.max(0, i - radius); j <= Math.min(data.length - 1, i + radius); j++) {
            if (Number.isFinite(data[j])) {
                const weight = Math.exp(-0.5 * ((j - i) / sigma) ** 2);
                sum += weight * data[j];
                weights += weight;
            }
        }
        result[i] = weights > 0 ? sum / weights : NaN;
    }
    return result;
}

/**
 * Counts values into equally wide bins, skipping NaN and infinite values.
 *
 * @param data - The pixel values.
 * @param numBins - Number of bins.
 * @param range - Values outside it are not counted; by default the range of the finite data.
 * @returns The histogram; when no value is finite, all bins are empty and the mean is NaN.
 */
export function histogramFromData(data: ArrayLike<number>, numBins: number = 64, range?: NumberRange): HistogramBins {
    const values = Array.from(data).filter(Number.isFinite);
    // A loop rather than Math.min(...values): images have millions of pixels, more than a call's argument limit.
    const min = range?.min ?? values.reduce((a, b) => Math.min(a, b), Infinity);
    const max = range?.max ?? values.reduce((a, b) => Math.max(a, b), -Infinity);
    const binWidth = max > min ? (max - min) / numBins : 1;
    const bins = new Array<number>(numBins).fill(0);
    let sum = 0;
    let sumSquares = 0;
    let count = 0;
    for (const value of values) {
        if (value >= min && value <= max) {
            bins[Math.min(numBins - 1, Math.floor((value - min) / binWidth))]++;
            sum += value;
            sumSquares += value * value;
            count++;
        }
    }
    const mean = sum / count;
    return {firstBinCenter: min + binWidth / 2, binWidth, bins, mean, stdDev: Math.sqrt(sumSquares / count - mean * mean)};
}
