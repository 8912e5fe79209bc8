/**
 * Stand-in for the `carta-protobuf` package: the part of the backend protocol's generated types the sample uses.
 *
 * @remarks
 * The real viewer imports these from a dependency, so they are not part of its API reference. Likewise no area
 * index exports this module, and the reference gets no pages for it. Field names follow the protocol; the
 * interfaces are simplified to the fields the sample reads or writes; request fields are optional, as in the
 * generated code.
 */
export namespace CARTA {
    /** Shapes of regions. */
    export enum RegionType {
        POINT = 0,
        LINE = 1,
        POLYLINE = 2,
        RECTANGLE = 3,
        ELLIPSE = 4,
        ANNULUS = 5,
        POLYGON = 6
    }

    /** Moments the backend computes along an axis of a cube. */
    export enum Moment {
        MEAN_OF_THE_SPECTRUM = 0,
        INTEGRATED_OF_THE_SPECTRUM = 1,
        INTENSITY_WEIGHTED_COORD = 2,
        INTENSITY_WEIGHTED_DISPERSION_OF_THE_COORD = 3,
        MEDIAN_OF_THE_SPECTRUM = 4,
        MEDIAN_COORDINATE = 5,
        STD_ABOUT_THE_MEAN_OF_THE_SPECTRUM = 6,
        RMS_OF_THE_SPECTRUM = 7,
        ABS_MEAN_DEVIATION_OF_THE_SPECTRUM = 8,
        MAX_OF_THE_SPECTRUM = 9,
        COORD_OF_THE_MAX_OF_THE_SPECTRUM = 10,
        MIN_OF_THE_SPECTRUM = 11,
        COORD_OF_THE_MIN_OF_THE_SPECTRUM = 12
    }

    /** Axis a moment collapses. */
    export enum MomentAxis {
        SPECTRAL = 0,
        STOKES = 1
    }

    /** How the pixel range of a moment request selects pixels. */
    export enum MomentMask {
        None = 0,
        Include = 1,
        Exclude = 2
    }

    /** Formats of files the backend reads and writes, images and region files alike. */
    export enum FileType {
        CASA = 0,
        CRTF = 1,
        DS9_REG = 2,
        FITS = 3,
        HDF5 = 4,
        MIRIAD = 5,
        UNKNOWN = 6
    }

    /** Severity of a log message. */
    export enum ErrorSeverity {
        DEBUG = 0,
        INFO = 1,
        WARNING = 2,
        ERROR = 3,
        CRITICAL = 4
    }

    /** How a header card's value is typed. */
    export enum EntryType {
        STRING = 0,
        FLOAT = 1,
        INT = 2
    }

    /** An inclusive range of integers, such as channel indices. */
    export interface IIntBounds {
        min: number;
        max: number;
    }

    /** An inclusive range of floating-point values. */
    export interface IFloatBounds {
        min: number;
        max: number;
    }

    /** A point with floating-point coordinates. */
    export interface IDoublePoint {
        x: number;
        y: number;
    }

    /** One card of an image header. */
    export interface IHeaderEntry {
        name: string;
        value: string;
        entryType?: EntryType;
        numericValue?: number;
        comment?: string;
    }

    /** Basic information about a file. */
    export interface IFileInfo {
        name: string;
    }

    /** Dimensions and header of an opened image. */
    export interface IFileInfoExtended {
        dimensions: number;
        width: number;
        height: number;
        depth: number;
        stokes: number;
        headerEntries: IHeaderEntry[];
    }

    /** Request for moment images of a cube. */
    export interface IMomentRequest {
        fileId?: number;
        moments?: Moment[];
        axis?: MomentAxis;
        regionId?: number;
        spectralRange?: IIntBounds;
        mask?: MomentMask;
        pixelRange?: IFloatBounds;
        keep?: boolean;
    }

    /** Request for a position–velocity image along a line region. */
    export interface IPvRequest {
        fileId?: number;
        regionId?: number;
        width?: number;
        spectralRange?: IIntBounds;
        reverse?: boolean;
        keep?: boolean;
    }

    /** Parameters of one elliptical Gaussian. */
    export interface IGaussianComponent {
        center: IDoublePoint;
        amp: number;
        fwhm: IDoublePoint;
        pa: number;
    }

    /** Request to fit Gaussians to an image. */
    export interface IFittingRequest {
        fileId: number;
        initialValues: IGaussianComponent[];
        createModelImage?: boolean;
        createResidualImage?: boolean;
    }

    /** Outcome of an image fit. */
    export interface IFittingResponse {
        success: boolean;
        message: string;
        resultValues: IGaussianComponent[];
        resultErrors: IGaussianComponent[];
        log: string;
    }

    /** The backend's answer to a new connection. */
    export interface IRegisterViewerAck {
        sessionId?: number;
        success?: boolean;
        message?: string;
    }

    /** The backend's answer to opening an image. */
    export interface IOpenFileAck {
        success?: boolean;
        message?: string;
        fileId?: number;
        fileInfo?: IFileInfo;
        fileInfoExtended?: IFileInfoExtended;
    }

    /** The backend's answer to importing a region file: the regions, by region id. */
    export interface IImportRegionAck {
        success?: boolean;
        message?: string;
        regions?: {[regionId: string]: {regionType?: RegionType; controlPoints?: IDoublePoint[]; rotation?: number}};
    }

    /** The backend's answer to a moment request: the opened moment images. */
    export interface IMomentResponse {
        success?: boolean;
        message?: string;
        openFileAcks?: IOpenFileAck[];
        cancel?: boolean;
    }

    /** The backend's answer to a PV request: the opened PV image. */
    export interface IPvResponse {
        success?: boolean;
        message?: string;
        openFileAck?: IOpenFileAck;
        cancel?: boolean;
    }

    /** The contour levels and smoothing to compute contours with. */
    export interface ISetContourParameters {
        fileId?: number;
        levels?: number[];
        smoothingFactor?: number;
    }

    /** The backend's answer to a new or changed region: the region's final id. */
    export interface ISetRegionAck {
        success?: boolean;
        message?: string;
        regionId?: number;
    }

    /** A command from an external script, such as carta-python. */
    export interface IScriptingRequest {
        scriptingRequestId?: number;
        target?: string;
        action?: string;
        parameters?: string;
        async?: boolean;
    }

    /** The outcome of a scripting command. */
    export interface IScriptingResponse {
        scriptingRequestId?: number;
        success?: boolean;
        message?: string;
        response?: string;
    }
}

