import path from "node:path";
import { CartaDocsError, internalDiagnostic, type Diagnostic } from "../util/diagnostics.ts";
import { runBuild } from "../pipeline/upToDate.ts";
import { createReporter } from "./progress.ts";
import type { SnippetSummary } from "../snippets/index.ts";
import { annotationsOf, formatDiagnostics, formatCoverage, formatLlmsFull, formatSnippets, formatTimings, githubCommands, strictly, styleFor, summaryLine } from "./report.ts";

export type ReportFormat = "text" | "json" | "github";

export interface BuildCommandOptions {
  config?: string;
  out?: string;
  strict?: boolean;
  format?: ReportFormat;
  viewer?: string;
  /** Use and save the build cache of earlier builds (`--no-cache`: false). Default true. */
  cache?: boolean;
}

interface Outcome {
  diagnostics: Diagnostic[];
  pages: number;
  snippets: SnippetSummary[];
  /** The llms-full.txt files written (none for a check or a failed build). */
  llmsFull: { file: string; version: string; bytes: number }[];
  timings: Record<string, number>;
  /** What was done, for the summary line: "15 pages checked in 1.20 s". */
  done: string;
}

/** The `--format json` report on stdout. */
function printJson(ok: boolean, pages: number, snippets: SnippetSummary[], diagnostics: Diagnostic[], timings: Record<string, number>): void {
  const errors = diagnostics.filter((d) => d.severity === "error");
  const warnings = diagnostics.filter((d) => d.severity === "warning");
  const report = { ok, pages, snippets, errors, warnings, annotations: annotationsOf(diagnostics), timings };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

/** `carta-docs build` and `carta-docs check`: the same pipeline, writing or not. Returns the exit code. */
export async function runBuildCommand(options: BuildCommandOptions, write: boolean): Promise<number> {
  const style = styleFor(process.stderr);
  const reporter = createReporter(process.stderr, style);
  const started = performance.now();
  const failedWhat = (again = false) => (write ? `build failed${again ? " as the last one did (nothing changed since)" : ""}; the previous output was left as it was` : "check failed");
  let outcome: Outcome;
  try {
    const { report, timings, result } = await runBuild({
      config: options.config,
      outDir: options.out ? path.resolve(options.out) : undefined,
      write,
      viewer: options.viewer,
      incremental: options.cache ?? true,
      log: reporter.log,
      onProgress: reporter.progress,
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    const { pages, outDir } = report;
    const where = outDir && (path.relative(process.cwd(), outDir) || ".");
    // Without a result no stage ran: nothing changed since the last build or check (see upToDate.ts).
    const done = !write
      ? `${pages} pages checked${result ? "" : " (unchanged since the last check)"} in ${seconds} s`
      : !where
        ? failedWhat(!result)
        : result
          ? `${pages} pages, ${report.filesWritten} files written to ${where} in ${seconds} s`
          : `${pages} pages in ${where} up to date (nothing changed since the last build) in ${seconds} s`;
    outcome = { diagnostics: report.diagnostics, pages, snippets: report.snippets, llmsFull: outDir ? report.llmsFull : [], timings, done };
  } catch (error) {
    if (!(error instanceof CartaDocsError)) {
      // A report read by a program is printed whatever happened; the failure itself is reported by main().
      if (options.format === "json") printJson(false, 0, [], [internalDiagnostic(error)], {});
      throw error;
    }
    outcome = { diagnostics: error.diagnostics, pages: 0, snippets: [], llmsFull: [], timings: {}, done: failedWhat() };
  } finally {
    reporter.clear();
  }
  const diagnostics = options.strict ? strictly(outcome.diagnostics) : outcome.diagnostics;
  const errors = diagnostics.filter((d) => d.severity === "error");
  const warnings = diagnostics.filter((d) => d.severity === "warning");
  const failed = errors.length > 0;

  if (options.format === "json") {
    printJson(!failed, outcome.pages, outcome.snippets, diagnostics, outcome.timings);
    return failed ? 1 : 0;
  }
  if (options.format === "github" && diagnostics.length > 0) process.stdout.write(`${githubCommands(diagnostics)}\n`);
  if (options.format !== "github" && diagnostics.length > 0) process.stderr.write(`${formatDiagnostics(diagnostics, style)}\n`);
  if (outcome.snippets.length > 0) process.stderr.write(`${formatSnippets(outcome.snippets)}\n`);
  const coverage = formatCoverage(outcome.snippets);
  if (coverage) process.stderr.write(`${coverage}\n`);
  if (outcome.llmsFull.length > 0) process.stderr.write(`${formatLlmsFull(outcome.llmsFull)}\n`);
  process.stderr.write(`${summaryLine(errors.length, warnings.length, outcome.done)}\n`);
  if (Object.keys(outcome.timings).length > 0) process.stderr.write(`${style.dim(formatTimings(outcome.timings))}\n`);
  return failed ? 1 : 0;
}
