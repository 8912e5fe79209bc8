import {CARTA} from "../../protobuf/carta";

/**
 * Reads a header card as a number.
 *
 * @param headerEntry - A card of `frame.frameInfo.fileInfoExtended.headerEntries`, such as the one named
 *                      `"RESTFRQ"`; `undefined` when the card is missing.
 * @returns The number the backend parsed for numeric cards, the leading number of the text otherwise, and NaN
 *          for a missing card or text that does not start with a number.
 */
export function getHeaderNumericValue(headerEntry: CARTA.IHeaderEntry | undefined): number {
    if (!headerEntry) {
        return NaN;
    }
    const numeric = headerEntry.entryType === CARTA.EntryType.FLOAT || headerEntry.entryType === CARTA.EntryType.INT;
    // Text cards may carry a trailing " / comment", which parseFloat stops at.
    return numeric && headerEntry.numericValue !== undefined ? headerEntry.numericValue : parseFloat(headerEntry.value);
}
