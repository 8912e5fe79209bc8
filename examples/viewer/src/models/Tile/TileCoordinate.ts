/**
 * Identifies one tile of an image's tile pyramid: its column `x`, row `y` and `layer`.
 *
 * @remarks
 * The backend sends images as 256 × 256 pixel tiles. Layer 0 is a single tile covering the whole image at the
 * coarsest resolution; each further layer halves the pixel size, doubling the tiles along each axis. For the
 * protocol, a tile is encoded as one number: 12 bits each for x and y, and the layer above them.
 */
export class TileCoordinate {
    /** Layer of the tile, from 0 (coarsest) to 12. */
    layer: number;
    /** Column of the tile in its layer. */
    x: number;
    /** Row of the tile in its layer. */
    y: number;

    constructor(x: number, y: number, layer: number) {
        this.x = x;
        this.y = y;
        this.layer = layer;
    }

    /** This tile as one number, as the backend protocol sends tiles. */
    encode(): number {
        return TileCoordinate.Encode(this.x, this.y, this.layer);
    }

    /** Encodes a tile's coordinates as one number; -1 for coordinates outside the layer or a layer above 12. */
    static Encode(x: number, y: number, layer: number): number {
        // Layer n is 2^n tiles wide and high; 4096 tiles (12 bits) per side is the most the encoding holds.
        const tilesPerSide = 2 ** layer;
        const fits = (value: number) => value >= 0 && value < tilesPerSide;
        if (layer < 0 || layer > 12 || !fits(x) || !fits(y)) {
            return -1;
        }
        return layer * 4096 * 4096 + y * 4096 + x;
    }

    /** Decodes a tile encoded by {@link TileCoordinate.Encode}. */
    static Decode(encodedCoordinate: number): TileCoordinate {
        return new TileCoordinate(encodedCoordinate & 4095, (encodedCoordinate >> 12) & 4095, (encodedCoordinate >> 24) & 127);
    }
}
