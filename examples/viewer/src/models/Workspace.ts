import type {CARTA} from "../protobuf/carta";
import type {FrameScaling} from "../enums";
import type {Point2D} from "./Point2D/Point2D";

/** The saved rendering settings of one image. */
export interface WorkspaceRenderConfig {
    /** Scaling function between pixel values and colour. */
    scaling?: FrameScaling;
    /** Colour map in use. */
    colorMap?: string;
    /** Exponent of the gamma scaling. */
    gamma?: number;
    /** Whether the colour map is reversed. */
    inverted?: boolean;
    /** Percentile rank of the clip range, per Stokes parameter; -1 where a custom range was set. */
    selectedPercentile?: number[];
    /** Lower clip value, in image units, per Stokes parameter. */
    scaleMin?: number[];
    /** Upper clip value, in image units, per Stokes parameter. */
    scaleMax?: number[];
    /** Whether the image is drawn. */
    visible?: boolean;
}

/** The saved contour settings of one image. */
export interface WorkspaceContourConfig {
    /** Contour levels, in image units. */
    levels: number[];
    /** Width of the smoothing kernel applied before contouring, in pixels. */
    smoothingFactor: number;
    /** Line width, in screen pixels. */
    thickness: number;
    /** Whether the contours are drawn. */
    visible: boolean;
}

/** The saved vector (polarization) overlay settings of one image. */
export interface WorkspaceVectorOverlayConfig {
    /** Whether the vector length shows the fractional rather than the absolute polarized intensity. */
    fractionalIntensity: boolean;
    /** Number of pixels averaged into each vector along each axis. */
    pixelAveraging: number;
    /** Whether the vectors are drawn. */
    visible: boolean;
    /** Line width, in screen pixels. */
    thickness: number;
    /** Angle added to every vector, in degrees. */
    rotationOffset: number;
}

/** A region as a workspace saves it. */
export interface WorkspaceRegion {
    /** Id of the region in the saved session. */
    id: number;
    /** Control points, in image pixel coordinates. */
    points: Point2D[];
    /** Rotation, in degrees. */
    rotation: number;
    /** Shape, a `CARTA.RegionType`. */
    type: CARTA.RegionType;
    /** Label of the region. */
    name?: string;
    /** Outline colour. */
    color?: string;
    /** Outline width, in screen pixels. */
    lineWidth?: number;
    /** Whether the region is locked against editing. */
    locked?: boolean;
}

/** One image of a workspace, with its view, rendering, overlays and regions. */
export interface WorkspaceFile {
    /** File id of the image in the saved session. */
    id: number;
    /** Folder of the file, relative to the backend's top-level folder. */
    directory?: string;
    /** File name. */
    filename: string;
    /** HDU that was open. */
    hdu?: string;
    /** Image pixel at the centre of the view. */
    center?: Point2D;
    /** Screen pixels per image pixel. */
    zoomLevel?: number;
    /** Channel shown. */
    channel?: number;
    /** Stokes index shown. */
    stokes?: number;
    /** Colour map, scaling and clip range. */
    renderConfig?: WorkspaceRenderConfig;
    /** Contours, when the image had any. */
    contourConfig?: WorkspaceContourConfig;
    /** Vector overlay, when the image had one. */
    vectorOverlayConfig?: WorkspaceVectorOverlayConfig;
    /** The regions and which was selected; absent for spatially matched images, which share their reference's regions. */
    regionsSet?: {
        selectedRegion?: number;
        regions?: WorkspaceRegion[];
    };
}

/** A saved session: the open images with their settings and regions. */
export interface Workspace {
    /** Id of the workspace on the server. */
    id?: string;
    /** Name the workspace was saved under. */
    name?: string;
    /** Version of the workspace format. */
    workspaceVersion: number;
    /** Version of the viewer that saved it. */
    frontendVersion: number;
    /** What the workspace holds. */
    description?: string;
    /** The images, in image list order. */
    files?: WorkspaceFile[];
    /** File id of the image that was active. */
    selectedFile?: number;
    /** Preview image, as a data URL. */
    thumbnail?: string;
    /** When it was saved, in seconds since 1970. */
    date?: number;
}

/** A saved workspace as the workspace list shows it. */
export interface WorkspaceListItem {
    /** Name of the workspace. */
    name: string;
    /** Id of the workspace on the server. */
    id?: string;
    /** When it was saved. */
    date: number;
}
