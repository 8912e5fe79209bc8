/**
 * A cache that travels (issue 40): inputs are known by their content, never by file times, inodes or absolute paths.
 * A site copied to another path with new file times (as a CI job clones it), its `.carta-docs-cache` and output
 * copied along, finds nothing to do when nothing changed, renders only what a docs-only change touches, and its
 * output equals a clean build's; a viewer checkout copied elsewhere is the same viewer; a same-size edit whose file
 * time was put back is built.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runBuild, type BuildOutcome } from "../../cli/pipeline/upToDate.ts";
import { runPipeline } from "../../cli/pipeline/pipeline.ts";
import { cleanTemp, copyFixtureSite, read, tempDir, treeChecksum, write } from "../helpers/site.ts";
import { APP_STORE, siteBesideViewer } from "../helpers/apiSite.ts";

afterAll(cleanTemp);

async function build(site: string, viewer?: string): Promise<BuildOutcome & { rendered: number }> {
  const log: string[] = [];
  const outcome = await runBuild({ config: path.join(site, "site.config.ts"), write: true, incremental: true, ...(viewer && { viewer }), log: (line) => log.push(line) });
  return { ...outcome, rendered: Number(/rendered (\d+) pages/.exec(log.join("\n"))?.[1] ?? -1) };
}

/** A copy of `from` at a new path, every file with a new time and inode (what a clone and a cache restore give). */
function moved(from: string): string {
  const to = path.join(tempDir("carta-docs-moved-"), "site");
  fs.cpSync(from, to, { recursive: true });
  return to;
}

async function cleanTree(site: string, viewer?: string): Promise<Record<string, string>> {
  const outDir = path.join(tempDir("carta-docs-clean-"), "out");
  const result = await runPipeline({ config: path.join(site, "site.config.ts"), write: true, outDir, ...(viewer && { viewer }) });
  expect(result.errors).toEqual([]);
  return treeChecksum(outDir);
}

/** Writes `text` into `rel` in place, then puts its modification time back (`touch -r`, `tar --mtime`). */
function editKeepingTime(site: string, rel: string, text: string): void {
  const file = path.join(site, rel);
  const { atime, mtime, size } = fs.statSync(file);
  expect(Buffer.byteLength(text)).toBe(size);
  fs.writeFileSync(file, text);
  fs.utimesSync(file, atime, mtime);
}

describe("a cache that travels", () => {
  it("finds nothing to do in a copy of the site at another path with new file times", async () => {
    const site = copyFixtureSite();
    expect((await build(site)).result).toBeDefined();
    const copy = moved(site);
    const again = await build(copy);
    expect(again.result, "no stage ran").toBeUndefined();
    expect(again.report.outDir, "the copy's output, not the one the record was made with").toBe(path.join(copy, "build"));
    expect(treeChecksum(path.join(copy, "build"))).toEqual(treeChecksum(path.join(site, "build")));
  }, 60_000);

  it("renders only the edited page in a copy elsewhere, and its output equals a clean build's", async () => {
    const site = copyFixtureSite();
    const cold = await build(site);
    expect(cold.rendered).toBeGreaterThan(2);
    const copy = moved(site);
    const doc = "content/docs/guide/first-steps.md";
    write(copy, doc, `${read(copy, doc)}\nOne more sentence.\n`);
    const edit = await build(copy);
    expect(edit.result).toBeDefined();
    expect(edit.rendered).toBe(1);
    expect(read(copy, "build/docs/next/guide/first-steps.html").includes("One more sentence."), "the edit is in the page").toBe(true);
    expect(treeChecksum(path.join(copy, "build"))).toEqual(await cleanTree(copy));
  }, 60_000);

  it("builds a same-size edit whose file time was put back, here and in a copy whose times were kept", async () => {
    const site = copyFixtureSite();
    await build(site);
    const doc = "content/docs/guide/first-steps.md";
    const text = read(site, doc);
    const edited = text.replace(/[a-z]/, (c) => (c === "x" ? "y" : "x"));
    expect(edited).not.toBe(text);
    editKeepingTime(site, doc, edited);
    const again = await build(site);
    expect(again.result, "the stages ran").toBeDefined();
    expect(again.rendered).toBeGreaterThanOrEqual(1);
    expect(treeChecksum(path.join(site, "build"))).toEqual(await cleanTree(site));

    // Copied with its times (as tar restores them): the inodes differ, so every file is read again.
    const copy = path.join(tempDir("carta-docs-moved-"), "site");
    fs.cpSync(site, copy, { recursive: true, preserveTimestamps: true });
    editKeepingTime(copy, doc, text);
    const restored = await build(copy);
    expect(restored.result, "the stages ran").toBeDefined();
    expect(restored.rendered).toBeGreaterThanOrEqual(1);
    expect(treeChecksum(path.join(copy, "build"))).toEqual(await cleanTree(copy));
  }, 90_000);

  it("knows a viewer checkout copied elsewhere as the same viewer, and sees its edits", async () => {
    const root = tempDir("carta-docs-moved-api-");
    const site = siteBesideViewer(root);
    expect((await build(site)).result).toBeDefined();

    // Site and viewer side by side at another place, as a CI job clones them.
    const copyRoot = path.join(tempDir("carta-docs-moved-api-"), "work");
    fs.cpSync(root, copyRoot, { recursive: true });
    const copy = path.join(copyRoot, "site");
    const again = await build(copy);
    expect(again.result, "no stage ran").toBeUndefined();

    // The same place, another viewer folder named on the command line: the same content, the same viewer.
    const elsewhere = path.join(tempDir("carta-docs-viewer-"), "checkout");
    fs.cpSync(path.join(copyRoot, "viewer"), elsewhere, { recursive: true });
    expect((await build(copy, elsewhere)).result, "no stage ran").toBeUndefined();

    editKeepingTime(elsewhere, "src/stores/AppStore.ts", APP_STORE.replace("Opens a file.", "Opens a File."));
    const edited = await build(copy, elsewhere);
    expect(edited.result, "the stages ran").toBeDefined();
    const page = fs.readdirSync(path.join(copy, "build"), { recursive: true, encoding: "utf8" }).find((rel) => rel.endsWith("AppStore.html"));
    expect(read(copy, path.join("build", page!))).toContain("Opens a File.");
  }, 90_000);
});
