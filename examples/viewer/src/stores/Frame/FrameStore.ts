import type {Point2D, WorkspaceFile, WorkspaceVectorOverlayConfig} from "../../models";
import type {CARTA} from "../../protobuf/carta";
import {clamp} from "../../utilities";
import type {AppStore} from "../AppStore/AppStore";
import {ContourConfigStore} from "./ContourConfigStore";
import {RegionSetStore} from "./RegionSetStore";
import {RenderConfigStore} from "./RenderConfigStore";

/** What the backend reports about an image once it has opened it; each open image keeps one. */
export interface FrameInfo {
    /** Identifier the backend gave the image; unique among the open images. */
    fileId: number;
    /** Folder of the file, relative to the backend's top-level folder. */
    directory: string;
    /** HDU that was opened, for FITS files with more than one; an empty string means the first image HDU. */
    hdu: string;
    /** The file's name and type. */
    fileInfo: CARTA.IFileInfo;
    /** The image's dimensions and the header cards of the HDU, in file order. */
    fileInfoExtended: CARTA.IFileInfoExtended;
}

/**
 * One open image (a "frame"): its metadata, the channel and Stokes plane shown, the view, and the stores for its
 * rendering, contours and regions.
 *
 * @remarks
 * Frames are created by {@link AppStore.openFile} and {@link AppStore.appendFile}; keep the returned object to
 * work on that image later, even after another image becomes active.
 * @example
 * ```ts
 * const cube = await app.openFile("alma", "hd163296_co.fits");
 * if (cube.numChannels > 1) {
 *     cube.setChannel(Math.floor(cube.numChannels / 2));
 * }
 * console.log(cube.headerUnit);
 * ```
 */
export class FrameStore {
    /** Smallest zoom level, in screen pixels per image pixel. */
    static readonly ZOOM_MIN = 1 / 64;
    /** Largest zoom level, in screen pixels per image pixel. */
    static readonly ZOOM_MAX = 64;

    /** Colour map, scaling and clip range. */
    readonly renderConfig = new RenderConfigStore();
    /** Contour levels and style. */
    readonly contourConfig = new ContourConfigStore();
    /** The image's regions. */
    readonly regionSet = new RegionSetStore();
    /** Polarization vector overlay settings, when an overlay is drawn. */
    vectorOverlayConfig?: WorkspaceVectorOverlayConfig;

    /** Index of the channel shown, from 0. */
    channel = 0;
    /** Index of the Stokes plane shown, from 0. */
    stokes = 0;
    /** Image pixel at the centre of the view. */
    center: Point2D;
    /** Screen pixels per image pixel. */
    zoomLevel = 1;
    /** The parameters found by the last image fit, as text for the fitting dialog; empty when there is none. */
    fittingResult = "";
    /** The solver's log of the last image fit; empty when there is none. */
    fittingLog = "";

    private renderSize: Point2D = {x: 0, y: 0};

    /**
     * Creates the store for a newly opened image, centred in the view.
     *
     * @param frameInfo - What the backend reported when it opened the image.
     */
    constructor(readonly frameInfo: FrameInfo) {
        const {width, height} = frameInfo.fileInfoExtended;
        this.center = {x: (width - 1) / 2, y: (height - 1) / 2};
    }

    /** The image's file name, as shown in the layer list and image tabs. */
    get filename(): string {
        return this.frameInfo.fileInfo.name;
    }

    /** Number of channels; 1 for a 2D image, more for a cube. */
    get numChannels(): number {
        return this.frameInfo.fileInfoExtended.depth;
    }

    /** Number of Stokes planes. */
    get numStokes(): number {
        return this.frameInfo.fileInfoExtended.stokes;
    }

    /** The image's brightness unit, the `BUNIT` header card without quotes; `undefined` when the header has none. */
    get headerUnit(): string | undefined {
        return this.frameInfo.fileInfoExtended.headerEntries.find(entry => entry.name === "BUNIT")?.value.replace(/^"+|"+$/g, "");
    }

    /** Shows another channel, limited to the channels the image has. */
    setChannel(channel: number): void {
        this.setChannels(channel, this.stokes);
    }

    /** Shows another Stokes plane, limited to the planes the image has. */
    setStokes(stokes: number): void {
        this.setChannels(this.channel, stokes);
    }

    /**
     * Shows another channel and Stokes plane in one step, so the backend renders only the final combination.
     *
     * @param channel - Channel index, limited to the channels the image has.
     * @param stokes - Stokes index, limited to the planes the image has.
     */
    setChannels(channel: number, stokes: number): void {
        this.channel = clamp(Math.round(channel), 0, this.numChannels - 1);
        this.stokes = clamp(Math.round(stokes), 0, this.numStokes - 1);
    }

    /** Pans the view so that the given image pixel is in the centre. */
    setCenter(x: number, y: number): void {
        this.center = {x, y};
    }

    /** Sets the zoom level in screen pixels per image pixel, limited to {@link FrameStore.ZOOM_MIN}–{@link FrameStore.ZOOM_MAX}. */
    setZoom(zoom: number): void {
        this.zoomLevel = clamp(zoom, FrameStore.ZOOM_MIN, FrameStore.ZOOM_MAX);
    }

    /** Centres the image and zooms so that the whole image fits in the image view. */
    fitZoom(): void {
        const {width, height} = this.frameInfo.fileInfoExtended;
        this.setCenter((width - 1) / 2, (height - 1) / 2);
        this.setZoom(Math.min(this.renderSize.x / width, this.renderSize.y / height));
    }

    /**
     * Records the size of the panel the image is drawn in, which {@link FrameStore.fitZoom} fits to.
     *
     * @internal
     */
    setRenderSize(width: number, height: number): void {
        this.renderSize = {x: width, y: height};
    }

    /** Records the text of an image fit's results, shown in the fitting dialog. */
    setFittingResult(results: string): void {
        this.fittingResult = results;
    }

    /** Records the solver's log of an image fit. */
    setFittingLog(log: string): void {
        this.fittingLog = log;
    }

    /** Forgets the results and log of the last image fit. */
    resetFitting(): void {
        this.fittingResult = "";
        this.fittingLog = "";
    }

    /** Returns the image with its view, rendering, overlays and regions as entry `id` of a workspace file. */
    toWorkspaceFile(id: number): WorkspaceFile {
        const {directory, hdu} = this.frameInfo;
        const {filename, channel, stokes, zoomLevel, contourConfig, vectorOverlayConfig} = this;
        return {
            id,
            directory,
            filename,
            hdu,
            channel,
            stokes,
            zoomLevel,
            center: {...this.center},
            renderConfig: this.renderConfig.toWorkspace(),
            contourConfig: contourConfig.levels.length ? contourConfig.toWorkspace() : undefined,
            vectorOverlayConfig: vectorOverlayConfig && {...vectorOverlayConfig},
            regions: this.regionSet.regions.map(region => region.toWorkspace())
        };
    }

    /** Restores what a workspace saved for this image; settings the workspace lacks are left as they are. */
    applyWorkspaceFile(file: WorkspaceFile): void {
        this.setChannels(file.channel ?? this.channel, file.stokes ?? this.stokes);
        this.setCenter(file.center?.x ?? this.center.x, file.center?.y ?? this.center.y);
        this.setZoom(file.zoomLevel ?? this.zoomLevel);
        this.renderConfig.setColorMap(file.renderConfig?.colorMap ?? this.renderConfig.colorMap);
        this.renderConfig.setScaling(file.renderConfig?.scaling ?? this.renderConfig.scaling);
        this.contourConfig.setLevels(file.contourConfig?.levels ?? this.contourConfig.levels);
        this.vectorOverlayConfig = file.vectorOverlayConfig ?? this.vectorOverlayConfig;
        file.regions?.forEach(region => this.regionSet.restoreRegion(region));
    }
}
