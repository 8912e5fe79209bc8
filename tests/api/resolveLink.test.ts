/** `api:` link targets, by symbol and by path. */
import { beforeAll, describe, expect, it } from "vitest";
import { resolveApiLink } from "../../cli/api/index.ts";
import type { ApiVersionModel } from "../../cli/api/model.ts";
import { loadFixtureJson } from "./helpers.ts";

let model: ApiVersionModel;
beforeAll(async () => {
  model = await loadFixtureJson("typedoc-0.23.json");
  model.changelog = { markdown: "# Changelog", file: "CHANGELOG.md" };
});

describe("resolveApiLink by symbol", () => {
  it("finds items on their own page or on their area page", () => {
    expect(resolveApiLink(model, "AppStore")).toEqual({ path: ".-stores/class/AppStore" });
    expect(resolveApiLink(model, "ColorMapName")).toEqual({ path: ".-models", anchor: "ColorMapName" });
    expect(resolveApiLink(model, "VIEWER_NAME")).toEqual({ path: "", anchor: "VIEWER_NAME" });
  });

  it("finds members with # or .", () => {
    expect(resolveApiLink(model, "AppStore#openFile")).toEqual({ path: ".-stores/class/AppStore", anchor: "openFile" });
    expect(resolveApiLink(model, "AppStore.openFile")).toEqual({ path: ".-stores/class/AppStore", anchor: "openFile" });
    expect(resolveApiLink(model, "FrameScaling#LOG")).toEqual({ path: ".-stores/enum/FrameScaling", anchor: "LOG" });
  });

  it("suggests the nearest names for an unknown symbol", () => {
    const result = resolveApiLink(model, "AppStor");
    expect(result).toMatchObject({ error: 'API 1.0.0 has no item named "AppStor"' });
    expect("candidates" in result && result.candidates[0]).toBe("AppStore");
  });

  it("lists both paths of a name found in two areas", () => {
    expect(resolveApiLink(model, "Options")).toEqual({
      error: '"Options" is ambiguous in API 1.0.0: /.-models/interface/Options, /.-services/interface/Options; link by path',
      candidates: ["/.-models/interface/Options", "/.-services/interface/Options"],
    });
  });

  it("lists the members of an item when the member is missing", () => {
    const result = resolveApiLink(model, "FrameScaling#CUBIC");
    expect(result).toEqual({
      error: 'FrameScaling in API 1.0.0 has no member "CUBIC"',
      candidates: expect.arrayContaining(["LINEAR", "LOG", "SQRT", "GAMMA"]),
    });
    expect(resolveApiLink(model, "ColorMapName.gray")).toMatchObject({ candidates: [] });
  });
});

describe("resolveApiLink by path", () => {
  it("accepts pages and their anchors", () => {
    expect(resolveApiLink(model, "/.-stores/class/AppStore")).toEqual({ path: ".-stores/class/AppStore" });
    expect(resolveApiLink(model, "/.-stores/class/AppStore#openFile")).toEqual({ path: ".-stores/class/AppStore", anchor: "openFile" });
    expect(resolveApiLink(model, "/.-components/Dialogs")).toEqual({ path: ".-components/Dialogs" });
    expect(resolveApiLink(model, "/.-models#Axis")).toEqual({ path: ".-models", anchor: "Axis" });
    expect(resolveApiLink(model, "/")).toEqual({ path: "" });
    expect(resolveApiLink(model, "/#VIEWER_NAME")).toEqual({ path: "", anchor: "VIEWER_NAME" });
    expect(resolveApiLink(model, "/changelog")).toEqual({ path: "changelog" });
  });

  it("rejects unknown pages and anchors, with suggestions", () => {
    expect(resolveApiLink(model, "/.-stores/class/AppStores")).toMatchObject({
      error: "API 1.0.0 has no page /.-stores/class/AppStores",
      candidates: expect.arrayContaining(["/.-stores/class/AppStore"]),
    });
    expect(resolveApiLink(model, "/.-stores/class/AppStore#openFiles")).toMatchObject({
      error: 'AppStore in API 1.0.0 has no member "openFiles"',
    });
    expect(resolveApiLink(model, "/.-models#Axes")).toMatchObject({
      error: '/.-models in API 1.0.0 has no item "Axes"',
      candidates: expect.arrayContaining(["Axis"]),
    });
  });
});
