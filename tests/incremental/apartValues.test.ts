/**
 * A build store's large values kept apart (cli/cache/apartValues.ts): loading a store reads none of them; one is read
 * when first asked for, once; saving a changed part copies the values it did not read, unread; copies made with
 * withFields leave them unread, materialized() reads them, and fields computed when first asked for; a missing or cut
 * value file makes the store unused with its one note.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BuildStore } from "../../cli/cache/buildStore.ts";
import { createScope } from "../../cli/cache/buildCache.ts";
import { computedField, hasField, materialized, withFields } from "../../cli/cache/apartValues.ts";
import { loadConfig } from "../../cli/config/load.ts";
import { cleanTemp, copyFixtureSite } from "../helpers/site.ts";

afterAll(cleanTemp);

const PARTS = ".carta-docs-cache/build/build.parts";

/** As a page's rendering: its twin and its part of llms-full.txt are kept apart when large. */
interface Value {
  n: number;
  twin: Buffer;
  twinFull: string;
  small: string;
}

async function storeOf(site: string): Promise<(log?: string[]) => BuildStore> {
  const config = await loadConfig(path.join(site, "site.config.ts"));
  return (log = []) => BuildStore.open({ config, outDir: path.join(site, "build"), includeDrafts: false, log: (line) => log.push(line) });
}

/** `count` render entries with two large fields (a buffer and a string) and a small one; entry `changed` of another key and text. */
function fill(store: BuildStore, count: number, changed = -1): Value[] {
  const scope = createScope("/");
  return Array.from({ length: count }, (_, i) =>
    store.cache.memo("render", `/page-${i}`, i === changed ? "edited" : "k", scope, (): Value => ({ n: i, twin: Buffer.alloc(3000, 97 + (i % 26)), twinFull: `# ${String(i).repeat(2000)}${i === changed ? " edited" : ""}`, small: `page ${i}${i === changed ? " edited" : ""}` })),
  );
}

const files = (site: string, extension: string) => fs.readdirSync(path.join(site, PARTS)).filter((name) => name.endsWith(extension));

describe("large values kept apart", () => {
  it("loads none, reads one when asked for, and saves a changed part without reading the others", async () => {
    const site = copyFixtureSite();
    const open = await storeOf(site);
    const first = open();
    const made = fill(first, 600);
    await first.save([]);
    const values = files(site, ".values");
    expect(values.length).toBe(files(site, ".v8").filter((name) => name.startsWith("render-")).length);
    // The parts hold no large value (about 170 bytes an entry): the 4 MB of 600 entries are in the value files.
    const partBytes = files(site, ".v8").reduce((sum, name) => sum + fs.statSync(path.join(site, PARTS, name)).size, 0);
    expect(partBytes).toBeLessThan(200_000);

    const second = open();
    // Every entry is looked up (as a build does), one of them changed; only the small fields are read, and the edited one's.
    const kept = fill(second, 600, 42);
    expect(second.apart.read).toEqual([]);
    expect(kept.map((value) => value.small)).toEqual(made.map((value, i) => (i === 42 ? `${value.small} edited` : value.small)));
    expect(hasField(kept[7]!, "twin")).toBe(true);
    expect(kept[7]!.twinFull).toBe(made[7]!.twinFull);
    expect(kept[7]!.twinFull).toBe(made[7]!.twinFull);
    expect(second.apart.read).toEqual(["render /page-7 twinFull"]);
    // A copy leaves the fields kept apart unread; a spread and JSON pass over them.
    const copy = withFields(kept[8]!, { small: "copied" });
    expect(Object.keys(copy)).toEqual(["n", "small"]);
    expect(JSON.stringify({ ...kept[8] })).toBe(JSON.stringify({ n: 8, small: "page 8" }));
    expect(second.apart.read).toEqual(["render /page-7 twinFull"]);
    expect(copy.twin.equals(made[8]!.twin)).toBe(true);
    expect(second.apart.read).toEqual(["render /page-7 twinFull", "render /page-8 twin"]);
    await second.save([]);
    // One part and its value file written again, the others' values copied unread.
    expect(second.apart.read).toEqual(["render /page-7 twinFull", "render /page-8 twin"]);
    expect(files(site, ".values").filter((name) => !values.includes(name))).toHaveLength(1);

    const third = open();
    const again = fill(third, 600, 42);
    for (const i of [0, 7, 8, 41, 43, 599]) {
      expect(again[i]!.twin.equals(made[i]!.twin)).toBe(true);
      expect(again[i]!.twinFull).toBe(made[i]!.twinFull);
    }
    expect([again[42]!.small, again[42]!.twinFull.endsWith(" edited")]).toEqual(["page 42 edited", true]);
    // Read for a render thread: a plain object, every field its own, which a structured clone takes whole.
    expect(Object.keys(structuredClone(again[3]!)).sort()).toEqual(["n", "small"]);
    expect(Object.keys(structuredClone(materialized(again[3]!))).sort()).toEqual(["n", "small", "twin", "twinFull"]);
  });

  it("keeps apart only its tables' large text fields: a short one and any other field stay in the part", async () => {
    const site = copyFixtureSite();
    const open = await storeOf(site);
    const scope = createScope("/");
    const value = { twin: "short", other: "o".repeat(5000) };
    const first = open();
    first.cache.memo("render", "small", "k", scope, () => value);
    await first.save([]);
    expect(files(site, ".values")).toEqual([]);
    const store = open();
    expect(store.cache.memo("render", "small", "k", scope, () => ({}))).toEqual(value);
    expect(store.apart.read).toEqual([]);
  });

  it("keeps a doc's headings and link lines apart whatever their size, and reads them when asked for", async () => {
    const site = copyFixtureSite();
    const open = await storeOf(site);
    const scope = createScope("/");
    const value = { title: "Intro", headings: [{ depth: 2, text: "A", id: "a" }], linkLines: [["/docs/b", 3]] };
    const first = open();
    first.cache.memo("markdown", "intro.md", "k", scope, () => value);
    await first.save([]);
    expect(files(site, ".values")).toHaveLength(1);
    const store = open();
    const kept = store.cache.memo("markdown", "intro.md", "k", scope, () => ({ title: "" }));
    expect(Object.keys(kept)).toEqual(["title"]);
    expect(store.apart.read).toEqual([]);
    expect((kept as typeof value).headings).toEqual(value.headings);
    expect(store.apart.read).toEqual(["markdown intro.md headings"]);
    expect(materialized(kept)).toEqual(value);
  });

  it("computes a computed field once, when first asked for, which spreads and JSON pass over and materialized reads", () => {
    let computed = 0;
    const pages = [1, 2].map((n) => {
      const page: { n: number; toc?: unknown } = { n };
      computedField(page, "toc", () => [`entry ${n}`, ++computed]);
      return page;
    });
    expect(computed).toBe(0);
    expect(JSON.stringify({ ...pages[0] })).toBe('{"n":1}');
    expect(pages[0]!.toc).toEqual(["entry 1", 1]);
    expect(pages[0]!.toc).toEqual(["entry 1", 1]);
    expect(computed).toBe(1);
    expect(structuredClone(materialized(pages[1]!))).toEqual({ n: 2, toc: ["entry 2", 2] });
    expect(Object.keys(pages[1]!)).toEqual(["n"]);
  });

  it("stops with an error naming a value file whose bytes are damaged when a value of it is read", async () => {
    const site = copyFixtureSite();
    const open = await storeOf(site);
    const first = open();
    fill(first, 10);
    await first.save([]);
    const [values] = files(site, ".values");
    const file = path.join(site, PARTS, values!);
    fs.writeFileSync(file, Buffer.alloc(fs.statSync(file).size, 0xff));
    const kept = fill(open(), 10);
    expect(kept[0]!.small).toBe("page 0");
    expect(() => kept[0]!.twinFull).toThrow(`the build cache's value file ${file} is damaged (`);
    expect(() => kept[0]!.twinFull).toThrow(`; remove the folder ${path.join(site, ".carta-docs-cache/build")} (or build with --no-cache) and build again`);
  });

  it("is not used when a value file is missing or cut short, with the store's one note naming its part", async () => {
    const site = copyFixtureSite();
    const open = await storeOf(site);
    const store = open();
    fill(store, 10);
    await store.save([]);
    const [values] = files(site, ".values");
    const file = path.join(site, PARTS, values!);
    fs.truncateSync(file, fs.statSync(file).size - 1);
    const cut: string[] = [];
    expect(open(cut).cache.peek("render", "/page-0")).toBeUndefined();
    expect(cut).toEqual([expect.stringMatching(/^note: the build cache \.carta-docs-cache\/build\/build\.v8 was not used: its part render-\S+\.v8 is damaged or missing \(its value file render-\S+\.values has \d+ bytes, not \d+\); everything is built again$/)]);
    fs.rmSync(file);
    const missing: string[] = [];
    expect(open(missing).cache.peek("render", "/page-0")).toBeUndefined();
    expect(missing).toEqual([expect.stringMatching(/its part render-\S+\.v8 is damaged or missing \(ENOENT.*; everything is built again$/)]);
  });
});
