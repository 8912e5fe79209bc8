/**
 * One edited doc in a large site (issue 40, the 10,000-doc case at 600 docs): the build store writes again one
 * part of each table the doc's entries are in, nothing of a version as a whole; one page renders, the other pages
 * stay the previous output's files; and the output is a clean build's, byte for byte.
 */
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { afterAll, expect, it, vi } from "vitest";
import { BuildStore } from "../../cli/cache/buildStore.ts";
import { runPipeline } from "../../cli/pipeline/pipeline.ts";
import { RenderPool } from "../../cli/pipeline/renderPool.ts";
import { FileDigests } from "../../cli/util/fileDigests.ts";
import { writeScaleSite } from "../../bench/syntheticSite.ts";
import { cleanTemp, tempDir, treeChecksum } from "../helpers/site.ts";

afterAll(cleanTemp);

const PARTS = ".carta-docs-cache/build/build.parts";
const EDITED = "content/docs/topic-03/page-042.md";

async function buildIt(configFile: string, options: { incremental: boolean; outDir: string; renderThreads?: number }): Promise<{ rendered: number; errors: unknown[] }> {
  const log: string[] = [];
  const result = await runPipeline({ config: configFile, write: true, ...options, log: (line) => log.push(line) });
  return { rendered: Number(/rendered (\d+) pages/.exec(log.join("\n"))?.[1] ?? -1), errors: result.errors };
}

/** The store's part files (or with `extension` ".values", their value files) by table. */
function partsByTable(site: string, extension = ".v8"): Map<string, Set<string>> {
  const tables = new Map<string, Set<string>>();
  for (const name of fs.readdirSync(path.join(site, PARTS)).filter((file) => file.endsWith(extension))) {
    const table = name.split("-")[0]!;
    tables.set(table, (tables.get(table) ?? new Set()).add(name));
  }
  return tables;
}

/** Inode of each file under `dir`, by path relative to it. */
function inodes(dir: string): Map<string, number> {
  const files = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return new Map(files.map((entry) => [path.relative(dir, path.join(entry.parentPath, entry.name)), fs.statSync(path.join(entry.parentPath, entry.name)).ino]));
}

it("writes one part of each table the edited doc is in, renders that page alone, and gives a clean build's output", async () => {
  const site = tempDir();
  const configFile = writeScaleSite(site, { docs: 600, perCategory: 100 });
  const outDir = path.join(site, "build");
  const cold = await buildIt(configFile, { incremental: true, outDir });
  expect(cold.errors).toEqual([]);
  const before = partsByTable(site);
  const valuesBefore = partsByTable(site, ".values");
  // Tables of 600 docs and pages spread over several parts, so one part of each is a share of the table.
  for (const table of ["content", "markdown", "render", "searchTerms"]) expect(before.get(table)?.size).toBeGreaterThanOrEqual(4);
  const pagesBefore = inodes(outDir);

  fs.appendFileSync(path.join(site, EDITED), "\nA paragraph the test adds, about a zebra crossing the beam.\n");
  // A render thread asked for is not started for one page: the page renders on the main thread, twin and all.
  const opened = vi.spyOn(BuildStore, "open");
  const reads = vi.spyOn(fs, "readFileSync");
  const edited = await buildIt(configFile, { incremental: true, outDir, renderThreads: 1 });
  const partsRead = reads.mock.calls.map(([file]) => path.basename(String(file))).filter((name) => name.endsWith(".v8"));
  reads.mockRestore();
  expect(edited.errors).toEqual([]);
  expect(edited.rendered).toBe(1);
  // The pages' search terms are read a part at a time as they are asked for: the edited page's part alone.
  expect(partsRead.filter((name) => name.startsWith("searchTerms-"))).toHaveLength(1);
  expect(partsRead.filter((name) => name.startsWith("content-")).length).toBe(before.get("content")!.size);
  // No large value of a page the edit left alone was read (a kept body, HTML, twin or search terms), by the store's
  // own count: the sidebar files' lists (written by every build) and the edited page's terms as last indexed (which
  // the search files are patched from) are all the large values read.
  const store = opened.mock.results[0]!.value as BuildStore;
  opened.mockRestore();
  const editedRoute = "/synthetic/docs/topic-03/page-042";
  expect(store.apart.read.filter((read) => !read.startsWith("render sidebar lists ") && !read.startsWith(`searchTerms ${editedRoute} `))).toEqual([]);
  expect(store.apart.read.filter((read) => read.startsWith("searchTerms "))).not.toEqual([]);
  const newIn = (now: Map<string, Set<string>>, was: Map<string, Set<string>>) => Object.fromEntries([...now].map(([table, names]) => [table, [...names].filter((name) => !was.get(table)?.has(name)).length]));
  const after = partsByTable(site);
  // The doc read (content), rendered as markdown and as a page (render; and the layout of llms-full.txt), its links
  // checked, its terms indexed (searchTerms) and its version's search files patched (search: the version's layout
  // and the groups of files changed); the large values of the first three and the page's terms are in their parts'
  // value files.
  const written = newIn(after, before);
  expect(written).toEqual({ content: 1, markdown: 1, render: 2, links: 1, search: expect.any(Number), searchTerms: 1, assets: 0 });
  expect(written.search).toBeGreaterThanOrEqual(1);
  expect(written.search).toBeLessThanOrEqual(3);
  // The search files' groups are spread over parts of a few each: an edit writes again a share of them.
  expect(written.search).toBeLessThan(before.get("search")!.size);
  expect(newIn(partsByTable(site, ".values"), valuesBefore)).toEqual({ content: 1, markdown: 1, render: 1, searchTerms: 1 });
  for (const [table, names] of after) expect(names.size).toBe(before.get(table)?.size);
  // A kept rendering holds no search documents: the page's terms, kept beside it, stand for them.
  const renderTable = new Map([...after.get("render")!].flatMap((name) => [...(v8.deserialize(fs.readFileSync(path.join(site, PARTS, name))) as Map<string, { value: { search?: unknown[] } }>)]));
  const renderings = [...renderTable.values()];
  expect(renderings.length).toBeGreaterThan(600);
  expect(renderings.filter(({ value }) => (value.search?.length ?? 0) > 0)).toEqual([]);
  // The sidebar file's lists are kept with the renderings (in a part the edit did not write again: render 1 above).
  const lists = renderTable.get("sidebar lists current");
  expect(Object.keys(lists?.value ?? {}).length).toBeGreaterThan(5);

  // The other pages are the previous build's files, linked; the edited page and its twin are new.
  const pagesAfter = inodes(outDir);
  const relinked = [...pagesBefore].filter(([rel, ino]) => rel.endsWith(".html") && pagesAfter.get(rel) !== ino).map(([rel]) => rel);
  expect(relinked).toEqual(["docs/topic-03/page-042.html"]);
  // The search files written again: the shards holding the terms the paragraph brought or made more frequent, the
  // text file holding the edited section, the manifest; every other search file is the previous build's.
  const search = [...pagesBefore].filter(([rel]) => /^search-(index|text)\//.test(rel));
  const rewritten = search.filter(([rel, ino]) => pagesAfter.get(rel) !== ino).map(([rel]) => rel);
  expect(rewritten.length).toBeGreaterThan(0);
  expect(rewritten.length).toBeLessThanOrEqual(12);
  expect(search.length).toBeGreaterThan(100);

  // The file-digest table knows every output file as it is now (the pages the store recorded, the other files
  // learnt as they were linked or written): the up-to-date record's walk of the output reads none of them.
  const read = vi.spyOn(fs, "readFileSync");
  try {
    FileDigests.of(site).tree(outDir, undefined, true);
    expect(read.mock.calls.map(([file]) => String(file)).filter((file) => file.startsWith(outDir))).toEqual([]);
  } finally {
    read.mockRestore();
  }

  const cleanDir = path.join(site, "clean");
  const clean = await buildIt(configFile, { incremental: false, outDir: cleanDir });
  expect(clean.rendered).toBe(cold.rendered);
  expect(treeChecksum(outDir)).toEqual(treeChecksum(cleanDir));
  expect(fs.readFileSync(path.join(outDir, "docs/llms-full.txt"), "utf8")).toContain("about a zebra crossing the beam");
}, 240_000);

it("starts a pool's threads when first given work, when not asked to start them at once", async () => {
  const later = RenderPool.start(1, false);
  expect(later.started).toBe(false);
  await later.close();
  expect(later.started).toBe(false);
  const now = RenderPool.start(1);
  expect(now.started).toBe(true);
  await now.close();
});
