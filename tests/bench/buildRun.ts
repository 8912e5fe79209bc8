/** A build's figures for the bench's row tests: `wallMs` and what a test sets, the rest plausible. */
import type { BuildRun } from "../../bench/builds.ts";

export function run(wallMs: number, options: Partial<BuildRun> = {}): BuildRun {
  return {
    cold: false,
    wallMs,
    timings: { render: 1000, links: 500 },
    pages: 1000,
    apiPages: 600,
    maxRSS: 1024 * 1024,
    // Two cores busy for the whole build.
    cpuMs: 2 * wallMs,
    typedocRuns: 0,
    typedocSeconds: {},
    typedocSpans: {},
    snippetsChecked: 0,
    snippetMsFrom: { source: 0, snapshot: 0 },
    apiDiffMs: {},
    errors: 0,
    ...options,
  };
}
