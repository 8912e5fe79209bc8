/**
 * Search figures of a built site: the bytes a first search fetches (the reader's version's doc file and
 * index manifest, the index shards of the query and the text files of the results shown, as the browser
 * fetches them once the query has stood: see searchTyping.ts for the browser's own figures), the size of all
 * search files, loading the index, and query latency the way the browser's search bundle queries
 * (searchEngine.ts over the parsed files, its shards loaded).
 */
import fs from "node:fs";
import path from "node:path";
import { searchFileNames, type SearchDocFile, type SearchIndexFile } from "../renderer/client/searchData.ts";
import { VersionIndex } from "../renderer/client/searchEngine.ts";
import { gzipSize, median, percentile, timed } from "./measure.ts";
import { measureRelevance, readQueries, type Relevance } from "./relevance.ts";
import { TYPED_QUERIES } from "./searchTyping.ts";
import { seeded } from "./synthetic/random.ts";

const MAX_RESULTS = 10;

interface FileSize {
  raw: number;
  gzip: number;
}

/** Reads a search file of a site by its name (relative to the site root); undefined when there is none. */
export type SearchFiles = (name: string) => string | undefined;

function filesInDir(dir: string): SearchFiles {
  return (name) => {
    const file = path.join(dir, name);
    return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
  };
}

/**
 * The default version's index over `files`; shards and texts are read as the browser fetches them, and
 * each read is told to `onRead`.
 */
function defaultIndex(files: SearchFiles, onRead: (name: string) => void = () => {}): VersionIndex {
  const names = searchFileNames("", "");
  const parse = (name: string): unknown => {
    const text = files(name);
    if (text === undefined) throw new Error(`the site has no search file ${name}`);
    return JSON.parse(text);
  };
  return new VersionIndex(parse(names.doc) as SearchDocFile, parse(names.index) as SearchIndexFile, async (name) => {
    onRead(name);
    return parse(name);
  });
}

function sizeOf(files: SearchFiles, name: string): FileSize {
  const text = files(name) ?? "";
  return { raw: Buffer.byteLength(text), gzip: gzipSize(text) };
}

export interface FirstSearch {
  /** The default version's search-doc.json and search-index.json (the shards' manifest). */
  docFile: FileSize;
  indexFile: FileSize;
  /** Gzipped bytes of a first search (both files, the query's shards and the text files of its ten results), over the queries. */
  gzipMedian: number;
  gzipMax: number;
  queries: number;
  /** Gzipped bytes of the first search of each of issue 28's queries (TYPED_QUERIES), by query. */
  typed: Record<string, number>;
}

/**
 * What a reader's first search fetches for one query, once it has stood (searchTyping.ts measures what
 * the browser does while the query is typed): the doc file and manifest of the default version, the index
 * shards the query needs, and the text files holding the texts of the results shown.
 */
async function firstSearchBytes(files: SearchFiles, query: string, gzipOf: (name: string) => number): Promise<number> {
  const names = searchFileNames("", "");
  const read = new Set<string>([names.doc, names.index]);
  const index = defaultIndex(files, (name) => read.add(name));
  const hits = (await index.find(query, MAX_RESULTS))!;
  for (const hit of hits) read.add(index.textFileOf(hit));
  return [...read].reduce((sum, name) => sum + gzipOf(name), 0);
}

/** What a reader's first search fetches, per query of `queries` (see firstSearchBytes). */
export async function firstSearch(files: SearchFiles, queries: readonly string[]): Promise<FirstSearch> {
  const names = searchFileNames("", "");
  const sizes = new Map<string, number>();
  const gzipOf = (name: string) => {
    if (!sizes.has(name)) sizes.set(name, sizeOf(files, name).gzip);
    return sizes.get(name)!;
  };
  const perQuery: number[] = [];
  for (const query of queries) perQuery.push(await firstSearchBytes(files, query, gzipOf));
  const typed: Record<string, number> = {};
  for (const query of TYPED_QUERIES) typed[query] = await firstSearchBytes(files, query, gzipOf);
  return { docFile: sizeOf(files, names.doc), indexFile: sizeOf(files, names.index), gzipMedian: median(perQuery), gzipMax: Math.max(...perQuery), queries: queries.length, typed };
}

/** What a CARTA site's search is measured by: its first search and the relevance of the query set. */
export interface SiteSearch {
  firstSearch: FirstSearch;
  relevance: Relevance;
}

export async function siteSearch(files: SearchFiles, baseUrl: string): Promise<SiteSearch> {
  const queries = readQueries();
  return { firstSearch: await firstSearch(files, queries.map((q) => q.query)), relevance: await measureRelevance(defaultIndex(files), baseUrl, queries) };
}

export interface SearchFigures {
  /** Sections of the default version. */
  documents: number;
  docFile: FileSize;
  indexFile: FileSize;
  /** Every search file of the site (all versions, texts included), and how many. */
  allFiles: FileSize & { count: number };
  /** Median milliseconds of parsing both files and making the index (what the browser does first). */
  loadMs: number;
  /** Index shards of the default version, and the largest one's size. */
  shards: { count: number; largest: FileSize };
  /** Queries timed; fewer than planned when the time budget ran out. */
  queries: number;
  plannedQueries: number;
  queryP50Ms: number;
  queryP95Ms: number;
  /** The slowest query (each query's time is the median of three runs). */
  queryMaxMs: number;
}

/**
 * Queries made of words of the sections' texts: mostly one word, every fourth two words, as people type
 * them. Seeded, so every run asks the same questions. The last word of a text is left out, as the build
 * may have cut it short.
 */
export function sampleQueries(texts: readonly string[], count: number, seed = 1): string[] {
  const words = [...new Set(texts.flatMap((text) => (text.toLowerCase().match(/[a-z]{4,}/g) ?? []).slice(0, -1)))].sort();
  if (words.length === 0) throw new Error("the search texts have no words to query");
  const random = seeded(seed);
  return Array.from({ length: count }, (_, i) => (i % 4 === 3 ? `${random.pick(words)} ${random.pick(words)}` : random.pick(words)));
}

export interface SearchOptions {
  queries: number;
  /** Runs of the index load, of which the median is taken. */
  repeats: number;
  /** Querying stops after this long (after at least 20 queries); `queries` in the figures says how many ran. */
  queryBudgetMs: number;
}

function searchFilesIn(dir: string): string[] {
  const names = fs.readdirSync(dir).filter((name) => /^search-(doc|index)(-.+)?\.json$/.test(name));
  const inside = (folder: string) => {
    const full = path.join(dir, folder);
    return fs.existsSync(full) ? fs.readdirSync(full, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".json")).map((name) => path.join(folder, name)) : [];
  };
  return [...names, ...inside("search-index"), ...inside("search-text")];
}

export async function measureSearch(buildDir: string, options: SearchOptions): Promise<SearchFigures> {
  const files = filesInDir(buildDir);
  const names = searchFileNames("", "");
  const repeat = (work: () => unknown) => median(Array.from({ length: options.repeats }, () => timed(work).ms));
  const loadMs = repeat(() => defaultIndex(files));
  const index = defaultIndex(files);
  const doc = JSON.parse(files(names.doc)!) as SearchDocFile;
  const documents = doc.sections.heading.length;
  const fileNames = searchFilesIn(buildDir);
  const sizes = new Map(fileNames.map((name) => [name, sizeOf(files, name)]));
  const all = [...sizes.values()];
  const texts = fileNames
    .filter((name) => name.startsWith(path.join("search-text", doc.version || "site")))
    .flatMap((name) => JSON.parse(files(name)!) as string[]);
  const queries = sampleQueries([...doc.pages.title, ...texts], options.queries);
  // A few queries first, so the figures are of searching rather than of compiling the search code.
  for (const query of queries.slice(0, 5)) await index.find(query, MAX_RESULTS);
  const latencies: number[] = [];
  const start = performance.now();
  for (const query of queries) {
    if (latencies.length >= 20 && performance.now() - start > options.queryBudgetMs) break;
    // Timed once the query's shards are loaded: what a reader waits for after a key, the shards fetched before.
    // The median of three runs, so that a collection or a busy machine's pause is not taken for the query's cost.
    await index.find(query, MAX_RESULTS);
    latencies.push(median([0, 1, 2].map(() => timed(() => index.search(query, MAX_RESULTS)).ms)));
  }
  const shardNames = fileNames.filter((name) => name.startsWith(path.join("search-index", doc.version || "site")));
  const largestShard = shardNames.map((name) => sizes.get(name)!).reduce((a, b) => (b.gzip > a.gzip ? b : a), { raw: 0, gzip: 0 });
  return {
    documents,
    // Both are among the site's files: defaultIndex above read them.
    docFile: sizes.get(names.doc)!,
    indexFile: sizes.get(names.index)!,
    allFiles: { raw: all.reduce((sum, f) => sum + f.raw, 0), gzip: all.reduce((sum, f) => sum + f.gzip, 0), count: all.length },
    loadMs,
    shards: { count: shardNames.length, largest: largestShard },
    queries: latencies.length,
    plannedQueries: queries.length,
    queryP50Ms: percentile(latencies, 50),
    queryP95Ms: percentile(latencies, 95),
    queryMaxMs: Math.max(...latencies),
  };
}
