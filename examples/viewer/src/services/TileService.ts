import {TileCoordinate, type Point2D} from "../models";
import {BackendService} from "./BackendService";

/** Requests the raster tiles of the visible part of each image and keeps them until the image closes. */
export class TileService {
    private static staticInstance?: TileService;

    /** The shared instance. */
    static get Instance(): TileService {
        return (TileService.staticInstance ??= new TileService());
    }

    /** Number of requested tiles that have not arrived yet. */
    remainingTiles = 0;

    private readonly requested = new Map<number, Set<number>>();

    /**
     * Requests the tiles of an image view that have not been requested yet, nearest to `focusPoint` first.
     *
     * @param compressionQuality - ZFP precision the backend compresses with; lower is smaller and coarser.
     */
    requestTiles(tiles: TileCoordinate[], fileId: number, channel: number, stokes: number, focusPoint: Point2D, compressionQuality: number, channelsChanged: boolean = false): void {
        const known = this.requested.get(fileId) ?? new Set<number>();
        const missing = tiles.map(tile => tile.encode()).filter(code => channelsChanged || !known.has(code));
        missing.forEach(code => known.add(code));
        this.requested.set(fileId, known);
        this.remainingTiles += missing.length;
        BackendService.Instance.addRequiredTiles(fileId, missing, compressionQuality);
    }

    /** Forgets the tiles of a closed image. */
    handleFileClosed(fileId: number): void {
        this.requested.delete(fileId);
    }
}
