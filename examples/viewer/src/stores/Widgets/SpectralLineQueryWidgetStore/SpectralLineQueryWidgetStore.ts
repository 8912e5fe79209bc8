/** A spectral line found by the spectral line query widget. */
export interface SpectralLine {
    /** The molecule or atom and its transition group, such as `"CO v=0"`. */
    species: string;
    /** Rest frequency, in MHz. */
    value: number;
    /** The resolved quantum numbers of the transition. */
    qn: string;
}
