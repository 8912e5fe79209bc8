/**
 * The build store's layout on disk (cli/cache/buildStore.ts): an index and parts of a bounded number of entries,
 * so no file grows with the site; a save writes only the parts whose entries changed and removes the others; a
 * damaged or missing part makes the store unused, with one note; a lazily read table's parts are read as their
 * entries are asked for.
 */
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { afterAll, describe, expect, it, vi } from "vitest";
import { BuildStore } from "../../cli/cache/buildStore.ts";
import { createScope } from "../../cli/cache/buildCache.ts";
import { loadConfig, type ResolvedConfig } from "../../cli/config/load.ts";
import { cleanTemp, copyFixtureSite } from "../helpers/site.ts";

afterAll(cleanTemp);

const PARTS = ".carta-docs-cache/build/build.parts";

async function storeOf(site: string): Promise<{ config: ResolvedConfig; open: (log?: string[]) => BuildStore }> {
  const config = await loadConfig(path.join(site, "site.config.ts"));
  return { config, open: (log = []) => BuildStore.open({ config, outDir: path.join(site, "build"), includeDrafts: false, log: (line) => log.push(line) }) };
}

/** Puts `count` render entries of about `bytes` each into the store's cache, the value of entry `changed` different. */
function fill(store: BuildStore, count: number, { bytes = 100, changed = -1 } = {}): void {
  const scope = createScope("/");
  for (let i = 0; i < count; i++) {
    const key = i === changed ? "edited" : "k";
    store.cache.memo("render", `/page-${i}`, key, scope, () => ({ html: "x".repeat(bytes), n: i, key }));
  }
}

const partFiles = (site: string) => fs.readdirSync(path.join(site, PARTS)).sort();
const renderParts = (site: string) => partFiles(site).filter((name) => name.startsWith("render-"));

describe("the build store's parts", () => {
  it("spreads a table over parts of a bounded size, listed by the index; a store read back holds every entry", async () => {
    const site = copyFixtureSite();
    const { open } = await storeOf(site);
    const store = open();
    fill(store, 1000);
    await store.save([]);
    // 1,000 entries: four parts of about 256 (a power of two, by a hash of the id).
    expect(renderParts(site)).toHaveLength(4);
    const sizes = renderParts(site).map((name) => (v8.deserialize(fs.readFileSync(path.join(site, PARTS, name))) as Map<string, unknown>).size);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(1000);
    for (const size of sizes) expect(size).toBeLessThan(400);
    const index = v8.deserialize(fs.readFileSync(path.join(site, ".carta-docs-cache/build/build.v8"))) as { parts: { file: string }[] };
    expect(index.parts.map((p) => p.file).sort()).toEqual(partFiles(site));
    const again = open();
    for (let i = 0; i < 1000; i++) expect(again.cache.peek<{ n: number }>("render", `/page-${i}`)?.n).toBe(i);
  });

  it("writes again only the part holding a changed entry, and removes the part it replaces", async () => {
    const site = copyFixtureSite();
    const { open } = await storeOf(site);
    const first = open();
    fill(first, 1000);
    await first.save([]);
    const before = new Map(renderParts(site).map((name) => [name, fs.statSync(path.join(site, PARTS, name)).mtimeMs]));
    const second = open();
    fill(second, 1000, { changed: 500 });
    await second.save([]);
    const after = renderParts(site);
    expect(after).toHaveLength(4);
    const kept = after.filter((name) => before.has(name));
    expect(kept).toHaveLength(3);
    for (const name of kept) expect(fs.statSync(path.join(site, PARTS, name)).mtimeMs).toBe(before.get(name));
    expect(open().cache.peek<{ key: string }>("render", "/page-500")?.key).toBe("edited");
    // Nothing changed: nothing written, not even the index.
    const index = path.join(site, ".carta-docs-cache/build/build.v8");
    const indexTime = fs.statSync(index).mtimeMs;
    const third = open();
    fill(third, 1000, { changed: 500 });
    await third.save([]);
    expect(fs.statSync(index).mtimeMs).toBe(indexTime);
    expect(renderParts(site)).toEqual(after);
  });

  it("reads a lazily read table's part when an entry of it is first asked for, and saves the parts not read as they were", async () => {
    const site = copyFixtureSite();
    const { open } = await storeOf(site);
    const first = open();
    const scope = createScope("/");
    for (let i = 0; i < 1000; i++) first.cache.memo("searchTerms", `/page-${i}`, "k", scope, () => ({ n: i }));
    await first.save([]);
    const termParts = () => partFiles(site).filter((name) => name.startsWith("searchTerms-"));
    const before = termParts();
    expect(before).toHaveLength(4);

    // Opening reads none of them; asking for an entry reads its part, once: every entry asked for, each part once.
    const reads = vi.spyOn(fs, "readFileSync");
    const partsRead = () => reads.mock.calls.map(([file]) => path.basename(String(file))).filter((name) => name.startsWith("searchTerms-"));
    try {
      const second = open();
      expect(partsRead()).toEqual([]);
      expect(second.cache.peek<{ n: number }>("searchTerms", "/page-7")?.n).toBe(7);
      expect(partsRead()).toHaveLength(1);
      for (let i = 0; i < 1000; i++) expect(second.cache.peek<{ n: number }>("searchTerms", `/page-${i}`)?.n).toBe(i);
      expect(partsRead().sort()).toEqual(before);
    } finally {
      reads.mockRestore();
    }
    // An entry changed, the others used unread: one part written again, the three not read kept as they were.
    const third = open();
    third.cache.memo("searchTerms", "/page-7", "edited", scope, () => ({ n: -7 }));
    for (let i = 0; i < 1000; i++) if (i !== 7) third.cache.keepUnread("searchTerms", `/page-${i}`);
    await third.save([]);
    const after = termParts();
    expect(after).toHaveLength(4);
    expect(after.filter((name) => before.includes(name))).toHaveLength(3);
    const fourth = open();
    expect(fourth.cache.peek<{ n: number }>("searchTerms", "/page-7")?.n).toBe(-7);
    for (let i = 0; i < 1000; i++) if (i !== 7) expect(fourth.cache.peek<{ n: number }>("searchTerms", `/page-${i}`)?.n).toBe(i);
  });

  it("reads a lazily read table whole when the store was made elsewhere, its paths moved, so none is saved again unread", async () => {
    const site = copyFixtureSite();
    const first = (await storeOf(site)).open();
    for (let i = 0; i < 600; i++) first.cache.memo("searchTerms", `/page-${i}`, "k", createScope("/"), () => ({ file: path.join(site, "content", `page-${i}.md`) }));
    await first.save([]);
    const copy = path.join(path.dirname(site), `${path.basename(site)}-moved`);
    fs.cpSync(site, copy, { recursive: true });
    const reads = vi.spyOn(fs, "readFileSync");
    try {
      const store = (await storeOf(copy)).open();
      // Every part read as the store opened, its entries' paths in the copy.
      expect(reads.mock.calls.filter(([file]) => path.basename(String(file)).startsWith("searchTerms-"))).toHaveLength(4);
      expect(store.cache.peek<{ file: string }>("searchTerms", "/page-5")?.file).toBe(path.join(copy, "content", "page-5.md"));
    } finally {
      reads.mockRestore();
    }
  });

  it("stops with an error naming a lazily read part damaged since the store opened, and is not used when one is cut", async () => {
    const site = copyFixtureSite();
    const { open } = await storeOf(site);
    const first = open();
    first.cache.memo("searchTerms", "/page-0", "k", createScope("/"), () => ({ n: 0 }));
    await first.save([]);
    const [part] = partFiles(site).filter((name) => name.startsWith("searchTerms-"));
    const file = path.join(site, PARTS, part!);
    const bytes = fs.readFileSync(file);
    const store = open();
    // The same size, other bytes: found when it is read.
    fs.writeFileSync(file, Buffer.alloc(bytes.length, 7));
    expect(() => store.cache.peek("searchTerms", "/page-0")).toThrow(`the build cache's part ${file} is damaged (`);
    fs.writeFileSync(file, bytes.subarray(1));
    const log: string[] = [];
    expect(open(log).cache.peek("searchTerms", "/page-0")).toBeUndefined();
    expect(log).toEqual([expect.stringContaining(`its part ${part!} is damaged or missing (it has ${bytes.length - 1} bytes, not ${bytes.length})`)]);
  });

  it("is not used when a part is damaged or missing, with one note naming it", async () => {
    const site = copyFixtureSite();
    const { open } = await storeOf(site);
    const store = open();
    fill(store, 10);
    await store.save([]);
    const [part] = renderParts(site);
    fs.writeFileSync(path.join(site, PARTS, part!), "not a part");
    const log: string[] = [];
    expect(open(log).cache.peek("render", "/page-0")).toBeUndefined();
    expect(log).toEqual([expect.stringMatching(new RegExp(`^note: the build cache \\.carta-docs-cache/build/build\\.v8 was not used: its part ${part!.replace(/[.]/g, "\\.")} is damaged or missing .*; everything is built again$`))]);
    fs.rmSync(path.join(site, PARTS, part!));
    const missing: string[] = [];
    open(missing);
    expect(missing).toEqual([expect.stringContaining(`its part ${part!} is damaged or missing`)]);
  });

  it("leaves no temporary file when a part cannot be written, and the previous store stays usable", async () => {
    const site = copyFixtureSite();
    const { open } = await storeOf(site);
    const cacheDir = path.join(site, ".carta-docs-cache");
    const backup = path.join(site, "cache-backup");
    const first = open();
    fill(first, 10);
    await first.save([]);
    fs.cpSync(cacheDir, backup, { recursive: true });
    const saved = new Set(renderParts(site));
    const edit = async () => {
      const store = open();
      fill(store, 10, { changed: 3 });
      await store.save([]);
    };
    await edit();
    const [edited] = renderParts(site).filter((name) => !saved.has(name));
    // Back to the first store, with a folder in the way of the edited part: its rename fails.
    fs.rmSync(cacheDir, { recursive: true });
    fs.cpSync(backup, cacheDir, { recursive: true });
    fs.mkdirSync(path.join(site, PARTS, edited!, "in-the-way"), { recursive: true });
    await expect(edit()).rejects.toThrow();
    expect(partFiles(site).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    expect(open().cache.peek<{ key: string }>("render", "/page-3")?.key).toBe("k");
  });
});
