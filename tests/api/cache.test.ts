/** The TypeDoc cache, and the errors that stop a version before TypeDoc runs. */
import { appendFile, cp, mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadApi, modelFromRecipe, typedocRuns, type ModelRecipe } from "../../cli/api/index.ts";
import { FIXTURES, item, stageOptions, TempDirs, type TestOptions } from "./helpers.ts";

const temp = new TempDirs();
afterAll(() => temp.cleanup());

describe("the TypeDoc cache", () => {
  let siteDir: string;
  let viewer: string;
  const next = [{ name: "next", isCurrent: true }];
  const run = async () => {
    const options = stageOptions(siteDir, viewer, next);
    const before = typedocRuns();
    const models = await loadApi(options);
    return { options, models, runs: typedocRuns() - before };
  };

  beforeAll(async () => {
    siteDir = await temp.make();
    viewer = await temp.viewer();
  });

  it("runs TypeDoc once, then not again while nothing changed", async () => {
    const first = await run();
    expect(first.runs).toBe(1);
    expect(first.options.lines).toContain("API next: working tree");
    expect(first.options.lines.some((line) => line.startsWith("API next: TypeDoc converted working tree in "))).toBe(true);

    const second = await run();
    expect(second.runs).toBe(0);
    expect(second.options.lines).toContain("API next: unchanged, using cache");
    expect(second.models.get("next")).toEqual(first.models.get("next"));
    // Warnings of the conversion are reported again from the cache.
    expect(second.options.diagnostics.warnings.map((d) => d.code)).toEqual(first.options.diagnostics.warnings.map((d) => d.code));
  }, 60_000);

  it("gives each model a recipe that builds the same model elsewhere, fresh or from the cache", async () => {
    for (const fresh of [true, false]) {
      if (fresh) await rm(join(siteDir, ".carta-docs-cache"), { recursive: true, force: true });
      const recipes = new Map<string, ModelRecipe>();
      const options = stageOptions(siteDir, viewer, next);
      const model = (await loadApi(options, recipes)).get("next")!;
      // What crosses to another thread is plain data and text.
      const recipe = structuredClone(recipes.get("next")!);
      expect(recipe.json.entry).toBe(true);
      expect(modelFromRecipe(recipe)).toEqual(model);
    }
  }, 60_000);

  it("runs TypeDoc again when a source file changes", async () => {
    await appendFile(join(viewer, "src/utilities/index.ts"), "\n/** Length of a vector. */\nexport function length2D(x: number, y: number): number {\n    return Math.hypot(x, y);\n}\n");
    const changed = await run();
    expect(changed.runs).toBe(1);
    expect(item(changed.models.get("next")!, "length2D").summary).toBe("Length of a vector.");
  }, 60_000);

  it("discards a corrupt entry with a warning and converts again", async () => {
    const cacheDir = join(siteDir, ".carta-docs-cache", "typedoc");
    const entries = (await readdir(cacheDir)).filter((name) => name.endsWith(".json"));
    expect(entries).toHaveLength(2);
    expect((await readdir(cacheDir)).some((name) => name.endsWith(".tmp"))).toBe(false);
    for (const entry of entries) await writeFile(join(cacheDir, entry), '{"project": {"truncat');

    const rebuilt = await run();
    expect(rebuilt.runs).toBe(1);
    expect(rebuilt.options.diagnostics.warnings.find((d) => d.code === "api-cache")?.message).toBe(
      "API next: discarded a corrupt TypeDoc cache entry; converting again",
    );
    expect(rebuilt.models.get("next")?.areas).toHaveLength(7);
  }, 60_000);
});

describe("TypeDoc's messages", () => {
  it("become diagnostics naming the version and the file, and nothing reaches the console", async () => {
    const viewer = await temp.viewer();
    await appendFile(
      join(viewer, "src/utilities/index.ts"),
      "\n/**\n * Uses {@link NoSuchThing}.\n * @frobnicate yes\n */\nexport function broken(): void {}\n",
    );
    const options = stageOptions(await temp.make(), viewer, [{ name: "next", isCurrent: true }]);
    const console = ["log", "info", "warn", "error"].map((method) => vi.spyOn(globalThis.console, method as "log"));
    const models = await loadApi(options);
    for (const spy of console) {
      expect(spy).not.toHaveBeenCalled();
      spy.mockRestore();
    }
    const typedoc = options.diagnostics.warnings.filter((d) => d.code === "typedoc");
    expect(typedoc).toContainEqual({
      severity: "warning",
      code: "typedoc",
      message: "API next: TypeDoc: Encountered an unknown block tag @frobnicate",
      file: expect.stringMatching(/viewer\/src\/utilities\/index\.ts$/),
      line: 90,
    });
    expect(typedoc.map((d) => d.message)).toContainEqual(expect.stringContaining('Failed to resolve link to "NoSuchThing"'));
    // The link TypeDoc could not resolve stays text.
    expect(item(models.get("next")!, "broken").summary).toBe("Uses NoSuchThing.");
  }, 60_000);
});

describe("errors before TypeDoc runs", () => {
  let options: TestOptions;
  let before: number;

  beforeAll(async () => {
    const siteDir = await temp.make();
    const broken = await temp.viewer();
    await rm(join(broken, "src/services/index.ts"));
    await rm(join(broken, "src/models/index.ts"));
    await writeFile(join(broken, "tsconfig.json"), '{\n  "compilerOptions": {\n    "strict": true,,\n  }\n}\n');
    // A frozen version from a snapshot still loads when the current one fails.
    const snapshotDir = join(siteDir, "content", "versioned_docs", "version-1.0.0");
    await mkdir(snapshotDir, { recursive: true });
    await cp(join(FIXTURES, "typedoc-0.23.json"), join(snapshotDir, "api-typedoc.json"));

    options = stageOptions(siteDir, broken, [
      { name: "next", isCurrent: true },
      { name: "1.0.0", isCurrent: false },
    ]);
    before = typedocRuns();
    const models = await loadApi(options);
    expect([...models.keys()]).toEqual(["1.0.0"]);
  }, 60_000);

  it("names each missing entry point with the version and the file", () => {
    const missing = options.diagnostics.errors.filter((d) => d.code === "api-entry-point");
    expect(missing.map((d) => [d.message, d.file])).toEqual([
      ["API next: entry point src/models/index.ts of .-models does not exist in working tree", expect.stringMatching(/viewer\/src\/models\/index\.ts$/)],
      ["API next: entry point src/services/index.ts of .-services does not exist in working tree", expect.stringMatching(/viewer\/src\/services\/index\.ts$/)],
    ]);
  });

  it("reports a tsconfig that does not parse, with its line", () => {
    const [error] = options.diagnostics.errors.filter((d) => d.code === "api-tsconfig");
    expect(error?.message).toMatch(/^API next: tsconfig.json does not parse: /);
    expect(error?.file).toMatch(/viewer\/tsconfig\.json$/);
    expect(error?.line).toBe(3);
  });

  it("does not run TypeDoc for the broken version", () => {
    expect(typedocRuns()).toBe(before);
  });

  it("names a folder given with --viewer or CARTA_FRONTEND_DIR that does not exist", async () => {
    const siteDir = await temp.make();
    const options = stageOptions(siteDir, join(siteDir, "missing"), [{ name: "next", isCurrent: true }]);
    expect((await loadApi(options)).size).toBe(0);
    expect(options.diagnostics.errors[0]!.message).toMatch(/the viewer folder .*missing \(from --viewer\) does not exist/);
  });

  it("reports a sample code base that does not exist", async () => {
    const siteDir = await temp.make();
    const options = stageOptions(siteDir, join(siteDir, "none"), [{ name: "next", isCurrent: true }], {
      exampleDir: join(siteDir, "examples/viewer"),
      viewer: { dir: join(siteDir, "none"), from: "config" },
    });
    expect((await loadApi(options)).size).toBe(0);
    expect(options.diagnostics.errors).toEqual([
      {
        severity: "error",
        code: "api-source",
        message: `API next: the sample code base examples/viewer does not exist`,
        file: "examples/viewer",
      },
    ]);
  });
});
