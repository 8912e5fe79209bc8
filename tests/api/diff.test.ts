/** The API diff and the history built from it, on a viewer repository whose API changes from tag to tag. */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadApi } from "../../cli/api/index.ts";
import { countChanges, diffApi, memberLink, type ApiDiff, type ApiItemChange, type ApiItemSide, type ApiMemberSide } from "../../cli/api/diff.ts";
import { ApiHistory } from "../../cli/api/history.ts";
import type { ApiVersionModel } from "../../cli/api/model.ts";
import { makeChangingViewer } from "./changingViewer.ts";
import { stageOptions, TempDirs } from "./helpers.ts";

const temp = new TempDirs();
let models: Map<string, ApiVersionModel>;
let v1to2: ApiDiff;
let v2toNext: ApiDiff;

beforeAll(async () => {
  const repo = makeChangingViewer(join(await temp.make(), "viewer"));
  const options = stageOptions(await temp.make(), repo, [
    { name: "next", isCurrent: true },
    { name: "2.0.0", isCurrent: false },
    { name: "1.0.0", isCurrent: false },
  ]);
  models = await loadApi(options);
  expect(options.diagnostics.errors).toEqual([]);
  v1to2 = diffApi(models.get("1.0.0")!, models.get("2.0.0")!);
  v2toNext = diffApi(models.get("2.0.0")!, models.get("next")!);
}, 180_000);
afterAll(() => temp.cleanup());

const entry = (diff: ApiDiff, name: string): ApiItemChange => {
  const found = diff.items.filter((i) => i.name === name);
  if (found.length !== 1) throw new Error(`expected one entry ${name}, found ${found.length}: ${diff.items.map((i) => i.name).join(", ")}`);
  return found[0]!;
};

describe("diffApi", () => {
  it("finds nothing between a model and itself", () => {
    const model = models.get("2.0.0")!;
    expect(diffApi(model, model).items).toEqual([]);
  });

  it("lists added and removed items with where they were documented", () => {
    expect(entry(v1to2, "midpoint2D")).toMatchObject({ change: "removed", before: { area: ".-utilities", location: ".-utilities/function/midpoint2D" } });
    expect(entry(v1to2, "midpoint2D").after).toBeUndefined();
    expect(entry(v1to2, "distance2D")).toMatchObject({ change: "added", after: { kind: "function", location: ".-utilities/function/distance2D", text: "function distance2D(a: Point2D, b: Point2D): number" } });
  });

  it("recognises an item moved to another area as a move, not a removal and an addition", () => {
    const moved = entry(v1to2, "tileKey");
    expect(moved).toMatchObject({ change: "moved", before: { area: ".-utilities", areaTitle: "utilities" }, after: { area: ".-models" }, aspects: [] });
    expect(moved.before!.location).toBe(".-utilities/function/tileKey");
    expect(moved.after!.location).toBe(".-models/function/tileKey");
  });

  it("gives member changes of a changed item: signature, parameters, return type, deprecation", () => {
    const app = entry(v1to2, "AppStore");
    expect(app).toMatchObject({ change: "changed", aspects: [] });
    const members = Object.fromEntries(app.members.map((m) => [m.name, m]));
    expect(Object.keys(members).sort()).toEqual(["closeCurrentFile", "frameCount", "getFrame", "openFile", "requestMoment"]);
    expect(members.openFile).toMatchObject({
      change: "changed",
      aspects: ["signature", "parameters"],
      before: { text: "openFile(directory: string, file: string, hdu?: string): Promise<FrameStore | undefined>", location: ".-stores/class/AppStore#openFile" },
      after: { text: "openFile(directory: string, file: string, hdu: string, append?: boolean): Promise<FrameStore | undefined>" },
    });
    expect(members.getFrame).toMatchObject({ change: "changed", aspects: ["signature", "returns"] });
    expect(members.closeCurrentFile).toMatchObject({ change: "changed", aspects: ["deprecated"], after: { deprecated: true } });
    expect(members.requestMoment).toMatchObject({ change: "removed" });
    expect(members.frameCount).toMatchObject({ change: "added", after: { kind: "accessor", text: "get frameCount(): number" } });
  });

  it("leaves unchanged items out and counts per kind", () => {
    expect(v1to2.items.map((i) => i.name).sort()).toEqual(["AppStore", "distance2D", "midpoint2D", "tileKey"]);
    expect(countChanges(v1to2)).toEqual({ items: { added: 1, removed: 1, changed: 1, moved: 1 }, members: { added: 1, removed: 1, renamed: 0, changed: 3 } });
  });

  it("diffs the working tree against the last tag: enum members, optional to required, a removed class", () => {
    expect(entry(v2toNext, "FrequencyUnit").members).toMatchObject([{ change: "added", name: "THZ", after: { text: 'THZ = "THz"' } }]);
    const scale = entry(v2toNext, "scale2D");
    expect(scale).toMatchObject({ change: "changed", aspects: ["signature", "parameters"] });
    expect(scale.before!.text).toBe("function scale2D(p: Point2D, factor?: number): Point2D");
    expect(scale.after!.text).toBe("function scale2D(p: Point2D, factor: number): Point2D");
    expect(entry(v2toNext, "TileCoordinate").change).toBe("removed");
    expect(v2toNext.from).toBe("2.0.0");
    expect(v2toNext.to).toBe("next");
  });

  it("is plain data that survives JSON", () => {
    expect(JSON.parse(JSON.stringify(v1to2))).toEqual(v1to2);
  });
});

describe("memberLink", () => {
  const member: ApiMemberSide = { name: "columnWidth", kind: "property", location: ".-stores/type/Layout#columnWidth", text: "columnWidth: number", deprecated: false };
  const side = (location: string): ApiItemSide => ({ name: "Layout", kind: "type", area: ".-stores", areaTitle: "Stores", location, text: "", deprecated: false });

  it("links a member of an item with a page of its own to the member's anchor", () => {
    expect(memberLink(side(".-stores/class/Layout"), member)).toBe(".-stores/type/Layout#columnWidth");
  });

  it("links a member of an item documented on its area's page to the item, where the member has no anchor", () => {
    expect(memberLink(side(".-stores#Layout"), member)).toBe(".-stores#Layout");
  });
});

describe("ApiHistory", () => {
  const history = () => new ApiHistory(["1.0.0", "2.0.0", "next"], [v1to2, v2toNext]);

  it("tells an item's removal on the older version's page", () => {
    expect(history().item("1.0.0", ".-utilities/function/midpoint2D")).toEqual([{ change: "removed", version: "2.0.0", entry: "utilities-midpoint2D" }]);
    expect(history().item("2.0.0", ".-utilities/class/TileCoordinate")).toEqual([{ change: "removed", version: "next", entry: "utilities-TileCoordinate" }]);
    expect(history().item("1.0.0", ".-utilities/class/TileCoordinate")).toEqual([{ change: "removed", version: "next", entry: "utilities-TileCoordinate" }]);
  });

  it("tells additions and moves in every later version, following the item through its move", () => {
    expect(history().item("next", ".-utilities/function/distance2D")).toEqual([{ change: "added", version: "2.0.0", entry: "utilities-distance2D" }]);
    expect(history().item("next", ".-models/function/tileKey")).toEqual([{ change: "moved", version: "2.0.0", entry: "models-tileKey" }]);
    expect(history().item("1.0.0", ".-utilities/function/tileKey")).toEqual([{ change: "moved", version: "2.0.0", entry: "models-tileKey" }]);
    expect(history().item("next", ".-utilities/function/scale2D")).toEqual([{ change: "changed", version: "next", entry: "utilities-scale2D" }]);
    expect(history().item("1.0.0", ".-utilities/function/add2D")).toEqual([]);
  });

  it("tells a member's changes across versions, and not the item's own", () => {
    const at = ".-stores/class/AppStore";
    expect(history().member("1.0.0", at, "openFile")).toEqual([{ change: "changed", version: "2.0.0", entry: "stores-AppStore-openFile" }]);
    expect(history().member("next", at, "openFile")).toEqual([{ change: "changed", version: "2.0.0", entry: "stores-AppStore-openFile" }]);
    expect(history().member("1.0.0", at, "requestMoment")).toEqual([{ change: "removed", version: "2.0.0", entry: "stores-AppStore-requestMoment" }]);
    expect(history().member("next", at, "frameCount")).toEqual([{ change: "added", version: "2.0.0", entry: "stores-AppStore-frameCount" }]);
    expect(history().member("2.0.0", at, "closeFile")).toEqual([]);
  });

  it("stops where a version's model is missing", () => {
    const broken = new ApiHistory(["1.0.0", "2.0.0", "next"], [undefined, v2toNext]);
    expect(broken.item("next", ".-utilities/function/distance2D")).toEqual([]);
  });
});
