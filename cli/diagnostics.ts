/** Problems found while building, reported together instead of stopping at the first. */
export type Severity = "error" | "warning";

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
