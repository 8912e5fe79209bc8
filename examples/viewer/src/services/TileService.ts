import {TileCoordinate} from "../utilities";
import {BackendService} from "./BackendService";

// Tiles of different images, channels or Stokes planes must never share a cache key.
function tileKey(fileId: number, tile: TileCoordinate, channel: number, stokes: number): string {
    return `${fileId}:${channel}:${stokes}:${tile.encoded}`;
}

/**
 * Requests the raster tiles of the visible part of each image and keeps the most recently used ones.
 *
 * @remarks
 * Cached tiles are not requested again; once the cache holds {@link TileService.MAX_CACHED_TILES} tiles, the least
 * recently used one is dropped.
 */
export class TileService {
    private static staticInstance?: TileService;

    /** Number of tiles kept in memory across all images. */
    static readonly MAX_CACHED_TILES = 512;

    /** The shared instance. */
    static get Instance(): TileService {
        return (TileService.staticInstance ??= new TileService());
    }

    // A Map iterates in insertion order, so re-inserting a tile on use keeps the least recently used one first.
    private readonly cache = new Map<string, Float32Array>();

    private constructor() {
        BackendService.Instance.subscribe<{fileId: number; channel: number; stokes: number; tile: number; data: number[]}>("RASTER_TILE", message => {
            this.cache.set(tileKey(message.fileId, TileCoordinate.Decode(message.tile), message.channel, message.stokes), Float32Array.from(message.data));
            const oldest = this.cache.keys().next();
            if (this.cache.size > TileService.MAX_CACHED_TILES && !oldest.done) {
                this.cache.delete(oldest.value);
            }
        });
    }

    /**
     * Requests the tiles of an image view that are not cached yet.
     *
     * @param compressionQuality - ZFP precision the backend compresses with; lower is smaller and coarser.
     * @returns The tiles that had to be requested.
     */
    requestTiles(fileId: number, tiles: readonly TileCoordinate[], channel: number, stokes: number, compressionQuality: number = 12): TileCoordinate[] {
        const missing = tiles.filter(tile => !this.cache.has(tileKey(fileId, tile, channel, stokes)));
        if (missing.length) {
            BackendService.Instance.addRequiredTiles(fileId, missing.map(tile => tile.encoded), channel, stokes, compressionQuality);
        }
        return missing;
    }

    /** Returns a cached tile's pixel values and marks it as recently used; `undefined` if it is not cached. */
    getTile(fileId: number, tile: TileCoordinate, channel: number, stokes: number): Float32Array | undefined {
        const key = tileKey(fileId, tile, channel, stokes);
        const data = this.cache.get(key);
        if (data) {
            this.cache.delete(key);
            this.cache.set(key, data);
        }
        return data;
    }

    /** Drops the cached tiles of one image, for example when it is closed, or of all images when no id is given. */
    clearCache(fileId?: number): void {
        [...this.cache.keys()].filter(key => fileId === undefined || key.startsWith(`${fileId}:`)).forEach(key => this.cache.delete(key));
    }
}
