import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Fuse from "fuse.js";
import { afterAll, describe, expect, it } from "vitest";
import type { SearchDoc } from "../../cli/site/search.ts";
import { SEARCH_KEYS } from "../../renderer/client/searchKeys.ts";
import { measureSearch, sampleQueries } from "../../bench/search.ts";

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const docs: SearchDoc[] = Array.from({ length: 60 }, (_, i) => ({
  u: `/b/docs/p${i}#s`,
  t: `Page ${i} about contours`,
  s: i % 2 ? "Regions" : "",
  x: `Spectral profiles and contour levels of channel ${i}; moment images and regi`,
  v: "",
  k: "docs",
}));

describe("sampleQueries", () => {
  it("asks the same questions every run, made of whole words of the documents", () => {
    const queries = sampleQueries(docs, 200);
    expect(queries).toHaveLength(200);
    expect(sampleQueries(docs, 200)).toEqual(queries);
    const vocabulary = new Set(docs.flatMap((d) => `${d.t} ${d.x}`.toLowerCase().split(/[^a-z]+/)));
    for (const query of queries) for (const word of query.split(" ")) expect(vocabulary.has(word), word).toBe(true);
    expect(queries.filter((q) => q.includes(" ")).length).toBe(50);
    // "regi" ends every text: the build may have cut it, so it is no query.
    expect(queries).not.toContain("regi");
  });

  it("refuses documents without words", () => {
    expect(() => sampleQueries([{ ...docs[0]!, t: "a", x: "" }], 5)).toThrow(/no words/);
  });
});

describe("measureSearch", () => {
  it("reports both files' sizes and the query latency percentiles of a built site", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-search-"));
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, "search-doc.json"), JSON.stringify(docs));
    fs.writeFileSync(path.join(dir, "search-index.json"), JSON.stringify(Fuse.createIndex(SEARCH_KEYS, docs).toJSON()));
    const figures = measureSearch(dir, { queries: 40, repeats: 2, queryBudgetMs: 60_000 });
    expect(figures.documents).toBe(60);
    expect(figures.docFile.raw).toBe(fs.statSync(path.join(dir, "search-doc.json")).size);
    expect(figures.docFile.gzip).toBeLessThan(figures.docFile.raw);
    expect(figures.indexFile.gzip).toBeLessThan(figures.indexFile.raw);
    expect(figures.queries).toBe(40);
    expect(figures.plannedQueries).toBe(40);
    expect(figures.queryP95Ms).toBeGreaterThanOrEqual(figures.queryP50Ms);
  });

  it("stops querying when the time budget is spent, after at least twenty queries", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-search-"));
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, "search-doc.json"), JSON.stringify(docs));
    fs.writeFileSync(path.join(dir, "search-index.json"), JSON.stringify(Fuse.createIndex(SEARCH_KEYS, docs).toJSON()));
    const figures = measureSearch(dir, { queries: 200, repeats: 1, queryBudgetMs: 0 });
    expect(figures.queries).toBe(20);
    expect(figures.plannedQueries).toBe(200);
  });
});
