import {WORKSPACE_SCHEMA_VERSION, type Workspace} from "../../models";
import {CARTA} from "../../protobuf/carta";
import {BackendService, TelemetryService, TileService, type ProgressCallback} from "../../services";
import {AlertStore} from "../AlertStore/AlertStore";
import {AnimationMode, AnimatorStore} from "../AnimatorStore/AnimatorStore";
import {CatalogStore} from "../CatalogStore/CatalogStore";
import {FrameStore, type FrameInfo} from "../Frame";
import {ImageFittingStore} from "../ImageFittingStore/ImageFittingStore";
import {ImageViewConfigStore} from "../ImageViewConfigStore/ImageViewConfigStore";
import {LayoutStore} from "../LayoutStore/LayoutStore";
import {LogStore} from "../LogStore/LogStore";
import {OverlayStore} from "../OverlayStore/OverlayStore";
import {PreferenceKey, PreferenceStore} from "../PreferenceStore/PreferenceStore";
import {SnippetStore} from "../SnippetStore/SnippetStore";
import type {SpectralProfileWidgetStore} from "../Widgets/SpectralProfileWidgetStore";
import {WidgetsStore} from "../Widgets/WidgetsStore";

/**
 * The root of the viewer's state: the open images and every other store.
 *
 * @remarks
 * There is {@link AppStore.Instance | a single instance}, which code snippets see as `app`. Methods that talk to
 * the backend return promises, so `await` them before working on their result.
 * @example
 * ```ts
 * const image = await app.openFile("data/ngc1068", "ngc1068_cont.fits");
 * image.renderConfig.setColorMap("viridis");
 * const region = image.regionSet.addEllipticalRegion({x: 512, y: 512}, 30, 18);
 * app.logStore.addInfo(`Region ${region.regionId} added to ${image.filename}`, ["script"]);
 * ```
 * @see {@link FrameStore} for what can be done with an open image.
 */
export class AppStore {
    private static staticInstance?: AppStore;

    /** The viewer's single application store. */
    static get Instance(): AppStore {
        return (AppStore.staticInstance ??= new AppStore());
    }

    /** The alert or question shown over the viewer. */
    readonly alertStore = new AlertStore();
    /** Playback through images, channels or Stokes planes. */
    readonly animatorStore = new AnimatorStore(mode => this.animationStep(mode));
    /** Loaded source catalogs. */
    readonly catalogStore = new CatalogStore();
    /** Gaussian fitting of the active image. */
    readonly imageFittingStore = new ImageFittingStore(() => this.activeFrame);
    /** Image view settings and blended images. */
    readonly imageViewConfigStore = new ImageViewConfigStore(() => this.frames);
    /** Preset and saved widget layouts. */
    readonly layoutStore = new LayoutStore();
    /** The message log. */
    readonly logStore = new LogStore();
    /** The coordinate grid overlay. */
    readonly overlayStore = new OverlayStore();
    /** User preferences. */
    readonly preferenceStore = new PreferenceStore();
    /** Saved code snippets. */
    readonly snippetStore = new SnippetStore(this);
    /** Stores of the open widgets. */
    readonly widgetsStore = new WidgetsStore();

    /** The open images, in layer order. */
    frames: FrameStore[] = [];
    /** Progress of the running moment or PV task, from 0 to 1; 0 when no task is running. */
    taskProgress = 0;

    private active?: FrameStore;
    private fileCounter = 0;
    // Images generated from each source image; the next moment or PV request replaces them unless it asks to keep them.
    private readonly generatedImages = new Map<FrameStore, FrameStore[]>();

    private constructor() {}

    /** The image shown in the image view and used by the widgets that follow the active image. */
    get activeFrame(): FrameStore | undefined {
        return this.active;
    }

    /** Position of the active image in {@link AppStore.frames}, or -1 when no image is open. */
    get activeFrameIndex(): number {
        return this.active ? this.frames.indexOf(this.active) : -1;
    }

    /**
     * Closes all images and opens one.
     *
     * @param path - Path of the file relative to the backend's top-level folder, folder and file name together.
     * @returns The opened image, which also becomes the active one.
     */
    openFile(path: string): Promise<FrameStore>;
    /**
     * Closes all images and opens one.
     *
     * @param directory - Folder of the file, relative to the backend's top-level folder.
     * @param file - File name.
     * @param hdu - HDU to open, for FITS files with several; the first image HDU when omitted.
     * @returns The opened image, which also becomes the active one.
     * @example
     * ```ts
     * const image = await app.openFile("alma/hd163296", "co_cube.fits", "0");
     * ```
     */
    openFile(directory: string, file: string, hdu?: string): Promise<FrameStore>;
    async openFile(directory: string, file?: string, hdu: string = ""): Promise<FrameStore> {
        [...this.frames].forEach(frame => this.removeFrame(frame));
        return this.loadFile(directory, file, hdu);
    }

    /**
     * Opens an image in addition to those already open.
     *
     * @param path - Path of the file relative to the backend's top-level folder, folder and file name together.
     * @returns The opened image, which also becomes the active one.
     */
    appendFile(path: string): Promise<FrameStore>;
    /**
     * Opens an image in addition to those already open.
     *
     * @param directory - Folder of the file, relative to the backend's top-level folder.
     * @param file - File name.
     * @param hdu - HDU to open, for FITS files with several; the first image HDU when omitted.
     * @returns The opened image, which also becomes the active one.
     */
    appendFile(directory: string, file: string, hdu?: string): Promise<FrameStore>;
    async appendFile(directory: string, file?: string, hdu: string = ""): Promise<FrameStore> {
        return this.loadFile(directory, file, hdu);
    }

    /**
     * Closes an image.
     *
     * @param frame - The image to close.
     * @param confirmClose - Ask the user first when the image has regions, which are lost on closing.
     * @returns Whether the image was closed; `false` when the user declined.
     */
    async closeFile(frame: FrameStore, confirmClose: boolean = true): Promise<boolean> {
        const regionCount = frame.regionSet.regions.length;
        const question = `Close ${frame.filename}? Its ${regionCount} region(s) will be lost.`;
        const confirmed = !confirmClose || regionCount === 0 || (await this.alertStore.showInteractiveAlert(question));
        if (confirmed) {
            this.removeFrame(frame);
        }
        return confirmed;
    }

    /** Closes the active image without asking; resolves to whether an image was open. */
    closeCurrentFile(): Promise<boolean> {
        return this.active ? this.closeFile(this.active, false) : Promise.resolve(false);
    }

    /** Makes an open image (one of {@link AppStore.frames}) the active one; other values are ignored. */
    setActiveFrame(frame: FrameStore): void {
        this.active = this.frames.includes(frame) ? frame : this.active;
    }

    /** Makes the image with the given `frameInfo.fileId` the active one; returns whether it is open. */
    setActiveFrameById(fileId: number): boolean {
        const frame = this.getFrame(fileId);
        this.active = frame ?? this.active;
        return frame !== undefined;
    }

    /** Returns the open image with the given `frameInfo.fileId`. */
    getFrame(fileId: number): FrameStore | undefined {
        return this.frames.find(frame => frame.frameInfo.fileId === fileId);
    }

    /**
     * Generates moment images from a cube and opens them.
     *
     * @param message - The backend request (a `CARTA.IMomentRequest` of the protocol): which moments to compute,
     *                  over which channels, region and pixels, and whether to keep earlier moment images.
     * @param frame - The cube, the image `message.fileId` refers to.
     * @returns The new images, one per requested moment; the last becomes active.
     * @throws Error when `frame` is not a cube.
     * @see {@link SpectralProfileWidgetStore.momentRequest} for a request built from the spectral profiler settings.
     */
    async requestMoment(message: CARTA.IMomentRequest, frame: FrameStore): Promise<FrameStore[]> {
        if (frame.numChannels <= 1) {
            throw new Error(`${frame.filename} has a single channel; moments need a cube`);
        }
        const infos = await this.runTask(onProgress => BackendService.Instance.requestMoment(message, onProgress));
        return this.replaceGeneratedImages(frame, infos, message.keep);
    }

    /**
     * Generates a position–velocity image along a line region of a cube and opens it.
     *
     * @param message - The backend request (a `CARTA.IPvRequest` of the protocol): the line region and cut settings.
     * @param frame - The cube the region belongs to, the image `message.fileId` refers to.
     * @param keepExisting - Keep the PV images generated earlier from `frame` open instead of closing them.
     * @returns The new image, which becomes active.
     * @throws Error when `frame` is not a cube or the region is not a line or polyline.
     */
    async requestPV(message: CARTA.IPvRequest, frame: FrameStore, keepExisting: boolean): Promise<FrameStore> {
        const regionType = frame.regionSet.getRegion(message.regionId)?.regionType;
        if (frame.numChannels <= 1 || (regionType !== CARTA.RegionType.LINE && regionType !== CARTA.RegionType.POLYLINE)) {
            throw new Error(`A PV image needs a cube and a line region; region ${message.regionId} of ${frame.filename} is not usable`);
        }
        const info = await this.runTask(onProgress => BackendService.Instance.requestPV(message, onProgress));
        return this.replaceGeneratedImages(frame, [info], keepExisting)[0];
    }

    /** Captures the open images and their settings as a workspace document named `name`. */
    createWorkspace(name: string): Workspace {
        const files = this.frames.map((frame, index) => frame.toWorkspaceFile(index));
        return {name, workspaceVersion: WORKSPACE_SCHEMA_VERSION, frontendVersion: "5.0.0", files, selectedFile: this.activeFrameIndex, date: Date.now()};
    }

    /**
     * Closes all images and restores a workspace: its images, channels, views, colour settings and regions.
     *
     * @param workspace - A workspace document, as made by {@link AppStore.createWorkspace}.
     * @returns The opened images, in workspace order.
     * @throws Error when the workspace was written by a newer viewer.
     */
    async loadWorkspace(workspace: Workspace): Promise<FrameStore[]> {
        if (workspace.workspaceVersion > WORKSPACE_SCHEMA_VERSION) {
            throw new Error(`Workspace format ${workspace.workspaceVersion} is newer than this viewer supports (${WORKSPACE_SCHEMA_VERSION})`);
        }
        [...this.frames].forEach(frame => this.removeFrame(frame));
        for (const file of workspace.files) {
            (await this.loadFile(file.directory, file.filename, file.hdu ?? "")).applyWorkspaceFile(file);
        }
        this.setActiveFrame(this.frames[workspace.selectedFile ?? -1] ?? this.frames[0]);
        return [...this.frames];
    }

    private async loadFile(directory: string, file: string | undefined, hdu: string): Promise<FrameStore> {
        // A single argument holds folder and file name together; split it at the last slash.
        const slash = directory.lastIndexOf("/");
        const [folder, name] = file === undefined ? [directory.slice(0, Math.max(0, slash)), directory.slice(slash + 1)] : [directory, file];
        try {
            const info = await BackendService.Instance.loadFile(folder, name, hdu, this.fileCounter++);
            const {width, height, depth} = info.fileInfoExtended;
            TelemetryService.Instance.addEvent("FileOpen", {width, height, depth});
            return this.addFrame(info);
        } catch (error) {
            this.logStore.addError(`Could not open ${name}: ${String(error)}`, ["file"]);
            throw error;
        }
    }

    private addFrame(info: FrameInfo): FrameStore {
        const frame = new FrameStore(info);
        frame.renderConfig.setColorMap(this.preferenceStore.getPreference(PreferenceKey.COLOR_MAP));
        frame.renderConfig.setScaling(this.preferenceStore.getPreference(PreferenceKey.SCALING));
        frame.renderConfig.selectedPercentile = this.preferenceStore.getPreference(PreferenceKey.PERCENTILE);
        this.frames.push(frame);
        this.active = frame;
        this.logStore.addInfo(`Loaded ${frame.filename}`, ["file"]);
        return frame;
    }

    private removeFrame(frame: FrameStore): void {
        const fileId = frame.frameInfo.fileId;
        BackendService.Instance.closeFile(fileId);
        TileService.Instance.clearCache(fileId);
        this.catalogStore.catalogsOfImage(fileId).forEach(catalog => this.catalogStore.removeCatalog(catalog.fileId));
        const blends = this.imageViewConfigStore.colorBlendingImages.filter(blend => blend.layers.includes(frame));
        blends.forEach(blend => this.imageViewConfigStore.removeColorBlending(blend));
        this.generatedImages.delete(frame);
        this.frames = this.frames.filter(open => open !== frame);
        this.active = this.active === frame ? this.frames.at(-1) : this.active;
    }

    // Reports a backend task's progress in taskProgress while it runs, so the progress dialog can show it.
    private async runTask<T>(task: (onProgress: ProgressCallback) => Promise<T>): Promise<T> {
        try {
            return await task(progress => (this.taskProgress = progress));
        } finally {
            this.taskProgress = 0;
        }
    }

    private replaceGeneratedImages(source: FrameStore, infos: FrameInfo[], keep: boolean): FrameStore[] {
        const previous = this.generatedImages.get(source) ?? [];
        if (!keep) {
            previous.forEach(image => this.removeFrame(image));
        }
        const images = infos.map(info => this.addFrame(info));
        this.generatedImages.set(source, keep ? [...previous, ...images] : images);
        return images;
    }

    private animationStep(mode: AnimationMode): void {
        const frame = this.active;
        if (mode === AnimationMode.FRAME && frame) {
            this.setActiveFrame(this.frames[(this.activeFrameIndex + 1) % this.frames.length]);
        } else if (mode === AnimationMode.CHANNEL && frame) {
            frame.setChannel((frame.channel + 1) % frame.numChannels);
        } else if (frame) {
            frame.setStokes((frame.stokes + 1) % frame.numStokes);
        }
    }
}
