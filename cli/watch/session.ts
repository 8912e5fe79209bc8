/**
 * A watch session: the site rebuilt after each batch of file changes, reusing every stage result whose
 * inputs did not change (see BuildCache), and written into the served folder file by file. A build with
 * errors writes nothing, so the last good site stays served; the session never ends on a content error.
 */
import fs from "node:fs";
import path from "node:path";
import { DEFAULT_CONFIG_FILE, loadConfig, type ResolvedConfig } from "../config/load.ts";
import { CartaDocsError, internalDiagnostic, type Diagnostic } from "../util/diagnostics.ts";
import { buildSite, completeTwins, searchFiles, type SiteBuild } from "../pipeline/pipeline.ts";
import { resolveViewer } from "../pipeline/viewerSource.ts";
import { copyStaticFile, updateOutput, writeOutput, type OutputFiles } from "../output/writeOutput.ts";
import { insideOutput } from "../output/outputGate.ts";
import { sameBytes, type RenderedHtml } from "../render/renderPages.ts";
import { BuildCache } from "../cache/buildCache.ts";
import { PACKAGE_ROOT } from "../util/packageRoot.ts";
import { isInside } from "../content/insideSite.ts";

const RENDERER_DIR = path.join(PACKAGE_ROOT, "renderer");
/** Inputs of the site's assets (runtime bundle, stylesheet), rebuilt in place when they change. */
const ASSET_SOURCES = [path.join(RENDERER_DIR, "client"), path.join(RENDERER_DIR, "styles")];

export interface WatchSessionOptions {
  /** Path of site.config.ts, relative to `cwd`. */
  config?: string;
  cwd?: string;
  /** Where the site is written; default .carta-docs-cache/dev beside the config, so a release build is never touched. */
  outDir?: string;
  viewer?: string;
  includeDrafts?: boolean;
  log?: (line: string) => void;
  onProgress?: (stage: string, done: number, total: number) => void;
}

export interface RebuildReport {
  ok: boolean;
  /** Routes whose page changed, or null when every page may show something new (a static file changed). */
  routes: string[] | null;
  /** Output files written or removed, relative to the output folder. */
  files: string[];
  pages: number;
  errors: Diagnostic[];
  warnings: Diagnostic[];
  /** Milliseconds per stage. */
  timings: Record<string, number>;
  durationMs: number;
}

interface StaticChange {
  source: string;
  /** Path inside content/static, which is its path in the output. */
  rel: string;
}

/** Whether `file` lies under `dir`, not `dir` itself: what a change event of a file below it names. */
export function isUnder(file: string, dir: string): boolean {
  return path.relative(dir, file) !== "" && isInside(file, dir);
}

export function defaultDevDir(siteDir: string): string {
  return path.join(siteDir, ".carta-docs-cache", "dev");
}

/** Served while no build has succeeded yet (and no earlier session left a site), so the browser shows the overlay and reloads when fixed. */
const PLACEHOLDER = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Building…</title></head><body><p>The site has not built yet; the errors are listed in the terminal. This page reloads when they are fixed.</p></body></html>`;

export class WatchSession {
  readonly configFile: string;
  readonly outDir: string;
  private cache = new BuildCache();
  private config?: ResolvedConfig;
  private last?: SiteBuild;
  /** What the output folder holds, except static and search files. */
  private written?: OutputFiles;
  private writtenSearch: OutputFiles = new Map();

  constructor(private readonly options: WatchSessionOptions = {}) {
    const cwd = options.cwd ?? process.cwd();
    this.configFile = path.resolve(cwd, options.config ?? DEFAULT_CONFIG_FILE);
    this.outDir = path.resolve(cwd, options.outDir ?? defaultDevDir(path.dirname(this.configFile)));
  }

  /** Builds after `changes` (absolute paths; none for the first build) and writes what changed. */
  async rebuild(changes: readonly string[] = []): Promise<RebuildReport> {
    const started = performance.now();
    const failed = async (errors: Diagnostic[], warnings: Diagnostic[] = [], timings: Record<string, number> = {}): Promise<RebuildReport> => {
      if (!this.written && !fs.existsSync(path.join(this.outDir, "index.html"))) {
        await writeOutput(this.outDir, new Map([["index.html", PLACEHOLDER], ["404.html", PLACEHOLDER]]));
      }
      return { ok: false, routes: [], files: [], pages: 0, errors, warnings, timings, durationMs: performance.now() - started };
    };
    try {
      if (changes.includes(this.configFile)) this.config = undefined;
      if (!this.config) {
        this.cache = new BuildCache();
        this.config = await loadConfig(this.configFile);
      }
      const staticChanges = this.invalidate(this.config, changes);
      const { log, onProgress, viewer, includeDrafts } = this.options;
      const site = await buildSite({ config: this.config, cache: this.cache, log, onProgress, viewer, includeDrafts });
      await completeTwins(site);
      const { errors, warnings } = site.diagnostics;
      if (errors.length > 0) return failed(errors, warnings, site.timings);
      const files = await this.write(site, staticChanges);
      const routes = staticChanges.length > 0 ? null : changedRoutes(this.last?.html, site.html);
      this.last = site;
      return { ok: true, routes, files, pages: site.html.size, errors, warnings, timings: site.timings, durationMs: performance.now() - started };
    } catch (error) {
      if (error instanceof CartaDocsError) {
        this.config = undefined;
        return failed(error.diagnostics);
      }
      // An unexpected failure is reported like an error of the site (its file, no stack): watch mode keeps running.
      return failed([internalDiagnostic(error)]);
    }
  }

  /** Writes the search files of the last good build; done after the reload, as they take longest. */
  async updateSearch(): Promise<string[]> {
    if (!this.last) return [];
    const search = (await searchFiles(this.last)).files;
    const touched = updateOutput(this.outDir, search, this.writtenSearch);
    this.writtenSearch = search;
    return touched;
  }

  /** Drops cached results that depend on files their keys cannot see; returns the changed static files. */
  private invalidate(config: ResolvedConfig, changes: readonly string[]): StaticChange[] {
    const contentDir = path.resolve(config.siteDir, config.contentDir);
    const staticDir = path.join(contentDir, "static");
    const viewerDir = config.api && resolveViewer({ ...config, api: config.api }, this.options.viewer).dir;
    const staticChanges: StaticChange[] = [];
    for (const file of changes) {
      if (ASSET_SOURCES.some((dir) => isUnder(file, dir))) this.cache.forget("assets");
      else if (viewerDir && isUnder(file, viewerDir)) this.cache.forget("api", config.docs.currentPath);
      else if (isUnder(file, staticDir)) staticChanges.push({ source: file, rel: path.relative(staticDir, file) });
      else if (isUnder(file, contentDir) && !/\.(mdx?|json)$/i.test(file)) {
        // An image: the pages showing it name it by a hash of its content.
        this.cache.forget("markdown");
        this.cache.forget("apiPages");
      }
    }
    return staticChanges;
  }

  private async write(site: SiteBuild, staticChanges: StaticChange[]): Promise<string[]> {
    if (!this.written) {
      // The first build replaces the folder in one step, as a release build does; search files follow.
      await writeOutput(this.outDir, site.files, site.statics);
      this.written = site.files;
      return [...site.files.keys()];
    }
    const touched = updateOutput(this.outDir, site.files, this.written);
    this.written = site.files;
    // Only files the build listed (inside the site, see insideSite.ts) are copied; a link leading out never is.
    const listed = new Set(site.statics?.files);
    for (const { source, rel } of staticChanges) {
      const posix = rel.split(path.sep).join("/");
      // Static files replace generated ones of the same path, as in a full build (see completeTwins).
      if (listed.has(posix)) copyStaticFile(site.statics!, rel, this.outDir, true);
      // A removed static file whose path the build generates: the generated file, written above, takes its place.
      else if (site.files.has(posix)) continue;
      // A new folder's files come as changes of their own.
      else if (!fs.statSync(source, { throwIfNoEntry: false })?.isDirectory()) fs.rmSync(insideOutput(this.outDir, rel, true), { recursive: true, force: true });
      touched.push(rel);
    }
    return touched;
  }
}

/** Routes added, removed or with new HTML; all of them for the first build. */
function changedRoutes(before: RenderedHtml | undefined, after: RenderedHtml): string[] {
  if (!before) return [...after.keys()];
  const routes = [...after].filter(([route, html]) => !sameBytes(before.get(route), html)).map(([route]) => route);
  for (const route of before.keys()) if (!after.has(route)) routes.push(route);
  return routes;
}
