/**
 * The programmatic API, for release scripts and tools:
 *   import { build, check, loadConfig } from "carta-docs";
 * `build` throws a CartaDocsError (with every diagnostic) when the site has errors; `check` never
 * throws for content problems and returns them instead.
 */
import { CartaDocsError, type Diagnostic } from "./diagnostics.ts";
import { runPipeline, type PipelineOptions, type PipelineResult } from "./pipeline.ts";

export { defineConfig } from "./config/define.ts";
export { loadConfig, validateConfig, type ResolvedConfig } from "./config/load.ts";
export type { SiteConfig, SiteConfigInput } from "./config/schema.ts";
export { CartaDocsError, type Diagnostic } from "./diagnostics.ts";
export { startServer, type ServerHandle } from "./serve/index.ts";

export type BuildOptions = Omit<PipelineOptions, "write">;

export interface BuildResult {
  /** Number of pages rendered. */
  pages: number;
  routes: string[];
  outDir?: string;
  filesWritten: number;
  warnings: Diagnostic[];
  errors: Diagnostic[];
  /** Milliseconds per stage (config, content, markdown, render, links, search, output, ...). */
  timings: Record<string, number>;
}

function summarise(result: PipelineResult): BuildResult {
  return {
    pages: result.html.size,
    routes: result.pages.map((p) => p.route),
    outDir: result.outDir,
    filesWritten: result.filesWritten,
    warnings: result.warnings,
    errors: result.errors,
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
