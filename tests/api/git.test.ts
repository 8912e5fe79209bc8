/** Versions from git refs of the viewer checkout, and the current version from its working tree. */
import { existsSync } from "node:fs";
import { readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadApi, typedocRuns } from "../../cli/api/index.ts";
import type { ApiVersionModel } from "../../cli/api/model.ts";
import { EXTRACTED_SOURCES } from "../../cli/api/sources.ts";
import { gitIn } from "../helpers/git.ts";
import { item, member, stageOptions, TempDirs, type TestOptions } from "./helpers.ts";

const temp = new TempDirs();
let repo: string;
let siteDir: string;
let options: TestOptions;
let models: Map<string, ApiVersionModel>;
const commits: Record<string, string> = {};

const git = (...args: string[]) => gitIn(repo)(...args);

async function edit(file: string, change: (text: string) => string): Promise<void> {
  const path = join(repo, file);
  const text = await readFile(path, "utf8");
  const changed = change(text);
  if (changed === text) throw new Error(`edit of ${file} changed nothing`);
  await writeFile(path, changed);
}

beforeAll(async () => {
  repo = await temp.viewer();
  siteDir = await temp.make();
  git("init", "--quiet", "--initial-branch=main");
  git("add", ".");
  git("commit", "--quiet", "-m", "1.0.0");
  git("tag", "v1.0.0");
  commits["1.0.0"] = git("rev-parse", "HEAD");

  // 2.0.0 removes an item and renames a member.
  await edit("src/utilities/index.ts", (text) => text.replace(/\/\*\* Point halfway[\s\S]*?\n}\n/, ""));
  await edit("src/stores/AppStore.ts", (text) => text.replaceAll("closeCurrentFile", "closeActiveFile"));
  await edit("CHANGELOG.md", (text) => text.replace("## [1.0.0]", "## [2.0.0]\n\n### Changed\n- Renamed closeCurrentFile.\n\n## [1.0.0]"));
  git("commit", "--quiet", "-am", "2.0.0");
  git("tag", "-a", "v2.0.0", "-m", "Release 2.0.0");
  commits["2.0.0"] = git("rev-parse", "HEAD");

  // Uncommitted work only the current version sees.
  await edit("src/utilities/index.ts", (text) => `${text}\n/** Dot product. */\nexport function dot2D(ax: number, ay: number, bx: number, by: number): number {\n    return ax * bx + ay * by;\n}\n`);

  options = stageOptions(siteDir, repo, [
    { name: "next", isCurrent: true },
    { name: "2.0.0", isCurrent: false },
    { name: "1.0.0", isCurrent: false },
  ]);
  models = await loadApi(options);
}, 120_000);
afterAll(() => temp.cleanup());

const names = (model: ApiVersionModel | undefined) => model!.areas.flatMap((area) => area.items.map((i) => i.name));

describe("versions from git refs", () => {
  it("loads every version without errors", () => {
    expect([...models.keys()]).toEqual(["next", "2.0.0", "1.0.0"]);
    expect(options.diagnostics.errors).toEqual([]);
  });

  it("documents each tag as it was", () => {
    const v1 = models.get("1.0.0")!;
    const v2 = models.get("2.0.0")!;
    expect(names(v1)).toContain("midpoint2D");
    expect(names(v2)).not.toContain("midpoint2D");
    expect(member(item(v1, "AppStore"), "closeCurrentFile").kind).toBe("method");
    expect(item(v1, "AppStore").members.map((m) => m.name)).not.toContain("closeActiveFile");
    expect(member(item(v2, "AppStore"), "closeActiveFile").kind).toBe("method");
    expect(item(v2, "AppStore").members.map((m) => m.name)).not.toContain("closeCurrentFile");
    expect(names(v2)).not.toContain("dot2D");
  });

  it("documents the working tree, uncommitted changes included, for the current version", () => {
    const next = models.get("next")!;
    expect(names(next)).toContain("dot2D");
    expect(names(next)).not.toContain("midpoint2D");
    expect(next).toMatchObject({ sourceLabel: "working tree (main)", sourceRef: "main", isExample: false });
  });

  it("labels the source and links Defined-in to the tag", () => {
    const v1 = models.get("1.0.0")!;
    expect(v1.sourceLabel).toBe(`git tag v1.0.0 (commit ${commits["1.0.0"]!.slice(0, 7)})`);
    expect(v1.sourceRef).toBe("v1.0.0");
    expect(item(v1, "midpoint2D").sources[0]!.url).toMatch(
      /^https:\/\/github\.com\/CARTAvis\/carta-frontend\/blob\/v1\.0\.0\/src\/utilities\/index\.ts#L\d+$/,
    );
    expect(options.lines).toContain(`API 2.0.0: git tag v2.0.0 (commit ${commits["2.0.0"]!.slice(0, 7)})`);
  });

  it("reads each version's changelog at its ref", () => {
    expect(models.get("1.0.0")!.changelog).toEqual({
      markdown: expect.not.stringContaining("2.0.0"),
      file: "v1.0.0:CHANGELOG.md",
    });
    expect(models.get("2.0.0")!.changelog?.markdown).toContain("Renamed closeCurrentFile.");
  });

  it("extracts each ref once into the site's cache, not the checkout, and reuses the conversion", async () => {
    for (const version of ["1.0.0", "2.0.0"]) {
      expect((await stat(join(siteDir, ".carta-docs-cache", EXTRACTED_SOURCES, commits[version]!, "src"))).isDirectory()).toBe(true);
    }
    expect(existsSync(join(repo, ".carta-docs-sources"))).toBe(false);
    const before = typedocRuns();
    const again = await loadApi(stageOptions(siteDir, repo, [{ name: "1.0.0", isCurrent: false }]));
    expect(typedocRuns()).toBe(before);
    expect(again.get("1.0.0")).toEqual(models.get("1.0.0"));
  });

  it("reports a ref that does not exist with the nearest tags, and still loads the others", async () => {
    const missing = stageOptions(siteDir, repo, [
      { name: "1.5.0", isCurrent: false },
      { name: "1.0.0", isCurrent: false },
    ]);
    const loaded = await loadApi(missing);
    expect([...loaded.keys()]).toEqual(["1.0.0"]);
    const [error] = missing.diagnostics.errors;
    expect(error?.code).toBe("api-source");
    expect(error?.message).toContain("git ref v1.5.0 does not exist");
    expect(error?.message).toContain("nearest tags: v1.0.0, v2.0.0");
  });

  it("ranks the nearest tags by version, not spelling", async () => {
    git("tag", "v10.0.0");
    const missing = stageOptions(siteDir, repo, [{ name: "9.0.0", isCurrent: false }]);
    await loadApi(missing);
    expect(missing.diagnostics.errors[0]?.message).toContain("nearest tags: v10.0.0, v2.0.0, v1.0.0");
  });

  it("uses the configured ref of a version", async () => {
    const renamed = stageOptions(siteDir, repo, [{ name: "1.0.0", isCurrent: false }], {
      api: { ...options.api, refs: { "1.0.0": "v2.0.0" } },
    });
    const loaded = await loadApi(renamed);
    expect(loaded.get("1.0.0")?.sourceRef).toBe("v2.0.0");
    expect(names(loaded.get("1.0.0"))).not.toContain("midpoint2D");
  });

  it("converts versions side by side on threads into the same models", async () => {
    const fresh = await temp.make();
    const threaded = stageOptions(fresh, repo, options.versions, { conversionThreads: 3 });
    const before = typedocRuns();
    const loaded = await loadApi(threaded);
    expect(typedocRuns()).toBe(before + 3);
    expect(threaded.diagnostics.errors).toEqual([]);
    expect(threaded.lines.filter((line) => / TypeDoc converted /.test(line))).toHaveLength(3);
    expect([...loaded.keys()]).toEqual(["next", "2.0.0", "1.0.0"]);
    for (const [version, model] of models) expect(loaded.get(version)).toEqual(model);
  }, 120_000);

  it("converts a commit that two versions share once", async () => {
    const fresh = await temp.make();
    const shared = stageOptions(
      fresh,
      repo,
      [
        { name: "2.0.0", isCurrent: false },
        { name: "1.0.0", isCurrent: false },
      ],
      { api: { ...options.api, refs: { "1.0.0": "v2.0.0" } } },
    );
    const before = typedocRuns();
    const loaded = await loadApi(shared);
    expect(typedocRuns()).toBe(before + 1);
    expect(shared.lines).toContain("API 1.0.0: unchanged, using cache");
    expect(names(loaded.get("1.0.0"))).toEqual(names(loaded.get("2.0.0")));
  }, 60_000);
});
