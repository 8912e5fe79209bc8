import path from "node:path";
import { CartaDocsError } from "../diagnostics.ts";
import { runPipeline } from "../pipeline.ts";
import { formatDiagnostics, formatTimings, styleFor, summaryLine } from "./report.ts";

export interface BuildCommandOptions {
  config?: string;
  out?: string;
  strict?: boolean;
  format?: "text" | "json";
  viewer?: string;
}

/** `carta-docs build` and `carta-docs check`: the same pipeline, writing or not. Returns the exit code. */
export async function runBuildCommand(options: BuildCommandOptions, write: boolean): Promise<number> {
  const out = process.stdout;
  const err = process.stderr;
  const style = styleFor(err);
  const started = performance.now();
  try {
    const result = await runPipeline({
      config: options.config,
      outDir: options.out ? path.resolve(options.out) : undefined,
      write,
      viewer: options.viewer,
      log: (line) => err.write(`${style.dim(line)}\n`),
    });
    const failed = result.errors.length > 0 || (options.strict === true && result.warnings.length > 0);
    if (options.format === "json") {
      out.write(`${JSON.stringify({ ok: !failed, pages: result.html.size, errors: result.errors, warnings: result.warnings, timings: result.timings }, null, 2)}\n`);
      return failed ? 1 : 0;
    }
    if (result.diagnostics.length > 0) err.write(`${formatDiagnostics(result.diagnostics, style)}\n`);
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    const what = write
      ? failed
        ? "build failed; the previous output was left as it was"
        : `${result.html.size} pages, ${result.filesWritten} files written to ${path.relative(process.cwd(), result.outDir!) || "."} in ${seconds} s`
      : `${result.html.size} pages checked in ${seconds} s`;
    err.write(`${summaryLine(result.errors.length, result.warnings.length, what)}\n`);
    err.write(`${style.dim(formatTimings(result.timings))}\n`);
    return failed ? 1 : 0;
  } catch (error) {
    if (error instanceof CartaDocsError) {
      if (options.format === "json") out.write(`${JSON.stringify({ ok: false, errors: error.diagnostics, warnings: [] }, null, 2)}\n`);
      else err.write(`${formatDiagnostics(error.diagnostics, style)}\n${summaryLine(error.diagnostics.length, 0, write ? "build failed; the previous output was left as it was" : "check failed")}\n`);
      return 1;
    }
    throw error;
  }
}
