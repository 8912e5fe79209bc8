/** Printing diagnostics for people (grouped by file, coloured on a terminal) or for CI (JSON). */
import { formatLocation, type Diagnostic } from "../util/diagnostics.ts";
import type { SnippetSummary } from "../snippets/index.ts";

export interface Style {
  red(text: string): string;
  yellow(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

export function styleFor(stream: NodeJS.WriteStream): Style {
  const on = Boolean(stream.isTTY) && !process.env.NO_COLOR && process.env.TERM !== "dumb";
  const wrap = (open: number, close: number) => (text: string) => (on ? `\u001b[${open}m${text}\u001b[${close}m` : text);
  return { red: wrap(31, 39), yellow: wrap(33, 39), dim: wrap(2, 22), bold: wrap(1, 22) };
}

export function formatDiagnostics(diagnostics: Diagnostic[], style: Style): string {
  const groups = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) {
    const key = d.file ?? "(site)";
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  const lines: string[] = [];
  for (const [file, items] of groups) {
    lines.push(style.bold(file));
    for (const d of items.sort((a, b) => (a.line ?? 0) - (b.line ?? 0))) {
      const label = d.severity === "error" ? style.red("error") : style.yellow("warning");
      const where = d.line ? style.dim(`${formatLocation(d)} `) : "";
      lines.push(`  ${label} ${where}${d.message} ${style.dim(`[${d.code}]`)}`);
    }
  }
  return lines.join("\n");
}

export function summaryLine(errors: number, warnings: number, extra: string): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return `${plural(errors, "error")}, ${plural(warnings, "warning")}${extra ? `; ${extra}` : ""}`;
}

export function formatTimings(timings: Record<string, number>): string {
  return Object.entries(timings)
    .map(([stage, ms]) => `${stage} ${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`)
    .join(", ");
}

/** "snippets type-checked: next 31 (2 from cache), 5.0.0 28 from source; 4.1.0 12 from a snapshot; 4.0.0 skipped; 2 nocheck, 1 failed" */
export function formatSnippets(summaries: SnippetSummary[]): string {
  const count = ({ version, checked, cached }: SnippetSummary) => `${version} ${checked}${cached > 0 ? ` (${cached} from cache)` : ""}`;
  const group = (list: SnippetSummary[], from: string) => (list.length > 0 ? [`${list.map(count).join(", ")} ${from}`] : []);
  const checked = summaries.filter((s) => !s.skipped);
  const parts = [
    ...group(checked.filter((s) => s.from === "source"), "from source"),
    ...group(checked.filter((s) => s.from === "snapshot"), "from a snapshot"),
    ...summaries.filter((s) => s.skipped).map((s) => `${s.version} skipped`),
  ];
  const nocheck = summaries.reduce((sum, s) => sum + s.nocheck, 0);
  const failed = summaries.reduce((sum, s) => sum + s.failed, 0);
  return `snippets type-checked: ${parts.join("; ")}; ${nocheck} nocheck, ${failed} failed`;
}

/** "tutorial coverage: next 61 of 1,204 members, 5.0.0 58 of 1,187 members"; undefined when no version has snippets. */
export function formatCoverage(summaries: SnippetSummary[]): string | undefined {
  const counted = summaries.filter((s) => s.coverage);
  if (counted.length === 0) return undefined;
  const number = (n: number) => n.toLocaleString("en-US");
  return `tutorial coverage: ${counted.map(({ version, coverage }) => `${version} ${number(coverage!.used)} of ${number(coverage!.members)} members`).join(", ")}`;
}

/** "llms-full.txt: docs/llms-full.txt 322 KB (5.0.0), docs/next/llms-full.txt 325 KB (Next)" */
export function formatLlmsFull(files: { file: string; version: string; bytes: number }[]): string {
  const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);
  return `llms-full.txt: ${files.map(({ file, version, bytes }) => `${file} ${size(bytes)} (${version})`).join(", ")}`;
}

/** `--strict`: every warning counts as an error. */
export function strictly(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.map((d) => (d.severity === "warning" ? { ...d, severity: "error" } : d));
}

/** One annotation per diagnostic, in the shape CI systems (GitHub checks) take: file, line, severity, message. */
export interface Annotation {
  file?: string;
  line?: number;
  severity: Diagnostic["severity"];
  message: string;
  code: string;
}

export function annotationsOf(diagnostics: Diagnostic[]): Annotation[] {
  return diagnostics.map(({ file, line, severity, message, code }) => ({ file, line, severity, message, code }));
}

/** GitHub Actions workflow commands (`::error file=F,line=L,title=T::message`), which become annotations. */
export function githubCommands(diagnostics: Diagnostic[]): string {
  const data = (text: string) => text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  const property = (text: string) => data(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
  return diagnostics
    .map((d) => {
      const properties = [d.file && `file=${property(d.file)}`, d.line && `line=${d.line}`, `title=${property(`carta-docs ${d.code}`)}`].filter(Boolean);
      return `::${d.severity} ${properties.join(",")}::${data(d.message)}`;
    })
    .join("\n");
}
