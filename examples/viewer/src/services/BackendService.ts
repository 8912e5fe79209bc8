import type {SpectralLine, Workspace, WorkspaceContourConfig, WorkspaceListItem} from "../models";
import type {CARTA} from "../protobuf/carta";
import type {AppStore, FrameInfo} from "../stores";

/** State of the connection to the CARTA backend. */
export enum ConnectionStatus {
    /** Never connected, or closed on purpose. */
    CLOSED = 0,
    /** Opening the connection. */
    PENDING = 1,
    /** Connected; requests can be sent. */
    ACTIVE = 2,
    /** The connection was lost; the viewer tries to resume the session. */
    DROPPED = 3
}

/**
 * Receives messages of one type pushed by the backend, such as tiles or profile updates.
 *
 * @typeParam T - Shape of the message payload.
 */
export interface MessageHandler<T = unknown> {
    /**
     * Called once per message.
     *
     * @param message - The decoded payload.
     * @param requestId - Id of the request the message answers, or 0 for unsolicited stream messages.
     */
    (message: T, requestId: number): void;
}

/** Receives the progress of a long-running backend task, as a fraction from 0 to 1. */
export type ProgressCallback = (progress: number) => void;

/** A message as it travels over the socket. */
interface Envelope {
    type: string;
    requestId: number;
    payload?: unknown;
    progress?: number;
    error?: string;
}

/**
 * The single connection between the viewer and the CARTA backend, which reads files and computes everything
 * derived from them.
 *
 * @remarks
 * Each request gets an id; the reply with the same id settles the promise the request returned. Streamed data
 * (tiles, profiles) arrives without a request and goes to the handlers registered with
 * {@link BackendService.subscribe}. Scripts should prefer the {@link AppStore} methods, which call this service and
 * also update the viewer's state.
 */
export class BackendService {
    private static staticInstance?: BackendService;

    /** How long a request waits for its reply before it fails, in milliseconds. */
    static readonly REQUEST_TIMEOUT = 30_000;

    /** The shared instance. */
    static get Instance(): BackendService {
        return (BackendService.staticInstance ??= new BackendService());
    }

    private socket?: WebSocket;
    private status = ConnectionStatus.CLOSED;
    private requestCounter = 0;
    private readonly pending = new Map<number, {settle: (envelope: Envelope) => void; onProgress?: ProgressCallback}>();
    private readonly handlers = new Map<string, Set<MessageHandler>>();

    private constructor() {}

    /** Current state of the connection. */
    get connectionStatus(): ConnectionStatus {
        return this.status;
    }

    /**
     * Opens the connection to the backend.
     *
     * @param url - WebSocket address of the backend, such as `"wss://carta.example.org/socket"`.
     * @returns A promise that settles once the connection is open, or rejects if it cannot be opened.
     */
    connect(url: string): Promise<void> {
        this.status = ConnectionStatus.PENDING;
        const socket = (this.socket = new WebSocket(url));
        socket.onmessage = event => this.handleMessage(String(event.data));
        socket.onclose = () => (this.status = this.status === ConnectionStatus.ACTIVE ? ConnectionStatus.DROPPED : ConnectionStatus.CLOSED);
        return new Promise((resolve, reject) => {
            socket.onopen = () => {
                this.status = ConnectionStatus.ACTIVE;
                resolve();
            };
            socket.onerror = () => reject(new Error(`Could not connect to ${url}`));
        });
    }

    /**
     * Asks the backend to open an image.
     *
     * @param directory - Folder of the file, relative to the backend's top-level folder.
     * @param file - File name.
     * @param hdu - HDU to open; an empty string opens the first image HDU.
     * @param fileId - Id to give the image; it must not be in use.
     */
    loadFile(directory: string, file: string, hdu: string, fileId: number): Promise<FrameInfo> {
        return this.request("OPEN_FILE", {directory, file, hdu, fileId});
    }

    /** Tells the backend an image is closed, so it can free the memory it holds for it. */
    closeFile(fileId: number): void {
        this.send({type: "CLOSE_FILE", requestId: 0, payload: {fileId}});
    }

    /** Asks the backend to stream raster tiles, packed as by `TileCoordinate.encoded`, as `"RASTER_TILE"` messages. */
    addRequiredTiles(fileId: number, tiles: number[], channel: number, stokes: number, compressionQuality: number): void {
        this.send({type: "ADD_REQUIRED_TILES", requestId: 0, payload: {fileId, tiles, channel, stokes, compressionQuality}});
    }

    /** Asks the backend to compute an image's contours with new settings; the contours then stream in. */
    setContourParameters(fileId: number, config: WorkspaceContourConfig): void {
        this.send({type: "SET_CONTOUR_PARAMETERS", requestId: 0, payload: {fileId, ...config}});
    }

    /**
     * Asks the backend to compute moment images of a cube.
     *
     * @param message - A `CARTA.IMomentRequest` of the backend protocol.
     * @returns What the backend knows about each generated image, in the order of `message.moments`.
     */
    requestMoment(message: CARTA.IMomentRequest, onProgress?: ProgressCallback): Promise<FrameInfo[]> {
        return this.request("MOMENT", message, onProgress);
    }

    /**
     * Asks the backend to compute a position–velocity image along a line region of a cube.
     *
     * @param message - A `CARTA.IPvRequest` of the backend protocol.
     */
    requestPV(message: CARTA.IPvRequest, onProgress?: ProgressCallback): Promise<FrameInfo> {
        return this.request("PV", message, onProgress);
    }

    /**
     * Asks the backend to fit Gaussians to an image, starting from the initial values in the message.
     *
     * @param message - A `CARTA.IFittingRequest` of the backend protocol.
     * @returns The fitted parameters and their errors, a `CARTA.IFittingResponse`.
     */
    requestFitting(message: CARTA.IFittingRequest): Promise<CARTA.IFittingResponse> {
        return this.request("FITTING", message);
    }

    /** Searches the backend's spectral line catalogue between two frequencies, in MHz. */
    requestSpectralLines(minFrequencyMHz: number, maxFrequencyMHz: number, intensityLimit?: number): Promise<SpectralLine[]> {
        return this.request("SPECTRAL_LINE", {minFrequencyMHz, maxFrequencyMHz, intensityLimit});
    }

    /** Lists the workspaces the user has saved on the server, newest first. */
    listWorkspaces(): Promise<WorkspaceListItem[]> {
        return this.request("LIST_WORKSPACES", {});
    }

    /** Fetches a saved workspace by its id. */
    getWorkspace(id: string): Promise<Workspace> {
        return this.request("GET_WORKSPACE", {id});
    }

    /** Saves a workspace on the server, replacing one of the same name, and returns its list entry. */
    saveWorkspace(workspace: Workspace): Promise<WorkspaceListItem> {
        return this.request("SAVE_WORKSPACE", workspace);
    }

    /**
     * Registers a handler for one type of streamed message.
     *
     * @param messageType - The message type, such as `"RASTER_TILE"`.
     * @param handler - Called for every message of that type.
     * @returns A function that removes the handler again.
     */
    subscribe<T>(messageType: string, handler: MessageHandler<T>): () => void {
        // Handlers are stored untyped; the message type string is what ties a payload to its handler's type.
        const untyped = handler as MessageHandler;
        const handlers = this.handlers.get(messageType) ?? new Set();
        this.handlers.set(messageType, handlers.add(untyped));
        return () => handlers.delete(untyped);
    }

    /**
     * Routes one raw socket message to the request waiting for it or to the stream handlers.
     *
     * @internal
     */
    handleMessage(data: string): void {
        const envelope = JSON.parse(data) as Envelope;
        const pending = this.pending.get(envelope.requestId);
        if (!pending) {
            this.handlers.get(envelope.type)?.forEach(handler => handler(envelope.payload, envelope.requestId));
        } else if (envelope.progress !== undefined && envelope.progress < 1) {
            pending.onProgress?.(envelope.progress);
        } else {
            pending.settle(envelope);
        }
    }

    private request<T>(type: string, payload: object, onProgress?: ProgressCallback): Promise<T> {
        const requestId = ++this.requestCounter;
        return new Promise<T>((resolve, reject) => {
            const settle = (reply: Envelope) => {
                this.pending.delete(requestId);
                return reply.error ? reject(new Error(reply.error)) : resolve(reply.payload as T);
            };
            this.pending.set(requestId, {settle, onProgress});
            setTimeout(() => settle({type, requestId, error: `${type} request timed out`}), BackendService.REQUEST_TIMEOUT);
            this.send({type, requestId, payload});
        });
    }

    private send(envelope: Envelope): void {
        if (this.status !== ConnectionStatus.ACTIVE || !this.socket) {
            throw new Error(`Cannot send ${envelope.type}: the backend is not connected`);
        }
        this.socket.send(JSON.stringify(envelope));
    }
}
