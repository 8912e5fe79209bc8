import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { firstSearch, measureSearch, sampleQueries } from "../../bench/search.ts";
import { decodeGaps, searchShardFile, searchTextFile, textPlace, type SearchDocFile, type SearchIndexFile } from "../../renderer/client/searchData.ts";
import { doc, searchFilesOf, writeFiles } from "../search/files.ts";

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const texts = Array.from({ length: 60 }, (_, i) => `Spectral profiles and contour levels of channel ${i}; moment images and regi`);
const docs = texts.map((x, i) => doc(`/b/docs/p${i}#s`, `Page ${i} about contours`, i % 2 ? "Regions" : "", x));

describe("sampleQueries", () => {
  it("asks the same questions every run, made of whole words of the texts", () => {
    const queries = sampleQueries(texts, 200);
    expect(queries).toHaveLength(200);
    expect(sampleQueries(texts, 200)).toEqual(queries);
    const vocabulary = new Set(texts.flatMap((x) => x.toLowerCase().split(/[^a-z]+/)));
    for (const query of queries) for (const word of query.split(" ")) expect(vocabulary.has(word), word).toBe(true);
    expect(queries.filter((q) => q.includes(" ")).length).toBe(50);
    // "regi" ends every text: the build may have cut it, so it is no query.
    expect(queries).not.toContain("regi");
  });

  it("refuses texts without words", () => {
    expect(() => sampleQueries(["a b", ""], 5)).toThrow(/no words/);
  });
});

describe("measureSearch", () => {
  const site = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-search-"));
    dirs.push(dir);
    writeFiles(dir, searchFilesOf([...docs, doc("/b/docs/4.1.0/old", "Old page", "", "Old contours", "4.1.0")]));
    return dir;
  };

  it("reports the default version's files, all files and the query latency percentiles of a built site", async () => {
    const dir = site();
    const figures = await measureSearch(dir, { queries: 40, repeats: 2, queryBudgetMs: 60_000 });
    expect(figures.documents).toBe(60);
    expect(figures.docFile.raw).toBe(fs.statSync(path.join(dir, "search-doc.json")).size);
    expect(figures.indexFile.raw).toBe(fs.statSync(path.join(dir, "search-index.json")).size);
    expect(figures.docFile.gzip).toBeLessThan(figures.docFile.raw);
    // Two versions, each a doc file, an index manifest, its shards and its text files.
    const inDir = (folder: string) => fs.readdirSync(path.join(dir, folder), { recursive: true }).filter((name) => String(name).endsWith(".json")).length;
    expect(figures.allFiles.count).toBe(4 + inDir("search-index") + inDir("search-text"));
    expect(figures.shards.count).toBe(fs.readdirSync(path.join(dir, "search-index", "5.0.0")).length);
    expect(figures.shards.largest.gzip).toBeGreaterThan(0);
    expect(figures.allFiles.raw).toBeGreaterThan(figures.docFile.raw + figures.indexFile.raw);
    expect(figures.queries).toBe(40);
    expect(figures.plannedQueries).toBe(40);
    expect(figures.queryP95Ms).toBeGreaterThanOrEqual(figures.queryP50Ms);
    expect(figures.queryMaxMs).toBeGreaterThanOrEqual(figures.queryP95Ms);
  });

  it("stops querying when the time budget is spent, after at least twenty queries", async () => {
    const figures = await measureSearch(site(), { queries: 200, repeats: 1, queryBudgetMs: 0 });
    expect(figures.queries).toBe(20);
    expect(figures.plannedQueries).toBe(200);
  });
});

describe("firstSearch", () => {
  it("counts the doc file, the manifest, the query's shards and the text files of its results, each once", async () => {
    const many = Array.from({ length: 200 }, (_, i) => doc(`/b/docs/q${i}`, `Topic ${i}`, "", i % 100 === 0 ? "needle here" : `hay ${i} ${"filler ".repeat(20 + (i % 7))}`));
    // Small shards, so that a query needs few of many.
    const files = searchFilesOf(many, "5.0.0", {}, 300);
    const read = (name: string) => files.get(name);
    const gz = (name: string) => gzipSync(read(name) ?? "").length;
    const figures = await firstSearch(read, ["needle", "nothing-like-it"]);
    const both = gz("search-doc.json") + gz("search-index.json");
    expect(figures.docFile.gzip + figures.indexFile.gzip).toBe(both);
    const manifest = JSON.parse(read("search-index.json")!) as SearchIndexFile;
    expect(manifest.shards.first.length).toBeGreaterThan(3);
    // "needle" is in sections 0 and 100, in two text files; its shard holds "needle" (a range of one shard).
    const shard = manifest.shards.first.findLastIndex((first) => first <= "needle");
    const texts = (JSON.parse(read("search-doc.json")!) as SearchDocFile).sections.texts;
    const fileOf = (section: number) => searchTextFile("5.0.0", textPlace(decodeGaps(texts).values, section).file);
    expect(fileOf(0)).not.toBe(fileOf(100));
    expect(figures.gzipMax).toBe(both + gz(searchShardFile("5.0.0", shard)) + gz(fileOf(0)) + gz(fileOf(100)));
    // "nothing-like-it": no result, no text; the shards of its words ("nothing", "like", and "it" as a prefix).
    expect(figures.gzipMedian).toBeLessThan(figures.gzipMax);
    expect(Object.keys(figures.typed)).toEqual(["AppStore", "openFile", "region", "contour", "spectral profile"]);
  });
});
