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
 * Counts values into equally wide bins spanning the data.
 *
 * @param data - The values.
 * @param binN - Number of bins.
 * @returns The count of each bin, and the `binN + 1` bin edges from the smallest to the largest value; the
 *          largest value is counted in the last bin, and so are all values when every value is equal.
 */
export function histogram(data: number[], binN: number): {hist: number[]; binEdges: number[]} {
    // NaN never falls in a bin, so it does not take part in the range either. Loops rather than Math.min(...data):
    // profiles and images can exceed a call's argument limit.
    const numbers = data.filter(value => !Number.isNaN(value));
    const min = numbers.reduce((a, b) => Math.min(a, b), Infinity);
    const max = numbers.reduce((a, b) => Math.max(a, b), -Infinity);
    const step = binN > 0 ? (max - min) / binN : 0;
    const binEdges = [...Array.from({length: binN}, (_, i) => min + i * step), max];
    const hist = new Array<number>(binN).fill(0);
    for (const value of data) {
        const bin = value === max ? binN - 1 : binEdges.findIndex((edge, j) => value >= edge && value < binEdges[j + 1]);
        if (bin >= 0) {
            hist[bin]++;
        }
    }
    return {hist, binEdges};
}
