import {POLARIZATIONS, type Point2D} from "../../models";
import type {CARTA} from "../../protobuf/carta";
import {clamp} from "../../utilities";
import type {AppStore} from "../AppStore/AppStore";
import {ContourConfigStore} from "./ContourStore/ContourConfigStore";
import {RegionSetStore} from "./Region/RegionSetStore";
import {RenderConfigStore} from "./RenderConfigStore/RenderConfigStore";

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
 * One open image (a "frame"): its metadata, the channel and Stokes parameter shown, the view, and the stores for
 * its rendering, contours and regions.
 *
 * @remarks
 * Frames are created by {@link AppStore.openFile} and {@link AppStore.appendFile}; keep the returned object to
 * work on that image later, even after another image becomes active.
 */
export class FrameStore {
    /** Colour map, scaling and clip range. */
    readonly renderConfig = new RenderConfigStore();
    /** Contour levels and style. */
    readonly contourConfig = new ContourConfigStore();

    /** Index of the channel on screen, from 0. */
    channel = 0;
    /** Index of the Stokes parameter on screen, from 0. */
    stokes = 0;
    /** Channel requested from the backend; {@link FrameStore.channel} follows once the data has arrived. */
    requiredChannel = 0;
    /** Stokes index requested from the backend; {@link FrameStore.stokes} follows once the data has arrived. */
    requiredStokes = 0;
    /** Image pixel at the centre of the view. */
    center: Point2D;
    /** Screen pixels per image pixel. */
    zoomLevel = 1;
    /** The image this one is spatially matched to, or `null` when it is not matched. */
    spatialReference: FrameStore | null = null;
    /** The images spatially matched to this one. */
    secondarySpatialImages: FrameStore[] = [];
    /** The parameters found by the last image fit, as text for the fitting dialog; empty when there is none. */
    fittingResult = "";
    /** The solver's log of the last image fit; empty when there is none. */
    fittingLog = "";

    private readonly ownRegionSet: RegionSetStore;

    /** @param frameInfo - What the backend reported when it opened the image. */
    constructor(readonly frameInfo: FrameInfo) {
        const {width, height} = frameInfo.fileInfoExtended;
        this.center = {x: (width - 1) / 2, y: (height - 1) / 2};
        this.ownRegionSet = new RegionSetStore(this);
    }

    /** The image's regions; a spatially matched image shows and edits the regions of its reference. */
    get regionSet(): RegionSetStore {
        return this.spatialReference?.regionSet ?? this.ownRegionSet;
    }

    /** The image's file name, followed by the HDU when one other than the first was opened. */
    get filename(): string {
        const {hdu, fileInfo} = this.frameInfo;
        return hdu && hdu !== "0" ? `${fileInfo.name}.HDU_${hdu}` : fileInfo.name;
    }

    /** Number of channels; 1 for a 2D image, more for a cube. */
    get numChannels(): number {
        return this.frameInfo.fileInfoExtended.depth;
    }

    /** The image's brightness unit, the `BUNIT` header card without quotes; `undefined` when the header has none. */
    get headerUnit(): string | undefined {
        return this.frameInfo.fileInfoExtended.headerEntries.find(entry => entry.name === "BUNIT")?.value.replace(/^"+|"+$/g, "");
    }

    /** The Stokes parameters of the image's Stokes axis, such as `["Stokes I", "Stokes Q"]`; empty without one. */
    get stokesInfo(): string[] {
        return this.polarizations.filter(polarization => polarization <= POLARIZATIONS.V).map(polarization => `Stokes ${POLARIZATIONS[polarization]}`);
    }

    /** Polarizations the image can show: those of its Stokes axis, then those computed from them. */
    get polarizations(): POLARIZATIONS[] {
        const axis = [POLARIZATIONS.I, POLARIZATIONS.Q, POLARIZATIONS.U, POLARIZATIONS.V].slice(0, this.frameInfo.fileInfoExtended.stokes);
        return axis.includes(POLARIZATIONS.U) ? [...axis, POLARIZATIONS.Plinear, POLARIZATIONS.PFlinear, POLARIZATIONS.Pangle] : axis;
    }

    /**
     * Shows another channel.
     *
     * @param channel - Channel index, limited to the channels the image has.
     * @param recursive - Also move the spectrally matched images to the matching channel.
     */
    setChannel(channel: number, recursive: boolean = true): void {
        // The Stokes parameter stays where it is; only the channel changes.
        const stokes = this.requiredStokes;
        this.setChannels(channel, stokes, recursive);
    }

    /**
     * Shows another Stokes parameter. A polarization the image does not have is ignored.
     *
     * @param polarization - The polarization, such as `POLARIZATIONS.Q` (2 in a snippet).
     * @param recursive - Also update the spectrally matched images.
     */
    setStokes(polarization: POLARIZATIONS, recursive: boolean = false): void {
        const index = this.polarizations.indexOf(polarization);
        if (index >= 0) {
            this.setStokesByIndex(index, recursive);
        }
    }

    /**
     * Shows another Stokes parameter, by its position in {@link FrameStore.polarizations}.
     *
     * @param polarizationIndex - The index; an index beyond the list is ignored.
     * @param recursive - Also update the spectrally matched images.
     */
    setStokesByIndex(polarizationIndex: number, recursive: boolean = false): void {
        if (polarizationIndex < this.polarizations.length) {
            this.setChannels(this.requiredChannel, polarizationIndex, recursive);
        }
    }

    /**
     * Shows another channel and Stokes parameter in one step, so the backend sends only the final combination.
     *
     * @param channel - Channel index, limited to the channels the image has.
     * @param stokes - Stokes index on the image's Stokes axis (for example 0 for I in an IQUV cube).
     * @param recursive - Also move the spectrally matched images to the matching channel.
     */
    setChannels(channel: number, stokes: number, recursive: boolean): void {
        this.requiredChannel = clamp(Math.round(channel), 0, this.numChannels - 1);
        this.requiredStokes = stokes;
    }

    /**
     * Sets the zoom level.
     *
     * @param zoom - Screen pixels per image pixel.
     * @param absolute - For a spatially matched image: the zoom is in the reference image's pixels.
     */
    setZoom(zoom: number, absolute: boolean = false): void {
        this.zoomLevel = zoom;
    }

    /** Zooms so that `x` image pixels span the width of the image view; returns `false` for a size that is not positive. */
    zoomToSizeX(x: number): boolean {
        return x > 0 && isFinite(x);
    }

    /** Zooms so that an angular size, written like `"30\""`, `"2'"` or `"0.5deg"`, spans the width of the image view. */
    zoomToSizeXWcs(wcsX: string): boolean {
        return wcsX.length > 0;
    }

    /** Zooms so that `y` image pixels span the height of the image view; returns `false` for a size that is not positive. */
    zoomToSizeY(y: number): boolean {
        return y > 0 && isFinite(y);
    }

    /** Zooms so that an angular size, written like `"30\""`, `"2'"` or `"0.5deg"`, spans the height of the image view. */
    zoomToSizeYWcs(wcsY: string): boolean {
        return wcsY.length > 0;
    }

    /**
     * Pans the view so that an image pixel is in the centre.
     *
     * @param x - Image x coordinate, in pixels.
     * @param y - Image y coordinate, in pixels.
     * @param enableSpatialTransform - For a spatially matched image: convert the position to the reference image.
     * @returns `false`, changing nothing, when a coordinate is not a finite number.
     */
    setCenter(x: number, y: number, enableSpatialTransform: boolean = true): boolean {
        if (![x, y].every(Number.isFinite)) {
            return false;
        }
        this.center = {x, y};
        return true;
    }

    /**
     * Pans the view so that a sky position is in the centre.
     *
     * @param wcsX - Longitude in the format of the overlay's number labels: `"5:35:17.3"` for hours, minutes and
     *               seconds, or `"83.822"` when the labels are in degrees.
     * @param wcsY - Latitude in the format of the labels, such as `"-5:23:28"` or `"-5.391"`.
     * @returns `false` when a coordinate does not match the format.
     */
    setCenterWcs(wcsX: string, wcsY: string): boolean {
        return wcsX.length > 0 && wcsY.length > 0;
    }

    /** Centres the image and zooms so that it fits the image view; returns the new zoom level. */
    fitZoom(): number {
        const {width, height} = this.frameInfo.fileInfoExtended;
        this.setCenter((width - 1) / 2, (height - 1) / 2);
        return this.zoomLevel;
    }

    /**
     * Matches this image spatially to another, so both show the same part of the sky and share regions.
     *
     * @returns `false` when no transform between the two images exists, or `frame` is this image.
     */
    setSpatialReference(frame: FrameStore): boolean {
        if (frame === this) {
            return false;
        }
        this.spatialReference = frame;
        frame.secondarySpatialImages.push(this);
        return true;
    }

    /** Ends the spatial matching of this image. */
    clearSpatialReference(): void {
        const reference = this.spatialReference;
        if (reference) {
            reference.secondarySpatialImages = reference.secondarySpatialImages.filter(frame => frame !== this);
        }
        this.spatialReference = null;
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
}
