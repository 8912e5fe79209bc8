/** One card of a FITS header, as listed in the file information dialog. */
export interface FitsHeaderEntry {
    /** Keyword, such as `"CTYPE3"` or `"BUNIT"`. */
    name: string;
    /** Value as written in the header, without surrounding quotes. */
    value: string;
    /** The value parsed as a number, when the card holds a number. */
    numericValue?: number;
    /** Text after the `/` separator, if any. */
    comment?: string;
}
