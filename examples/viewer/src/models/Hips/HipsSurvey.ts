/** A HiPS (Hierarchical Progressive Survey) all-sky survey that images can be overlaid on or compared with. */
export interface HipsSurvey {
    /** Identifier of the survey, such as `"CDS/P/DSS2/color"`. */
    id: string;
    /** Human-readable title shown in the survey list. */
    title: string;
    /** Base URL the survey tiles are fetched from. */
    url: string;
    /** Deepest HEALPix order the survey provides; higher orders mean finer tiles. */
    maxOrder: number;
    /** Frequency band covered, in GHz, when the survey states it. */
    frequencyRange?: [number, number];
}
