/**
 * The programmatic API, for release scripts and tools:
 *   import { build, check, serve, createVersion, apiDiff, loadConfig } from "carta-docs";
 * `build` throws a CartaDocsError (with every diagnostic) when the site has errors; `check` never
 * throws for content problems and returns them instead. `createVersion` throws a CartaDocsError when it
 * refuses or fails, and then has changed nothing.
 */
import path from "node:path";
import { loadConfig } from "./config/load.ts";
import { CartaDocsError, type Diagnostic } from "./diagnostics.ts";
import { runPipeline, type PipelineOptions, type PipelineResult } from "./pipeline.ts";
import { startServer, type ServerHandle } from "./serve/index.ts";
import { startWatch, type WatchHandle, type WatchOptions } from "./watch/index.ts";

export { defineConfig } from "./config/define.ts";
export { loadConfig, validateConfig, type ResolvedConfig } from "./config/load.ts";
export type { SiteConfig, SiteConfigInput } from "./config/schema.ts";
export { CartaDocsError, type Diagnostic } from "./diagnostics.ts";
export { startServer, type ServerHandle } from "./serve/index.ts";
export { createVersion, type CreateVersionOptions, type CreatedVersion } from "./version/createVersion.ts";
export { apiDiff, type ApiDiffOptions, type ApiVersionsDiff } from "./apiDiff.ts";
export { formatApiDiff, type ApiDiffFormat } from "./api/diffReport.ts";
export type { ApiChangeAspect, ApiDiff, ApiDiffCounts, ApiItemChange, ApiItemSide, ApiMemberChange, ApiMemberSide } from "./api/diff.ts";
export type { RebuildEvent, WatchEvents, WatchHandle, WatchOptions } from "./watch/index.ts";

export type BuildOptions = Omit<PipelineOptions, "write" | "cache">;

export interface BuildResult {
  /** Number of pages rendered. */
  pages: number;
  routes: string[];
  outDir?: string;
  filesWritten: number;
  warnings: Diagnostic[];
  errors: Diagnostic[];
  /** Each version's llms-full.txt (relative to the output folder) and its size in bytes. */
  llmsFull: { file: string; version: string; bytes: number }[];
  /** Milliseconds per stage (config, content, markdown, render, links, search, output, ...). */
  timings: Record<string, number>;
}

function summarise(result: PipelineResult): BuildResult {
  return {
    pages: result.pageCount,
    routes: result.pages.map((p) => p.route),
    outDir: result.outDir,
    filesWritten: result.filesWritten,
    warnings: result.warnings,
    errors: result.errors,
    llmsFull: result.llmsFull,
    timings: result.timings,
  };
}

/** Builds the site into `outDir` (default build/). Throws CartaDocsError on any error; the previous output is then untouched. */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const result = await runPipeline({ ...options, write: true });
  if (result.errors.length > 0) {
    throw new CartaDocsError(`build failed with ${result.errors.length} error(s); nothing was written`, result.diagnostics);
  }
  return summarise(result);
}

/** Runs the whole pipeline without writing; the result lists every error and warning. */
export async function check(options: BuildOptions = {}): Promise<BuildResult & { ok: boolean }> {
  const result = await runPipeline({ ...options, write: false });
  return { ...summarise(result), ok: result.errors.length === 0 };
}

export interface ServeSiteOptions {
  /** Path of site.config.ts (default: ./site.config.ts), for the base path. */
  config?: string;
  cwd?: string;
  /** The built site; default build/ beside the config. */
  dir?: string;
  /** 3000 by default; 0 picks a free port. */
  port?: number;
  host?: string;
}

/**
 * Serves a built site as a static host does. With `watch: true` it builds the site instead, serves it
 * with live reload and rebuilds on every change; the handle then also reports each rebuild. Either
 * handle's `close()` stops everything.
 */
export function serve(options?: ServeSiteOptions & { watch?: false }): Promise<ServerHandle>;
export function serve(options: WatchOptions & { watch: true }): Promise<WatchHandle>;
export async function serve(options: (ServeSiteOptions & { watch?: false }) | (WatchOptions & { watch: true }) = {}): Promise<ServerHandle | WatchHandle> {
  if (options.watch) return startWatch(options);
  const cwd = options.cwd ?? process.cwd();
  const config = await loadConfig(options.config, cwd);
  const dir = options.dir ? path.resolve(cwd, options.dir) : path.join(config.siteDir, "build");
  return startServer({ dir, basePath: config.baseUrl, port: options.port, host: options.host });
}
