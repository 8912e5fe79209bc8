/**
 * The snippet check on a site whose versions document a git viewer: v1.0.0 and v2.0.0 are tags, next is the
 * working tree, where AppStore gained a flow action (a generator method) that the tags lack.
 */
import { copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runPipeline, type PipelineResult } from "../../cli/pipeline/pipeline.ts";
import { writeApiSnapshot } from "../../cli/api/index.ts";
import { API_SETTINGS, FIXTURES, stageOptions } from "../api/helpers.ts";
import { gitIn } from "../helpers/git.ts";
import { makeViewerRepo } from "../browser/fixtureViewer.ts";
import { cleanTemp, copyFixtureSite, write } from "../helpers/site.ts";

let site: string;
let viewer: string;

const NEXT_PAGE = "content/docs/snippets/usage.md";
const OLD_PAGE = "content/versioned_docs/version-1.0.0/snippets/usage.md";

/** Line (1-based) of the first line of `file` that contains `text`. */
function lineOf(file: string, text: string): number {
  const index = readFileSync(path.join(site, file), "utf8").split("\n").findIndex((line) => line.includes(text));
  if (index < 0) throw new Error(`${text} not in ${file}`);
  return index + 1;
}

const check = () => runPipeline({ config: path.join(site, "site.config.ts"), write: false, viewer });
const snippetErrors = (result: PipelineResult) => result.errors.filter((error) => error.code === "snippet-type");

beforeAll(() => {
  site = copyFixtureSite();
  viewer = makeViewerRepo(path.join(site, "viewer"));
  // Next only: a flow action, typed as the viewer types one (a generator method whose return value is what
  // awaiting it gives a snippet).
  const appStore = path.join(viewer, "src/stores/AppStore.ts");
  const text = readFileSync(appStore, "utf8");
  const added = text.replace(/\n}\s*$/, "\n\n    /** Opens every image of a folder. */\n    *openFolder(directory: string): Generator<unknown, FrameStore[], unknown> {\n        return this.frames.filter((frame) => frame.filename.startsWith(directory));\n    }\n}\n");
  if (added === text) throw new Error("the fixture AppStore changed shape");
  writeFileSync(appStore, added);

  const api = { ...API_SETTINGS, viewerDir: "viewer", snippets: { include: ["snippets"], globals: { app: "AppStore" } } };
  const config = readFileSync(path.join(site, "site.config.ts"), "utf8").replace(/};\s*$/, `  api: ${JSON.stringify(api)},\n};\n`);
  writeFileSync(path.join(site, "site.config.ts"), config);

  write(
    site,
    NEXT_PAGE,
    [
      "---",
      "title: Snippets",
      "---",
      "",
      "Open an image and read its name:",
      "",
      "```javascript",
      'const frame = await app.openFile("data", "m51.fits");',
      "console.log(frame.filename);",
      "```",
      "",
      "1. A later block sees what an earlier one declared, here inside a list:",
      "",
      "   ```js",
      "   const cube = frame.isCube;",
      '   app.openFiel("data", "m52.fits");',
      "   ```",
      "",
      "Not checked, on purpose:",
      "",
      "```js nocheck",
      "app.somethingThatDoesNotExist();",
      "```",
      "",
      "```javascript",
      'const frames = await app.openFolder("data");',
      "console.log(frames.length, frames[0].filename);",
      "```",
      "",
      "TypeScript blocks are checked as TypeScript, in a scope of their own:",
      "",
      "```ts",
      "const names: string[] = app.frames.map((open) => open.filename);",
      "```",
      "",
    ].join("\n"),
  );
  write(site, OLD_PAGE, ["# Snippets", "", "```javascript", 'const frames = await app.openFolder("data");', "console.log(frames.length);", "```", ""].join("\n"));
}, 60_000);
afterAll(cleanTemp);

describe("snippet check", () => {
  let cold: PipelineResult;
  beforeAll(async () => {
    cold = await check();
  }, 120_000);

  it("reports a misspelt member with the markdown file, the line inside the block and the nearest name", () => {
    const errors = snippetErrors(cold).filter((error) => error.file === NEXT_PAGE);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ file: NEXT_PAGE, line: lineOf(NEXT_PAGE, "app.openFiel(") });
    expect(errors[0]!.message).toMatch(/openFiel.*does not exist on type 'AppStore'.*Did you mean 'openFile'\?/);
    expect(errors[0]!.message).toContain("API of next");
  });

  it("passes correct blocks, including a flow action awaited for its value, and skips a nocheck block", () => {
    const next = cold.snippets.find((s) => s.version === "next");
    expect(next).toEqual({ version: "next", from: "source", checked: 4, nocheck: 1, failed: 1, cached: 0, coverage: { used: 5, members: 84 } });
    expect(snippetErrors(cold).some((error) => /somethingThatDoesNotExist|openFolder/.test(error.message) && error.file === NEXT_PAGE)).toBe(false);
  });

  it("fails a snippet valid in next only in the older version that lacks the member", () => {
    const old = snippetErrors(cold).filter((error) => error.file === OLD_PAGE);
    expect(old).toHaveLength(1);
    expect(old[0]).toMatchObject({ line: lineOf(OLD_PAGE, "app.openFolder("), message: expect.stringContaining("'openFolder' does not exist on type 'AppStore'") });
    expect(old[0]!.message).toContain("API of 1.0.0");
    expect(cold.snippets.find((s) => s.version === "1.0.0")).toMatchObject({ checked: 1, failed: 1 });
    // 2.0.0 has no page in the snippets folder.
    expect(cold.snippets.find((s) => s.version === "2.0.0")?.checked ?? 0).toBe(0);
  });

  it("reuses every result on a warm build, and checks again only the page that changed", async () => {
    const warm = await check();
    expect(warm.snippets.map((s) => [s.version, s.checked, s.cached])).toEqual(cold.snippets.map((s) => [s.version, s.checked, s.checked]));
    expect(snippetErrors(warm)).toEqual(snippetErrors(cold));

    const page = path.join(site, OLD_PAGE);
    writeFileSync(page, readFileSync(page, "utf8").replace('app.openFolder("data")', 'app.openFile("data", "m51.fits")').replace("frames.length", "frames.filename"));
    const edited = await check();
    expect(snippetErrors(edited).filter((error) => error.file === OLD_PAGE).map((e) => e.message)).toEqual([]);
    expect(edited.snippets.find((s) => s.version === "1.0.0")).toMatchObject({ checked: 1, cached: 0, failed: 0 });
    expect(edited.snippets.find((s) => s.version === "next")).toMatchObject({ checked: 4, cached: 4 });
    expect(snippetErrors(edited).filter((error) => error.file === OLD_PAGE)).toEqual([]);
  }, 120_000);

  it("checks nothing again after an edit of the prose around the blocks, and places its errors on their new lines", async () => {
    const page = path.join(site, NEXT_PAGE);
    const original = readFileSync(page, "utf8");
    const firstFence = original.indexOf("```");
    writeFileSync(page, `${original.slice(0, firstFence)}Two new lines of prose,\nabove every block.\n\n${original.slice(firstFence)}`);
    try {
      const edited = await check();
      expect(edited.snippets.find((s) => s.version === "next")).toMatchObject({ checked: 4, cached: 4, failed: 1 });
      const errors = snippetErrors(edited).filter((error) => error.file === NEXT_PAGE);
      expect(errors.map((error) => error.line)).toEqual([lineOf(NEXT_PAGE, "app.openFiel(")]);
      expect(errors[0]?.line).toBe((snippetErrors(cold).find((error) => error.file === NEXT_PAGE)?.line ?? 0) + 3);
    } finally {
      writeFileSync(page, original);
    }
  }, 120_000);

  it("names a configured global that the API lacks, with the nearest names", async () => {
    const file = path.join(site, "site.config.ts");
    const original = readFileSync(file, "utf8");
    writeFileSync(file, original.replace('"globals":{"app":"AppStore"}', '"globals":{"app":"AppStor"}'));
    try {
      const result = await check();
      const errors = result.errors.filter((error) => error.code === "snippet-globals");
      expect(errors.length).toBeGreaterThan(0);
      expect(errors[0]).toMatchObject({ file: "site.config.ts", message: expect.stringMatching(/api\.snippets\.globals\.app is "AppStor".*nearest: AppStore/) });
    } finally {
      writeFileSync(file, original);
    }
  }, 120_000);

  it("keeps its results under the cache folder, one file per page and source", () => {
    const files = readdirSync(path.join(site, ".carta-docs-cache", "snippets"));
    expect(files.length).toBeGreaterThanOrEqual(3);
    rmSync(path.join(site, ".carta-docs-cache", "snippets"), { recursive: true });
  });
});

describe("snippet check of a version known only from a snapshot", () => {
  const SNAPSHOT_PAGE = "content/versioned_docs/version-2.0.0/snippets/frames.md";
  const snapshotFile = () => path.join(site, "content/versioned_docs/version-2.0.0/api-typedoc.json");
  let result: PipelineResult;

  beforeAll(async () => {
    // TypeDoc 0.23's JSON, as the Docusaurus plugin wrote snapshots; the tag is gone, so the snapshot is all there is.
    copyFileSync(path.join(FIXTURES, "typedoc-0.23.json"), snapshotFile());
    gitIn(viewer)("tag", "-d", "v2.0.0");
    write(
      site,
      SNAPSHOT_PAGE,
      [
        "# Frames",
        "",
        "```js",
        'const frame = await app.openFile("data", "m51.fits");',
        "console.log(frame.filename, frame.isCube);",
        "app.closeFile(frame, false);",
        "```",
        "",
        "```js",
        "app.closeFiel(frame);",
        "```",
        "",
      ].join("\n"),
    );
    result = await check();
  }, 120_000);

  it("fails a misspelt member at its markdown line, with the nearest name, and passes the rest", () => {
    const errors = snippetErrors(result).filter((error) => error.file === SNAPSHOT_PAGE);
    expect(errors).toEqual([
      expect.objectContaining({ line: lineOf(SNAPSHOT_PAGE, "app.closeFiel("), message: expect.stringMatching(/API of 2\.0\.0: Property 'closeFiel' does not exist on type 'AppStore'\. Did you mean 'closeFile'\?/) }),
    ]);
    expect(result.snippets.find((s) => s.version === "2.0.0")).toEqual({ version: "2.0.0", from: "snapshot", checked: 2, nocheck: 0, failed: 1, cached: 0, coverage: { used: 4, members: 88 } });
    expect(result.snippets.find((s) => s.version === "next")).toMatchObject({ from: "source" });
  });

  it("keeps the results by the snapshot's hash: a warm build checks nothing, a new snapshot checks again", async () => {
    const warm = await check();
    expect(warm.snippets.find((s) => s.version === "2.0.0")).toMatchObject({ checked: 2, cached: 2, failed: 1 });
    // The same API, written by this toolchain's TypeDoc: another file, so checked again, with the same result.
    const options = stageOptions(site, viewer, [{ name: "next", isCurrent: true }]);
    expect(await writeApiSnapshot(options, "next", snapshotFile())).toBe(true);
    const rewritten = await check();
    expect(rewritten.snippets.find((s) => s.version === "2.0.0")).toMatchObject({ from: "snapshot", checked: 2, cached: 0 });
    expect(snippetErrors(rewritten).filter((error) => error.file === SNAPSHOT_PAGE).map((error) => [error.line, error.message])).toEqual(
      snippetErrors(result).filter((error) => error.file === SNAPSHOT_PAGE).map((error) => [error.line, error.message]),
    );
  }, 120_000);
});
