import type {FitsHeaderEntry} from "../models";

/**
 * Looks up a FITS header keyword, ignoring case and padding.
 *
 * @param entries - The header cards, such as `frame.frameInfo.headerEntries`.
 * @param key - The keyword to find, such as `"BUNIT"`.
 * @returns The card's value as written, or `undefined` when the keyword is missing.
 * @example
 * ```ts
 * const unit = findHeaderValue(frame.frameInfo.headerEntries, "BUNIT"); // "Jy/beam"
 * const restFrequency = findHeaderValue(frame.frameInfo.headerEntries, "RESTFRQ", 0); // 230538000000
 * ```
 */
export function findHeaderValue(entries: readonly FitsHeaderEntry[], key: string): string | undefined;
/**
 * Looks up a FITS header keyword as text, with a fallback for missing keywords.
 *
 * @param entries - The header cards.
 * @param key - The keyword to find.
 * @param fallback - Returned when the keyword is missing.
 */
export function findHeaderValue(entries: readonly FitsHeaderEntry[], key: string, fallback: string): string;
/**
 * Looks up a numeric FITS header keyword.
 *
 * @param entries - The header cards.
 * @param key - The keyword to find.
 * @param fallback - Returned when the keyword is missing or its value is not a number.
 */
export function findHeaderValue(entries: readonly FitsHeaderEntry[], key: string, fallback: number): number;
export function findHeaderValue(entries: readonly FitsHeaderEntry[], key: string, fallback?: string | number): string | number | undefined {
    const wanted = key.trim().toUpperCase();
    const entry = entries.find(candidate => candidate.name.trim().toUpperCase() === wanted);
    if (typeof fallback === "number") {
        return entry?.numericValue ?? fallback;
    }
    return entry?.value ?? fallback;
}
