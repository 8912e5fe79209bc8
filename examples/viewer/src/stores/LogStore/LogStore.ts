/** Severity of a log entry. */
export enum LogLevel {
    DEBUG = 0,
    INFO = 1,
    WARNING = 2,
    ERROR = 3
}

/** One message in the log widget. */
export interface LogEntry {
    /** Severity. */
    level: LogLevel;
    /** The message text. */
    message: string;
    /** Tags the log widget can filter by, such as `"file"` or `"region"`. */
    tags: string[];
    /** Short heading shown before the message; empty for none. */
    title: string;
    /** Time the entry was added, in milliseconds since the Unix epoch. */
    timestamp: number;
}

/**
 * The viewer's message log, shown in the log widget. Scripts can write to it to report progress.
 *
 * @example
 * ```ts
 * app.logStore.addInfo(`Opened ${app.frames.length} images`, ["script"]);
 * ```
 */
export class LogStore {
    /** Number of entries kept; older ones are dropped. */
    static readonly LOG_LIMIT = 1000;

    /** The entries, oldest first. */
    entries: LogEntry[] = [];
    /** Entries below this level are not shown in the widget. */
    level = LogLevel.INFO;

    /**
     * Adds an informational message.
     *
     * @param message - The text.
     * @param tags - Tags to filter by.
     * @param title - Short heading.
     */
    addInfo(message: string, tags: string[] = [], title: string = ""): void {
        this.add(LogLevel.INFO, message, tags, title);
    }

    /** Adds a warning; the parameters are those of {@link LogStore.addInfo}. */
    addWarning(message: string, tags: string[] = [], title: string = ""): void {
        this.add(LogLevel.WARNING, message, tags, title);
    }

    /** Adds an error; the parameters are those of {@link LogStore.addInfo}. */
    addError(message: string, tags: string[] = [], title: string = ""): void {
        this.add(LogLevel.ERROR, message, tags, title);
    }

    /** Removes all entries. */
    clearLog(): void {
        this.entries = [];
    }

    private add(level: LogLevel, message: string, tags: string[], title: string): void {
        this.entries.push({level, message, tags, title, timestamp: Date.now()});
        this.entries.splice(0, Math.max(0, this.entries.length - LogStore.LOG_LIMIT));
    }
}
