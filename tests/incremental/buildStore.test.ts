/**
 * The build store of one-off builds (cli/cache/buildStore.ts): a store that cannot be trusted (damaged, of another
 * stamp) is ignored with one note and the build is a clean one; a page file of the previous output replaced since
 * renders again; a build with errors saves it and keeps its pages for the next; a check reuses too; another template means nothing is reused.
 */
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { afterAll, describe, expect, it, vi } from "vitest";
import { runBuildCommand } from "../../cli/commands/build.ts";
import { runPipeline, type PipelineResult } from "../../cli/pipeline/pipeline.ts";
import { BuildStore } from "../../cli/cache/buildStore.ts";
import { loadConfig } from "../../cli/config/load.ts";
import { contentDigest } from "../../cli/util/fileDigests.ts";
import { cleanTemp, copyFixtureSite, treeChecksum, write } from "../helpers/site.ts";

afterAll(cleanTemp);

const STORE = ".carta-docs-cache/build/build.v8";
/** Where a build with errors keeps its pages. */
const KEPT = ".carta-docs-cache/build/build.kept";

async function buildIt(site: string, options: { incremental?: boolean; outDir?: string; write?: boolean } = {}): Promise<PipelineResult & { log: string[]; rendered: number }> {
  const log: string[] = [];
  const result = await runPipeline({ config: path.join(site, "site.config.ts"), write: options.write ?? true, incremental: options.incremental ?? true, ...(options.outDir && { outDir: options.outDir }), log: (line) => log.push(line) });
  const rendered = Number(/rendered (\d+) pages/.exec(log.join("\n"))?.[1] ?? -1);
  return { ...result, log, rendered };
}

const notes = (log: string[]) => log.filter((line) => line.includes("build cache"));

/** The output of a clean build of `site`, for comparing. */
async function cleanTree(site: string): Promise<Record<string, string>> {
  const outDir = path.join(site, "clean");
  fs.rmSync(outDir, { recursive: true, force: true });
  const result = await buildIt(site, { incremental: false, outDir });
  expect(result.errors).toEqual([]);
  return treeChecksum(outDir);
}

describe("the build store", () => {
  it("makes a warm build render nothing, and its output equal a clean build's", async () => {
    const site = copyFixtureSite();
    const cold = await buildIt(site);
    expect(cold.rendered).toBe(cold.pageCount);
    expect(fs.existsSync(path.join(site, STORE))).toBe(true);
    const warm = await buildIt(site);
    expect(warm.rendered).toBe(0);
    expect(notes(warm.log)).toEqual([]);
    expect(treeChecksum(path.join(site, "build"))).toEqual(await cleanTree(site));
  }, 60_000);

  it.each([
    ["on this thread", 0],
    ["on a render thread", 1],
  ])("records each page and twin it wrote by the digest of the bytes written %s, reading none of them back", async (_, renderThreads) => {
    const site = copyFixtureSite();
    const outDir = path.join(site, "build");
    const read = vi.spyOn(fs, "readFileSync");
    try {
      const result = await runPipeline({ config: path.join(site, "site.config.ts"), write: true, incremental: true, renderThreads, log: () => {} });
      expect(result.errors).toEqual([]);
      const readBack = read.mock.calls.map(([file]) => String(file)).filter((file) => /\.(html|md)$/.test(file) && !file.includes(`${path.sep}content${path.sep}`));
      expect(readBack).toEqual([]);
    } finally {
      read.mockRestore();
    }
    const { files } = v8.deserialize(fs.readFileSync(path.join(site, STORE))) as { files: Map<string, [number, string]> };
    const recorded = [...files].filter(([rel]) => /\.(html|md)$/.test(rel));
    expect(recorded.length).toBeGreaterThan(20);
    for (const [rel, [size, digest]] of recorded) {
      const bytes = fs.readFileSync(path.join(outDir, rel));
      expect([rel, size, digest]).toEqual([rel, bytes.length, contentDigest(bytes)]);
    }
  });

  it("ignores a damaged store with one note, and builds everything", async () => {
    const site = copyFixtureSite();
    await buildIt(site);
    const file = path.join(site, STORE);
    fs.writeFileSync(file, fs.readFileSync(file).subarray(0, 200)); // truncated
    const again = await buildIt(site);
    expect(notes(again.log)).toHaveLength(1);
    expect(notes(again.log)[0]).toMatch(/^note: the build cache \.carta-docs-cache\/build\/build\.v8 was not used: it is damaged .*; everything is built again$/);
    expect(again.rendered).toBe(again.pageCount);
    expect(treeChecksum(path.join(site, "build"))).toEqual(await cleanTree(site));
    // Saved afresh: the next build uses it.
    expect((await buildIt(site)).rendered).toBe(0);
  }, 60_000);

  it("ignores a store of another stamp with one note", async () => {
    const site = copyFixtureSite();
    await buildIt(site);
    const file = path.join(site, STORE);
    const data = v8.deserialize(fs.readFileSync(file)) as { stamp: { version: string } };
    data.stamp.version = "0.0.1-other";
    fs.writeFileSync(file, v8.serialize(data));
    const again = await buildIt(site);
    expect(notes(again.log)).toEqual([expect.stringMatching(/was not used: it was made by carta-docs 0\.0\.1-other, this is .*; everything is built again$/)]);
    expect(again.rendered).toBe(again.pageCount);
    expect(treeChecksum(path.join(site, "build"))).toEqual(await cleanTree(site));
  }, 60_000);

  it("renders again a page whose file in the previous output was changed since, and keeps one replaced by the same bytes (known by content); writes a replaced twin again", async () => {
    const site = copyFixtureSite();
    await buildIt(site);
    const out = path.join(site, "build");
    const page = path.join(out, "docs/guide/first-steps.html");
    const bytes = fs.readFileSync(page);
    fs.rmSync(page);
    fs.writeFileSync(page, bytes); // same bytes, another file
    const twin = path.join(out, "docs.md");
    const size = fs.statSync(twin).size;
    fs.rmSync(twin);
    fs.writeFileSync(twin, Buffer.alloc(size, 0x41)); // another content, same size
    const other = path.join(out, "docs/guide/advanced.html");
    fs.writeFileSync(other, "tampered in place");
    const again = await buildIt(site);
    expect(notes(again.log)).toEqual([]);
    // The tampered page renders again, the one of the same bytes is linked; the twin, kept in the store, is written from there.
    expect(again.rendered).toBe(1);
    expect(treeChecksum(out)).toEqual(await cleanTree(site));
  }, 60_000);

  it("is saved by a build with errors, which keeps its pages in the cache: fixing the error renders the fixed page alone", async () => {
    const site = copyFixtureSite();
    await buildIt(site);
    const out = path.join(site, "build");
    const output = treeChecksum(out);
    const intro = path.join(site, "content/docs/intro.md");
    const text = fs.readFileSync(intro, "utf8");
    const broken = (link: string) => text.replace("Read [first steps](./guide/first-steps.md) next.", `Read [first steps](${link}) next.`);
    fs.writeFileSync(intro, broken("/carta-frontend/docs/nowhere"));
    const failed = await buildIt(site);
    expect(failed.errors).toEqual([expect.objectContaining({ file: "content/docs/intro.md", message: expect.stringContaining("/carta-frontend/docs/nowhere") })]);
    expect(failed.rendered).toBe(1);
    // The output is as it was; the pages are kept in the cache, with the store naming them there.
    expect(treeChecksum(out)).toEqual(output);
    expect(fs.existsSync(path.join(site, KEPT, "docs/next.html"))).toBe(true);
    expect(fs.readdirSync(site).filter((name) => name.includes(".tmp-"))).toEqual([]);

    // Another error, in the same page: linked from the kept pages, the others render no more than it.
    fs.writeFileSync(intro, broken("/carta-frontend/docs/elsewhere"));
    const again = await buildIt(site);
    expect(again.errors).toEqual([expect.objectContaining({ message: expect.stringContaining("/carta-frontend/docs/elsewhere") })]);
    expect(again.rendered).toBe(1);
    expect(notes(again.log)).toEqual([]);

    fs.writeFileSync(intro, text);
    const fixed = await buildIt(site);
    expect(fixed.errors).toEqual([]);
    expect(fixed.rendered).toBe(1);
    expect(treeChecksum(out)).toEqual(await cleanTree(site));
    // The output holds the pages now: the kept ones are gone.
    expect(fs.existsSync(path.join(site, KEPT))).toBe(false);
    expect((await buildIt(site)).rendered).toBe(0);
  }, 60_000);

  it("makes a warm check render nothing, with every page's HTML", async () => {
    const site = copyFixtureSite();
    const cold = await buildIt(site, { write: false });
    const warm = await buildIt(site, { write: false });
    expect(warm.rendered).toBe(0);
    expect(fs.existsSync(path.join(site, ".carta-docs-cache/build/check.v8"))).toBe(true);
    expect([...warm.html.keys()].sort()).toEqual([...cold.html.keys()].sort());
    for (const [route, html] of cold.html) expect(warm.html.get(route)?.equals(html), route).toBe(true);
  }, 60_000);

  it("is neither used nor saved by the command line's --no-cache, and saved without it", async () => {
    const site = copyFixtureSite();
    const run = async (cache: boolean) => {
      const quiet = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
      try {
        return await runBuildCommand({ config: path.join(site, "site.config.ts"), cache }, true);
      } finally {
        quiet.mockRestore();
      }
    };
    expect(await run(false)).toBe(0);
    expect(fs.existsSync(path.join(site, STORE))).toBe(false);
    expect(await run(true)).toBe(0);
    expect(fs.existsSync(path.join(site, STORE))).toBe(true);
  }, 60_000);

  it("is not used, silently, once a template of the site changed", async () => {
    const site = copyFixtureSite();
    const configFile = path.join(site, "site.config.ts");
    write(site, "site.config.ts", fs.readFileSync(configFile, "utf8").replace("export default {", 'export default {\n  templatesDir: "templates",'));
    write(site, "templates/notFound.tsx", "export default function NotFound() { return null; }\n");
    await buildIt(site);
    const config = await loadConfig(configFile);
    const log: string[] = [];
    const open = () => BuildStore.open({ config, outDir: path.join(site, "build"), includeDrafts: false, log: (line) => log.push(line) });
    expect(open().cache.peek("render", "/carta-frontend/404")).toBeDefined();
    write(site, "templates/notFound.tsx", "export default function NotFound() { return 'changed'; }\n");
    expect(open().cache.peek("render", "/carta-frontend/404")).toBeUndefined();
    expect(log).toEqual([]);
  }, 60_000);
});
