/**
 * Builds in child processes (bench/buildOnce.ts), so cold and warm caches and peak memory are honest:
 * cold deletes the site's cache folder first (TypeDoc's models, snippet results, the build store); warm keeps it
 * and changes nothing.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { BuildFigures } from "./buildOnce.ts";
import type { ConversionFigures } from "./convertOnce.ts";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Starts a bench script from the checkout's compiled copy, as bin/carta-docs starts the command line. */
const RUN_COMPILED = path.join(ROOT, "bench", "runCompiled.mjs");

export interface SiteUnderTest {
  configFile: string;
  outDir: string;
  /** --viewer, when the site's own setting is not the one to measure. */
  viewer?: string;
  /** Measure a build with errors too (see buildOnce.ts). */
  allowErrors?: boolean;
  /** Measure the site's search too: first-search bytes and relevance (see buildOnce.ts). */
  search?: boolean;
}

export interface BuildRun extends BuildFigures {
  cold: boolean;
  /** Wall time of the whole child process, start-up included, as a user waits for `carta-docs build`. */
  wallMs: number;
}

/**
 * The same site with `llms: false` (no markdown twins, no llms files), built into a folder of its own, to
 * measure what the twins cost a build: a config beside the site's, importing it, so the content and the
 * caches are the same.
 */
export function withoutTwins(site: SiteUnderTest): SiteUnderTest {
  const dir = path.dirname(site.configFile);
  const configFile = path.join(dir, "site.no-twins.config.ts");
  fs.writeFileSync(configFile, `import site from ${JSON.stringify(pathToFileURL(site.configFile).href)};\nexport default { ...site, llms: false };\n`);
  return { ...site, configFile, outDir: path.join(dir, "build-no-twins") };
}

/**
 * The same site without links from the docs into the API (`api.links` off: no uses collected by the snippet check, no
 * links in code blocks or inline code, no Used in), built into a folder of its own, to measure what they cost: a
 * config beside the site's, importing it, as for withoutTwins.
 */
export function withoutApiLinks(site: SiteUnderTest): SiteUnderTest {
  const dir = path.dirname(site.configFile);
  const configFile = path.join(dir, "site.no-api-links.config.ts");
  const config = "{ ...site, api: site.api && { ...site.api, links: { snippets: false, inlineCode: false } } }";
  fs.writeFileSync(configFile, `import site from ${JSON.stringify(pathToFileURL(site.configFile).href)};\nexport default ${config};\n`);
  return { ...site, configFile, outDir: path.join(dir, "build-no-api-links") };
}

export function cacheDirOf(site: SiteUnderTest): string {
  return path.join(path.dirname(site.configFile), ".carta-docs-cache");
}

/**
 * Environment of the child: tsx (which loads the site's config) with the package's tsconfig, as in bin/carta-docs.
 * Without CARTA_FRONTEND_DIR: each site says which viewer it documents.
 */
export function childEnv(): NodeJS.ProcessEnv {
  const { CARTA_FRONTEND_DIR: _chosenBySite, ...env } = process.env;
  return { ...env, NODE_ENV: "production", TSX_TSCONFIG_PATH: path.join(ROOT, "tsconfig.json"), NO_COLOR: "1" };
}

/** One build; `cpuProfDir` writes a V8 CPU profile of it there. */
export async function buildInChild(site: SiteUnderTest, options: { cold: boolean; cpuProfDir?: string }): Promise<BuildRun> {
  if (options.cold) fs.rmSync(cacheDirOf(site), { recursive: true, force: true });
  const args = [
    ...(options.cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${options.cpuProfDir}`] : []),
    RUN_COMPILED,
    "bench/buildOnce",
    "--config",
    site.configFile,
    "--out",
    site.outDir,
    ...(site.viewer ? ["--viewer", site.viewer] : []),
    ...(site.allowErrors ? ["--allow-errors"] : []),
    ...(site.search ? ["--search"] : []),
  ];
  const { figures, wallMs } = await runChild<BuildFigures>(args, "build failed", site.configFile);
  // The process's wall time is the build's as a user waits for it (start-up included), less what --search measured after it.
  return { ...figures, cold: options.cold, wallMs: wallMs - (figures.searchMs ?? 0) };
}

/** TypeDoc's conversion of the site's Next version alone (bench/convertOnce.ts), timed as a build is. */
export interface ConversionRun extends ConversionFigures {
  /** Wall time of the whole child process, start-up included. */
  wallMs: number;
}

/**
 * TypeDoc's conversion of `site`'s Next version in a child process of its own, as a cold build converts it,
 * with no cache: the cold floor a build's wall time is measured against (issue 28).
 */
export async function convertInChild(site: SiteUnderTest): Promise<ConversionRun> {
  const args = [RUN_COMPILED, "bench/convertOnce", "--config", site.configFile, ...(site.viewer ? ["--viewer", site.viewer] : [])];
  const { figures, wallMs } = await runChild<ConversionFigures>(args, "TypeDoc conversion of next failed", site.configFile);
  return { ...figures, wallMs };
}

/** Runs node with `args` from the package root and parses the last line of its stdout as JSON, timed wall-clock. */
async function runChild<T>(args: string[], failed: string, configFile: string): Promise<{ figures: T; wallMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env: childEnv(), stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
  });
  const wallMs = performance.now() - started;
  const last = stdout.trim().split("\n").at(-1);
  if (code !== 0 || !last) {
    // V8's fatal error (out of memory) sits between GC traces and a native stack trace: pick the line that says what happened.
    const lines = stderr.trim().split("\n");
    const headline = lines.find((line) => line.startsWith("FATAL ERROR:")) ?? (lines[0] || "no output");
    const how = signal ? `killed by ${signal}` : `exit code ${code}`;
    throw new Error(`${failed} (${how}): ${headline}\nsite: ${configFile}\n${lines.slice(-20).join("\n")}`);
  }
  return { figures: JSON.parse(last) as T, wallMs };
}

/**
 * Runs `once` up to `runs` times, stopping early (after at least one run) once `budgetMs` is spent,
 * so a slow machine still finishes; the caller reports how many runs each median is of.
 */
export async function repeat<T>(runs: number, budgetMs: number, once: (index: number) => Promise<T>): Promise<T[]> {
  const started = performance.now();
  const results: T[] = [];
  for (let i = 0; i < runs; i++) {
    if (i > 0 && performance.now() - started > budgetMs) break;
    results.push(await once(i));
  }
  return results;
}

/**
 * Milliseconds during which TypeDoc converted, all versions together: the sum of the conversions one after
 * another, the time any of them ran when side by side (the union of their spans).
 */
export function typedocMs(run: Pick<BuildFigures, "typedocSeconds"> & Partial<Pick<BuildFigures, "typedocSpans">>): number {
  const spans = Object.values(run.typedocSpans ?? {}).sort((a, b) => a[0] - b[0]);
  if (spans.length === 0) return Object.values(run.typedocSeconds).reduce((sum, seconds) => sum + seconds * 1000, 0);
  let total = 0;
  let reached = Number.NEGATIVE_INFINITY;
  for (const [start, end] of spans) {
    total += Math.max(0, end - Math.max(start, reached));
    reached = Math.max(reached, end);
  }
  return total;
}
