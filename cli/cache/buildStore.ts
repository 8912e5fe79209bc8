/**
 * A one-off build's cache, kept on disk between builds: the BuildCache tables whose values are plain data
 * (a doc's markdown, a page's rendering with its twin and search documents, a page's link check), saved after
 * a build or check without errors and loaded by the next one, which then renders, checks and writes only what
 * changed. What holds functions (the API pages) is made again by every build, under names made from its inputs
 * (BuildCache.name), so the keys of what depends on it hold across processes; the API models it is made from are
 * kept, named again as they load (apiStage.ts).
 *
 * The store carries a stamp: the toolchain (its version, its sources' content, its package files), Node's major
 * version and the build's flags. A store of another stamp, or one that cannot be read,
 * is not used, with one note saying why; one made for another config or other templates is not used either,
 * silently (everything depends on those, so everything is built again anyway).
 *
 * A build that writes keeps no HTML in memory: each page kept is linked from the previous output, when that
 * still holds the content (size and digest) the build that rendered it wrote; else the page renders again.
 *
 * Everything is known by content, never by file times or absolute paths, so a store restored into a fresh clone
 * at another path, with the viewer cloned again (a CI job), serves as it would have where it was made (places.ts).
 *
 * A build with errors saves its store too, and keeps the pages it wrote in the cache (`build.kept/`, its staging
 * folder moved there; the output stays as it was), so fixing errors one at a time renders only what changed; the
 * next build links its pages from there, and one that succeeds removes the folder.
 *
 * On disk a store is an index (`build.v8`: the stamp, the inputs, the page files' records and the list of parts)
 * and its parts (`build.parts/`): each table's entries spread over parts by a hash of their id, about
 * ENTRIES_PER_PART entries each, so no file nears Node's 2 GiB read limit however large the site, and loading or
 * saving holds one part's bytes at a time. A part is named by the digest of its bytes and written before the
 * index that lists it, so a build killed while saving leaves the previous index with the parts it names; a save
 * writes only the parts whose entries changed (an edited doc's), and removes those no index names any more. The
 * index is read first: a store of another stamp or for other inputs loads no part.
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import v8 from "node:v8";
import type { ResolvedConfig } from "../config/load.ts";
import { CartaDocsError } from "../util/diagnostics.ts";
import { sha256, sha256Apart } from "../util/hash.ts";
import { ownPackage } from "../util/packageInfo.ts";
import { siteCacheDir } from "../util/siteCache.ts";
import { writeFileAtomic } from "../util/writeFileAtomic.ts";
import type { FileRecord } from "../output/writeOutput.ts";
import { BuildCache, type CacheTable, type Entry } from "./buildCache.ts";
import { FileDigests, type FileStats } from "../util/fileDigests.ts";
import { joinUnder } from "../util/joinUnder.ts";
import { PACKAGE_ROOT } from "../util/packageRoot.ts";
import { moved, neutralPaths, rebasePaths, type Places } from "./places.ts";
import { ApartValues, apartProblem, type StoredEntry } from "./apartValues.ts";
import { STATS_PER_FILE, statsOnThread } from "../util/statsOnThread.ts";

/**
 * The tables kept on disk: their values are plain data, and their keys hold across processes. The assets (the
 * stylesheet and the browser bundles) depend on the toolchain's files and the base URL only, which the stamp and
 * the inputs name. The search table keeps each page's terms by its render key and each version's last assembly, which
 * an edit patches (cli/search/keptSearch.ts). A
 * version's snippet summary is kept by its model's name, its source's identity and its snippet docs, so a build
 * that changed none of a version's snippet docs does not read them for their code blocks again; each snippet
 * doc's blocks are kept by its text, so a build that changed one lexes that one alone. A version's API model is
 * kept by its snapshot's digest, or by the viewer's files and refs, with its recipe (the TypeDoc JSON render threads
 * build it from) and the diff of each pair of versions by their models' names; the names of its item pages (what
 * each shows, apiStage.ts) by what its pages are made from.
 */
const STORED_TABLES: readonly CacheTable[] = ["content", "api", "apiDiff", "apiItemNames", "markdown", "render", "links", "assets", "search", "searchTerms", "snippets", "snippetBlocks"];

/**
 * Tables whose parts are read when one of their entries is first asked for, not when the store opens: a page's
 * search terms are needed only when the page changed (an edit patches its version's search files), so an edit at
 * 10,000 docs reads one part of them, not 470,000 objects. A part not read is saved again as it was.
 */
const LAZY_TABLES: readonly CacheTable[] = ["searchTerms"];

/**
 * 6: the places of an entry's values kept apart as numbers (5: parts read when first asked for, each with its size; 4:
 * large values kept apart; 3: an index and its parts; 2: one file).
 */
const FORMAT = 6;

/** Entries of a table per part file, about: a part of a large site's rendered pages stays some megabytes. */
const ENTRIES_PER_PART = 256;
/**
 * Fewer for a table of large entries: a version's search files are kept in groups of some 640 KB (keptSearch.ts),
 * which an edit writes again a few at a time; 256 to a part, a 10,000-doc site's 135 groups were one part of 47 MB
 * written again by every edit.
 */
const ENTRIES_PER_PART_OF: ReadonlyMap<CacheTable, number> = new Map([["search", 4]]);
/** Part files being written at once (see saveParts). */
const PARALLEL_PART_WRITES = 4;

/** One part file of a store: the entries of `table` whose id falls in `bucket` of `buckets`. */
interface PartRef {
  table: CacheTable;
  bucket: number;
  buckets: number;
  /** File name in the parts folder: the part's place and the digest of its bytes. */
  file: string;
  /** The part file's size: a part read when first asked for is known to be there, whole, when the store opens. */
  size: number;
  /** The part's value file (see apartValues.ts) and its size, when some of its entries' values are kept apart. */
  values?: { file: string; size: number };
}

/** A part loaded, with its entries as the cache adopted them: a part whose entries are the same objects at saving is unchanged. */
interface LoadedPart {
  ref: PartRef;
  entries: Map<string, Entry>;
}

/** What a store was made by: a store of another stamp is not used. */
interface Stamp {
  version: string;
  sources: string;
  node: string;
  flags: string;
}

/** The index file. */
interface StoreIndex {
  format: number;
  stamp: Stamp;
  /** The config and the site's templates: a store made for others is not used. */
  inputs: string;
  /** The site's and the viewer's folders when the store was made: paths in its entries start with them. */
  places: Places;
  /** The output folder the pages were written to (a build that writes), relative to the site. */
  outDir?: string;
  /** Each page file written, by path in the output folder, as it was after the swap. */
  files: Map<string, FileRecord>;
  /** Set when `files` are in the folder a build with errors kept its pages in, not in the output folder. */
  kept?: true;
  parts: PartRef[];
}

export interface BuildStoreOptions {
  config: ResolvedConfig;
  /** A build that writes into this folder; undefined for a check. */
  outDir?: string;
  includeDrafts: boolean;
  /** The viewer checkout (or sample code base) the build documents; none without an API reference. */
  viewerDir?: string;
  /**
   * The staging folder of a build that writes, when it was made from the spare: the stats of the files recorded
   * there are taken on a thread while the store loads (see stagedStatsTaken).
   */
  staged?: string;
  log: (line: string) => void;
}

/** The stats of the recorded files in a staging folder, STATS_PER_FILE numbers each, at `at` of their path. */
interface StagedStats {
  dir: string;
  at: Map<string, number>;
  stats: Float64Array;
}

/**
 * Takes the stats of `files` in staging folder `dir` on a thread. Only the build writes into its staging folder, and
 * a file it writes there is not one it then looks for as recorded, so the stats hold until then. Undefined when the
 * thread fails: each file is looked at by itself.
 */
function statRecorded(files: ReadonlyMap<string, FileRecord>, dir: string): Promise<StagedStats | undefined> {
  const rels = [...files.keys()].filter((rel) => !rel.includes("\0"));
  return statsOnThread(rels.map((rel) => joinUnder(dir, rel))).then(
    (stats) => ({ dir, at: new Map(rels.map((rel, i) => [rel, i])), stats }),
    () => undefined,
  );
}

/** The toolchain's own sources as they are on disk: in a checkout they change without a new version. */
function sourcesStamp(digests: FileDigests): string {
  const parts = ["cli", "renderer", "templates"].map((dir) => digests.tree(path.join(PACKAGE_ROOT, dir)));
  for (const file of ["package.json", "package-lock.json", "../package.json"]) parts.push(digests.digest(path.join(PACKAGE_ROOT, file)));
  return sha256(parts.join("\n"));
}

/** The config (functions by their text, paths relative to the site) and the site's own templates. */
function inputsStamp(config: ResolvedConfig, digests: FileDigests): string {
  const json = neutralPaths(
    JSON.stringify(config, (_key, value: unknown) => (typeof value === "function" ? `function ${String(value)}` : value)),
    { site: config.siteDir },
  );
  let configText = "";
  try {
    configText = fs.readFileSync(config.configFile, "utf8");
  } catch {
    // A config handed over as an object may have no file: its values are in the JSON.
  }
  const templates = config.templatesDir ? digests.tree(path.resolve(config.siteDir, config.templatesDir)) : "";
  return sha256(JSON.stringify([json, configText, templates]));
}

/** The toolchain running: its version, its own files as they are on disk, Node's major version (files known through the site's table). */
export function toolchainStamp(siteDir: string): Omit<Stamp, "flags"> {
  return { version: ownPackage().version, sources: sourcesStamp(FileDigests.of(siteDir)), node: process.versions.node.split(".")[0]! };
}

/** The kind of a build (a check writes nothing), which names its store. */
const modeOf = (writes: boolean, includeDrafts: boolean) => `${writes ? "build" : "check"}${includeDrafts ? "-drafts" : ""}`;

/** The file of the store of a site's builds of a kind, and `extension` the file beside it of the same name. */
export function storeFile(siteDir: string, writes: boolean, includeDrafts: boolean, extension = ".v8"): string {
  return path.join(siteCacheDir(siteDir), "build", `${modeOf(writes, includeDrafts)}${extension}`);
}

/** The store's file, stamp and inputs for a build of these options; `toolchain`, toolchainStamp() when taken already. */
function storeOf({ config, outDir, includeDrafts }: Omit<BuildStoreOptions, "log">, toolchain = toolchainStamp(config.siteDir)): { file: string; stamp: Stamp; inputs: string } {
  const writes = outDir !== undefined;
  const stamp: Stamp = { ...toolchain, flags: modeOf(writes, includeDrafts) };
  return { file: storeFile(config.siteDir, writes, includeDrafts), stamp, inputs: inputsStamp(config, FileDigests.of(config.siteDir)) };
}

/** The folder of a store's parts, beside its index. */
const partsFolder = (file: string) => file.replace(/\.v8$/, ".parts");

/** How many parts `table`, of `count` entries, is spread over: a power of two, so a growing site rarely moves entries. */
function partCount(table: CacheTable, count: number): number {
  const perPart = ENTRIES_PER_PART_OF.get(table) ?? ENTRIES_PER_PART;
  let buckets = 1;
  while (count > buckets * perPart) buckets *= 2;
  return buckets;
}

/** The part of `buckets` an entry id falls in (FNV-1a: the same in every process). */
function bucketOf(id: string, buckets: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % buckets;
}

const placeOf = (table: CacheTable, bucket: number, buckets: number) => `${table} ${bucket}/${buckets}`;

/** The folder a build with errors keeps its pages in (a build that writes). */
const keptFolder = ({ config, outDir, includeDrafts }: Omit<BuildStoreOptions, "log">) =>
  outDir === undefined ? undefined : storeFile(config.siteDir, true, includeDrafts, ".kept");

/** Why a store of stamp `was` is not used by a build of stamp `now`; undefined when it is. */
function stampProblem(was: Stamp, now: Stamp): string | undefined {
  if (was.version !== now.version) return `it was made by carta-docs ${was.version}, this is ${now.version}`;
  if (was.sources !== now.sources) return "the toolchain's own files changed since it was made";
  if (was.node !== now.node) return `it was made by Node ${was.node}, this is Node ${now.node}`;
  if (was.flags !== now.flags) return `it was made by a build with other options (${was.flags}; this is ${now.flags})`;
  return undefined;
}

export class BuildStore {
  /**
   * Recorded files from which their stats are taken on a thread (statRecorded): fewer are looked at sooner than a
   * thread starts (the real viewer's site records ~5,000 files, an lstat each some 4 µs; a thread answers after
   * 30-40 ms). Tests lower it, to take a small site's on the thread.
   */
  static statsOnThreadFrom = 8192;
  readonly cache: BuildCache;
  /**
   * The digest of each kept page file this build linked from the previous build's (see holdsRecorded); with its
   * stats, for one a staging folder made from the spare already held (isRecordedFile): the build does not touch it,
   * and the swap moves its folder, not it, so they are its stats in the output too.
   */
  private readonly verified = new Map<string, { digest: string; stats?: FileStats }>();
  /** Files besides the pages this build writes into the output (llms-full.txt), by path: saved with their records. */
  private readonly others = new Set<string>();
  private readonly digests: FileDigests;
  /** The entries' large values, read when asked for: `apart.read` says which a build read. */
  readonly apart: ApartValues;
  /** The stats of the recorded files in the staging folder (BuildStoreOptions.staged), taken on a thread. */
  private stating?: Promise<StagedStats | undefined>;
  private staged?: StagedStats;
  private constructor(
    private readonly places: Places,
    /** The store's file. */
    readonly file: string,
    private readonly stamp: Stamp,
    private readonly inputs: string,
    private readonly outDir: string | undefined,
    /** Where a build with errors keeps its pages; undefined for a check. */
    readonly keptPages: string | undefined,
    /** Page files the previous build wrote, as they were after its swap (or as it kept them, with `kept`). */
    private readonly files: Map<string, FileRecord>,
    private readonly kept: boolean,
    /** The parts loaded, by place (placeOf): a save writes again only those whose entries changed. */
    private readonly parts: Map<string, LoadedPart>,
    /** The parts of tables read lazily not read yet, by table and bucket: a save keeps them as they are. */
    private readonly unloaded: Map<CacheTable, Map<number, PartRef>>,
    /** Where the site and viewer were when the store was made. */
    private readonly madeAt: Places,
  ) {
    this.cache = new BuildCache(true, false, (key) => neutralPaths(key, places));
    this.apart = new ApartValues();
    this.digests = FileDigests.of(places.site);
  }

  /**
   * The store of this site and kind of build, loaded into a keeping cache; empty when there is none yet or it
   * cannot be used (said in one note line when it exists).
   */
  static open(options: BuildStoreOptions): BuildStore {
    const { config, outDir, log } = options;
    const { file, stamp, inputs } = storeOf(options);
    const keptPages = keptFolder(options);
    const site = config.siteDir;
    const places: Places = { site, ...(options.viewerDir !== undefined && { viewer: options.viewerDir }) };
    const empty = () => new BuildStore(places, file, stamp, inputs, outDir, keptPages, new Map(), false, new Map(), new Map(), places);
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") note(log, file, config.siteDir, `it cannot be read (${(error as Error).message})`);
      return empty();
    }
    let index: StoreIndex;
    try {
      index = v8.deserialize(bytes) as StoreIndex;
      const problem = shapeProblem(index);
      if (problem) throw new Error(problem);
    } catch (error) {
      note(log, file, config.siteDir, `it is damaged (${error instanceof Error ? error.message : String(error)})`);
      return empty();
    }
    if (index.format !== FORMAT) {
      note(log, file, config.siteDir, `it was written in another format (${String(index.format)}; this build writes ${FORMAT})`);
      return empty();
    }
    const problem = stampProblem(index.stamp, stamp);
    if (problem) {
      note(log, file, config.siteDir, problem);
      return empty();
    }
    // Made for another config or other templates: every page shows them, so nothing in it would be used.
    if (index.inputs !== inputs) return empty();
    const sameOutput = index.outDir === (outDir === undefined ? undefined : path.relative(site, outDir));
    // On a thread while the parts load (some 0.3 s at 10,000 docs).
    const stating = sameOutput && options.staged !== undefined && index.files.size >= BuildStore.statsOnThreadFrom ? statRecorded(index.files, options.staged) : undefined;
    const loaded: [PartRef, Map<string, StoredEntry>][] = [];
    const unloaded = new Map<CacheTable, Map<number, PartRef>>();
    // A store made elsewhere is read whole: a part saved again unread would keep the paths of where it was made.
    const elsewhere = moved(index.places, places);
    for (const ref of index.parts) {
      try {
        // A part of a table read lazily, like a value file, is only known here to be there, whole.
        const lazy = !elsewhere && LAZY_TABLES.includes(ref.table);
        if (lazy) wholeFile(path.join(partsFolder(file), ref.file), ref.size, "it");
        const size = ref.values && wholeFile(path.join(partsFolder(file), ref.values.file), ref.values.size, `its value file ${ref.values.file}`);
        if (lazy) unloaded.set(ref.table, (unloaded.get(ref.table) ?? new Map<number, PartRef>()).set(ref.bucket, ref));
        else loaded.push([ref, readPart(partsFolder(file), ref, size)]);
      } catch (error) {
        note(log, file, config.siteDir, `its part ${ref.file} is damaged or missing (${error instanceof Error ? error.message : String(error)})`);
        return empty();
      }
    }
    const store = new BuildStore(places, file, stamp, inputs, outDir, keptPages, sameOutput ? index.files : new Map<string, FileRecord>(), sameOutput && index.kept === true, new Map(), unloaded, index.places);
    const tables = new Map<CacheTable, Map<string, Entry>>();
    for (const [ref, entries] of loaded) {
      const table = tables.get(ref.table) ?? new Map<string, Entry>();
      for (const [id, entry] of store.adoptPart(ref, entries)) table.set(id, entry);
      tables.set(ref.table, table);
    }
    store.cache.adopt(tables);
    store.stating = stating;
    for (const table of LAZY_TABLES) store.cache.lazily(table, { fetch: (id) => store.fetch(table, id), all: () => store.fetchAll(table) });
    return store;
  }

  /**
   * Takes a part read: its values kept apart made readable, and, made where the site or viewer was before (a cache
   * restored into a clone elsewhere), the paths its entries hold moved with them (new entries, so the part is written
   * again at the next save), those kept apart read first. Returns its entries as the cache is to hold them.
   */
  private adoptPart(ref: PartRef, entries: Map<string, StoredEntry>): Map<string, Entry> {
    const elsewhere = moved(this.madeAt, this.places);
    const values = ref.values && path.join(partsFolder(this.file), ref.values.file);
    if (values) for (const [id, entry] of entries) this.apart.attach(ref.table, id, entry, values, elsewhere);
    this.parts.set(placeOf(ref.table, ref.bucket, ref.buckets), { ref, entries });
    return elsewhere ? rebasePaths(new Map([[ref.table, entries]]), this.madeAt, this.places).get(ref.table)! : entries;
  }

  /** How many parts lazily read `table` is spread over, while some of them are not read; else undefined. */
  private unreadBuckets(table: CacheTable): number | undefined {
    return this.unloaded.get(table)?.values().next().value?.buckets;
  }

  /** Reads the part of lazily read `table` that `id` falls in, unless read already. */
  private fetch(table: CacheTable, id: string): void {
    const buckets = this.unreadBuckets(table);
    if (buckets !== undefined) this.read(table, bucketOf(id, buckets));
  }

  /** Reads every part of lazily read `table` not read yet. */
  private fetchAll(table: CacheTable): void {
    for (const bucket of [...(this.unloaded.get(table)?.keys() ?? [])]) this.read(table, bucket);
  }

  /** The parts of lazily read tables not read yet. */
  private unread(): PartRef[] {
    return [...this.unloaded.values()].flatMap((refs) => [...refs.values()]);
  }

  /**
   * Reads `table`'s part `bucket`, when it is one not read yet. Its file was there, whole, when the store opened: one
   * whose bytes do not read now fails the build with an error naming it (its build cannot fall back any more).
   */
  private read(table: CacheTable, bucket: number): void {
    const refs = this.unloaded.get(table);
    const ref = refs?.get(bucket);
    if (!ref) return;
    refs!.delete(bucket);
    if (refs!.size === 0) this.unloaded.delete(table);
    let entries: Map<string, StoredEntry>;
    try {
      entries = readPart(partsFolder(this.file), ref, ref.values?.size);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new CartaDocsError(`the build cache's part ${path.join(partsFolder(this.file), ref.file)} is damaged (${why}); remove the folder ${path.dirname(this.file)} (or build with --no-cache) and build again`, []);
    }
    this.cache.adoptPart(ref.table, this.adoptPart(ref, entries));
  }

  /**
   * A digest of the stamp and inputs of this site's store for this kind of build: what a store must have been
   * made by and for to be used. `toolchain`: toolchainStamp(), when taken already.
   */
  static identity(options: Omit<BuildStoreOptions, "log">, toolchain?: Omit<Stamp, "flags">): string {
    const { stamp, inputs } = storeOf(options, toolchain);
    return sha256(JSON.stringify([stamp, inputs]));
  }

  /** Whether the store keeps pages' renderings: a build from it renders only what changed. */
  get keepsRenderings(): boolean {
    return [...this.parts.values()].some((part) => part.ref.table === "render");
  }

  /** The folder holding the page files the previous build wrote (its output, or the pages it kept); undefined for a check. */
  get filesDir(): string | undefined {
    return this.folderOf(this.kept);
  }

  /** Where page files are: the output folder, or with `kept` the folder a build with errors kept them in. */
  private folderOf(kept: boolean): string | undefined {
    return kept ? this.keptPages : this.outDir;
  }

  /**
   * The stats of `file` (in `filesDir`) when it holds what the previous build wrote as page file `rel`: the same
   * size and content (known by its stats on this machine, else read); else undefined. The digest is kept for `save`.
   */
  holdsRecorded(rel: string, file: string): fs.Stats | undefined {
    const record = this.files.get(rel);
    if (!record) return undefined;
    const stats = fs.lstatSync(file, { throwIfNoEntry: false });
    if (!stats?.isFile() || stats.size !== record[0] || this.digests.digestOf(file, stats, true) !== record[1]) return undefined;
    this.verified.set(rel, { digest: record[1] });
    return stats;
  }

  /**
   * Whether `staged` (in a staging folder made from the spare) is already the file the previous build wrote as page
   * file `rel` at `file` (in `filesDir`), unchanged since: its stats are those the digest table recorded for `file`,
   * with the digest the store recorded. Nothing is read, and `file` is not looked at. The digest is kept for `save`.
   */
  isRecordedFile(rel: string, file: string, staged: string): boolean {
    const record = this.files.get(rel);
    if (!record) return false;
    const stats = this.stagedStats(rel, staged);
    if (!stats || stats.size !== record[0] || this.digests.recorded(file, stats) !== record[1]) return false;
    this.verified.set(rel, { digest: record[1], stats });
    return true;
  }

  /**
   * The four stats the digest table knows staged file `rel` at `staged` by, when it is a regular file (not a Stats
   * object each: 20,000 at 10,000 docs): those the thread took (stagedStatsTaken), else its lstat.
   */
  private stagedStats(rel: string, staged: string): FileStats | undefined {
    const at = this.staged && staged === joinUnder(this.staged.dir, rel) ? this.staged.at.get(rel) : undefined;
    if (at !== undefined) {
      const { stats } = this.staged!;
      const start = at * STATS_PER_FILE;
      return stats[start]! < 0 ? undefined : { size: stats[start]!, mtimeMs: stats[start + 1]!, ino: stats[start + 2]!, ctimeMs: stats[start + 3]! };
    }
    const found = fs.lstatSync(staged, { throwIfNoEntry: false });
    return found?.isFile() ? { size: found.size, mtimeMs: found.mtimeMs, ino: found.ino, ctimeMs: found.ctimeMs } : undefined;
  }

  /** Waits for the stats of the staging folder's recorded files (BuildStoreOptions.staged), when taken. */
  async stagedStatsTaken(): Promise<void> {
    this.staged = await this.stating;
  }

  /** Records `rel`, a file of the output besides the pages, with the pages' files, as this build writes it. */
  writes(rel: string): void {
    this.others.add(rel);
    // Its content is this build's, not the previous file's holdsRecorded verified.
    this.verified.delete(rel);
  }

  /**
   * Saves what this build used; `written` are the page files it wrote (none for a check), read as they are now:
   * in the output folder after the swap, or with `kept` (a build with errors) in `keptPages`; `digests`, the content
   * digests of those the build took from the bytes it wrote (writeStagedFile), which are not read again. Skipped when nothing
   * would change. A build without errors removes the pages a failed one kept: its output has them now.
   */
  async save(written: readonly string[], kept = false, digests: ReadonlyMap<string, string> = new Map()): Promise<void> {
    const files = new Map<string, FileRecord>();
    const dir = this.folderOf(kept);
    if (dir !== undefined) {
      for (const rel of kept ? written : [...written, ...this.others]) {
        const file = joinUnder(dir, rel);
        const known = this.verified.get(rel);
        const stats = (!kept && known?.stats) || regularFile(file);
        if (!stats) continue;
        // A file linked from the previous build's is the one verified then (linking changed its change time); a
        // file rendered has the digest of the bytes written (only builds write the output), else it is read once.
        const digest = known?.digest ?? digests.get(rel) ?? this.digests.digestOf(file, stats, true);
        this.digests.learn(file, stats, digest);
        files.set(rel, [stats.size, digest]);
      }
    }
    const folder = partsFolder(this.file);
    const parts: PartRef[] = [];
    const partsWritten = new Set<string>();
    try {
      await this.saveParts(folder, parts, partsWritten);
      // Pages linked from a kept folder into the output are the same files: the records alone do not tell them apart.
      const same = partsWritten.size === 0 && parts.length === this.parts.size + this.unread().length && kept === this.kept && sameRecords(files, this.files);
      if (!same) {
        const index: StoreIndex = { format: FORMAT, stamp: this.stamp, inputs: this.inputs, places: this.places, ...(this.outDir !== undefined && { outDir: path.relative(this.places.site, this.outDir) }), files, ...(kept && { kept }), parts };
        await writeFileAtomic(this.file, v8.serialize(index));
        await removeUnlisted(folder, new Set(parts.flatMap((ref) => [ref.file, ...(ref.values ? [ref.values.file] : [])])));
      }
    } catch (error) {
      // The index on disk still names the parts it named: those this save wrote are nobody's (and a full disk stays full).
      const listed = new Set([...[...this.parts.values()].map(({ ref }) => ref), ...this.unread()].flatMap((ref) => [ref.file, ...(ref.values ? [ref.values.file] : [])]));
      await Promise.all([...partsWritten].filter((file) => !listed.has(file)).map((file) => fsp.rm(path.join(folder, file), { force: true })));
      throw error;
    }
    if (!kept && this.keptPages !== undefined) await fsp.rm(this.keptPages, { recursive: true, force: true });
  }

  /** Writes the parts of the tables this build used that are not on disk as they are; each one's reference goes into `parts`, each file written into `written`. */
  private async saveParts(folder: string, parts: PartRef[], written: Set<string>): Promise<void> {
    // The value files of the parts loaded, read whole when a part saved again copies values from them.
    const previous = new Map<string, Buffer>();
    const previousOf = (file: string) => previous.get(file) ?? previous.set(file, fs.readFileSync(file)).get(file)!;
    // Parts are named (hashed on libuv's threads) and written while the next one is serialized, a few at a time:
    // one after another, a cold build of the real viewer's site waited ~0.4 s for its 47 files. Their order does not
    // matter: only the index, written after all of them, names them. Few enough that the store's bytes are never all
    // in memory at once.
    const writing = new Set<Promise<void>>();
    let failure: { error: unknown } | undefined;
    const inBackground = async (work: () => Promise<void>) => {
      while (writing.size >= PARALLEL_PART_WRITES) await Promise.race(writing);
      const done: Promise<void> = work()
        .catch((error: unknown) => void (failure ??= { error }))
        .finally(() => writing.delete(done));
      writing.add(done);
    };
    const write = async (name: Promise<string>, data: Buffer) => {
      const file = await name;
      written.add(file);
      await writeFileAtomic(path.join(folder, file), data);
      return file;
    };
    try {
      for (const table of STORED_TABLES) {
        // A table read lazily whose parts no longer fit its size (a power of two more or fewer) is read whole first.
        const unread = this.unreadBuckets(table);
        if (unread !== undefined && unread !== partCount(table, this.cache.usedCount(table))) this.fetchAll(table);
        const entries = this.cache.used([table]).get(table)!;
        const buckets = this.unreadBuckets(table) ?? partCount(table, entries.size);
        const groups = Array.from({ length: buckets }, () => new Map<string, Entry>());
        for (const [id, entry] of entries) groups[bucketOf(id, buckets)]!.set(id, entry);
        for (const [bucket, group] of groups.entries()) {
          if (failure) break;
          // A part not read holds what it held: no entry of it was asked for, so none was made again.
          const notLoaded = this.unloaded.get(table)?.get(bucket);
          if (notLoaded) {
            parts.push(notLoaded);
            continue;
          }
          if (group.size === 0) continue;
          const loaded = this.parts.get(placeOf(table, bucket, buckets));
          if (loaded && sameEntries(loaded.entries, group)) {
            parts.push(loaded.ref);
            continue;
          }
          // One part serialized at a time.
          const values: Buffer[] = [];
          let size = 0;
          const append = (bytes: Buffer) => {
            values.push(bytes);
            size += bytes.length;
            return size - bytes.length;
          };
          const stored = new Map([...group].map(([id, entry]) => [id, this.apart.split(table, entry, append, previousOf)] as const));
          const bytes = v8.serialize(stored);
          const name = async (data: Buffer, extension: string) => `${table}-${bucket}of${buckets}-${(await sha256Apart(data)).slice(0, 16)}${extension}`;
          const ref: PartRef = { table, bucket, buckets, file: "", size: bytes.length };
          parts.push(ref);
          const data = size > 0 ? Buffer.concat(values) : undefined;
          await inBackground(async () => {
            if (data) ref.values = { file: await write(name(data, ".values"), data), size };
            ref.file = await write(name(bytes, ".v8"), bytes);
          });
        }
      }
    } finally {
      // Nothing may still be writing when a failed save removes what it wrote.
      await Promise.all(writing);
    }
    if (failure) throw failure.error;
  }
}

/** Checks that `file` (`what`, to say so) is there with `size` bytes, as the index says; returns the size. */
function wholeFile(file: string, size: number, what: string): number {
  const found = fs.statSync(file).size;
  if (found !== size) throw new Error(`${what} has ${found} bytes, not ${size}`);
  return size;
}

/** The entries of part `ref` in `folder`, checked (`values`: the size of its value file, if it has one). */
function readPart(folder: string, ref: PartRef, values: number | undefined): Map<string, StoredEntry> {
  const bytes = fs.readFileSync(path.join(folder, ref.file));
  if (bytes.length !== ref.size) throw new Error(`it has ${bytes.length} bytes, not ${ref.size}`);
  const entries = v8.deserialize(bytes) as Map<string, StoredEntry>;
  const broken = entriesProblem(ref.table, entries, values);
  if (broken) throw new Error(broken);
  return entries;
}

/** `file`'s stats when it is a regular file. */
function regularFile(file: string): fs.Stats | undefined {
  const stats = fs.lstatSync(file, { throwIfNoEntry: false });
  return stats?.isFile() ? stats : undefined;
}

/** Whether a part's entries are those loaded: the same ids, each the very entry loaded (a new result is a new object). */
function sameEntries(loaded: ReadonlyMap<string, Entry>, now: ReadonlyMap<string, Entry>): boolean {
  if (loaded.size !== now.size) return false;
  for (const [id, entry] of now) if (loaded.get(id) !== entry) return false;
  return true;
}

/** Removes the parts no index names any more, and what a killed save left (temporary files, parts never listed). */
async function removeUnlisted(folder: string, listed: ReadonlySet<string>): Promise<void> {
  let names: string[];
  try {
    names = await fsp.readdir(folder);
  } catch {
    return;
  }
  await Promise.all(names.filter((name) => !listed.has(name)).map((name) => fsp.rm(path.join(folder, name), { force: true })));
}

function sameRecords(a: Map<string, FileRecord>, b: Map<string, FileRecord>): boolean {
  if (a.size !== b.size) return false;
  for (const [rel, record] of a) {
    const other = b.get(rel);
    if (!other || other[0] !== record[0] || other[1] !== record[1]) return false;
  }
  return true;
}

/** What is wrong with a deserialized index's shape, if anything: it is trusted only as far as it is checked. */
function shapeProblem(index: StoreIndex): string | undefined {
  if (typeof index !== "object" || index === null) return "not a store";
  if (index.format !== FORMAT) return undefined; // said apart: an older store is not a damaged one
  if (typeof index.stamp !== "object" || index.stamp === null || typeof index.inputs !== "string" || typeof index.places?.site !== "string") return "no stamp";
  if (!(index.files instanceof Map) || !Array.isArray(index.parts)) return "no parts";
  if (index.kept !== undefined && index.kept !== true) return "a malformed mark of kept pages";
  for (const ref of index.parts as unknown[]) {
    const part = ref as Partial<PartRef> | null;
    const valid = typeof part === "object" && part !== null && STORED_TABLES.includes(part.table!) && typeof part.file === "string" && /^[\w.-]+\.v8$/.test(part.file);
    if (!valid || !Number.isInteger(part.bucket) || !Number.isInteger(part.buckets) || !Number.isInteger(part.size)) return "a malformed part";
    const values = part.values as Partial<PartRef["values"]> | undefined;
    if (values !== undefined && !(typeof values?.file === "string" && /^[\w.-]+\.values$/.test(values.file) && Number.isInteger(values.size))) return "a malformed value file";
  }
  return undefined;
}

/** Whether a field of an entry is a list when it is there (what it reported on the side). */
const isList = (field: unknown) => field === undefined || Array.isArray(field);

/** What is wrong with a deserialized part of `table`, if anything; `values`: the size of its value file, if it has one. */
function entriesProblem(table: CacheTable, entries: Map<string, StoredEntry>, values: number | undefined): string | undefined {
  if (!(entries instanceof Map)) return "not a table";
  for (const entry of entries.values()) {
    if (typeof entry !== "object" || entry === null || typeof entry.key !== "string" || !isList(entry.diagnostics) || !isList(entry.assets) || !isList(entry.unresolvedLinks)) {
      return `an entry of ${table} is malformed`;
    }
    const apart = apartProblem(table, entry, values);
    if (apart) return `an entry of ${table} has ${apart}`;
  }
  return undefined;
}

function note(log: (line: string) => void, file: string, siteDir: string, why: string): void {
  log(`note: the build cache ${path.relative(siteDir, file) || file} was not used: ${why}; everything is built again`);
}
