/** Problems found while building, reported together instead of stopping at the first. */
type Severity = "error" | "warning";

export interface Diagnostic {
  severity: Severity;
  /** Stable machine-readable code, e.g. "broken-link", "front-matter". */
  code: string;
  /** One sentence: what is wrong and what would be valid. */
  message: string;
  /** Path of the file at fault, relative to the site root where possible. */
  file?: string;
  /** 1-based line in `file`. */
  line?: number;
}

/** Collects diagnostics from every stage of one build. */
export class Diagnostics {
  readonly items: Diagnostic[] = [];

  error(code: string, message: string, where: { file?: string; line?: number } = {}): void {
    this.items.push({ severity: "error", code, message, ...where });
  }

  warn(code: string, message: string, where: { file?: string; line?: number } = {}): void {
    this.items.push({ severity: "warning", code, message, ...where });
  }

  /** Keeps one of each repeated diagnostic: a problem met by several versions or stages is reported once. */
  dropRepeats(): void {
    const seen = new Set<string>();
    const kept = this.items.filter((d) => {
      const key = JSON.stringify([d.severity, d.code, d.file, d.line, d.message]);
      return seen.has(key) ? false : (seen.add(key), true);
    });
    this.items.splice(0, this.items.length, ...kept);
  }

  get errors(): Diagnostic[] {
    return this.items.filter((d) => d.severity === "error");
  }

  get warnings(): Diagnostic[] {
    return this.items.filter((d) => d.severity === "warning");
  }
}

/** Thrown by the programmatic API when a build or check has errors. */
export class CartaDocsError extends Error {
  constructor(
    message: string,
    readonly diagnostics: Diagnostic[],
  ) {
    super(message);
    this.name = "CartaDocsError";
  }
}

/** "file:line: " prefix used wherever a diagnostic is printed. */
export function formatLocation(d: Pick<Diagnostic, "file" | "line">): string {
  if (!d.file) return "";
  return d.line ? `${d.file}:${d.line}` : d.file;
}

/**
 * An exception no input should cause: a bug in carta-docs. It names what was being done and to which file,
 * so that the report can say which input set it off; the original stack is kept for `--verbose`.
 */
export class InternalError extends Error {
  constructor(
    readonly cause: unknown,
    readonly task: string,
    readonly file: string | undefined,
  ) {
    const reason = cause instanceof Error ? `${cause.name}: ${cause.message.split("\n")[0]}` : String(cause);
    super(`a bug in carta-docs: ${reason} (while ${task}${file ? ` ${file}` : ""}); please report it with the file that set it off`);
    this.name = "InternalError";
    if (cause instanceof Error && cause.stack) this.stack = cause.stack;
  }
}

/** Runs one step of a stage on one file; an unexpected exception becomes an InternalError naming the file. */
export function whileProcessing<T>(task: string, file: string, work: () => T): T {
  const named = (error: unknown) => (error instanceof CartaDocsError || error instanceof InternalError ? error : new InternalError(error, task, file));
  try {
    const result = work();
    // Async work (an API version's load) fails later: its rejection is named the same way.
    return (result instanceof Promise ? result.catch((error: unknown) => Promise.reject(named(error))) : result) as T;
  } catch (error) {
    throw named(error);
  }
}

/** An unexpected exception as a diagnostic, for reports that must list it (JSON output, watch mode). */
export function internalDiagnostic(error: unknown): Diagnostic {
  const internal = error instanceof InternalError ? error : new InternalError(error, "building the site", undefined);
  return { severity: "error", code: "internal", message: internal.message, ...(internal.file && { file: internal.file }) };
}
