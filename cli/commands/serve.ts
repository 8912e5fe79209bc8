import path from "node:path";
import { loadConfig } from "../config/load.ts";
import { startServer } from "../serve/index.ts";
import type { RebuildEvent } from "../watch/index.ts";
import { createReporter } from "./progress.ts";
import { formatDiagnostics, formatTimings, styleFor, summaryLine, type Style } from "./report.ts";

export interface ServeCommandOptions {
  config?: string;
  /** The built folder (without --watch); default build. */
  dir?: string;
  port: string;
  host: string;
  watch?: boolean;
  viewer?: string;
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a whole number from 0 to 65535; got "${text}"`);
  return port;
}

/** Stops on Ctrl+C or a termination signal. */
function closeOnSignal(close: () => Promise<void>): void {
  const stop = () => void close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

/** `carta-docs serve`: serves a built site, or with --watch builds, serves and rebuilds on every change. */
export async function runServeCommand(options: ServeCommandOptions): Promise<void> {
  const port = parsePort(options.port);
  if (options.watch) return runWatch(options, port);
  const config = await loadConfig(options.config);
  const dir = path.resolve(options.dir ?? "build");
  const handle = await startServer({ dir, basePath: config.baseUrl, port, host: options.host });
  process.stderr.write(`Serving ${path.relative(process.cwd(), dir) || "."} at ${handle.url}\n(press Ctrl+C to stop)\n`);
  closeOnSignal(handle.close);
}

async function runWatch(options: ServeCommandOptions, port: number): Promise<void> {
  // Watch mode builds: the pipeline (TypeDoc, React, markdown) is loaded only here, never to serve a built folder.
  const { startWatch } = await import("../watch/index.ts");
  const err = process.stderr;
  const style = styleFor(err);
  const reporter = createReporter(err, style);
  const handle = await startWatch({ config: options.config, port, host: options.host, viewer: options.viewer, log: reporter.log, onProgress: reporter.progress });
  reporter.clear();
  const first = handle.firstBuild;
  if (first.ok) {
    if (first.warnings.length > 0) err.write(`${formatDiagnostics(first.warnings, style)}\n`);
    err.write(`${summaryLine(0, first.warnings.length, `${first.pages} pages built in ${(first.durationMs / 1000).toFixed(2)} s`)}\n`);
    err.write(`${style.dim(formatTimings(first.timings))}\n`);
  } else {
    err.write(`${describeRebuild(first, style)}\n`);
  }
  err.write(`\nServing the site at ${style.bold(handle.url)} (built into ${path.relative(process.cwd(), handle.outDir)})\n`);
  err.write("Watching content, the config, templates and renderer; open pages reload themselves (press Ctrl+C to stop)\n");
  handle.events.on("rebuild", (event) => {
    reporter.clear();
    err.write(`${describeRebuild(event, style)}\n`);
  });
  closeOnSignal(handle.close);
}

/** One rebuild for the terminal: what changed and what it did, or its errors. */
function describeRebuild(event: RebuildEvent, style: Style): string {
  const cause = event.changes.length === 0 ? "full build" : event.changes.length === 1 ? path.relative(process.cwd(), event.changes[0]!) : `${event.changes.length} files changed`;
  const ms = Math.round(event.changedAt ? event.finishedAt - event.changedAt : event.durationMs);
  const warnings = event.warnings.length > 0 ? `${formatDiagnostics(event.warnings, style)}\n` : "";
  if (!event.ok) {
    return `${formatDiagnostics([...event.errors, ...event.warnings], style)}\n${style.red(summaryLine(event.errors.length, event.warnings.length, `${cause}: still serving the last good build`))}`;
  }
  const pages = event.routes === null ? "every page reloaded" : `${event.routes.length} page${event.routes.length === 1 ? "" : "s"} updated`;
  return `${warnings}${style.dim(`${cause}: ${pages} in ${ms} ms`)}`;
}
