/** How much usage information the user agreed to send. */
export enum TelemetryMode {
    /** Nothing. */
    None = "none",
    /** Only that the viewer was started. */
    Minimal = "minimal",
    /** Anonymous usage events, such as the size of opened images. */
    Usage = "usage"
}

/** Kinds of usage events. */
export enum TelemetryAction {
    Connection = "connection",
    EndSession = "endSession",
    OptIn = "optIn",
    OptOut = "optOut",
    FileOpen = "fileOpen",
    FileClose = "fileClose",
    PvGeneration = "pvGeneration",
    MomentGeneration = "momentGeneration",
    CatalogLoading = "catalogLoading"
}

/** Collects anonymous usage events, when the user agreed, and sends them in batches. */
export class TelemetryService {
    private static staticInstance?: TelemetryService;

    /** The shared instance. */
    static get Instance(): TelemetryService {
        return (TelemetryService.staticInstance ??= new TelemetryService());
    }

    private mode = TelemetryMode.None;
    private readonly entries: {action: TelemetryAction; details?: object}[] = [];

    /** Records the user's consent. */
    async optIn(mode: TelemetryMode): Promise<void> {
        this.mode = mode;
    }

    /** Withdraws the user's consent and drops the events not sent yet. */
    async optOut(): Promise<void> {
        this.mode = TelemetryMode.None;
        this.entries.length = 0;
    }

    /** Records a usage event, if the user agreed to share usage events. */
    async addTelemetryEntry(action: TelemetryAction, details?: object, id?: string): Promise<void> {
        if (this.mode === TelemetryMode.Usage) {
            this.entries.push({action, details: {...details, id}});
        }
    }
}
