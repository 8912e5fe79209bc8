import type {Workspace} from "../../models";
import * as enums from "../../enums";
import {ImageType} from "../../enums";
import * as utils from "../../utilities";
import {CARTA} from "../../protobuf/carta";
import {ApiService, BackendService, TileService} from "../../services";
import {AlertStore} from "../AlertStore/AlertStore";
import {AnimatorStore} from "../AnimatorStore/AnimatorStore";
import {CatalogStore} from "../Catalog/CatalogStore";
import {DialogStore} from "../DialogStore/DialogStore";
import type {ColorBlendingStore} from "../ColorBlendingStore/ColorBlendingStore";
import {FrameStore, RegionStore} from "../Frame";
import {ImageFittingStore} from "../ImageFittingStore/ImageFittingStore";
import {ImageViewConfigStore} from "../ImageViewConfigStore/ImageViewConfigStore";
import {LayoutStore} from "../LayoutStore/LayoutStore";
import {LogStore} from "../LogStore/LogStore";
import {OverlayStore} from "../OverlayStore/OverlayStore";
import {PreferenceStore} from "../PreferenceStore/PreferenceStore";
import {SnippetStore} from "../Snippet/SnippetStore";
import {WidgetsStore} from "../Widgets/WidgetsStore";

/**
 * The root of the viewer's state: the open images and every other store.
 *
 * @remarks
 * There is {@link AppStore.Instance | a single instance}, which code snippets see as `app`. Methods that talk to
 * the backend are flows: they return a promise at run time, so `await` them before working on their result.
 * @see {@link FrameStore} for what can be done with an open image.
 */
export class AppStore {
    private static staticInstance?: AppStore;

    /** The viewer's single application store. */
    static get Instance(): AppStore {
        return (AppStore.staticInstance ??= new AppStore());
    }

    /** The alert or question shown over the viewer. */
    readonly alertStore = AlertStore.Instance;
    /** Playback through images, channels or Stokes parameters. */
    readonly animatorStore = AnimatorStore.Instance;
    /** Loaded source catalogs. */
    readonly catalogStore = CatalogStore.Instance;
    /** Which dialogs are open; opens and closes them. */
    readonly dialogStore = DialogStore.Instance;
    /** Gaussian fitting of images. */
    readonly imageFittingStore = ImageFittingStore.Instance;
    /** The image list: open images and colour-blended images. */
    readonly imageViewConfigStore = ImageViewConfigStore.Instance;
    /** Preset and saved widget layouts. */
    readonly layoutStore = LayoutStore.Instance;
    /** The message log. */
    readonly logStore = LogStore.Instance;
    /** The coordinate grid overlay. */
    readonly overlayStore = OverlayStore.Instance;
    /** User preferences. */
    readonly preferenceStore = PreferenceStore.Instance;
    /** Saved code snippets. */
    readonly snippetStore = SnippetStore.Instance;
    /** Stores of the open widgets. */
    readonly widgetsStore = WidgetsStore.Instance;

    /** The image the others are spatially matched to; the base layer of colour-blended images. */
    spatialReference: FrameStore | null = null;
    /** Whether the welcome screen covers the viewer. */
    splashScreenVisible = true;
    /** Progress of the running moment or PV task, from 0 to 1. */
    taskProgress = 0;

    private activeImage: FrameStore | ColorBlendingStore | null = null;
    private fileCounter = 0;

    private constructor() {
        // Code snippets and the browser console reach the store as `app` (or `carta`), the enumerations as `enums`
        // and the helper functions as `utils`.
        Object.assign(globalThis, {app: this, carta: this, enums, utils});
    }

    /** The open images, in image list order. */
    get frames(): FrameStore[] {
        return this.imageViewConfigStore.frames;
    }

    /** The image shown in the image view and used by the widgets; the spatial reference while a blended image is active. */
    get activeFrame(): FrameStore | null {
        return this.activeImage instanceof FrameStore ? this.activeImage : this.activeImage ? this.spatialReference : null;
    }

    /** Position of the active image in {@link AppStore.frames}, or -1 when no image is open. */
    get activeFrameIndex(): number {
        return this.activeFrame ? this.frames.indexOf(this.activeFrame) : -1;
    }

    /**
     * Closes all images and opens one. A flow: `await` it.
     *
     * @param path - Where the image lies, below the folder the backend serves; with `filename` left out, the whole `folder/name`.
     * @param filename - Name of the image in that folder.
     * @param hdu - Which extension of a multi-extension FITS file to read, as a string such as `"1"`; by default the first one holding an image.
     * @param isImageArithmetic - Set when `filename` is no file but an expression computed from images (in CASA's LEL syntax, such as `\"a.fits\" - \"b.fits\"`).
     * @param shouldUpdateStartingDirectory - Make the file's folder the file browser's starting folder.
     * @returns The opened image, which also becomes the active one.
     */
    *openFile(path: string, filename?: string, hdu?: string, isImageArithmetic?: boolean, shouldUpdateStartingDirectory: boolean = true): Generator<Promise<unknown>, FrameStore, any> {
        this.imageViewConfigStore.removeAllImages();
        return yield* this.loadFile(path, filename, hdu, isImageArithmetic ?? false, true, shouldUpdateStartingDirectory);
    }

    /**
     * Opens an image in addition to those already open. A flow: `await` it.
     *
     * @param path - Where the image lies, below the folder the backend serves; with `filename` left out, the whole `folder/name`.
     * @param filename - Name of the image in that folder.
     * @param hdu - Which extension of a multi-extension FITS file to read, as a string such as `"1"`; by default the first one holding an image.
     * @param isImageArithmetic - Set when `filename` is no file but an expression computed from images (in CASA's LEL syntax, such as `\"a.fits\" - \"b.fits\"`).
     * @param shouldSetAsActive - Make the new image the active one.
     * @param shouldUpdateStartingDirectory - Make the file's folder the file browser's starting folder.
     * @returns The opened image.
     */
    *appendFile(path: string, filename?: string, hdu?: string, isImageArithmetic: boolean = false, shouldSetAsActive: boolean = true, shouldUpdateStartingDirectory: boolean = true): Generator<Promise<unknown>, FrameStore, any> {
        return yield* this.loadFile(path, filename, hdu, isImageArithmetic, shouldSetAsActive, shouldUpdateStartingDirectory);
    }

    /**
     * Closes an image. A flow: `await` it.
     *
     * @param frame - The image to close.
     * @param shouldConfirmClose - Ask the user first when other images are matched to this one.
     */
    *closeFile(frame: FrameStore, shouldConfirmClose: boolean = true): Generator<Promise<unknown>, void, any> {
        const confirmed = !shouldConfirmClose || !frame.secondarySpatialImages.length || (yield this.alertStore.showInteractiveAlert(`${frame.secondarySpatialImages.length} images matched to ${frame.filename} will be unmatched.`));
        if (confirmed) {
            this.removeFrame(frame);
        }
    }

    /** Closes the active image; `shouldConfirmClose` asks first when other images are matched to it. */
    closeCurrentFile(shouldConfirmClose: boolean = false): void {
        if (this.activeFrame) {
            void this.closeFile(this.activeFrame, shouldConfirmClose).next();
        }
    }

    /** Closes every image but `frame`, each as {@link AppStore.closeFile} would; `shouldConfirmClose` false closes them without asking. */
    closeOtherFiles(frame: FrameStore, shouldConfirmClose: boolean = true): void {
        for (const image of this.frames.filter(open => open !== frame)) {
            void this.closeFile(image, shouldConfirmClose).next();
        }
    }

    private removeFrame(frame: FrameStore): void {
        this.catalogStore.closeAssociatedCatalog(frame.frameInfo.fileId);
        BackendService.Instance.closeFile(frame.frameInfo.fileId);
        TileService.Instance.handleFileClosed(frame.frameInfo.fileId);
        this.imageViewConfigStore.removeFrame(frame.frameInfo.fileId);
        this.activeImage = this.activeImage === frame ? (this.frames[0] ?? null) : this.activeImage;
    }

    /** Shows the welcome screen over the viewer. */
    showSplashScreen(): void {
        this.splashScreenVisible = true;
    }

    /** Takes the welcome screen away. */
    hideSplashScreen(): void {
        this.splashScreenVisible = false;
    }

    /** A promise that settles after `time` milliseconds; `await` it to pause a snippet. */
    delay(time: number): Promise<unknown> {
        return new Promise(done => setTimeout(done, time));
    }

    /** Returns the open image with the given `frameInfo.fileId`; -1 gives the active image. */
    getFrame(fileId: number): FrameStore | undefined {
        return fileId === -1 ? (this.activeFrame ?? undefined) : this.frames.find(frame => frame.frameInfo.fileId === fileId);
    }

    /** Makes an open image the active one; ignored while an animation plays. */
    updateActiveImageByFrame(frame: FrameStore): void {
        if (!this.animatorStore.isAnimationActive) {
            this.activeImage = frame;
        }
    }

    /**
     * Makes an image of the image list the active one, found by its kind and id; an unknown id is ignored.
     *
     * @param type - What kind of image: `ImageType.FRAME` (0) for an open image, `ImageType.COLOR_BLENDING` (1) for a blended one.
     * @param id - The image's id: `frameInfo.fileId` for an open image, {@link ColorBlendingStore.id} for a blended one.
     */
    setActiveImageById(type: ImageType, id: number): void {
        const image = type === ImageType.COLOR_BLENDING ? this.imageViewConfigStore.colorBlendingImages.find(blended => blended.id === id) : this.getFrame(id);
        this.activeImage = image ?? this.activeImage;
    }

    /** Makes the image at `index` of the image list the active one; an index outside the list is ignored. */
    setActiveImageByIndex(index: number): void {
        // Open images come first in the list, blended ones after them.
        const blended = this.imageViewConfigStore.colorBlendingImages[index - this.frames.length];
        this.activeImage = this.frames[index] ?? blended ?? this.activeImage;
    }

    /** Makes an image the spatial reference, which other images are matched to. A flow: `await` it. */
    *setSpatialReference(frame: FrameStore): Generator<Promise<unknown>, void, any> {
        this.spatialReference = frame;
    }

    /** Matches an image spatially to the spatial reference (`isEnabled` true), or ends its matching. A flow, which takes effect at once. */
    *setSpatialMatchingEnabled(frame: FrameStore, isEnabled: boolean): Generator<Promise<unknown>, void, any> {
        if (frame === this.spatialReference || !this.spatialReference) {
            return;
        }
        if (isEnabled) {
            frame.setSpatialReference(this.spatialReference);
        } else {
            frame.clearSpatialReference();
        }
    }

    /**
     * Imports the regions of a region file into an image. A flow: `await` it.
     *
     * @param directory - Folder of the region file, relative to the backend's top-level folder.
     * @param file - Name of the region file.
     * @param type - Format of the file, a `CARTA.FileType`: `CRTF` (1) or `DS9_REG` (2).
     * @param targetFrame - The image to add the regions to; the active image when left out. For a spatially matched
     *                      image the regions go to its reference, whose regions it shares.
     */
    *importRegion(directory: string, file: string, type: CARTA.FileType, targetFrame?: FrameStore): Generator<Promise<unknown>, void, any> {
        const frame = targetFrame === undefined ? this.activeFrame : targetFrame;
        if (!frame || (type !== CARTA.FileType.CRTF && type !== CARTA.FileType.DS9_REG)) {
            return;
        }
        const ack = yield BackendService.Instance.importRegion(directory, file, type, frame.frameInfo.fileId);
        for (const [regionId, region] of Object.entries<any>(ack.regions ?? {})) {
            frame.regionSet.regions.push(new RegionStore(frame.frameInfo.fileId, frame, region.controlPoints, region.regionType, Number(regionId), region.rotation));
        }
    }

    /**
     * Generates moment images from a cube and opens them. A flow: `await` it.
     *
     * @param message - The backend request (a `CARTA.IMomentRequest` of the protocol): which moments to compute,
     *                  over which channels, region and pixels, and whether to keep earlier moment images.
     * @param frame - The cube, the image `message.fileId` refers to.
     */
    *requestMoment(message: CARTA.IMomentRequest, frame: FrameStore): Generator<Promise<unknown>, void, any> {
        const ack = yield BackendService.Instance.requestMoment(message);
        for (const openFileAck of ack.openFileAcks ?? []) {
            this.addFrame(this.frameFromAck(openFileAck, frame.frameInfo.directory, ""), true);
        }
    }

    /**
     * Generates a position–velocity image along a line region of a cube and opens it. A flow: `await` it.
     *
     * @param message - The backend request (a `CARTA.IPvRequest` of the protocol): the line region and cut settings.
     * @param frame - The cube the region belongs to, the image `message.fileId` refers to.
     * @param shouldKeepExisting - Keep the PV images generated earlier from `frame` open instead of closing them.
     */
    *requestPV(message: CARTA.IPvRequest, frame: FrameStore, shouldKeepExisting: boolean): Generator<Promise<unknown>, void, any> {
        if (!shouldKeepExisting) {
            this.frames.filter(image => image.filename.startsWith(`${frame.filename}_pv`)).forEach(image => this.removeFrame(image));
        }
        const ack = yield BackendService.Instance.requestPV(message);
        if (ack.openFileAck) {
            this.addFrame(this.frameFromAck(ack.openFileAck, frame.frameInfo.directory, ""), true);
        }
    }

    /**
     * Closes all images and opens a saved workspace. A flow: `await` it.
     *
     * @param name - Name of the workspace, or its share key when `isKey` is true.
     * @param isKey - Whether `name` is a share key.
     * @returns Whether the workspace was loaded.
     */
    *loadWorkspace(name: string, isKey = false): Generator<Promise<unknown>, boolean, any> {
        const workspace: Workspace | undefined = yield ApiService.Instance.getWorkspace(name, isKey);
        if (!workspace) {
            return false;
        }
        this.imageViewConfigStore.removeAllImages();
        for (const file of workspace.files ?? []) {
            yield* this.appendFile(file.directory ?? "", file.filename, file.hdu, false, false);
        }
        return true;
    }

    private *loadFile(path: string, filename: string | undefined, hdu: string | undefined, isImageArithmetic: boolean, shouldSetAsActive: boolean, shouldUpdateStartingDirectory: boolean): Generator<Promise<unknown>, FrameStore, any> {
        // A single argument holds folder and file name together; split it at the last slash.
        const slash = path.lastIndexOf("/");
        const [folder, name] = filename === undefined ? [path.slice(0, Math.max(0, slash)), path.slice(slash + 1)] : [path, filename];
        const ack = yield BackendService.Instance.loadFile(folder, name, isImageArithmetic ? "" : (hdu ?? ""), this.fileCounter++, isImageArithmetic);
        return this.addFrame(this.frameFromAck(ack, folder, hdu ?? ""), shouldSetAsActive);
    }

    private frameFromAck(ack: CARTA.IOpenFileAck, directory: string, hdu: string): FrameStore {
        const {fileId, fileInfo, fileInfoExtended} = ack;
        if (fileId === undefined || !fileInfo || !fileInfoExtended) {
            throw new Error(`The backend could not open the image: ${ack.message ?? "no reason given"}`);
        }
        return new FrameStore({fileId, directory, hdu, fileInfo, fileInfoExtended});
    }

    private addFrame(frame: FrameStore, shouldSetAsActive: boolean): FrameStore {
        this.imageViewConfigStore.addFrame(frame);
        this.spatialReference ??= frame;
        this.activeImage = shouldSetAsActive ? frame : this.activeImage;
        this.logStore.addInfo(`Loaded file ${frame.filename}`, ["file"]);
        return frame;
    }
}
