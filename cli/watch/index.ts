/**
 * Watch mode (`carta-docs serve --watch`): builds the site, serves it with live reload, and rebuilds what
 * each change touches. The build runs in a worker thread (builderWorker.ts); this thread watches files,
 * serves, and tells open pages to reload or to show the errors of a failed build.
 */
import { EventEmitter } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { DEFAULT_CONFIG_FILE, loadConfig } from "../config/load.ts";
import { resolveViewer } from "../pipeline/viewerSource.ts";
import { startServer } from "../serve/index.ts";
import { checkOutputFolder, siteFoldersOf } from "../output/outputFolder.ts";
import { BuilderThread } from "./builderThread.ts";
import { watchFiles } from "./fileWatcher.ts";
import { RebuildQueue } from "./rebuildQueue.ts";
import { EVENTS_PATH, LiveReload } from "./liveReload.ts";
import { defaultDevDir, isUnder, type RebuildReport, type WatchSessionOptions } from "./session.ts";
import { PACKAGE_ROOT } from "../util/packageRoot.ts";

export { EVENTS_PATH } from "./liveReload.ts";
export type { RebuildReport } from "./session.ts";

const RENDERER_DIR = path.join(PACKAGE_ROOT, "renderer");
const TEMPLATES_DIR = path.join(PACKAGE_ROOT, "templates");
/** Rebuilt in place by the session (esbuild and the stylesheet read them afresh every time). */
const IN_PLACE = [path.join(RENDERER_DIR, "client"), path.join(RENDERER_DIR, "styles")];
/** A viewer source edit re-runs TypeDoc: wait for the burst of saves to end. */
const VIEWER_DELAY_MS = 300;
/** Long enough to take an editor's save (often two writes) as one change, short enough not to be felt. */
export const CONTENT_DELAY_MS = 10;

export interface WatchOptions extends Omit<WatchSessionOptions, "log" | "onProgress"> {
  /** 3000 by default; 0 picks a free port. */
  port?: number;
  host?: string;
  log?: (line: string) => void;
  onProgress?: (stage: string, done: number, total: number) => void;
}

/** One rebuild, as reported to listeners (and to benchmarks: every timestamp is epoch milliseconds). */
export interface RebuildEvent extends RebuildReport {
  /** The changed files; empty for the first build and after a restart. */
  changes: string[];
  /** When the first of the changes was seen. */
  changedAt?: number;
  /** When the pages were written and the reload was sent. */
  finishedAt: number;
}

export interface WatchEvents {
  /** After each build: its pages are written (or, on errors, the last good site kept) and open pages told. */
  rebuild: [event: RebuildEvent];
  /** After a successful build's search files are written (they come last, as they take longest). */
  search: [files: string[]];
}

export interface WatchHandle {
  /** The site's home page. */
  url: string;
  port: number;
  /** The folder being served. */
  outDir: string;
  /** The first build's event; see `events` for the later ones. */
  firstBuild: RebuildEvent;
  events: EventEmitter<WatchEvents>;
  /** Stops watching, building and serving; calling it again waits for the same close. */
  close(): Promise<void>;
}

export async function startWatch(options: WatchOptions = {}): Promise<WatchHandle> {
  const log = options.log ?? (() => {});
  const cwd = options.cwd ?? process.cwd();
  const config = await loadConfig(options.config ?? DEFAULT_CONFIG_FILE, cwd);
  const outDir = path.resolve(cwd, options.outDir ?? defaultDevDir(config.siteDir));
  // The default folder lies in the site's own cache, always this tool's; one given is checked as `build --out` is.
  if (options.outDir !== undefined) checkOutputFolder(outDir, siteFoldersOf(config), "outDir");
  fs.mkdirSync(outDir, { recursive: true });

  const liveReload = new LiveReload();
  const server = await startServer({ dir: outDir, basePath: config.baseUrl, port: options.port, host: options.host, inject: liveReload.inject, routes: { [EVENTS_PATH]: liveReload.route } });
  const builder = new BuilderThread({ config: config.configFile, outDir, viewer: options.viewer, includeDrafts: options.includeDrafts });
  builder.on("log", log);
  if (options.onProgress) builder.on("progress", options.onProgress);
  const events = new EventEmitter<WatchEvents>();
  builder.on("search", (_id, files) => events.emit("search", files));

  const siteTemplates = config.templatesDir && path.resolve(config.siteDir, config.templatesDir);
  const viewerDir = config.api && resolveViewer({ ...config, api: config.api }, options.viewer).dir;
  // Components and templates are modules of the running builder: only a fresh worker loads their edits.
  const needsRestart = (file: string) =>
    isUnder(file, TEMPLATES_DIR) || (isUnder(file, RENDERER_DIR) && !IN_PLACE.some((dir) => isUnder(file, dir))) || (siteTemplates !== undefined && isUnder(file, siteTemplates));

  const build = async (changes: string[], changedAt?: number): Promise<RebuildEvent> => {
    let report: RebuildReport;
    try {
      report = await builder.rebuild(changes);
    } catch (error) {
      const message = `the builder stopped unexpectedly (${error instanceof Error ? error.message : String(error)}); the next change starts a fresh one`;
      report = { ok: false, routes: [], files: [], pages: 0, errors: [{ severity: "error", code: "internal", message }], warnings: [], timings: {}, durationMs: 0 };
    }
    liveReload.setErrors(report.ok ? [] : report.errors);
    const finishedAt = Date.now();
    if (report.ok && report.routes?.length !== 0) liveReload.reload({ routes: report.routes, changedAt, writtenAt: finishedAt });
    const event: RebuildEvent = { ...report, changes, changedAt, finishedAt };
    events.emit("rebuild", event);
    return event;
  };

  const queue = new RebuildQueue(async ({ changes, changedAt, restart }) => {
    if (restart) {
      log("a template or component changed: restarting the builder");
      await builder.stop();
    }
    await build(changes, changedAt);
  });

  let watcher: Awaited<ReturnType<typeof watchFiles>> | undefined;
  try {
    watcher = await watchFiles({
      paths: [path.resolve(config.siteDir, config.contentDir), config.configFile, RENDERER_DIR, TEMPLATES_DIR, ...(siteTemplates ? [siteTemplates] : []), ...(viewerDir && fs.existsSync(viewerDir) ? [viewerDir] : [])],
      delayFor: (file) => (viewerDir && isUnder(file, viewerDir) ? VIEWER_DELAY_MS : CONTENT_DELAY_MS),
      onBatch: (files, firstSeenAt) => queue.add(files, firstSeenAt, files.some(needsRestart)),
      onError: (error) => log(`watching files: ${error.message}`),
    });
    const firstBuild = new Promise<RebuildEvent>((resolve) => events.once("rebuild", resolve));
    queue.start();
    let closing: Promise<void> | undefined;
    const close = async () => {
      await watcher?.close();
      await queue.idle();
      await Promise.all([builder.stop(), server.close()]);
    };
    return { url: server.url, port: server.port, outDir, firstBuild: await firstBuild, events, close: () => (closing ??= close()) };
  } catch (error) {
    await Promise.all([watcher?.close(), builder.stop(), server.close()]);
    throw error;
  }
}
