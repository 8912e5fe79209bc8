import { apiDiff } from "../version/apiDiff.ts";
import { countsLine, formatApiDiff, type ApiDiffFormat } from "../api/diffReport.ts";
import { CartaDocsError } from "../util/diagnostics.ts";
import { createReporter } from "./progress.ts";
import { formatDiagnostics, styleFor } from "./report.ts";

export interface ApiDiffCommandOptions {
  config?: string;
  viewer?: string;
  format: ApiDiffFormat;
}

/** `carta-docs api-diff <from> <to>`: the report on stdout, progress and timings on stderr. Returns the exit code. */
export async function runApiDiffCommand(from: string, to: string, options: ApiDiffCommandOptions): Promise<number> {
  const err = process.stderr;
  const style = styleFor(err);
  const reporter = createReporter(err, style);
  try {
    const result = await apiDiff({ from, to, config: options.config, viewer: options.viewer, log: reporter.log });
    reporter.clear();
    process.stdout.write(formatApiDiff(result, options.format));
    err.write(`${style.dim(`${from} → ${to}: ${countsLine(result.counts)}; diff ${result.timings.diff.toFixed(1)} ms, API models ${(result.timings.api / 1000).toFixed(2)} s`)}\n`);
    return 0;
  } catch (error) {
    reporter.clear();
    if (!(error instanceof CartaDocsError)) throw error;
    err.write(`${error.diagnostics.length > 0 ? `${formatDiagnostics(error.diagnostics, style)}\n` : ""}${style.red(`api-diff: ${error.message}`)}\n`);
    return 1;
  }
}
