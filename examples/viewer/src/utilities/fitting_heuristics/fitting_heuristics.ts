/**
 * Smooths a profile with a three-point Hanning window, as the profile fitting's automatic initial guesses do
 * before they look for peaks.
 *
 * @param data - The profile values.
 * @returns A new array of the same length: each inner value becomes a quarter of each neighbour plus half of
 *          itself; the first and last values are kept.
 */
export function hanningSmoothing(data: number[]): number[] {
    return data.map((value, i) => (i === 0 || i === data.length - 1 ? value : (data[i - 1] + 2 * value + data[i + 1]) / 4));
}

/**
 * Counts values into equally wide bins spanning the data, skipping NaN and infinite values.
 *
 * @param data - The values.
 * @param binN - Number of bins, a positive integer.
 * @returns The count of each bin, and the `binN + 1` bin edges from the smallest to the largest value; the
 *          largest value is counted in the last bin. When every value is equal, they all go in the first bin.
 * @throws RangeError when `binN` is not a positive integer.
 */
export function histogram(data: number[], binN: number): {hist: number[]; binEdges: number[]} {
    if (!Number.isInteger(binN) || binN < 1) {
        throw new RangeError(`The number of bins must be a positive integer, got ${binN}`);
    }
    const values = data.filter(Number.isFinite);
    // Loops rather than Math.min(...values): profiles and images can exceed a call's argument limit.
    const min = values.reduce((a, b) => Math.min(a, b), Infinity);
    const max = values.reduce((a, b) => Math.max(a, b), -Infinity);
    const binWidth = (max - min) / binN;
    const binEdges = Array.from({length: binN + 1}, (_, i) => (i === binN ? max : min + i * binWidth));
    const hist = new Array<number>(binN).fill(0);
    for (const value of values) {
        hist[binWidth > 0 ? Math.min(binN - 1, Math.floor((value - min) / binWidth)) : 0]++;
    }
    return {hist, binEdges};
}
