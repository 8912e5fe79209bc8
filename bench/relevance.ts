/**
 * Relevance of search: the queries of bench/searchQueries.json asked of a built site's default version,
 * the way the browser asks them, and the mean reciprocal rank of the first expected result among the top
 * ten (MRR@10: 1 when every query's page comes first, 0.5 when second, 0 when not in the ten).
 */
import fs from "node:fs";
import path from "node:path";
import { PACKAGE_ROOT } from "../cli/util/packageRoot.ts";
import type { VersionIndex } from "../renderer/client/searchEngine.ts";

export interface RelevanceQuery {
  query: string;
  /** Targets relative to the base URL; one without an #anchor accepts any section of its page. */
  expect: string[];
}

interface QueryOutcome {
  query: string;
  /** 1-based rank of the first expected result, or 0 when none was in the top ten. */
  rank: number;
  /** The first result, relative to the base URL. */
  first: string;
}

export interface Relevance {
  queries: number;
  mrr: number;
  /** Queries whose expected result did not come first. */
  misses: QueryOutcome[];
}

// From the package root: this module may run from the checkout's compiled copy (bench/runCompiled.mjs).
const QUERY_FILE = path.join(PACKAGE_ROOT, "bench", "searchQueries.json");
const TOP = 10;

export function readQueries(file = QUERY_FILE): RelevanceQuery[] {
  const data = JSON.parse(fs.readFileSync(file, "utf8")) as { queries?: RelevanceQuery[] };
  if (!Array.isArray(data.queries) || data.queries.length === 0) throw new Error(`${file}: expected { "queries": [{ "query": "...", "expect": ["docs/..."] }, ...] }`);
  return data.queries;
}

function matches(url: string, target: string): boolean {
  return target.includes("#") ? url === target : url.split("#")[0] === target;
}

export async function measureRelevance(index: VersionIndex, baseUrl: string, queries: readonly RelevanceQuery[]): Promise<Relevance> {
  const outcomes: QueryOutcome[] = [];
  for (const { query, expect } of queries) {
    const urls = (await index.find(query, TOP))!.map((hit) => hit.url.slice(baseUrl.length));
    const at = urls.findIndex((url) => expect.some((target) => matches(url, target)));
    outcomes.push({ query, rank: at + 1, first: urls[0] ?? "(no results)" });
  }
  const mrr = outcomes.reduce((sum, o) => sum + (o.rank > 0 ? 1 / o.rank : 0), 0) / outcomes.length;
  return { queries: outcomes.length, mrr, misses: outcomes.filter((o) => o.rank !== 1) };
}
