import type {Point2D} from "../../models";

// Halvings from full resolution down to a single tile covering the image, which is also the full-resolution layer.
function layerCount(imageSize: Point2D, tileSize: Point2D): number {
    const tilesAcross = Math.max(Math.ceil(imageSize.x / tileSize.x), Math.ceil(imageSize.y / tileSize.y));
    return Math.ceil(Math.log2(tilesAcross));
}

/**
 * Finds the pyramid layer whose tiles have a given down-sampling factor (mip).
 *
 * @param mip - Image pixels per tile pixel along each axis, a power of two; 1 is full resolution.
 * @param imageSize - Image width and height, in pixels.
 * @param tileSize - Tile width and height, in pixels; the backend uses 256 × 256.
 * @returns The layer of the tile pyramid: the coarsest layer is 0, full resolution is the highest.
 * @example
 * ```ts
 * MipToLayer(1, {x: 2048, y: 1024}, {x: 256, y: 256}); // 3: eight tiles across at full resolution
 * MipToLayer(8, {x: 2048, y: 1024}, {x: 256, y: 256}); // 0: one tile for the whole image
 * ```
 */
export function MipToLayer(mip: number, imageSize: Point2D, tileSize: Point2D): number {
    return layerCount(imageSize, tileSize) - Math.ceil(Math.log2(mip));
}

/**
 * Finds the down-sampling factor (mip) of a pyramid layer; the inverse of {@link MipToLayer}.
 *
 * @param layer - The layer of the tile pyramid.
 * @param imageSize - Image width and height, in pixels.
 * @param tileSize - Tile width and height, in pixels.
 * @returns Image pixels per tile pixel along each axis.
 */
export function LayerToMip(layer: number, imageSize: Point2D, tileSize: Point2D): number {
    return 2 ** (layerCount(imageSize, tileSize) - layer);
}
