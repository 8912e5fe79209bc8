import type {FitsHeaderEntry} from "./FitsHeaderEntry";

/** What the backend reports about an image once it has opened it; each open image keeps one. */
export interface FrameInfo {
    /** Identifier the backend gave the image; unique among the open images. */
    fileId: number;
    /** Folder of the file, relative to the backend's top-level folder. */
    directory: string;
    /** Name of the file within {@link FrameInfo.directory}. */
    filename: string;
    /** HDU that was opened, for FITS files with more than one; an empty string means the first image HDU. */
    hdu: string;
    /** Image width in pixels. */
    width: number;
    /** Image height in pixels. */
    height: number;
    /** Number of channels along the spectral axis; 1 for a plain 2D image. */
    depth: number;
    /** Number of polarization (Stokes) planes. */
    stokes: number;
    /** The header cards of the HDU, in file order. */
    headerEntries: FitsHeaderEntry[];
}
