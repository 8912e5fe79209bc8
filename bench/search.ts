/**
 * Search figures of a built site: size of the two search files, the build-time index construction, and
 * query latency the way the browser's search bundle queries (parsed index, same keys and options).
 */
import fs from "node:fs";
import path from "node:path";
import Fuse from "fuse.js";
import type { SearchDoc } from "../cli/site/search.ts";
import { FUSE_OPTIONS, SEARCH_KEYS } from "../renderer/client/searchKeys.ts";
import { rankDocs, type SearchEngine } from "../renderer/client/searchRank.ts";
import { gzipSize, median, percentile, timed } from "./measure.ts";
import { seeded } from "./synthetic/random.ts";

/**
 * The options renderer/client/search.ts gives Fuse. That module keeps them private (it is browser code),
 * so they are repeated here; bench/tests/search.test.ts fails when the two drift apart.
 */

const MAX_RESULTS = 10;

export interface FileSize {
  raw: number;
  gzip: number;
}

export interface SearchFigures {
  documents: number;
  docFile: FileSize;
  indexFile: FileSize;
  /** Median milliseconds of Fuse.createIndex over the documents (what the build does). */
  indexBuildMs: number;
  /** Median milliseconds of parsing the index and making the Fuse instance (what the browser does first). */
  loadMs: number;
  /** Queries timed; fewer than planned when the time budget ran out. */
  queries: number;
  plannedQueries: number;
  queryP50Ms: number;
  queryP95Ms: number;
}

/**
 * Queries made of words from the documents' text: mostly one word, every fourth two words, as people
 * type them. Seeded, so every run asks the same questions. The last word of a text is left out, as the
 * build may have cut it short.
 */
export function sampleQueries(docs: readonly SearchDoc[], count: number, seed = 1): string[] {
  const wordsOf = (text: string) => text.toLowerCase().match(/[a-z]{4,}/g) ?? [];
  const words = [...new Set(docs.flatMap((doc) => [...wordsOf(doc.t), ...wordsOf(doc.x).slice(0, -1)]))].sort();
  if (words.length === 0) throw new Error("the search documents have no words to query");
  const random = seeded(seed);
  return Array.from({ length: count }, (_, i) => (i % 4 === 3 ? `${random.pick(words)} ${random.pick(words)}` : random.pick(words)));
}

function sizeOf(file: string): FileSize {
  const data = fs.readFileSync(file);
  return { raw: data.length, gzip: gzipSize(data) };
}

export interface SearchOptions {
  queries: number;
  /** Runs of the index build and load, of which the median is taken. */
  repeats: number;
  /** Querying stops after this long (after at least 20 queries); `queries` in the figures says how many ran. */
  queryBudgetMs: number;
}

export function measureSearch(buildDir: string, options: SearchOptions): SearchFigures {
  const docFile = path.join(buildDir, "search-doc.json");
  const indexFile = path.join(buildDir, "search-index.json");
  const docs = JSON.parse(fs.readFileSync(docFile, "utf8")) as SearchDoc[];
  const indexJson = fs.readFileSync(indexFile, "utf8");
  const repeat = (work: () => unknown) => median(Array.from({ length: options.repeats }, () => timed(work).ms));

  const indexBuildMs = repeat(() => Fuse.createIndex(SEARCH_KEYS, docs));
  const load = (): SearchEngine => ({ docs, fuse: new Fuse(docs, FUSE_OPTIONS, Fuse.parseIndex<SearchDoc>(JSON.parse(indexJson))) });
  const loadMs = repeat(load);
  const engine = load();
  // As the search box asks, within one version's scope (the first version found in the documents).
  const scope = docs.find((d) => d.v)?.v ?? "";
  const ask = (query: string) => rankDocs(engine, query, (doc) => doc.v === scope || doc.v === "", MAX_RESULTS);
  const queries = sampleQueries(docs, options.queries);
  // A few queries first, so the figures are of searching rather than of compiling the search code.
  for (const query of queries.slice(0, 5)) ask(query);
  const latencies: number[] = [];
  const start = performance.now();
  for (const query of queries) {
    if (latencies.length >= 20 && performance.now() - start > options.queryBudgetMs) break;
    latencies.push(timed(() => ask(query)).ms);
  }
  return {
    documents: docs.length,
    docFile: sizeOf(docFile),
    indexFile: sizeOf(indexFile),
    indexBuildMs,
    loadMs,
    queries: latencies.length,
    plannedQueries: queries.length,
    queryP50Ms: percentile(latencies, 50),
    queryP95Ms: percentile(latencies, 95),
  };
}
