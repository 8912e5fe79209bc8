/**
 * One build in a fresh process, so each run starts with cold module caches and its peak memory is its
 * own. Run as `node bench/runCompiled.mjs bench/buildOnce --config FILE --out DIR [--viewer DIR] [--allow-errors]`;
 * prints one line of JSON (a BuildFigures) on stdout, or the build's errors on stderr with exit code 1.
 * --allow-errors: a build with errors (the CARTA docs against a viewer whose API moved on) is measured all
 * the same, with its errors counted; its output is not written.
 * --search: also measures the site's search from its search files (written or not): the first search's
 * bytes and the relevance of bench/searchQueries.json.
 */
import { parseArgs } from "node:util";
import { typedocRuns } from "../cli/api/index.ts";
import fs from "node:fs";
import path from "node:path";
import { runBuild } from "../cli/pipeline/upToDate.ts";
import { loadConfig } from "../cli/config/load.ts";
import type { SiteSearch } from "./search.ts";
import { processCpuMs } from "./measure.ts";

export interface BuildFigures {
  /** Milliseconds per pipeline stage. */
  timings: Record<string, number>;
  pages: number;
  /** Pages of the API reference (section "api"); the rest are docs, home and not-found pages. */
  apiPages: number;
  /** Peak resident memory of the process, in KiB. */
  maxRSS: number;
  /** CPU time of the process, every thread's (user and system), in milliseconds. */
  cpuMs: number;
  typedocRuns: number;
  /** Seconds of each TypeDoc conversion by API version, from the stage's log (0.1 s resolution). */
  typedocSeconds: Record<string, number>;
  /**
   * When each conversion ran, in milliseconds since the build began: it ended when its log line came, and
   * began its seconds before. Conversions side by side overlap.
   */
  typedocSpans: Record<string, [start: number, end: number]>;
  /** Code snippets type-checked (or taken from the snippet cache), all versions together. */
  snippetsChecked: number;
  /** Milliseconds of the snippet checks that ran, by what they checked against, from the stage's log. */
  snippetMsFrom: { source: number; snapshot: number };
  /** Milliseconds of each API diff ("4.1.0 → 5.0.0"), from the stage's log (0.1 ms resolution). */
  apiDiffMs: Record<string, number>;
  /** Errors of the build (only with --allow-errors; else a build with errors exits 1), and the first one. */
  errors: number;
  firstError?: string;
  /** With --search. */
  search?: SiteSearch;
  /** Milliseconds the --search measurement took after the build: not the build's (builds.ts takes it off). */
  searchMs?: number;
}

const CONVERTED = /^API (\S+): TypeDoc converted .* in ([\d.]+) s$/;
const DIFFED = /^API changes (\S+ → \S+): .* in ([\d.]+) ms$/;
const SNIPPETS = /^Snippets \S+: \d+ blocks checked from (source|a snapshot) in ([\d.]+) ms$/;

const { values } = parseArgs({ options: { config: { type: "string" }, out: { type: "string" }, viewer: { type: "string" }, threads: { type: "string" }, "allow-errors": { type: "boolean" }, search: { type: "boolean" } } });
if (!values.config || !values.out) throw new Error("usage: buildOnce.ts --config FILE --out DIR [--viewer DIR] [--threads N]");

const typedocSeconds: Record<string, number> = {};
const typedocSpans: Record<string, [number, number]> = {};
const apiDiffMs: Record<string, number> = {};
const snippetMsFrom = { source: 0, snapshot: 0 };
const began = performance.now();
const { report, timings, result } = await runBuild({
  config: values.config,
  outDir: values.out,
  write: true,
  // As `carta-docs build` does: a warm build reuses what the previous one kept (.carta-docs-cache/build/), or does
  // nothing when nothing changed; a cold build finds none, as the whole cache folder is deleted before it (builds.ts).
  incremental: true,
  ...(values.viewer && { viewer: values.viewer }),
  ...(values.threads && { renderThreads: Number(values.threads) }),
  log: (line) => {
    const diffed = DIFFED.exec(line);
    if (diffed) apiDiffMs[diffed[1]!] = Number(diffed[2]);
    const snippets = SNIPPETS.exec(line);
    if (snippets) snippetMsFrom[snippets[1] === "source" ? "source" : "snapshot"] += Number(snippets[2]);
    const match = CONVERTED.exec(line);
    if (!match) return;
    const [, version, seconds] = match as unknown as [string, string, string];
    const end = performance.now() - began;
    typedocSeconds[version] = Number(seconds);
    typedocSpans[version] = [end - Number(seconds) * 1000, end];
  },
});
const errors = report.diagnostics.filter((d) => d.severity === "error").map((e) => `${e.file ?? "(site)"}${e.line ? `:${e.line}` : ""}: ${e.message}`);
if (errors.length > 0 && !values["allow-errors"]) {
  process.stderr.write(`${errors.join("\n")}\n`);
  process.exit(1);
}
const searchStart = performance.now();
// A build that found nothing changed made no search files: they are in the output, as the last build wrote them.
const searchFile = (name: string) => (result ? result.search.get(name)?.toString() : fs.readFileSync(path.join(report.outDir!, name), "utf8"));
// A build with errors found again as it was (no stage ran) has no search files to measure: the cold builds' are measured.
const searchable = result !== undefined || report.outDir !== undefined;
// Imported only here: it loads Playwright (about 0.7 s), which is no part of the build's time.
const search = values.search && searchable ? await (await import("./search.ts")).siteSearch(searchFile, (result?.config ?? (await loadConfig(values.config))).baseUrl) : undefined;
const figures: BuildFigures = {
  timings,
  pages: report.pages,
  apiPages: report.apiPages,
  maxRSS: process.resourceUsage().maxRSS,
  cpuMs: processCpuMs(),
  typedocRuns: typedocRuns(),
  typedocSeconds,
  typedocSpans,
  snippetsChecked: report.snippets.reduce((sum, summary) => sum + summary.checked, 0),
  snippetMsFrom,
  apiDiffMs,
  errors: errors.length,
  ...(errors[0] !== undefined && { firstError: errors[0] }),
  ...(search && { search, searchMs: performance.now() - searchStart }),
};
process.stdout.write(`${JSON.stringify(figures)}\n`);
