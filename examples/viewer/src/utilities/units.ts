/** Units a frequency can be shown in. The values are the unit symbols used in labels. */
export enum FrequencyUnit {
    HZ = "Hz",
    KHZ = "kHz",
    MHZ = "MHz",
    GHZ = "GHz"
}

const HZ_PER_UNIT: Record<FrequencyUnit, number> = {
    [FrequencyUnit.HZ]: 1,
    [FrequencyUnit.KHZ]: 1e3,
    [FrequencyUnit.MHZ]: 1e6,
    [FrequencyUnit.GHZ]: 1e9
};

/**
 * Formats a number with a fixed number of decimals, never showing a negative zero.
 *
 * @remarks
 * `Number.prototype.toFixed` turns small negative values into `"-0.00"`, which reads as a sign error in cursor
 * and statistics read-outs; this helper prints `"0.00"` instead.
 * @param value - The number to format.
 * @param decimals - Digits after the decimal point; negative values are treated as 0.
 */
export function toFixed(value: number, decimals: number = 0): string {
    const text = value.toFixed(Math.max(0, decimals));
    return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
}

/**
 * Formats a frequency for display, choosing a readable unit unless one is given.
 *
 * @param frequencyGHz - The frequency in GHz, the unit spectral axes are converted to.
 * @param unit - Unit to show the value in; by default the largest unit that keeps the value at or above 1.
 * @returns The value with six significant digits and its unit symbol, such as `"115.271 GHz"`.
 * @example
 * ```ts
 * formattedFrequency(0.1152712); // "115.271 MHz"
 * formattedFrequency(230.538, FrequencyUnit.MHZ); // "230538 MHz"
 * ```
 */
export function formattedFrequency(frequencyGHz: number, unit?: FrequencyUnit): string {
    const hz = frequencyGHz * HZ_PER_UNIT[FrequencyUnit.GHZ];
    const chosen = unit ?? [FrequencyUnit.GHZ, FrequencyUnit.MHZ, FrequencyUnit.KHZ].find(u => Math.abs(hz) >= HZ_PER_UNIT[u]) ?? FrequencyUnit.HZ;
    return `${Number((hz / HZ_PER_UNIT[chosen]).toPrecision(6))} ${chosen}`;
}

/**
 * Formats an angle given in arcseconds as degrees, arcminutes or arcseconds, whichever suits its size.
 *
 * @param arcsec - The angle in arcseconds, such as a beam size or a region width.
 * @param decimals - Digits after the decimal point, or -1 to keep three significant digits.
 * @returns The value followed by `"deg"`, `'` or `"`, such as `1.5'` for 90 arcseconds.
 * @see {@link toFixed}, which formats the number when `decimals` is given.
 */
export function formattedArcsec(arcsec: number, decimals: number = -1): string {
    const magnitude = Math.abs(arcsec);
    const [value, symbol] = magnitude >= 3600 ? [arcsec / 3600, "deg"] : magnitude >= 60 ? [arcsec / 60, "'"] : [arcsec, '"'];
    return `${decimals < 0 ? Number(value.toPrecision(3)) : toFixed(value, decimals)}${symbol}`;
}
