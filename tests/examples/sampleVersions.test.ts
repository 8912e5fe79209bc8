/**
 * The sample viewer's three versions: next (its src/), and 5.0.0 and 4.1.0 as patches with stored API snapshots.
 * Each state type-checks, the stored snapshots are what the patches give (so they cannot drift), and the default
 * build (no checkout) documents each frozen version from its snapshot, so the API changes between the versions
 * are the real kinds of change between CARTA 4.1.0, 5.0 and the 6.0 line.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadApi, type ApiVersionModel } from "../../cli/api/index.ts";
import { diffApi, type ApiDiff } from "../../cli/api/diff.ts";
import { loadConfig } from "../../cli/config/load.ts";
import { Diagnostics } from "../../cli/util/diagnostics.ts";
import { apiStageOptions, type ApiSiteConfig } from "../../cli/pipeline/viewerSource.ts";
import { SAMPLE_VERSIONS, staleSnapshots, typeErrors, writeSampleStates, writeSnapshots, type SampleState } from "../../scripts/sampleSnapshots.ts";
import { ROOT } from "../helpers/site.ts";

const work = mkdtempSync(path.join(tmpdir(), "carta-docs-sample-versions-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the sample's frozen versions", () => {
  let states: SampleState[];
  beforeAll(async () => {
    states = await writeSampleStates(path.join(work, "states"));
  });

  it("rebuilds next, 5.0.0 and 4.1.0 from the patches, and each state type-checks", () => {
    expect(states.map((s) => s.version)).toEqual(["next", ...SAMPLE_VERSIONS]);
    for (const state of states) expect(typeErrors(state), state.version).toEqual([]);
  }, 120_000);

  it("stores exactly the snapshots the patches give", async () => {
    const out = path.join(work, "out");
    await writeSnapshots(states, out, path.join(work, "cache"));
    expect(await staleSnapshots(out)).toEqual([]);
  }, 240_000);
});

describe("the default build's API of each version", () => {
  let models: Map<string, ApiVersionModel>;
  let diagnostics: Diagnostics;
  const names = (diff: ApiDiff, change: string) =>
    diff.items.flatMap((item) => [
      ...(item.change === change ? [item.name] : []),
      ...item.members.filter((member) => member.change === change).map((member) => `${item.name}#${member.change === "renamed" ? `${member.before!.name} -> ` : ""}${member.name}`),
    ]);

  beforeAll(async () => {
    const config = (await loadConfig(path.join(ROOT, "site.config.ts"))) as ApiSiteConfig;
    diagnostics = new Diagnostics();
    // No checkout: the config's default viewer folder, which does not exist next to a test's temporary folder.
    const viewer = { dir: path.join(work, "no-checkout"), from: "config" as const };
    const versions = [{ name: "next", isCurrent: true }, ...SAMPLE_VERSIONS.map((name) => ({ name, isCurrent: false }))];
    models = await loadApi({ ...apiStageOptions(config, viewer, versions, diagnostics, () => {}), cacheDir: path.join(work, "cache") });
  }, 120_000);

  it("takes the frozen versions from the sample's snapshots", () => {
    expect(diagnostics.items).toEqual([]);
    expect(models.get("next")!.sourceLabel).toBe("sample code base examples/viewer");
    expect(models.get("5.0.0")!.sourceLabel).toBe("sample snapshot examples/viewer/versions/version-5.0.0/api-typedoc.json");
    expect(models.get("4.1.0")!.sourceLabel).toBe("sample snapshot examples/viewer/versions/version-4.1.0/api-typedoc.json");
    expect([...models.values()].every((model) => model.isExample)).toBe(true);
  });

  it("has no colour blending in 4.1.0", () => {
    const items = (version: string) => models.get(version)!.areas.flatMap((area) => area.items.map((item) => item.name));
    expect(items("4.1.0")).not.toContain("ColorBlendingStore");
    expect(items("4.1.0")).not.toContain("ImageViewConfigStore");
    expect(items("5.0.0")).toContain("ColorBlendingStore");
  });

  it("lists what changed from 4.1.0 to 5.0.0", () => {
    const diff = diffApi(models.get("4.1.0")!, models.get("5.0.0")!);
    expect(names(diff, "added")).toEqual(expect.arrayContaining(["ColorBlendingStore", "ImageViewConfigStore", "AppStore#imageViewConfigStore", "DialogId", "DialogStore#showDialog", "DialogStore#hideDialog", "ImageFittingStore#setIsAutoInitVal"]));
    expect(names(diff, "renamed").sort()).toEqual(["AppStore#setActiveFrame -> updateActiveImageByFrame", "AppStore#setActiveFrameById -> setActiveImageByFileId", "AppStore#setActiveFrameByIndex -> setActiveImageByIndex"]);
    expect(names(diff, "removed")).toEqual(expect.arrayContaining(["DialogStore#showFittingDialog", "DialogStore#hideFittingDialog", "DialogStore#fittingDialogVisible"]));
    expect(names(diff, "added")).not.toContain("AppStore#setActiveFrame");
  });

  it("lists what changed from 5.0.0 to next", () => {
    const diff = diffApi(models.get("5.0.0")!, models.get("next")!);
    expect(names(diff, "added")).toEqual(expect.arrayContaining(["COLOR_MAPS_ALL", "COLOR_MAPS_SELECTED", "AppStore#setActiveImageById", "RegionSetStore#focusedRegion", "RegionSetStore#selectSingleRegion", "RegionSetStore#setFocusedRegion"]));
    expect(names(diff, "renamed").sort()).toEqual(["AnimatorStore#animationActive -> isAnimationActive", "PreferenceStore#codeSnippetsEnabled -> isCodeSnippetsEnabled", "RegionSetStore#deselectRegion -> clearSelection"]);
    // A new signature is no rename (setActiveImageById takes the image's type as well), nor are two additions declared
    // alike: selectRegion's rename to selectSingleRegion rather than setFocusedRegion only the tutorials tell (the changes page).
    expect(names(diff, "removed")).toEqual(expect.arrayContaining(["AppStore#setActiveImageByFileId", "AppStore#removeFrame", "RegionSetStore#selectedRegion", "RegionSetStore#selectRegion", "RenderConfigStore#COLOR_MAPS_ALL"]));
    const appStore = diff.items.find((item) => item.name === "AppStore")!;
    const closeFile = appStore.members.find((member) => member.name === "closeFile")!;
    expect(closeFile.change).toBe("changed");
    expect(closeFile.aspects).toContain("parameters");
    // The 5.0.0 release has updateActiveImageByFrame already, and setSpatialMatchingEnabled is a flow in both.
    expect(names(diff, "added")).not.toContain("AppStore#updateActiveImageByFrame");
    expect(appStore.members.find((member) => member.name === "setSpatialMatchingEnabled")?.aspects ?? []).not.toContain("returns");
  });
});
