/**
 * TypeDoc's JSON of a version's source, cached by source identity, TypeDoc version and options so an
 * unchanged version never runs TypeDoc again. TypeDoc's warnings and errors become diagnostics.
 */
import { readFile, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { InTurn } from "../util/inTurn.ts";
import { hashTree } from "./cache.ts";
import { sha256 } from "../util/hash.ts";
import { writeFileAtomic } from "../util/writeFileAtomic.ts";
import { saveInCache } from "../util/siteCache.ts";
import { runConversion } from "./runConversion.ts";
import type { Conversion, TypeDocMessage } from "./runTypeDoc.ts";
import { countRun, TYPEDOC_OPTIONS, TYPEDOC_VERSION } from "./typedocSetup.ts";
import {
  currentSource,
  displayPath,
  extractedSourcesFolder,
  isDirectory,
  readChangelog,
  SNAPSHOT_CHANGELOG,
  sourceFileLabel,
  sourceRoot,
  type CodeSource,
} from "./sources.ts";
import type { ApiStageOptions } from "./types.ts";
import type { SourcePlace } from "./model.ts";

export { typedocRuns } from "./typedocSetup.ts";

/**
 * TypeDoc's JSON as text, kept so another thread can build the same model without the model being copied
 * to it: a snapshot (the project itself) or a cache entry (the project under `project`).
 */
export interface TypeDocText {
  text: string;
  entry: boolean;
}

/** The project in TypeDoc's JSON text. */
export function projectOf({ text, entry }: TypeDocText): unknown {
  const parsed = JSON.parse(text) as { project?: unknown };
  return entry ? parsed.project : parsed;
}

/**
 * Versions that share a source (the sample code base, one commit under two refs) take turns, so it
 * converts once and the later version reads the cache. How many conversions run at once is runConversion's
 * business.
 */
const turns = new InTurn();

/**
 * TypeDoc's JSON of `source`, from the cache or a fresh conversion, with its text when it was read from
 * or written to the cache; undefined once errors are reported.
 */
export async function convertSource(source: CodeSource, options: ApiStageOptions): Promise<Converted | undefined> {
  if (source.kind === "tree" && !(await isDirectory(source.root))) {
    options.diagnostics.error("api-source", `API ${source.version}: the ${source.label} does not exist`, {
      file: displayPath(options.siteDir, source.root),
    });
    return undefined;
  }
  const identity = await sourceIdentity(source);
  const cacheFile = cacheFileOf(identity, options);
  const converted = await turns.run(cacheFile, () => convertCached(source, cacheFile, options));
  return converted && { ...converted, identity };
}

/** A conversion's project, its text when it was read from or written to the cache, and what the source was. */
export interface Converted {
  project: unknown;
  text?: TypeDocText;
  /** Names the source's content: its commit, or a hash of its files. */
  identity: string;
  /** The source's files that do not parse, where (see reportMessages). */
  unparsed?: SourcePlace[];
}

async function convertCached(source: CodeSource, cacheFile: string, options: ApiStageOptions): Promise<Omit<Converted, "identity"> | undefined> {
  const { version } = source;
  const cached = await readCache(cacheFile, version, options);
  if (cached) {
    options.log(`API ${version}: unchanged, using cache`);
    const unparsed = reportMessages(cached.conversion.messages, source, options);
    return { project: cached.conversion.project, text: { text: cached.text, entry: true }, ...(unparsed.length > 0 && { unparsed }) };
  }

  let root: string;
  try {
    root = await sourceRoot(source, options);
  } catch (error) {
    // The folder for extracted refs cannot be made (a file in its place, a full disk), or git failed.
    const reason = error instanceof Error ? error.message : String(error);
    options.diagnostics.error("api-source", `API ${version}: the ${source.label} cannot be extracted into ${extractedSourcesFolder(options)}: ${reason}`, {
      file: displayPath(options.siteDir, options.viewer.dir),
    });
    return undefined;
  }
  const { siteDir, api } = options;
  const settings = { siteDir, api: { entryPoints: api.entryPoints, index: api.index, tsconfig: api.tsconfig } };
  const fresh = await runConversion({ source, root, settings }, options.conversionThreads ?? 1);
  if (fresh.ran) countRun();
  options.diagnostics.items.push(...fresh.diagnostics);
  const { text } = fresh;
  if (text === undefined) return undefined;
  // The model is built from the text parsed, as a warm build builds it, not from TypeDoc's objects: pages
  // made from those rendered up to 60% slower (the large synthetic site on one thread: 10.4 against 6.4 s),
  // and they took more memory.
  const conversion = JSON.parse(text) as Conversion;
  const unparsed = reportMessages(conversion.messages, source, options);
  if (conversion.project === undefined) {
    options.diagnostics.error("typedoc", `API ${version}: TypeDoc produced nothing from the ${source.label}; see its errors`, {
      file: sourceFileLabel(source, api.tsconfig, siteDir),
    });
    return undefined;
  }
  options.log(`API ${version}: TypeDoc converted ${source.label} in ${fresh.seconds.toFixed(1)} s`);
  // Errors may come from the environment rather than the source, so such a run is not kept.
  const more = unparsed.length > 0 ? { unparsed } : {};
  if (conversion.messages.some((message) => message.level === "error")) return { project: conversion.project, ...more };
  await saveInCache(options.cacheDir, cacheFile, text, options.diagnostics);
  return { project: conversion.project, text: { text, entry: true }, ...more };
}

/**
 * Converts the current version's source (the viewer's working tree, or the sample code base) and writes
 * TypeDoc's JSON to `outFile`, with the changelog beside it, as a frozen version's snapshot.
 */
export async function writeApiSnapshot(options: ApiStageOptions, version: string, outFile: string): Promise<boolean> {
  const source = await currentSource(options, version);
  const converted = await convertSource(source, options);
  if (converted === undefined) return false;
  await writeFileAtomic(outFile, `${JSON.stringify(converted.project)}\n`);
  const changelog = await readChangelog(source, options);
  if (changelog) await writeFileAtomic(join(dirname(outFile), SNAPSHOT_CHANGELOG), changelog.markdown);
  return true;
}

/** What a source holds: its commit, or a hash of its files. */
async function sourceIdentity(source: CodeSource): Promise<string> {
  return source.kind === "git" ? `git ${source.commit} ${source.repoPrefix}` : `tree ${await hashTree(source.root)}`;
}

/**
 * What a conversion holds besides TypeDoc's own JSON: 2 adds the syntax errors of the source's files, 3 marks
 * callable variables (runTypeDoc.ts).
 */
const CONVERSION_FORMAT = 3;

/** `cacheDir/typedoc/<sha256 of source identity, TypeDoc version, the conversion's format and options>.json` */
function cacheFileOf(identity: string, options: ApiStageOptions): string {
  const { api } = options;
  const settings = {
    ...TYPEDOC_OPTIONS,
    entryPoints: [...api.entryPoints.map((entry) => entry.path), api.index],
    tsconfig: api.tsconfig,
  };
  return join(options.cacheDir, "typedoc", `${sha256(JSON.stringify([identity, TYPEDOC_VERSION, CONVERSION_FORMAT, settings]))}.json`);
}

async function readCache(file: string, version: string, options: ApiStageOptions): Promise<{ conversion: Conversion; text: string } | undefined> {
  const text = await readFile(file, "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const entry = JSON.parse(text) as Partial<Conversion>;
    if (typeof entry.project === "object" && entry.project !== null && Array.isArray(entry.messages)) {
      return { conversion: entry as Conversion, text };
    }
  } catch {
    // Reported below, like a parseable entry of the wrong shape.
  }
  options.diagnostics.warn("api-cache", `API ${version}: discarded a corrupt TypeDoc cache entry; converting again`, {
    file: displayPath(options.siteDir, file),
  });
  await rm(file, { force: true });
  return undefined;
}

/**
 * Reports TypeDoc's messages of a conversion as the build's diagnostics; returns where the source's files do not
 * parse, which may explain API links that find nothing.
 */
function reportMessages(messages: TypeDocMessage[], source: CodeSource, options: ApiStageOptions): SourcePlace[] {
  const unparsed: SourcePlace[] = [];
  for (const { level, message, file, line, syntax } of messages) {
    const where = {
      ...(file !== undefined && { file: sourceFileLabel(source, file, options.siteDir) }),
      ...(line !== undefined && { line }),
    };
    if (syntax && where.file !== undefined && where.line !== undefined) {
      unparsed.push({ file: where.file, line: where.line });
      options.diagnostics.warn(
        "api-syntax",
        `API ${source.version}: this source file does not parse: ${message} (TypeScript's syntax error; it is documented as far as the parser read past the error, so what follows may be missing or wrong)`,
        where,
      );
      continue;
    }
    const text = `API ${source.version}: TypeDoc: ${message}`;
    if (level === "error") options.diagnostics.error("typedoc", text, where);
    else options.diagnostics.warn("typedoc", text, where);
  }
  return unparsed;
}
