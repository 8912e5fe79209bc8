import type {CARTA} from "../protobuf/carta";
import type {RegionStore} from "../stores";

/** State of the connection to the CARTA backend. */
export enum ConnectionStatus {
    /** Never connected, or closed. */
    CLOSED = 0,
    /** Opening the connection. */
    PENDING = 1,
    /** Connected. */
    ACTIVE = 2
}

/**
 * The single connection between the viewer and the CARTA backend, which reads files and computes everything
 * derived from them.
 *
 * @remarks
 * Each request resolves with the backend's answer to it. Snippets should prefer the `AppStore` methods, which call
 * this service and also update the viewer's state.
 */
export class BackendService {
    private static staticInstance?: BackendService;

    /** The shared instance. */
    static get Instance(): BackendService {
        return (BackendService.staticInstance ??= new BackendService());
    }

    /** Current state of the connection. */
    connectionStatus = ConnectionStatus.CLOSED;

    private socket?: WebSocket;

    /**
     * Opens the connection to the backend.
     *
     * @param url - WebSocket address of the backend, such as `"wss://carta.example.org/socket"`.
     * @returns The backend's answer, with the session id.
     */
    async connect(url: string): Promise<CARTA.IRegisterViewerAck> {
        this.connectionStatus = ConnectionStatus.PENDING;
        this.socket = new WebSocket(url);
        return this.request("REGISTER_VIEWER", {});
    }

    /**
     * Asks the backend to open an image.
     *
     * @param directory - Folder of the file, relative to the backend's top-level folder.
     * @param file - File name, or an image arithmetic expression.
     * @param hdu - HDU to open; an empty string opens the first image HDU.
     * @param fileId - Id to give the image; it must not be in use.
     * @param imageArithmetic - Whether `file` is an image arithmetic (CASA lattice) expression.
     */
    async loadFile(directory: string, file: string, hdu: string, fileId: number, imageArithmetic: boolean): Promise<CARTA.IOpenFileAck> {
        return this.request("OPEN_FILE", {directory, file, hdu, fileId, lelExpr: imageArithmetic});
    }

    /** Tells the backend an image is closed, so it can free the memory it holds for it; -1 closes all. */
    closeFile(fileId: number): boolean {
        return this.send("CLOSE_FILE", {fileId});
    }

    /** Asks the backend to read a region file for an image. */
    async importRegion(directory: string, file: string, type: CARTA.FileType, fileId: number): Promise<CARTA.IImportRegionAck> {
        return this.request("IMPORT_REGION", {directory, file, type, groupId: fileId});
    }

    /**
     * Creates a region on the backend, or updates one.
     *
     * @param regionId - The region's id, or -1 for a new region; the answer carries the id the backend chose.
     */
    async setRegion(fileId: number, regionId: number, region: RegionStore, isRequestingPreview?: boolean): Promise<CARTA.ISetRegionAck> {
        const {regionType, controlPoints, rotation} = region;
        return this.request("SET_REGION", {fileId, regionId, regionInfo: {regionType, controlPoints, rotation}, previewRegion: isRequestingPreview});
    }

    /** Asks for the given tiles of an image at a compression quality. */
    addRequiredTiles(fileId: number, tiles: Array<number>, quality: number): boolean {
        return this.send("ADD_REQUIRED_TILES", {fileId, tiles, compressionQuality: quality});
    }

    /** Asks the backend to compute contours. */
    setContourParameters(message: CARTA.ISetContourParameters): boolean {
        return this.send("SET_CONTOUR_PARAMETERS", message);
    }

    /** Asks the backend to compute moment images of a cube; resolves once they are open. */
    async requestMoment(message: CARTA.IMomentRequest): Promise<CARTA.IMomentResponse> {
        return this.request("MOMENT_REQUEST", message);
    }

    /** Asks the backend to cut a PV image from a cube; resolves once it is open. */
    async requestPV(message: CARTA.IPvRequest): Promise<CARTA.IPvResponse> {
        return this.request("PV_REQUEST", message);
    }

    /** Asks the backend to fit Gaussians to an image. */
    async requestFitting(message: CARTA.IFittingRequest): Promise<CARTA.IFittingResponse> {
        return this.request("FITTING_REQUEST", message);
    }

    private send(type: string, payload: object): boolean {
        const open = this.socket?.readyState === WebSocket.OPEN;
        if (open) {
            this.socket!.send(JSON.stringify({type, payload}));
        }
        return open;
    }

    private request<T>(type: string, payload: object): Promise<T> {
        return new Promise((resolve, reject) => {
            if (!this.send(type, payload)) {
                reject(new Error(`Not connected: cannot send ${type}`));
                return;
            }
            this.socket!.addEventListener("message", event => resolve(JSON.parse(String(event.data)) as T), {once: true});
        });
    }
}
