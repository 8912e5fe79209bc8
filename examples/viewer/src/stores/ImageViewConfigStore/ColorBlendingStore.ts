import type {ColorMapName} from "../../models";
import {clamp} from "../../utilities";
import type {FrameStore} from "../Frame/FrameStore";

/**
 * A blended image: several images of the same sky area drawn over each other, each with its own colour map and
 * opacity, like an RGB composite.
 *
 * @remarks
 * Layer 0 is the base layer and cannot be removed. A layer's colour map is the colour map of its image, so changing
 * it here also changes how that image looks on its own.
 */
export class ColorBlendingStore {
    /** Opacity of newly added layers. */
    static readonly DEFAULT_ALPHA = 0.5;

    /** The images being blended; the first is the base layer. */
    readonly layers: FrameStore[];
    /** Opacity of each layer, from 0 (invisible) to 1, matching {@link ColorBlendingStore.layers}. */
    readonly alpha = [1];

    /**
     * Creates a blended image.
     *
     * @param id - Number of the blended image, shown in its name.
     * @param baseFrame - The base layer.
     */
    constructor(
        readonly id: number,
        baseFrame: FrameStore
    ) {
        this.layers = [baseFrame];
    }

    /** Name shown in the image list, such as `"Color Blending 1"`. */
    get filename(): string {
        return `Color Blending ${this.id}`;
    }

    /** Adds an image as the new top layer; returns `false` if it is already in the blend. */
    addSelectedLayer(frame: FrameStore): boolean {
        const added = !this.layers.includes(frame);
        if (added) {
            this.layers.push(frame);
            this.alpha.push(ColorBlendingStore.DEFAULT_ALPHA);
        }
        return added;
    }

    /**
     * Sets the opacity of a layer.
     *
     * @param index - Layer index, 0 for the base layer.
     * @param alpha - Opacity, limited to the range 0 to 1.
     */
    setAlpha(index: number, alpha: number): void {
        if (index >= 0 && index < this.alpha.length) {
            this.alpha[index] = clamp(alpha, 0, 1);
        }
    }

    /**
     * Sets the colour map of a layer's image.
     *
     * @param index - Layer index, 0 for the base layer.
     * @param name - The colour map; single-colour maps such as `"Red"` and `"Green"` give the classic RGB look.
     * @returns Whether the layer exists and the name is valid.
     */
    setColorMap(index: number, name: ColorMapName): boolean {
        return this.layers[index]?.renderConfig.setColorMap(name) ?? false;
    }

    /** Removes a layer other than the base layer, by its index (from 1). */
    deleteSelectedLayer(index: number): void {
        if (index >= 1 && index < this.layers.length) {
            this.layers.splice(index, 1);
            this.alpha.splice(index, 1);
        }
    }
}
