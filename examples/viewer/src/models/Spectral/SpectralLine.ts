/**
 * One row of a spectral line query result, such as a transition returned by the Splatalogue service.
 *
 * @remarks
 * Services return more columns than the viewer interprets; the index signature keeps them, so a script can
 * read, for example, `line["Upper State Energy"]`.
 */
export interface SpectralLine {
    /** Chemical species, such as `"CO v=0"`. */
    species: string;
    /** Rest frequency of the transition, in MHz. */
    restFrequency: number;
    /** Quantum numbers of the transition, as the service formats them. */
    resolvedQN?: string;
    /** Intensity reported by the line list, when it has one. */
    intensity?: number;
    /** Any further column returned by the service, keyed by its heading. */
    [column: string]: string | number | undefined;
}
