/** How much usage information the user agreed to share. The values are stored in the preferences. */
export enum TelemetryMode {
    /** Send nothing. */
    None = "none",
    /** Send only start-up events: viewer version, browser and screen size. */
    Minimal = "minimal",
    /** Also send which features are used, never file names or image data. */
    Usage = "usage"
}

/** Collects anonymous usage events and sends them in batches, within the limits of the user's {@link TelemetryMode | consent}. */
export class TelemetryService {
    private static staticInstance?: TelemetryService;

    /** Address the batches are posted to. */
    static readonly SERVER_URL = "https://telemetry.example.org/carta/events";
    /** Events are sent once this many have been collected. */
    static readonly BATCH_SIZE = 50;

    /** The shared instance. */
    static get Instance(): TelemetryService {
        return (TelemetryService.staticInstance ??= new TelemetryService());
    }

    /** The current consent level; change it with {@link TelemetryService.setMode}. */
    mode = TelemetryMode.None;

    private queue: {type: string; timestamp: number; details: Record<string, unknown>}[] = [];

    private constructor() {}

    /** Changes the consent level; {@link TelemetryMode.None} also discards queued events. */
    setMode(mode: TelemetryMode): void {
        this.mode = mode;
        this.queue = mode === TelemetryMode.None ? [] : this.queue;
    }

    /**
     * Records an event if the consent level allows it, sending the queue once it is full.
     *
     * @param type - Event name, such as `"FileOpen"`.
     * @param details - Extra values; never include paths or image content.
     * @param startupEvent - Whether the event belongs to start-up, which {@link TelemetryMode.Minimal} allows.
     */
    addEvent(type: string, details: Record<string, unknown> = {}, startupEvent: boolean = false): void {
        if (this.mode === TelemetryMode.Usage || (this.mode === TelemetryMode.Minimal && startupEvent)) {
            this.queue.push({type, timestamp: Date.now(), details});
        }
        if (this.queue.length >= TelemetryService.BATCH_SIZE) {
            void this.flush();
        }
    }

    /** Sends the queued events now; they are queued again if sending fails. */
    async flush(): Promise<void> {
        const batch = this.queue;
        if (batch.length === 0) {
            return;
        }
        this.queue = [];
        const response = await fetch(TelemetryService.SERVER_URL, {method: "POST", body: JSON.stringify(batch)}).catch(() => undefined);
        if (!response?.ok) {
            this.queue = batch.concat(this.queue);
        }
    }
}
