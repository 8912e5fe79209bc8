import {AppStore} from "../AppStore/AppStore";
import type {FrameStore} from "../Frame/FrameStore";
import type {ImageViewConfigStore} from "../ImageViewConfigStore/ImageViewConfigStore";

/** A colour map set: one gradient spread over the layers, or a list of colour maps handed out in order. */
type ColormapSetConfig = {type: "gradient"; colormap: string; inverted: boolean} | {type: "collection"; colormaps: readonly string[]};

/**
 * A colour-blended image: the spatial reference image and images spatially matched to it, drawn over each other,
 * each through its own colour map and with its own opacity.
 *
 * @remarks
 * Created by {@link ImageViewConfigStore.createColorBlending}. The base layer is always the spatial reference
 * ({@link ColorBlendingStore.baseFrame}); the other layers are {@link ColorBlendingStore.selectedFrames}. A layer's
 * colour map is its image's own (`frame.renderConfig.setColorMap`), so it also changes how that image looks alone.
 */
export class ColorBlendingStore {
    /** The colour map sets {@link ColorBlendingStore.applyColormapSet} accepts, by name. */
    static readonly ColormapSets: ReadonlyMap<string, ColormapSetConfig> = new Map<string, ColormapSetConfig>([
        ["RGB", {type: "collection", colormaps: ["Red", "Green", "Blue"]}],
        ["CMY", {type: "collection", colormaps: ["Magenta", "Yellow", "Cyan"]}],
        ["Rainbow", {type: "gradient", colormap: "rainbow", inverted: true}]
    ]);
    /** Most layers, base layer included, a new blended image starts with. */
    static readonly DefaultLayerLimit = 10;

    /** Number of the blended image, unique among the blended images. */
    readonly id: number;
    /** Name shown in the image list, such as `"Color Blending 1"`. */
    readonly filename: string;
    /** Title shown over the blended image in the image view. */
    titleCustomText: string;
    /** The images of the layers other than the base layer. */
    selectedFrames: FrameStore[];
    /** Opacity of every layer, base layer first, from 0 to 1. */
    alpha: number[];
    /** Whether the blended raster image is drawn. */
    rasterVisible = true;
    /** Whether the contours of the layers are drawn. */
    contourVisible = true;
    /** Whether the vector overlays of the layers are drawn. */
    vectorOverlayVisible = true;

    /** @param id - Number of the blended image. */
    constructor(id: number) {
        this.id = id;
        // Shown in the image list and above the image view; ids count from 0, the names from 1.
        const label = `Color Blending ${id + 1}`;
        [this.filename, this.titleCustomText] = [label, label];
        // Every image matched to the reference becomes a layer, as long as the layer limit allows.
        const matched = this.baseFrame?.secondarySpatialImages ?? [];
        this.selectedFrames = matched.filter((_, position) => position < ColorBlendingStore.DefaultLayerLimit - 1);
        this.alpha = [this.baseFrame, ...this.selectedFrames].map(() => 1);
    }

    /** The image of the base layer: the spatial reference. */
    get baseFrame(): FrameStore | null {
        return AppStore.Instance.spatialReference;
    }

    /** The images of all layers, base layer first. */
    get frames(): FrameStore[] {
        return this.baseFrame ? [this.baseFrame, ...this.selectedFrames] : [...this.selectedFrames];
    }

    /** Sets the title shown over the blended image. */
    setTitleCustomText(text: string): void {
        this.titleCustomText = text;
    }

    /** Adds a layer showing `frame`, fully opaque; an image that is not matched to the base layer or is already a layer is refused. */
    addSelectedFrame(frame: FrameStore): void {
        if (this.isValidFrame(frame)) {
            this.selectedFrames.push(frame);
            this.alpha.push(1);
        }
    }

    /**
     * Shows another image in a layer.
     *
     * @param index - Index in {@link ColorBlendingStore.selectedFrames}, so 0 is the first layer above the base layer.
     * @param frame - An image matched to the base layer that is not already a layer.
     */
    setSelectedFrame(index: number, frame: FrameStore): void {
        if (this.isValidFrame(frame) && index >= 0 && index < this.selectedFrames.length) {
            this.selectedFrames[index] = frame;
        }
    }

    /**
     * Sets the opacity of a layer.
     *
     * @param index - Index in {@link ColorBlendingStore.alpha}: 0 is the base layer.
     * @param alpha - Opacity from 0 to 1; other values are refused.
     */
    setAlpha(index: number, alpha: number): void {
        if (index >= 0 && index < this.alpha.length && alpha >= 0 && alpha <= 1) {
            this.alpha[index] = alpha;
        }
    }

    /** Removes a layer; `index` counts in {@link ColorBlendingStore.selectedFrames}, so the base layer cannot be removed. */
    deleteSelectedFrame(index: number): void {
        if (index >= 0 && index < this.selectedFrames.length) {
            this.selectedFrames.splice(index, 1);
            this.alpha.splice(index + 1, 1);
        }
    }

    /** Stops drawing the pixels of the blended image, or starts again; its contours and vector overlays are not affected. */
    toggleRasterVisible(): void {
        this.rasterVisible = !this.rasterVisible;
    }

    /** Hides or shows the contours of all layers. */
    toggleContourVisible(): void {
        this.contourVisible = !this.contourVisible;
    }

    /** Hides or shows the vector overlays of all layers. */
    toggleVectorOverlayVisible(): void {
        this.vectorOverlayVisible = !this.vectorOverlayVisible;
    }

    /**
     * Colours the layers with a colour map set, spread over the layers in order; layers whose image follows another
     * image's raster scaling keep their colour map.
     *
     * @param set - A name in {@link ColorBlendingStore.ColormapSets}: `"RGB"`, `"CMY"` or `"Rainbow"`.
     */
    applyColormapSet(set: string): void {
        const config = ColorBlendingStore.ColormapSets.get(set);
        if (config?.type === "collection") {
            const count = this.frames.length;
            this.frames.forEach((frame, i) => frame.renderConfig.setColorMap(config.colormaps[count > 1 ? Math.round((i * (config.colormaps.length - 1)) / (count - 1)) : 0]));
        }
    }

    private isValidFrame(frame: FrameStore): boolean {
        return !!this.baseFrame?.secondarySpatialImages.includes(frame) && !this.frames.includes(frame);
    }
}
