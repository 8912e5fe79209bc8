/**
 * The snippet check of one docs version: every JavaScript and TypeScript block of the configured doc folders
 * is type-checked against the API source of the page's own version (for a version known only from a
 * snapshot, against declarations made from the snapshot's model, see declarations.ts), and a type error is a
 * build error at the block's line. Results are kept on disk per page, by the page's blocks and the source's
 * identity (the snapshot's hash), so a build whose snippets and source did not change checks nothing (and
 * loads no TypeScript).
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { sha256 } from "../util/hash.ts";
import { saveInCache } from "../util/siteCache.ts";
import { allItems, type ApiItem, type ApiVersionModel } from "../api/model.ts";
import { keepCheckProgram, keptCheckProgram, takeProgram } from "../api/programHandoff.ts";
import type { Doc } from "../content/docs.ts";
import type { Diagnostics } from "../util/diagnostics.ts";
import { nearest } from "../util/nearest.ts";
import { areaDeclarationFile, declarationFile } from "./declarations.ts";
import { extractSnippets, type SnippetBlock } from "./extract.ts";
import { MAX_SNIPPET_NESTING, tooDeepAt } from "./nesting.ts";
import type { SnippetGlobal, SnippetPage, SnippetProblem } from "./typecheck.ts";
import { memberCount, type PageUses, type VersionUses } from "./apiUses.ts";

export { extractSnippets } from "./extract.ts";

/** A global as configured: an export of the API by name, or a module of the code base by path. */
export type SnippetGlobalSpec = string | { module: string };

export interface SnippetSettings {
  /** Doc folders, relative to a version's docs root, whose code blocks are snippets ("code-snippet-tutorial"). */
  include: string[];
  /** Global name -> exported class (its instance) or variable of the API, or a module (its namespace), that a snippet sees under that name. */
  globals: Record<string, SnippetGlobalSpec>;
  /** Per version (as the API names it): the globals of that version's snippets, in place of `globals`. */
  versions?: Record<string, { globals: Record<string, SnippetGlobalSpec> }>;
}

/** The settings a version's snippets are checked with: its own globals where the config gives them. */
export function versionSnippetSettings(settings: SnippetSettings, version: string): { include: string[]; globals: Record<string, SnippetGlobalSpec> } {
  return { include: settings.include, globals: settings.versions?.[version]?.globals ?? settings.globals };
}

/** Every global name that some version's snippets see: a snippet using one its version lacks gets a clearer message. */
export function allGlobalNames(settings: SnippetSettings): string[] {
  const names = [settings.globals, ...Object.values(settings.versions ?? {}).map((version) => version.globals)].flatMap((globals) => Object.keys(globals));
  return [...new Set(names)];
}

/** What the check did for one version, for the build summary. */
export interface SnippetSummary {
  version: string;
  /** What the blocks were checked against: the version's source, or declarations made from its snapshot. */
  from: "source" | "snapshot";
  /** Blocks type-checked (from the cache or now). */
  checked: number;
  /** Blocks opted out with `nocheck`. */
  nocheck: number;
  /** Blocks with at least one type error. */
  failed: number;
  /** Of the checked blocks, those whose result came from the cache. */
  cached: number;
  /** Why the version's snippets were not checked at all. */
  skipped?: string;
  /** Members of the version's API (inherited ones left out), and how many of them the snippets use. */
  coverage?: { used: number; members: number };
}

/** The check of one version: its summary, and the API its snippets use (see apiUses.ts). */
export interface SnippetCheck {
  summary: SnippetSummary;
  uses?: VersionUses;
}

/** Where a version's source is, for a check that must read it; or the snapshot its model came from. */
type SnippetSource =
  | {
      kind: "source";
      /** Names the source's content: a commit, a hash of the tree. */
      identity: string;
      /** Root of the source, extracted when needed. */
      root: () => Promise<string>;
      tsconfig: string;
    }
  | {
      kind: "snapshot";
      /** Hash of the snapshot file. */
      identity: string;
    };

export interface VersionSnippetInput {
  version: string;
  docs: readonly Doc[];
  /** This version's settings (see versionSnippetSettings). */
  settings: { include: string[]; globals: Record<string, SnippetGlobalSpec> };
  /** Global names other versions' snippets see (allGlobalNames), for the message when one is used here. */
  otherGlobals?: readonly string[];
  /** The configured entry points' modules and areas: a snapshot's declarations are made of its areas' modules. */
  entryPoints?: readonly { path: string; slug: string }[];
  /** Whether `settings.globals` comes from `api.snippets.versions.<version>` (for the messages). */
  configuredPerVersion?: boolean;
  model: ApiVersionModel;
  source: SnippetSource;
  cacheDir: string;
  /** The site config file, for errors in `api.snippets`. */
  configFile: string;
  diagnostics: Diagnostics;
  /** Whether to collect the API the blocks use (see apiUses.ts); off, each page's uses are empty. */
  collectUses?: boolean;
  /** A doc's JavaScript and TypeScript blocks (extractSnippets), or the blocks kept from an earlier build of the same text. */
  blocksOf?: (doc: Doc) => SnippetBlock[];
}

/** Bumped when the check itself changes what it reports, so kept results of the old check are not used. */
const CHECK_VERSION = 4;
const TYPESCRIPT_VERSION = (createRequire(import.meta.url)("typescript/package.json") as { version: string }).version;

/**
 * What the check of one page found; kept on disk by the page's code (its blocks, not its prose) and the source,
 * each problem placed by its block and its line within the block, so an edit of the prose around the blocks
 * checks nothing again.
 */
interface PageResult {
  /** Blocks checked, and blocks opted out. */
  checked: number;
  nocheck: number;
  /** Blocks with a problem. */
  failed: number;
  problems: { block: number; offset: number; message: string }[];
  /** The names of the blocks resolved to documented API. */
  uses: PageUses;
}

interface PageWork {
  doc: Doc;
  /** The blocks checked (those opted out left out), and how many were opted out. */
  blocks: SnippetBlock[];
  nocheck: number;
  cacheFile: string;
  result?: PageResult;
}

/** Whether TypeScript can read `block` without overflowing its stack; a block nested too deeply is an error at its line. */
function checkableNesting(block: SnippetBlock, file: string, diagnostics: Diagnostics): boolean {
  const at = tooDeepAt(block.code);
  if (at === undefined) return true;
  diagnostics.error(
    "snippet-too-deep",
    `this ${block.language === "ts" ? "TypeScript" : "JavaScript"} block nests more than ${MAX_SNIPPET_NESTING} levels deep (brackets, braces, parentheses or type arguments inside each other), more than the snippet check can read; a real snippet nests a few: flatten it, or mark the block \`nocheck\``,
    { file, line: block.line + at },
  );
  return false;
}

/** The docs whose code blocks are snippets: those in one of the `include` folders, or below one. */
export function snippetDocs(docs: readonly Doc[], include: readonly string[]): Doc[] {
  return docs.filter((doc) => include.some((folder) => doc.dir === folder || doc.dir.startsWith(`${folder}/`)));
}

export async function checkVersionSnippets(input: VersionSnippetInput): Promise<SnippetCheck> {
  const { version, settings, source, diagnostics } = input;
  const summary: SnippetSummary = { version, from: source.kind, checked: 0, nocheck: 0, failed: 0, cached: 0 };
  const docs = snippetDocs(input.docs, settings.include);
  if (docs.length === 0) return { summary };
  // A snapshot's model places each item in a declaration file of its own making.
  const fileOf = source.kind === "source" ? (item: ApiItem) => item.sources[0]?.file : (item: ApiItem) => declarationFile(input.model, item);
  const globals = await resolveGlobals(input, fileOf);
  if (!globals) return { summary: { ...summary, skipped: "api.snippets.globals names what this version's API lacks" } };

  // A snapshot's declarations depend on the areas it is cut into, besides its text.
  const origin = source.kind === "source" ? [source.identity, source.tsconfig] : [source.identity, input.model.areas.map((area) => area.slug)];
  const key = [CHECK_VERSION, TYPESCRIPT_VERSION, source.kind, ...origin, globals, input.collectUses === true];
  const work: PageWork[] = await Promise.all(
    docs.map(async (doc): Promise<PageWork> => {
      const all = input.blocksOf ? input.blocksOf(doc) : extractSnippets(doc.body, doc.bodyLineOffset);
      const blocks = all.filter((block) => !block.nocheck && checkableNesting(block, doc.file, diagnostics));
      const nocheck = all.length - blocks.length;
      const code = blocks.map((block) => [block.language, block.code]);
      const cacheFile = join(input.cacheDir, "snippets", `${sha256(JSON.stringify([...key, doc.file, code, nocheck]))}.json`);
      const result = await readCached(cacheFile, blocks.length);
      return { doc, blocks, nocheck, cacheFile, ...(result && { result }) };
    }),
  );
  const missing = work.filter((item) => item.result === undefined);
  for (const item of work) if (item.result) summary.cached += item.result.checked;
  const toCheck = missing.filter((item) => item.blocks.length > 0);
  const found = toCheck.length > 0 ? await typeCheck(input, globals, toCheck.map((item) => ({ file: item.doc.file, blocks: item.blocks }))) : { problems: [], uses: [] };
  if (!found) return { summary: { ...summary, skipped: `the source of ${version} could not be read` } };
  await Promise.all(
    missing.map(async (item) => {
      const index = toCheck.indexOf(item);
      const problems = (found.problems[index] ?? []).map((problem) => {
        const block = Math.max(0, item.blocks.findLastIndex((b) => b.line <= problem.line));
        return { block, offset: problem.line - item.blocks[block]!.line, message: problem.message };
      });
      // Two reads of one misspelt name on a line are one mistake: the build keeps identical diagnostics once.
      const failed = new Set(problems.map((problem) => problem.block)).size;
      item.result = { checked: item.blocks.length, nocheck: item.nocheck, failed, problems, uses: found.uses[index] ?? { targets: [], uses: [] } };
      await saveInCache(input.cacheDir, item.cacheFile, JSON.stringify(item.result), diagnostics);
    }),
  );
  for (const { doc, blocks, result } of work) {
    if (!result) continue;
    summary.checked += result.checked;
    summary.nocheck += result.nocheck;
    summary.failed += result.failed;
    for (const problem of result.problems) {
      diagnostics.error("snippet-type", `snippet does not type-check against the API of ${version}: ${explain(problem.message, input)} (fix it, or mark the block \`nocheck\` and say why in the text)`, {
        file: doc.file,
        line: blocks[problem.block]!.line + problem.offset,
      });
    }
  }
  if (input.collectUses !== true) return { summary };
  const uses = versionUses(work, allItems(input.model));
  return { summary: { ...summary, coverage: { used: uses.usedMembers, members: uses.members } }, uses };
}

/** The uses of every checked page, by block, and how many of the API's members they cover. */
function versionUses(work: PageWork[], items: readonly ApiItem[]): VersionUses {
  const used = new Set<string>();
  const pages = work.flatMap(({ doc, blocks, result }) => {
    if (!result || result.uses.uses.length === 0) return [];
    const { targets } = result.uses;
    for (const use of result.uses.uses) if (targets[use.target]!.member) used.add(targets[use.target]!.location);
    const inOrder = [...result.uses.uses].sort((a, b) => a.block - b.block || a.line - b.line || a.column - b.column);
    return [
      {
        file: doc.file,
        id: doc.id,
        title: doc.title,
        route: doc.permalink,
        targets,
        blocks: blocks.map((block, index) => ({
          code: block.code,
          ...(block.section && { section: block.section }),
          uses: inOrder.filter((use) => use.block === index).map(({ line, column, length, target }) => ({ line, column, length, target })),
        })),
      },
    ];
  });
  return { pages, members: memberCount(items), usedMembers: used.size };
}

/**
 * Type-checks `pages` against the source, on a program whose files may already be parsed (see programHandoff.ts);
 * undefined once a source that cannot be read (a git ref that cannot be extracted) is reported.
 */
async function typeCheck(input: VersionSnippetInput, globals: SnippetGlobal[], pages: SnippetPage[]): Promise<{ problems: SnippetProblem[][]; uses: PageUses[] } | undefined> {
  const { source, model } = input;
  const collect = input.collectUses === true;
  if (source.kind === "snapshot") {
    const [{ typeCheckSnippets }, { useLookup }] = await Promise.all([import("./typecheck.ts"), import("./collectUses.ts")]);
    // The declarations are placed, in memory only, in a folder of the cache named after the snapshot.
    const root = join(input.cacheDir, "snippets", `snapshot-${source.identity.slice(0, 16)}`);
    const lookup = collect ? useLookup(model, (item) => [declarationFile(model, item) ?? ""]) : undefined;
    return typeCheckSnippets({ root, snapshot: model, globals, pages, ...(lookup && { lookup }) });
  }
  const { identity } = source;
  let root: string;
  try {
    root = await source.root();
  } catch (error) {
    input.diagnostics.error("snippet-source", `the snippets of ${input.version} cannot be checked: its source cannot be read: ${error instanceof Error ? error.message : String(error)}`, {});
    return undefined;
  }
  const [{ typeCheckSnippets }, { useLookup }] = await Promise.all([import("./typecheck.ts"), import("./collectUses.ts")]);
  // TypeDoc's program of this source, else the last check's of the same source (versions sharing a source,
  // a watch session's next check): their files are parsed and bound already.
  const reuse = takeProgram(root) ?? keptCheckProgram(identity);
  const lookup = collect ? useLookup(model, (item) => item.sources.map((where) => where.file)) : undefined;
  const { problems, uses, program } = typeCheckSnippets({ root, tsconfig: source.tsconfig, globals, pages, ...(lookup && { lookup }), ...(reuse && { reuse }) });
  keepCheckProgram(identity, program);
  return { problems, uses };
}

/** The configured globals as this version's API declares them; undefined once a missing one is reported. */
async function resolveGlobals(input: VersionSnippetInput, fileOf: (item: ApiItem) => string | undefined): Promise<SnippetGlobal[] | undefined> {
  const items = allItems(input.model);
  const globals: SnippetGlobal[] = [];
  let complete = true;
  const setting = (name: string) => `api.snippets${globalsKey(input)}.${name}`;
  for (const [name, spec] of Object.entries(input.settings.globals)) {
    if (typeof spec !== "string") {
      const file = await moduleFile(input, spec.module);
      if (file === undefined) {
        input.diagnostics.error("snippet-globals", `${setting(name)} is the module ${spec.module}, which ${moduleMissing(input)}`, { file: input.configFile });
        complete = false;
      } else globals.push({ name, file, exportName: undefined, instance: false });
      continue;
    }
    const item = items.find((candidate) => candidate.name === spec && GLOBAL_KINDS.has(candidate.kind));
    const file = item && fileOf(item);
    if (!item || file === undefined) {
      const near = nearest(spec, items.filter((candidate) => GLOBAL_KINDS.has(candidate.kind)).map((candidate) => candidate.name), 3);
      input.diagnostics.error(
        "snippet-globals",
        `${setting(name)} is "${spec}", which the API of ${input.version} does not export as a class, interface or variable` + (near.length > 0 ? `; nearest: ${near.join(", ")}` : ""),
        { file: input.configFile },
      );
      complete = false;
      continue;
    }
    globals.push({ name, file, exportName: spec, instance: item.kind === "class" || item.kind === "interface" });
  }
  return complete ? globals : undefined;
}

/** Where the globals of this version are configured: `.globals`, or `.versions.<version>.globals`. */
const globalsKey = (input: VersionSnippetInput) => (input.configuredPerVersion ? `.versions.${input.version}.globals` : ".globals");

/**
 * The file a module global is declared in: the module itself in a source (when it exists there), or the
 * declarations of its area in a snapshot, which keeps the configured entry points' modules only.
 */
async function moduleFile(input: VersionSnippetInput, module: string): Promise<string | undefined> {
  if (input.source.kind === "source") {
    const root = await input.source.root().catch(() => undefined);
    return root !== undefined && existsSync(join(root, module)) ? module : undefined;
  }
  const slug = input.entryPoints?.find((entry) => entry.path === module)?.slug;
  const area = input.model.areas.findIndex((candidate) => candidate.slug === slug);
  return area < 0 ? undefined : areaDeclarationFile(input.model, area);
}

function moduleMissing(input: VersionSnippetInput): string {
  return input.source.kind === "source"
    ? `the source of ${input.version} does not have`
    : `the snapshot of ${input.version} does not keep (a snapshot keeps the modules of its API areas only: ${(input.entryPoints ?? []).filter((entry) => input.model.areas.some((area) => area.slug === entry.slug)).map((entry) => entry.path).join(", ")})`;
}

/**
 * TypeScript's "Cannot find name 'enums'" made plain when `enums` is a global of other versions' snippets: this
 * version's viewer does not set it.
 */
function explain(message: string, input: VersionSnippetInput): string {
  const name = /^Cannot find name '([^']+)'/.exec(message)?.[1];
  if (name === undefined || !(input.otherGlobals ?? []).includes(name) || name in input.settings.globals) return message;
  const own = Object.keys(input.settings.globals);
  const list = own.length === 0 ? "no globals" : `only ${own.length === 1 ? own[0] : `${own.slice(0, -1).join(", ")} and ${own[own.length - 1]}`}`;
  return `${message} The snippets of ${input.version} see ${list}: its viewer sets no global '${name}' (other versions' do).`;
}

const GLOBAL_KINDS = new Set<ApiItem["kind"]>(["class", "interface", "variable", "function"]);

/** A page's kept result, if it is whole and places each problem in one of the page's `blocks` blocks. */
async function readCached(file: string, blocks: number): Promise<PageResult | undefined> {
  const text = await readFile(file, "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const parsed = JSON.parse(text) as Partial<PageResult> | null;
    const placed = (problem: PageResult["problems"][number]) => Number.isInteger(problem.block) && problem.block >= 0 && problem.block < blocks && Number.isInteger(problem.offset);
    const used = (uses: PageUses | undefined) => uses !== undefined && Array.isArray(uses.targets) && Array.isArray(uses.uses) && uses.uses.every((use) => use.block >= 0 && use.block < blocks && uses.targets[use.target] !== undefined);
    return parsed && Array.isArray(parsed.problems) && typeof parsed.checked === "number" && parsed.problems.every(placed) && used(parsed.uses) ? (parsed as PageResult) : undefined;
  } catch {
    return undefined; // a torn entry is checked again and rewritten
  }
}
