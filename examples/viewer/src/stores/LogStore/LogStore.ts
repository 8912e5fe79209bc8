import {CARTA} from "../../protobuf/carta";

/** One message of the log. */
export class LogEntry {
    /** Tags the log widget can filter by, such as `"file"` or `"network"`. */
    tags: string[] = [];
    /** Severity, a `CARTA.ErrorSeverity` of the backend protocol. */
    level: CARTA.ErrorSeverity = CARTA.ErrorSeverity.INFO;
    /** Short heading. */
    title: string = "";
    /** The text. */
    message: string = "";
}

/** The viewer's message log, shown in the log widget. Snippets can write to it to report progress. */
export class LogStore {
    private static staticInstance?: LogStore;

    /** The viewer's single log. */
    static get Instance(): LogStore {
        return (LogStore.staticInstance ??= new LogStore());
    }

    /** The entries, oldest first. */
    logEntries: LogEntry[] = [];
    /** Tags whose entries the widget hides. */
    hiddenTags: string[] = [];
    /** Entries below this severity are not shown in the widget. */
    logLevel = CARTA.ErrorSeverity.INFO;
    /** Number of entries kept; older ones are dropped. */
    readonly logLimit = 1000;

    /** Adds an entry, dropping the oldest beyond {@link LogStore.logLimit}. */
    addLog(entry: LogEntry): void {
        this.logEntries = [...this.logEntries, entry].slice(-this.logLimit);
    }

    /** Adds a debugging message with optional tags and heading. */
    addDebug(message: string, tags: string[] = [], title: string = ""): void {
        this.addLog({level: CARTA.ErrorSeverity.DEBUG, message, tags, title});
    }

    /** Adds an informational message with optional tags and heading. */
    addInfo(message: string, tags: string[] = [], title: string = ""): void {
        this.addLog({level: CARTA.ErrorSeverity.INFO, message, tags, title});
    }

    /** Adds a warning with optional tags and heading. */
    addWarning(message: string, tags: string[] = [], title: string = ""): void {
        this.addLog({level: CARTA.ErrorSeverity.WARNING, message, tags, title});
    }

    /** Adds an error with optional tags and heading. */
    addError(message: string, tags: string[] = [], title: string = ""): void {
        this.addLog({level: CARTA.ErrorSeverity.ERROR, message, tags, title});
    }

    /** Hides the entries with a tag, or shows them again. */
    toggleTag(tag: string): void {
        this.hiddenTags = this.hiddenTags.includes(tag) ? this.hiddenTags.filter(hidden => hidden !== tag) : [...this.hiddenTags, tag];
    }

    /** Sets the lowest severity the widget shows. */
    setLevel(level: CARTA.ErrorSeverity): void {
        this.logLevel = level;
    }

    /** Removes every entry. */
    clearLog(): void {
        this.logEntries = [];
    }
}
