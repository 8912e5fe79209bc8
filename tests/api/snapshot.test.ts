/** Frozen versions from snapshots, writing snapshots, and the sample code base standing in for a checkout. */
import { cp, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadApi, modelFromRecipe, typedocRuns, writeApiSnapshot, type ModelRecipe } from "../../cli/api/index.ts";
import { API_SETTINGS, FIXTURES, item, stageOptions, TempDirs } from "./helpers.ts";

const temp = new TempDirs();
afterAll(() => temp.cleanup());

async function putSnapshot(siteDir: string, version: string, text: string): Promise<string> {
  const dir = join(siteDir, "content", "versioned_docs", `version-${version}`);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "api-typedoc.json"), text);
  return join("content", "versioned_docs", `version-${version}`, "api-typedoc.json");
}

describe("snapshots of frozen versions", () => {
  let siteDir: string;
  let viewer: string;

  beforeAll(async () => {
    siteDir = await temp.make();
    viewer = await temp.viewer();
    await putSnapshot(siteDir, "1.0.0", await readFile(join(FIXTURES, "typedoc-0.23.json"), "utf8"));
    await writeFile(join(siteDir, "content/versioned_docs/version-1.0.0/_api-changelog.md"), "# Changelog\n\n## 1.0.0 from the snapshot\n");
  });

  it("loads a snapshot without TypeDoc, linking sources to the version's tag", async () => {
    const options = stageOptions(siteDir, viewer, [{ name: "1.0.0", isCurrent: false }]);
    const before = typedocRuns();
    const model = (await loadApi(options)).get("1.0.0")!;
    expect(typedocRuns()).toBe(before);
    expect(model.sourceLabel).toBe("snapshot content/versioned_docs/version-1.0.0/api-typedoc.json");
    expect(options.lines).toContain("API 1.0.0: snapshot content/versioned_docs/version-1.0.0/api-typedoc.json");
    expect(model.sourceRef).toBe("v1.0.0");
    expect(item(model, "AppStore").sources[0]!.url).toBe(
      "https://github.com/CARTAvis/carta-frontend/blob/v1.0.0/src/stores/AppStore.ts#L8",
    );
    expect(model.changelog).toEqual({
      markdown: expect.stringContaining("1.0.0 from the snapshot"),
      file: "content/versioned_docs/version-1.0.0/_api-changelog.md",
    });
  });

  it("gives a snapshot's model a recipe that builds the same model", async () => {
    const recipes = new Map<string, ModelRecipe>();
    const model = (await loadApi(stageOptions(siteDir, viewer, [{ name: "1.0.0", isCurrent: false }]), recipes)).get("1.0.0")!;
    const recipe = structuredClone(recipes.get("1.0.0")!);
    expect(recipe.json.entry).toBe(false);
    expect(modelFromRecipe(recipe)).toEqual(model);
  });

  it("reports a truncated snapshot and one of an unknown schema, naming version and file", async () => {
    const truncated = await putSnapshot(siteDir, "2.0.0", (await readFile(join(FIXTURES, "typedoc-0.23.json"), "utf8")).slice(0, 5000));
    const unknown = await putSnapshot(siteDir, "3.0.0", JSON.stringify({ schemaVersion: "9.0", id: 0, name: "x", kind: 1 }));
    const notTypeDoc = await putSnapshot(siteDir, "3.1.0", JSON.stringify({ packages: [] }));
    const options = stageOptions(siteDir, viewer, ["3.1.0", "3.0.0", "2.0.0", "1.0.0"].map((name) => ({ name, isCurrent: false })));
    const models = await loadApi(options);
    expect([...models.keys()]).toEqual(["1.0.0"]);
    const errors = options.diagnostics.errors.map((d) => [d.code, d.file, d.message]);
    expect(errors).toEqual([
      ["api-snapshot", notTypeDoc, expect.stringMatching(/^API 3\.1\.0: .*version-3\.1\.0\/api-typedoc\.json cannot be used: it has no project name and kind/)],
      ["api-snapshot", unknown, expect.stringMatching(/^API 3\.0\.0: .* cannot be used: its schemaVersion 9\.0 is not supported/)],
      ["api-snapshot", truncated, expect.stringMatching(/^API 2\.0\.0: .* cannot be used: it is not valid JSON \(truncated\?\)/)],
    ]);
  });

  it("reports a frozen version with neither snapshot nor git repository", async () => {
    const options = stageOptions(siteDir, viewer, [{ name: "0.9.0", isCurrent: false }]);
    expect((await loadApi(options)).size).toBe(0);
    expect(options.diagnostics.errors.map((d) => d.message)).toEqual([
      `API 0.9.0: no snapshot content/versioned_docs/version-0.9.0/api-typedoc.json, and the viewer checkout ${viewer} is not a git repository, so git ref v0.9.0 cannot be read`,
    ]);
  });

  it("reports a snapshot that lacks an entry point's module", async () => {
    const json = JSON.parse(await readFile(join(FIXTURES, "typedoc-0.23.json"), "utf8")) as { children: { name: string }[] };
    json.children = json.children.filter((child) => child.name !== "services");
    const file = await putSnapshot(siteDir, "4.0.0", JSON.stringify(json));
    const options = stageOptions(siteDir, viewer, [{ name: "4.0.0", isCurrent: false }]);
    expect((await loadApi(options)).size).toBe(0);
    expect(options.diagnostics.errors[0]).toMatchObject({
      file,
      message: expect.stringContaining("it has no module for src/services/index.ts"),
    });
  });

  it("gives a snapshot without an optional area's module no such area, and one with it the area", async () => {
    const json = JSON.parse(await readFile(join(FIXTURES, "typedoc-0.23.json"), "utf8")) as { children: { name: string }[] };
    const without = { ...json, children: json.children.filter((child) => child.name !== "services") };
    await putSnapshot(siteDir, "4.2.0", JSON.stringify(without));
    await putSnapshot(siteDir, "4.3.0", JSON.stringify(json));
    const api = { ...API_SETTINGS, entryPoints: API_SETTINGS.entryPoints.map((entry) => (entry.slug === ".-services" ? { ...entry, optional: true } : entry)) };
    const options = stageOptions(siteDir, viewer, [{ name: "4.3.0", isCurrent: false }, { name: "4.2.0", isCurrent: false }], { api });
    const models = await loadApi(options);
    expect(options.diagnostics.errors).toEqual([]);
    expect(models.get("4.2.0")!.areas.map((area) => area.slug)).not.toContain(".-services");
    expect(models.get("4.3.0")!.areas.map((area) => area.slug)).toContain(".-services");
  });
});

describe("writeApiSnapshot and the sample code base", () => {
  let siteDir: string;

  beforeAll(async () => {
    siteDir = await temp.make();
  });

  it("writes TypeDoc's JSON and the changelog, which load back as the same model", async () => {
    const viewer = await temp.viewer();
    const options = stageOptions(siteDir, viewer, [{ name: "next", isCurrent: true }]);
    const outFile = join(siteDir, "content/versioned_docs/version-1.0.0/api-typedoc.json");
    expect(await writeApiSnapshot(options, "1.0.0", outFile)).toBe(true);
    expect(await readFile(join(siteDir, "content/versioned_docs/version-1.0.0/_api-changelog.md"), "utf8")).toContain(
      "First release of the fixture viewer.",
    );

    const both = stageOptions(siteDir, viewer, [
      { name: "next", isCurrent: true },
      { name: "1.0.0", isCurrent: false },
    ]);
    const before = typedocRuns();
    const models = await loadApi(both);
    expect(typedocRuns()).toBe(before);
    const frozen = models.get("1.0.0")!;
    const current = models.get("next")!;
    expect(frozen.sourceLabel).toMatch(/^snapshot /);
    // Only the frozen version has a tag to link Defined-in to.
    const withoutUrls = (value: unknown) => JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === "url" ? undefined : v)));
    expect(item(frozen, "AppStore").sources[0]!.url).toMatch(/\/blob\/v1\.0\.0\//);
    expect(withoutUrls(frozen.areas)).toEqual(withoutUrls(current.areas));
    expect(frozen.changelog?.markdown).toBe(current.changelog?.markdown);
  }, 60_000);

  it("converts a code base without an optional area's module, giving it no such area; a required one missing is an error", async () => {
    const viewer = await temp.viewer();
    const enums = { slug: ".-enums", path: "src/enums/index.ts", title: "Enums" };
    const optional = stageOptions(siteDir, viewer, [{ name: "next", isCurrent: true }], { api: { ...API_SETTINGS, entryPoints: [...API_SETTINGS.entryPoints, { ...enums, optional: true }] } });
    const model = (await loadApi(optional)).get("next");
    expect(optional.diagnostics.errors).toEqual([]);
    expect(model!.areas.map((area) => area.slug)).toEqual(API_SETTINGS.entryPoints.map((entry) => entry.slug));
    const required = stageOptions(siteDir, viewer, [{ name: "next", isCurrent: true }], { api: { ...API_SETTINGS, entryPoints: [...API_SETTINGS.entryPoints, enums] } });
    expect((await loadApi(required)).size).toBe(0);
    // TypeDoc's output of this tree is cached by the first conversion: the model, not the conversion, finds the module missing.
    expect(required.diagnostics.errors.map((d) => d.message)).toEqual([expect.stringContaining("it has no module for src/enums/index.ts")]);
  }, 60_000);

  it("documents the sample code base for every version when there is no checkout", async () => {
    const example = await temp.viewer();
    const options = stageOptions(siteDir, join(siteDir, "no-such-checkout"), [
      { name: "next", isCurrent: true },
      { name: "4.1.0", isCurrent: false },
    ], { exampleDir: example, viewer: { dir: join(siteDir, "no-such-checkout"), from: "config" } });
    // Without a checkout even a snapshot gives way, so every version shows the same sample.
    await mkdir(join(siteDir, "content/versioned_docs/version-4.1.0"), { recursive: true });
    await cp(join(FIXTURES, "typedoc-0.22.json"), join(siteDir, "content/versioned_docs/version-4.1.0/api-typedoc.json"));
    const models = await loadApi(options);
    expect(options.lines[0]).toBe(
      `API: no viewer checkout at ${join(siteDir, "no-such-checkout")} (from site config); using the sample code base ${example} for every version`,
    );
    expect([...models.values()].map((model) => [model.version, model.isExample, model.sourceRef])).toEqual([
      ["next", true, undefined],
      ["4.1.0", true, undefined],
    ]);
    expect(item(models.get("4.1.0")!, "AppStore").sources[0]!.url).toBeUndefined();
    expect(options.diagnostics.errors).toEqual([]);
  }, 60_000);
});
