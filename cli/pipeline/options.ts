/**
 * What a build is asked to do: the options of the pipeline and of its stages. A module of its own, below both
 * the pipeline and its stages (cli/pipeline/), so the stages need not import the pipeline that composes them.
 */
import type { ResolvedConfig } from "../config/load.ts";
import type { BuildCache } from "../cache/buildCache.ts";

export interface PipelineOptions {
  /** Path of site.config.ts (default: ./site.config.ts), or an already loaded config. */
  config?: string | ResolvedConfig;
  cwd?: string;
  /** Output folder; default `build` beside the config. */
  outDir?: string;
  /** Write the output (build) or stop after checking (check). */
  write: boolean;
  includeDrafts?: boolean;
  /** Progress lines. */
  log?: (line: string) => void;
  /** Progress of long stages, e.g. ("render", 120, 427). */
  onProgress?: (stage: string, done: number, total: number) => void;
  /** Root of the viewer checkout (--viewer); else CARTA_FRONTEND_DIR, else the config's api.viewerDir. */
  viewer?: string;
  /** Stage results of earlier builds (watch mode); without it everything is computed, unless `incremental`. */
  cache?: BuildCache;
  /**
   * Without `cache`: keep stage results on disk between builds (`.carta-docs-cache/build/`, see
   * cli/cache/buildStore.ts), so a build renders, checks and writes only what changed since the last one
   * without errors. The command line's default (`--no-cache` turns it off); false by default here.
   */
  incremental?: boolean;
  /**
   * Threads that render pages beside the main thread; they load the config from its file. Default: one per
   * further core (at most three) for a build without a cache, of a config file, of a site of about
   * PARALLEL_MIN_PAGES pages or more; else none.
   */
  renderThreads?: number;
  /**
   * TypeDoc conversions that may run side by side, each on a thread of its own. Default for a build without
   * a cache: one per further core as far as free memory allows (about 1.5 GB each), and one at a time on
   * the main thread when that is fewer than two (a 2-core machine); with a cache (watch mode): one at a time.
   */
  conversionThreads?: number;
}

export type SiteOptions = Omit<PipelineOptions, "write" | "outDir"> & {
  /**
   * The output folder (relative to the config's folder), for a build that writes: pages go into a staging
   * folder beside it as they render, and SiteBuild.staging is that folder, to finish or discard.
   */
  outputDir?: string;
};
