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

/**
 * Builds the key a tile is cached under: tiles of different images, channels or Stokes planes never share a key.
 *
 * @param fileId - Image the tile belongs to.
 * @param tile - The tile.
 * @param channel - Channel the tile was rendered from.
 * @param stokes - Stokes plane the tile was rendered from.
 */
export function tileKey(fileId: number, tile: TileCoordinate, channel: number, stokes: number): string {
    return `${fileId}:${channel}:${stokes}:${tile.encoded}`;
}

/**
 * Chooses how many image pixels each tile pixel should cover at a given zoom level.
 *
 * @remarks
 * The result is the largest power of two that does not exceed `1 / zoom`, so zoomed-out views request
 * down-sampled tiles and never more detail than the screen can show.
 * @param zoom - Screen pixels per image pixel.
 * @param maxMip - Upper limit, set by the size of the image.
 * @returns The mip level: 1 at zoom 1 and above, 2 at zoom 0.3, 4 at zoom 0.25.
 * @throws RangeError when `zoom` is not positive.
 */
export function mipLevelForZoom(zoom: number, maxMip: number = 1024): number {
    if (!(zoom > 0)) {
        throw new RangeError(`zoom must be positive, got ${zoom}`);
    }
    return Math.min(maxMip, 2 ** Math.max(0, Math.floor(Math.log2(1 / zoom))));
}
