import {ColorBlendingStore} from "../ColorBlendingStore/ColorBlendingStore";
import type {FrameStore} from "../Frame/FrameStore";

/**
 * The list of images of the image view, in the order of the image list: open images and colour-blended images.
 *
 * @remarks
 * Reached as `app.imageViewConfigStore`. `app.frames` is the list of open images taken from here.
 */
export class ImageViewConfigStore {
    private static staticInstance?: ImageViewConfigStore;

    /** The viewer's single image view configuration. */
    static get Instance(): ImageViewConfigStore {
        return (ImageViewConfigStore.staticInstance ??= new ImageViewConfigStore());
    }

    private imageList: (FrameStore | ColorBlendingStore)[] = [];

    /** Number of entries in the image list, open images and blended images together. */
    get imageNum(): number {
        return this.imageList.length;
    }

    /** The open images, in image list order. */
    get frames(): FrameStore[] {
        return this.imageList.filter((image): image is FrameStore => !(image instanceof ColorBlendingStore));
    }

    /** The colour-blended images, in image list order. */
    get colorBlendingImages(): ColorBlendingStore[] {
        return this.imageList.filter((image): image is ColorBlendingStore => image instanceof ColorBlendingStore);
    }

    /** The colour-blended images by their {@link ColorBlendingStore.id}. */
    get colorBlendingImageMap(): Map<number, ColorBlendingStore> {
        return new Map(this.colorBlendingImages.map(image => [image.id, image]));
    }

    /** Adds an open image at the end of the image list. */
    addFrame(frame: FrameStore): void {
        this.imageList.push(frame);
    }

    /** Takes the open image with the given `frameInfo.fileId` out of the image list. */
    removeFrame(fileId: number): void {
        this.imageList = this.imageList.filter(image => image instanceof ColorBlendingStore || image.frameInfo.fileId !== fileId);
    }

    /**
     * Creates a colour-blended image of the spatial reference and up to nine images matched to it, adds it to the
     * image list and makes it the active image.
     *
     * @returns The new blended image, or `null` when no image is open.
     */
    createColorBlending(): ColorBlendingStore | null {
        if (!this.frames.length) {
            return null;
        }
        const ids = [...this.colorBlendingImageMap.keys()];
        const image = new ColorBlendingStore(ids.length ? Math.max(...ids) + 1 : 0);
        this.imageList.push(image);
        return image;
    }

    /** Deletes a colour-blended image; the images it was made of stay open. */
    removeColorBlending(image: ColorBlendingStore): void {
        this.imageList = this.imageList.filter(candidate => candidate !== image);
    }

    /** Empties the image list. */
    removeAllImages(): void {
        this.imageList = [];
    }
}
