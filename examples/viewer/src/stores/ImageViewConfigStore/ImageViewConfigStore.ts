import type {FrameStore} from "../Frame/FrameStore";
import {ColorBlendingStore} from "./ColorBlendingStore";

/**
 * Settings of the image view that are not tied to one image, including the blended images.
 *
 * @example
 * Blend the first three open images in red, green and blue:
 * ```ts
 * const blend = app.imageViewConfigStore.createColorBlending();
 * blend.setColorMap(0, "Red");
 * blend.setColorMap(1, "Green");
 * blend.setColorMap(2, "Blues");
 * ```
 */
export class ImageViewConfigStore {
    /** Number of open images a new blended image starts with, base layer included. */
    static readonly INITIAL_BLEND_LAYERS = 3;

    /** The blended images, in the order they were created. */
    colorBlendingImages: ColorBlendingStore[] = [];

    private blendCounter = 0;

    /** @param getFrames - Returns the open images, in layer order. */
    constructor(private readonly getFrames: () => readonly FrameStore[]) {}

    /**
     * Creates a blended image from the first {@link ImageViewConfigStore.INITIAL_BLEND_LAYERS} open images.
     *
     * @throws Error when no image is open.
     */
    createColorBlending(): ColorBlendingStore {
        const [base, ...others] = this.getFrames().slice(0, ImageViewConfigStore.INITIAL_BLEND_LAYERS);
        if (!base) {
            throw new Error("Open an image before creating a blended image");
        }
        const store = new ColorBlendingStore(++this.blendCounter, base);
        others.forEach(frame => store.addSelectedLayer(frame));
        this.colorBlendingImages.push(store);
        return store;
    }

    /** Deletes a blended image; the images it was made from stay open. */
    removeColorBlending(store: ColorBlendingStore): void {
        this.colorBlendingImages = this.colorBlendingImages.filter(candidate => candidate !== store);
    }
}
