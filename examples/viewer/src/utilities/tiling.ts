import type {Point2D} from "../models";

/**
 * Identifies one tile of an image's tile pyramid.
 *
 * @remarks
 * The backend sends images as 256 × 256 pixel tiles. Layer 0 is a single tile covering the whole image at the
 * coarsest resolution; each further layer halves the pixel size, doubling the tiles along each axis.
 */
export class TileCoordinate implements Point2D {
    /** Highest layer that can be encoded: enough for images of about a million pixels on a side. */
    static readonly MAX_LAYER = 12;

    /**
     * Creates a tile coordinate.
     *
     * @param x - Column of the tile within its layer, counted from the left.
     * @param y - Row of the tile within its layer, counted from the bottom.
     * @param layer - Layer of the pyramid, from 0 (coarsest) to {@link TileCoordinate.MAX_LAYER}.
     */
    constructor(
        readonly x: number,
        readonly y: number,
        readonly layer: number
    ) {}

    /** The coordinate packed into one integer, the form used in tile requests and cache keys. */
    get encoded(): number {
        return this.layer * 2 ** 24 + this.y * 2 ** 12 + this.x;
    }

    /**
     * Unpacks a coordinate produced by {@link TileCoordinate.encoded}.
     *
     * @param encoded - The packed coordinate.
     */
    static Decode(encoded: number): TileCoordinate {
        return new TileCoordinate(encoded % 2 ** 12, Math.floor(encoded / 2 ** 12) % 2 ** 12, Math.floor(encoded / 2 ** 24));
    }
}

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
 * @returns The {@link TileCoordinate.layer}: the coarsest layer is 0, full resolution is the highest.
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
 * @param layer - The {@link TileCoordinate.layer}.
 * @param imageSize - Image width and height, in pixels.
 * @param tileSize - Tile width and height, in pixels.
 * @returns Image pixels per tile pixel along each axis.
 */
export function LayerToMip(layer: number, imageSize: Point2D, tileSize: Point2D): number {
    return 2 ** (layerCount(imageSize, tileSize) - layer);
}
