/**
 * The programmatic API, for release scripts and tools:
 *   import { build, check, serve, createVersion, apiDiff, migrate, loadConfig } from "carta-docs";
 * `build` throws a CartaDocsError (with every diagnostic) when the site has errors; `check` never
 * throws for content problems and returns them instead. `createVersion` throws a CartaDocsError when it
 * refuses or fails, and then has changed nothing.
 *
 * What builds (the pipeline: TypeDoc, React, the markdown stack) is imported when a function needs it: a
 * site.config.ts that imports defineConfig, or a script that only serves, loads none of it.
 */
import path from "node:path";
import { loadConfig } from "./config/load.ts";
import { CartaDocsError, type Diagnostic } from "./util/diagnostics.ts";
import type { PipelineOptions } from "./pipeline/pipeline.ts";
import type { BuildOutcome } from "./pipeline/upToDate.ts";
import { startServer, type ServerHandle } from "./serve/index.ts";
import type { WatchHandle, WatchOptions } from "./watch/index.ts";
import type { CreateVersionOptions, CreatedVersion } from "./version/createVersion.ts";
import type { ApiDiffOptions, ApiVersionsDiff } from "./version/apiDiff.ts";
import type { MigrateOptions, MigrateResult } from "./migrate/migrate.ts";

export { defineConfig } from "./config/define.ts";
export { loadConfig, validateConfig, type ResolvedConfig } from "./config/load.ts";
export type { SiteConfig, SiteConfigInput } from "./config/schema.ts";
export { CartaDocsError, type Diagnostic } from "./util/diagnostics.ts";
export { startServer, type ServerHandle } from "./serve/index.ts";
export type { CreateVersionOptions, CreatedVersion } from "./version/createVersion.ts";
export type { ApiDiffOptions, ApiVersionsDiff } from "./version/apiDiff.ts";
export type { MigrateOptions, MigrateResult, MigratedCheck } from "./migrate/migrate.ts";
export type { MigrationReport, Finding } from "./migrate/report.ts";
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

function summarise({ report, timings }: BuildOutcome): BuildResult {
  return {
    pages: report.pages,
    routes: report.routes,
    ...(report.outDir !== undefined && { outDir: report.outDir }),
    filesWritten: report.filesWritten,
    warnings: report.diagnostics.filter((d) => d.severity === "warning"),
    errors: report.diagnostics.filter((d) => d.severity === "error"),
    llmsFull: report.llmsFull,
    timings,
  };
}

/**
 * Builds the site into `outDir` (default build/). Throws CartaDocsError on any error; the previous output is then
 * untouched. With `incremental`, a build whose inputs did not change since the last one leaves the output as it is.
 */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const { runBuild } = await import("./pipeline/upToDate.ts");
  const outcome = await runBuild({ ...options, write: true });
  const result = summarise(outcome);
  if (result.errors.length > 0) {
    throw new CartaDocsError(`build failed with ${result.errors.length} error(s); nothing was written`, outcome.report.diagnostics);
  }
  return result;
}

/** Runs the whole pipeline without writing; the result lists every error and warning. */
export async function check(options: BuildOptions = {}): Promise<BuildResult & { ok: boolean }> {
  const { runBuild } = await import("./pipeline/upToDate.ts");
  const result = summarise(await runBuild({ ...options, write: false }));
  return { ...result, ok: result.errors.length === 0 };
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
  if (options.watch) return (await import("./watch/index.ts")).startWatch(options);
  const cwd = options.cwd ?? process.cwd();
  const config = await loadConfig(options.config, cwd);
  const dir = options.dir ? path.resolve(cwd, options.dir) : path.join(config.siteDir, "build");
  return startServer({ dir, basePath: config.baseUrl, port: options.port, host: options.host });
}

/**
 * Freezes the current docs as a version (see `carta-docs version`). Throws a CartaDocsError when it refuses
 * or fails, and then has changed nothing.
 */
export async function createVersion(options: CreateVersionOptions): Promise<CreatedVersion> {
  return (await import("./version/createVersion.ts")).createVersion(options);
}

/** What changed in the API between two docs versions (see `carta-docs api-diff`); `formatApiDiff` prints it. */
export async function apiDiff(options: ApiDiffOptions): Promise<ApiVersionsDiff> {
  return (await import("./version/apiDiff.ts")).apiDiff(options);
}

/**
 * Writes a new carta-docs site from a Docusaurus site (see `carta-docs migrate`), then checks it (unless
 * `check: false`). Throws a CartaDocsError when it refuses (not a Docusaurus site, a config that does not load, an
 * output folder that is not empty), and then has written nothing.
 */
export async function migrate(options: MigrateOptions): Promise<MigrateResult> {
  return (await import("./migrate/migrate.ts")).migrate(options);
}
