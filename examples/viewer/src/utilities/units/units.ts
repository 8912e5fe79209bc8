/**
 * Formats a number with a fixed number of decimals, without the minus sign `Number.prototype.toFixed` leaves on
 * values that round to zero (`"-0.00"`).
 *
 * @param val - The number.
 * @param decimals - Number of decimals; negative counts as 0.
 */
export function toFixed(val: number, decimals: number = 0): string {
    const text = val.toFixed(Math.max(0, decimals));
    return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
}

/**
 * Formats a frequency with four decimals in MHz below 3 GHz, in GHz up to 1000 GHz, and in THz above.
 *
 * @param freqGHz - The frequency, in GHz.
 * @returns The text, such as `"230.5380 GHz"`, or `null` for a value that is not finite.
 */
export function formattedFrequency(freqGHz: number): string | null {
    if (!isFinite(freqGHz)) {
        return null;
    }
    if (freqGHz < 3) {
        return `${toFixed(freqGHz * 1000, 4)} MHz`;
    }
    return freqGHz < 1000 ? `${toFixed(freqGHz, 4)} GHz` : `${toFixed(freqGHz / 1000, 4)} THz`;
}

/**
 * Formats an angle given in arcseconds in the largest unit that keeps it at least 1: arcseconds (`"`),
 * arcminutes (`'`) or degrees (` deg`).
 *
 * @param arcsec - The angle, in arcseconds.
 * @param decimals - Number of decimals; six when negative.
 * @returns The text, such as `"1.5'"`, or `null` for values that are not finite.
 */
export function formattedArcsec(arcsec: number, decimals: number = -1): string | null {
    if (!Number.isFinite(arcsec) || !Number.isFinite(decimals)) {
        return null;
    }
    const magnitude = Math.abs(arcsec);
    const [value, symbol] = magnitude >= 3600 ? [arcsec / 3600, " deg"] : magnitude >= 60 ? [arcsec / 60, "'"] : [arcsec, '"'];
    return `${toFixed(value, decimals < 0 ? 6 : decimals)}${symbol}`;
}

/**
 * Reads an angular size written like `30"` (or just `30`), `2'` or `0.5deg`.
 *
 * @returns The size in arcseconds, or `null` when the text is in none of these forms.
 */
export function getValueFromArcsecString(formattedString: string): number | null {
    const text = formattedString?.trim();
    const match = /^(\d+(?:\.\d+)?)\s*("|'|deg(?:ree)?)?$/i.exec(text ?? "");
    if (!match) {
        return null;
    }
    const value = parseFloat(match[1]);
    return match[2] === "'" ? value * 60 : match[2] && match[2] !== '"' ? value * 3600 : value;
}
