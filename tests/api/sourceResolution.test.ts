/**
 * A git ref's sources resolve their imports as the checkout does, though extracted into the site's cache: a
 * checkout whose typed dependency is installed above it (a workspace's hoisted node_modules), documented as next
 * (the working tree) and as 5.0.0 (a tag on the same commit), has one API in both; so has a checkout no one may
 * write (run without privileges).
 */
import { existsSync, mkdirSync, readFileSync, readlinkSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadApi } from "../../cli/api/index.ts";
import { countChanges, diffApi } from "../../cli/api/diff.ts";
import type { ApiVersionModel } from "../../cli/api/model.ts";
import { typeToText } from "../../cli/api/typeText.ts";
import { EXTRACTED_SOURCES } from "../../cli/api/sources.ts";
import { gitIn } from "../helpers/git.ts";
import { fixtureViewerRepo, item, stageOptions, TempDirs, type TestOptions } from "./helpers.ts";

const temp = new TempDirs();
let viewer: string;
let options: TestOptions;
let models: Map<string, ApiVersionModel>;

beforeAll(async () => {
  const workspace = await temp.make();
  // A React-like typed dependency, installed where the checkout finds it but a copy kept in the site would not.
  const widgets = join(workspace, "node_modules", "widgets");
  mkdirSync(widgets, { recursive: true });
  writeFileSync(join(widgets, "package.json"), JSON.stringify({ name: "widgets", version: "1.0.0", types: "index.d.ts" }));
  writeFileSync(join(widgets, "index.d.ts"), "export declare class Widget<P> {\n    constructor(props: P);\n    readonly props: P;\n    refresh(): void;\n}\n");

  viewer = join(workspace, "viewer");
  const git = fixtureViewerRepo(viewer);
  const shared = join(viewer, "src/components/Shared/index.ts");
  writeFileSync(
    shared,
    `import { Widget } from "widgets";\n\n${readFileSync(shared, "utf8")}\n/** A panel drawn by the widget library. */\nexport class LibraryPanel extends Widget<SafeNumericInputProps> {\n    /** Draws the panel. */\n    draw(): string {\n        return "panel";\n    }\n}\n`,
  );
  git("commit", "--quiet", "-am", "5.0.0");
  git("tag", "v5.0.0");

  options = stageOptions(await temp.make(), viewer, [
    { name: "next", isCurrent: true },
    { name: "5.0.0", isCurrent: false },
  ]);
  models = await loadApi(options);
}, 120_000);
afterAll(() => temp.cleanup());

describe("a git ref's imports", () => {
  it("resolve as in the checkout: the class extends the dependency's class in both versions", () => {
    expect(options.diagnostics.errors).toEqual([]);
    for (const version of ["next", "5.0.0"]) {
      const panel = item(models.get(version)!, "LibraryPanel");
      expect(panel.extends.map(typeToText)).toEqual(["Widget<SafeNumericInputProps>"]);
    }
  });

  it("give identical sources an empty diff", () => {
    const diff = diffApi(models.get("5.0.0")!, models.get("next")!);
    expect(countChanges(diff)).toEqual({ items: { added: 0, removed: 0, changed: 0, moved: 0 }, members: { added: 0, removed: 0, renamed: 0, changed: 0 } });
  });

  it("are extracted into the site's cache, as deep as the checkout's packages lie, and the checkout is left as it was", () => {
    const commit = gitIn(viewer)("rev-parse", "HEAD");
    // The copy of the checkout in the folder of its commit, one folder down: the workspace's node_modules is linked above it.
    const copy = join(options.cacheDir, EXTRACTED_SOURCES, commit);
    expect(readlinkSync(join(copy, "node_modules"))).toBe(join(viewer, "..", "node_modules"));
    expect(existsSync(join(copy, "viewer", "src", "components", "Shared", "index.ts"))).toBe(true);
    expect(existsSync(join(viewer, ".carta-docs-sources"))).toBe(false);
    expect(gitIn(viewer)("status", "--porcelain", "--untracked-files=all")).toBe("");
  });

  it("that cannot be extracted are reported, naming the folder, and the other versions still load", async () => {
    const git = gitIn(viewer);
    writeFileSync(join(viewer, "CHANGELOG.md"), `${readFileSync(join(viewer, "CHANGELOG.md"), "utf8")}\n6.0.0\n`);
    git("commit", "--quiet", "-am", "6.0.0");
    git("tag", "v6.0.0");
    // A file where the folder of extracted refs belongs.
    const folder = join(options.cacheDir, EXTRACTED_SOURCES);
    renameSync(folder, join(options.cacheDir, "moved-away"));
    writeFileSync(folder, "not a folder\n");
    const blocked = stageOptions(options.siteDir, viewer, [
      { name: "next", isCurrent: true },
      { name: "6.0.0", isCurrent: false },
    ]);
    const loaded = await loadApi(blocked);
    expect([...loaded.keys()]).toEqual(["next"]);
    expect(blocked.diagnostics.errors).toEqual([
      expect.objectContaining({ code: "api-source", message: expect.stringContaining(`API 6.0.0: the git tag v6.0.0 (commit ${git("rev-parse", "--short=7", "HEAD")}) cannot be extracted into ${folder}`) }),
    ]);
  }, 120_000);
});
