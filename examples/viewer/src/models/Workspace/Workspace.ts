import type {CARTA} from "../../protobuf/carta";
import type {FrameScaling} from "../../stores";
import type {Point2D} from "../Point2D/Point2D";

/**
 * Version of the workspace file format written by this release.
 *
 * @remarks
 * A workspace saved by a newer viewer (with a higher {@link Workspace.workspaceVersion}) is refused on load rather
 * than partly restored.
 */
export const WORKSPACE_SCHEMA_VERSION = 2;

/** The saved rendering settings of one image: everything needed to recolour it as it was. */
export interface WorkspaceRenderConfig {
    /** Scaling function between pixel values and colour. */
    scaling?: FrameScaling;
    /** Colour map in use. */
    colorMap?: string;
    /** Whether the colour map is reversed. */
    inverted?: boolean;
    /** Exponent of the gamma scaling. */
    gamma?: number;
    /** Clip range chosen as a percentile rank; absent when a custom range was set. */
    selectedPercentile?: number;
    /** Lower clip value, in image units. */
    scaleMin?: number;
    /** Upper clip value, in image units. */
    scaleMax?: number;
}

/** The saved contour settings of one image. */
export interface WorkspaceContourConfig {
    /** Contour levels, in image units. */
    levels: number[];
    /** Width of the Gaussian smoothing kernel applied before contouring, in pixels. */
    smoothingFactor: number;
    /** Line colour, as a CSS colour string. */
    color: string;
    /** Line width, in screen pixels. */
    thickness: number;
    /** Whether the contours are drawn. */
    visible: boolean;
}

/** The saved vector (polarization) overlay settings of one image. */
export interface WorkspaceVectorOverlayConfig {
    /** Number of pixels averaged into each drawn vector along each axis. */
    pixelAveraging: number;
    /** Pixels whose polarized intensity is below this value get no vector; absent when no threshold is applied. */
    threshold?: number;
    /** Whether vector length shows fractional rather than absolute polarized intensity. */
    fractionalIntensity: boolean;
    /** Extra rotation applied to every vector, in degrees. */
    rotationOffset: number;
    /** Whether the overlay is drawn. */
    visible: boolean;
}

/** A region as stored in a workspace file. */
export interface WorkspaceRegion {
    /** Region id at the time of saving; ids are reassigned on load. */
    id: number;
    /** Shape of the region, a `CARTA.RegionType` of the backend protocol. */
    type: CARTA.RegionType;
    /** Control points in image pixel coordinates: the centre and size for rectangles and ellipses, the vertices otherwise. */
    points: Point2D[];
    /** Rotation, in degrees counter-clockwise. */
    rotation: number;
    /** Label shown next to the region. */
    name?: string;
    /** Outline colour, as a CSS colour string. */
    color?: string;
}

/** One image as stored in a workspace file, with its view, rendering, overlays and regions. */
export interface WorkspaceFile {
    /** Position of the image in the workspace's list of files. */
    id: number;
    /** Folder of the file, relative to the backend's top-level folder. */
    directory: string;
    /** File name. */
    filename: string;
    /** HDU of the image, for FITS files with more than one. */
    hdu?: string;
    /** Channel that was shown. */
    channel?: number;
    /** Stokes plane that was shown. */
    stokes?: number;
    /** Image pixel at the centre of the view. */
    center?: Point2D;
    /** Zoom level of the view: screen pixels per image pixel. */
    zoomLevel?: number;
    /** Rendering settings. */
    renderConfig?: WorkspaceRenderConfig;
    /** Contour settings, if contours were drawn. */
    contourConfig?: WorkspaceContourConfig;
    /** Vector overlay settings, if an overlay was drawn. */
    vectorOverlayConfig?: WorkspaceVectorOverlayConfig;
    /** The image's regions. */
    regions?: WorkspaceRegion[];
}

/**
 * A saved viewer session: the open images with their settings, which one was active, and how they were matched.
 *
 * @remarks
 * Workspaces are stored by the server as JSON documents and can be shared by key.
 * @see {@link WorkspaceListItem} for the short entry shown in the workspace list.
 */
export interface Workspace {
    /** Server-side identifier; absent until the workspace has been saved. */
    id?: string;
    /** Name chosen when saving. */
    name?: string;
    /** Format version the workspace was written with; compare with {@link WORKSPACE_SCHEMA_VERSION}. */
    workspaceVersion: number;
    /** Version of the viewer that wrote the workspace, such as `"5.0.0"`. */
    frontendVersion: string;
    /** The saved images, in layer order. */
    files: WorkspaceFile[];
    /** Position in {@link Workspace.files} of the image that was active. */
    selectedFile?: number;
    /** Position in {@link Workspace.files} of the spatial reference image, if images were matched on the sky. */
    spatialReference?: number;
    /** Small PNG preview of the image view, as a data URL. */
    thumbnail?: string;
    /** Save time, in milliseconds since the Unix epoch. */
    date?: number;
}

/** An entry of the workspace list: enough to show and pick a saved workspace without fetching it. */
export interface WorkspaceListItem {
    /** Name of the workspace. */
    name: string;
    /** Server-side identifier. */
    id: string;
    /** Save time, in milliseconds since the Unix epoch. */
    date: number;
}
