/**
 * A build (or check) with nothing to do: its inputs are as they were at the last one, and the output folder
 * still holds what was there after it (what it wrote; the previous output, when it had errors). Its report is
 * that one's, errors and all, and no stage runs; the pipeline is not even loaded, so it costs the start-up, the
 * config and a look at the inputs.
 *
 * The inputs, each by its content (names relative to their folder, and digests: FileDigests, which reads a file
 * again only when its stats on this machine are not as recorded), never by file times or absolute paths, so the
 * answer holds for a cache restored into a fresh clone elsewhere (a CI job): the build store's (the toolchain,
 * Node, the kind of build, the config, the site's templates); every file of the site's folder but its output,
 * caches, node_modules and dot-folders (docs, sidebars, versions, snapshots, images, what the config imports from
 * there); the viewer checkout's files and git refs, or the sample viewer's files; the latest commit touching the
 * content, when the docs show their last-updated dates. The output folder likewise. A build that throws records nothing; a
 * --no-cache build and a watch session never look.
 *
 * The record keeps the config's bundle too (importTypeScript.ts): the next build evaluates it again instead of
 * bundling the config while the toolchain and every file bundled are as they were.
 */
import fs from "node:fs";
import path from "node:path";
import { gitOrUndefined } from "../api/git.ts";
import { bundleOfConfig, DEFAULT_CONFIG_FILE, loadConfig, type ResolvedConfig } from "../config/load.ts";
import { BuildStore, storeFile, toolchainStamp } from "../cache/buildStore.ts";
import { FileDigests } from "../util/fileDigests.ts";
import type { Diagnostic } from "../util/diagnostics.ts";
import type { ModuleBundle } from "../util/importTypeScript.ts";
import { sha256 } from "../util/hash.ts";
import { writeFileAtomic } from "../util/writeFileAtomic.ts";
import type { LlmsFiles } from "../llms/llmsFiles.ts";
import type { SnippetSummary } from "../snippets/index.ts";
import type { PipelineOptions, PipelineResult } from "./pipeline.ts";
import { viewerFolder, viewerState } from "./viewerSource.ts";
import { notInput } from "../util/inputPaths.ts";

/** What a build reports: all a command or the programmatic API shows of it. */
interface BuildReport {
  pages: number;
  /** Every page's route. */
  routes: string[];
  /** Pages of the API reference. */
  apiPages: number;
  /** Set when the output was written. */
  outDir?: string;
  filesWritten: number;
  diagnostics: Diagnostic[];
  snippets: SnippetSummary[];
  llmsFull: LlmsFiles["full"];
}

export interface BuildOutcome {
  report: BuildReport;
  /** Milliseconds per stage. */
  timings: Record<string, number>;
  /** The pipeline's result; none when nothing changed and no stage ran. */
  result?: PipelineResult;
}

/** What the last build of a kind recorded, beside its build store. */
interface LastBuild {
  format: number;
  inputs: string;
  /** The digest of the output folder's files after the build (a build that writes), whether it wrote or had errors. */
  output?: string;
  report: BuildReport;
  /** The config's bundle, evaluated again by the next build while its files hold, and the toolchain that made it. */
  config?: { toolchain: string; bundle: ModuleBundle };
}

const FORMAT = 2;

/** A digest of everything the build reads (see the module's comment). */
async function inputsDigest(config: ResolvedConfig, options: PipelineOptions, outDir: string | undefined, store: string, digests: FileDigests): Promise<string> {
  const parts = [store, digests.tree(config.siteDir, (file, name) => notInput(name) || file === outDir), await lastContentCommit(config)];
  if (config.api) {
    // Whether the sample stands in (the API pages say so), and the checkout's files and refs; not where it is.
    const { dir, sample } = viewerFolder({ ...config, api: config.api }, options.viewer);
    parts.push(sample ? "sample" : "checkout", await viewerState(dir, digests));
  }
  return sha256(parts.join("\0"));
}

/**
 * The docs' last-updated dates come from the latest commit touching each doc: when the site shows them, the latest
 * commit touching the content folder is an input (a push that changed no content keeps it, so a CI job finds
 * nothing to do); else git is no input.
 */
async function lastContentCommit(config: ResolvedConfig): Promise<string> {
  if (!config.docs.showLastUpdateTime && !config.docs.showLastUpdateAuthor) return "";
  return (await gitOrUndefined(config.siteDir, ["log", "-1", "--format=%H", "--", path.resolve(config.siteDir, config.contentDir)])) ?? "";
}

function readLastBuild(file: string): LastBuild | undefined {
  try {
    const last = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<LastBuild>;
    if (last.format !== FORMAT || typeof last.inputs !== "string" || typeof last.report !== "object") return undefined;
    const bundle = last.config?.bundle;
    // A bundle not as written is not offered; the build runs all the same.
    if (bundle && !(typeof bundle.entry === "string" && typeof bundle.text === "string" && Array.isArray(bundle.inputs))) delete last.config;
    return last as LastBuild;
  } catch {
    return undefined; // none yet, or torn: the build runs
  }
}

function reportOf(result: PipelineResult): BuildReport {
  return {
    pages: result.pageCount,
    routes: result.pages.map((page) => page.route),
    apiPages: result.pages.filter((page) => page.section === "api").length,
    ...(result.outDir !== undefined && { outDir: result.outDir }),
    filesWritten: result.filesWritten,
    diagnostics: result.diagnostics,
    snippets: result.snippets,
    llmsFull: result.llmsFull,
  };
}

/**
 * Runs the pipeline, unless `incremental` finds that the last build had the same inputs and the output is as it
 * left it; then its report comes back (with its errors, if it had any), with no result, and the output is left as it is.
 */
export async function runBuild(options: PipelineOptions): Promise<BuildOutcome> {
  if (!options.incremental || options.cache) {
    const { runPipeline } = await import("./pipeline.ts");
    const result = await runPipeline(options);
    return { report: reportOf(result), timings: result.timings, result };
  }
  const timings: Record<string, number> = {};
  let started = performance.now();
  const includeDrafts = options.includeDrafts ?? false;
  const given = typeof options.config === "object" ? options.config : undefined;
  const configFile = path.resolve(options.cwd ?? process.cwd(), typeof options.config === "string" ? options.config : DEFAULT_CONFIG_FILE);
  const siteDir = given ? given.siteDir : path.dirname(configFile);
  const recordFile = storeFile(siteDir, options.write ?? false, includeDrafts, ".last.json");
  const last = readLastBuild(recordFile);
  // The last build's bundle of the config spares esbuild (about 0.1 s) while the toolchain and the config's files are as they were.
  const digests = FileDigests.of(siteDir);
  digests.newPass(); // a build before this one in the process (thrown before saving) may have seen other files
  const running = toolchainStamp(siteDir);
  const toolchain = JSON.stringify(running);
  const kept = last?.config?.toolchain === toolchain ? last.config.bundle : undefined;
  const config = given ?? (await loadConfig(configFile, options.cwd, kept));
  timings.config = performance.now() - started;
  started = performance.now();
  const outDir = options.write ? path.resolve(config.siteDir, options.outDir ?? "build") : undefined;
  const inputs = await inputsDigest(config, options, outDir, BuildStore.identity({ config, outDir, includeDrafts }, running), digests);
  const upToDate = last?.inputs === inputs && (outDir === undefined || last.output === sha256(digests.tree(outDir, undefined, true)));
  timings.upToDate = performance.now() - started;
  if (last && upToDate) {
    await digests.save();
    for (const note of config.notes) options.log?.(`note: ${note}`);
    // The output folder is this build's: the record may come from a clone elsewhere (a restored CI cache).
    return { report: { ...last.report, filesWritten: 0, ...(last.report.outDir !== undefined && { outDir }) }, timings };
  }
  const { runPipeline } = await import("./pipeline.ts");
  const result = await runPipeline({ ...options, config });
  const report = reportOf(result);
  const bundle = bundleOfConfig(config);
  const record: LastBuild = { format: FORMAT, inputs, ...(outDir !== undefined && { output: sha256(digests.tree(outDir, undefined, true)) }), report, ...(bundle?.inputs && { config: { toolchain, bundle } }) };
  await writeFileAtomic(recordFile, JSON.stringify(record)).catch(() => {}); // without it, the next build runs its stages
  await digests.save();
  return { report, timings: { ...timings, ...result.timings, config: timings.config + (result.timings.config ?? 0) }, result };
}
