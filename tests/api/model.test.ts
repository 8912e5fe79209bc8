/**
 * The loader and the model, on a fresh TypeDoc 0.28 conversion of the fixture viewer and on the committed
 * JSON of TypeDoc 0.23 and 0.22 for the same code: all three must give the same model.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadApi } from "../../cli/api/index.ts";
import type { ApiType, ApiVersionModel } from "../../cli/api/model.ts";
import { typeToText } from "../../cli/api/typeText.ts";
import { API_SETTINGS, item, loadFixtureJson, member, stageOptions, TempDirs, type TestOptions } from "./helpers.ts";

const temp = new TempDirs();
let fresh: ApiVersionModel;
let freshOptions: TestOptions;

beforeAll(async () => {
  freshOptions = stageOptions(await temp.make(), await temp.viewer(), [{ name: "next", isCurrent: true }]);
  fresh = (await loadApi(freshOptions)).get("next")!;
}, 60_000);
afterAll(() => temp.cleanup());

const reference = (type: ApiType | undefined) => {
  if (type?.kind !== "reference") throw new Error(`not a reference: ${JSON.stringify(type)}`);
  return type;
};

const models: [string, () => Promise<ApiVersionModel>][] = [
  ["TypeDoc 0.28 (fresh run)", async () => fresh],
  ["TypeDoc 0.25 JSON", () => loadFixtureJson("typedoc-0.25.json")],
  ["TypeDoc 0.23 JSON", () => loadFixtureJson("typedoc-0.23.json")],
  ["TypeDoc 0.22 JSON", () => loadFixtureJson("typedoc-0.22.json")],
];

describe.each(models)("model from %s", (_name, load) => {
  let model: ApiVersionModel;
  beforeAll(async () => {
    model = await load();
  });

  it("has the areas in entry point order, items sorted by name", () => {
    expect(model.areas.map((area) => area.slug)).toEqual(API_SETTINGS.entryPoints.map((entry) => entry.slug));
    const stores = model.areas.find((area) => area.slug === ".-stores")!;
    expect(stores.items.map((i) => i.name)).toEqual([
      "AppStore",
      "FrameScaling",
      "FrameStore",
      "Moment",
      "MomentRequest",
      "RenderConfigStore",
    ]);
  });

  it("gives kinds, routes and anchors", () => {
    expect(item(model, "AppStore")).toMatchObject({ kind: "class", area: ".-stores", path: ".-stores/class/AppStore" });
    expect(item(model, "FrameScaling")).toMatchObject({ kind: "enum", path: ".-stores/enum/FrameScaling" });
    expect(item(model, "MomentRequest")).toMatchObject({ kind: "interface", path: ".-stores/interface/MomentRequest" });
    expect(item(model, "add2D")).toMatchObject({ kind: "function", path: ".-utilities/function/add2D" });
    expect(item(model, "WorkspaceDialogMode").path).toBe(".-components/Dialogs/enum/WorkspaceDialogMode");
    expect(item(model, "ColorMapName")).toMatchObject({ kind: "type", path: ".-models", anchor: "ColorMapName" });
    expect(item(model, "WORKSPACE_SCHEMA_VERSION")).toMatchObject({ kind: "variable", path: ".-models" });
  });

  it("keeps the index file's own exports apart, without re-exports", () => {
    expect(model.indexItems.map((i) => [i.name, i.path, i.anchor])).toEqual([["VIEWER_NAME", "", "VIEWER_NAME"]]);
  });

  it("converts signatures with parameters, defaults, descriptions and linked return types", () => {
    const [openFile] = member(item(model, "AppStore"), "openFile").signatures;
    expect(openFile!.parameters.map((p) => [p.name, p.optional])).toEqual([
      ["directory", false],
      ["file", false],
      ["hdu", true],
    ]);
    expect(openFile!.parameters[2]!.description).toBe("HDU to open; the first image HDU when omitted.");
    const returns = reference(openFile!.returns);
    expect(returns.name).toBe("Promise");
    expect(returns.target).toBeUndefined();
    expect(typeToText(returns)).toMatch(/^Promise<(FrameStore \| undefined|undefined \| FrameStore)>$/);
    const union = returns.typeArguments![0]!;
    expect(union.kind === "union" && union.types.map((t) => (t.kind === "reference" ? t.target : t.kind))).toContain(
      ".-stores/class/FrameStore",
    );
    expect(openFile!.comment?.returns).toBe("The new frame, or `undefined` when loading failed.");

    const closeFile = member(item(model, "AppStore"), "closeFile").signatures[0]!;
    expect(closeFile.parameters[1]).toMatchObject({ name: "confirmClose", optional: true, defaultValue: "true" });
    expect(item(model, "add2D").signatures[0]!.parameters[0]).toMatchObject({ name: "points", rest: true });
    expect(item(model, "toFixed").signatures).toHaveLength(2);
  });

  it("converts type parameters with constraints, defaults and descriptions", () => {
    const [parameter] = item(model, "findHeaderValue").signatures[0]!.typeParameters;
    expect(parameter!.name).toBe("T");
    expect(typeToText(parameter!.constraint!)).toBe("string | number");
    expect(typeToText(parameter!.default!)).toBe("string");
    expect(parameter!.description).toBe("Type of the stored values.");
  });

  it("sets member flags", () => {
    const appStore = item(model, "AppStore");
    expect(member(appStore, "Instance")).toMatchObject({ kind: "accessor", flags: ["static", "readonly"] });
    expect(member(appStore, "frames").flags).toEqual(["readonly"]);
    expect(member(appStore, "activeFrame").flags).toEqual(["optional"]);
    expect(member(item(model, "RenderConfigStore"), "COLOR_MAPS_ALL").flags).toEqual(["static", "readonly"]);
    expect(item(model, "WidgetComponent").flags).toContain("abstract");
    expect(member(item(model, "WidgetComponent"), "render").flags).toContain("abstract");
    expect(member(item(model, "AnimatorComponentProps"), "fps").flags).toEqual(["optional"]);
    expect(member(item(model, "RenderConfigStore"), "setGamma").flags).toEqual(["deprecated"]);
    expect(item(model, "TileKey").flags).toEqual(["deprecated"]);
  });

  it("leaves out private, protected and @internal declarations", () => {
    const names = item(model, "RenderConfigStore").members.map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(["colorMap", "scaling", "setColorMap", "gamma"]));
    expect(names).not.toContain("gammaValue");
    expect(names).not.toContain("dirty");
    expect(names).not.toContain("pendingUpdate");
    expect(item(model, "ServiceBase").members.map((m) => m.name)).not.toContain("log");
    expect(model.areas.flatMap((area) => area.items).map((i) => i.name)).not.toContain("debugDump");
  });

  it("records inheritance both ways, with links", () => {
    const animator = item(model, "AnimatorComponent");
    const base = reference(animator.extends[0]);
    expect(base).toMatchObject({ name: "WidgetComponent", target: ".-components/Shared/class/WidgetComponent" });
    expect(reference(base.typeArguments?.[0]).target).toBe(".-components/interface/AnimatorComponentProps");
    expect(member(animator, "props").inheritedFrom).toMatchObject({
      name: "WidgetComponent.props",
      target: ".-components/Shared/class/WidgetComponent#props",
    });
    expect(member(animator, "render").overwrites?.target).toBe(".-components/Shared/class/WidgetComponent#render");
    expect(item(model, "WidgetComponent").extendedBy.map((t) => t.name).sort()).toEqual([
      "AnimatorComponent",
      "SafeNumericInput",
    ]);
    const backend = item(model, "BackendService");
    expect(member(backend, "start").inheritedFrom?.target).toBe(".-services/class/ServiceBase#start");
    expect(member(backend, "dispose").overwrites?.name).toBe("ServiceBase.dispose");
    const tile = item(model, "TileCoordinate");
    expect(reference(tile.implements[0]).target).toBe(".-models/interface/Point2D");
    expect(member(tile, "x").implementationOf?.name).toBe("Point2D.x");
    expect(reference(member(item(model, "AnimatorComponentProps"), "frame").type).target).toBe(
      ".-stores/class/FrameStore",
    );
  });

  it("lists enum members in declaration order with their values", () => {
    const values = (name: string) => item(model, name).members.map((m) => [m.name, m.value]);
    expect(values("FrameScaling")).toEqual([
      ["LINEAR", "0"],
      ["LOG", "1"],
      ["SQRT", "2"],
      ["GAMMA", "5"],
    ]);
    expect(values("FrequencyUnit")).toEqual([
      ["HZ", '"Hz"'],
      ["MHZ", '"MHz"'],
      ["GHZ", '"GHz"'],
    ]);
    expect(values("WorkspaceDialogMode")).toEqual([
      ["Save", "0"],
      ["Open", "1"],
    ]);
  });

  it("turns {@link} into api: links by path", () => {
    const renderConfig = item(model, "RenderConfigStore");
    expect(member(renderConfig, "scaling").summary).toBe(
      "Scaling applied before the colour map, see [FrameScaling](api:/.-stores/enum/FrameScaling).",
    );
    expect(member(renderConfig, "setGamma").signatures[0]!.comment?.deprecated).toBe(
      "Use [setScaling](api:/.-stores/class/RenderConfigStore#setScaling) with GAMMA.",
    );
    expect(item(model, "Axis").summary).toBe("Axis names of a [Point2D](api:/.-models/interface/Point2D).");
    expect(item(model, "BackendService").comment?.see).toEqual(["[ConnectionStatus](api:/.-services/enum/ConnectionStatus)"]);
  });

  it("splits comments into summary, remarks, examples and block tags", () => {
    expect(item(model, "AppStore").summary).toBe("The root store: open frames, the active frame and the other stores.");
    expect(item(model, "AppStore").comment?.summary).toContain("rather than the constructor.");
    expect(item(model, "RenderConfigStore").comment?.remarks).toBe("Changes reach the tile renderer on the next animation frame.");
    expect(member(item(model, "RenderConfigStore"), "setScaling").signatures[0]!.comment?.examples).toEqual([
      "```ts\nstore.setScaling(FrameScaling.LOG);\n```",
    ]);
    const connect = member(item(model, "BackendService"), "connect").signatures[0]!;
    expect(connect.comment?.blockTags).toEqual([{ tag: "throws", markdown: "Error when the URL is not a WebSocket URL." }]);
  });

  it("writes declarations of type aliases and variables", () => {
    const declaration = (name: string) => item(model, name).declaration;
    expect(declaration("Axis")).toBe("type Axis = keyof Point2D");
    expect(declaration("AxisValue")).toBe("type AxisValue = Point2D[Axis]");
    expect(declaration("Maybe")).toBe("type Maybe<T> = T extends undefined ? never : T | null");
    expect(declaration("TileId")).toBe("type TileId = `${number}:${number}`");
    expect(declaration("PointTuple")).toBe("type PointTuple = [x: number, y?: number]");
    expect(declaration("SchemaVersion")).toBe("type SchemaVersion = typeof WORKSPACE_SCHEMA_VERSION");
    expect(declaration("ColorMapName")).toBe('type ColorMapName = "gray" | "viridis" | "inferno"');
    expect(declaration("WORKSPACE_SCHEMA_VERSION")).toBe("const WORKSPACE_SCHEMA_VERSION = 2");
    const schema = item(model, "SchemaVersion").type;
    expect(schema?.kind === "query" && reference(schema.queryType).target).toBe(".-models#WORKSPACE_SCHEMA_VERSION");
  });

  it("gives sources relative to the viewer root", () => {
    expect(item(model, "AppStore").sources[0]).toMatchObject({ file: "src/stores/AppStore.ts", line: 8 });
    expect(member(item(model, "AppStore"), "openFile").sources[0]).toMatchObject({ file: "src/stores/AppStore.ts", line: 29 });
  });
});

describe("a fresh conversion", () => {
  it("reads package name, version and changelog from the source", () => {
    expect(fresh).toMatchObject({ version: "next", packageName: "fixture-viewer", packageVersion: "1.0.0", isExample: false });
    expect(fresh.sourceLabel).toBe("working tree");
    expect(fresh.sourceRef).toBeUndefined();
    expect(fresh.changelog?.markdown).toContain("First release of the fixture viewer.");
    expect(item(fresh, "AppStore").sources[0]!.url).toBeUndefined();
  });

  it("warns about names that differ only in case", () => {
    const warnings = freshOptions.diagnostics.warnings.filter((d) => d.code === "api-name-collision");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain("TileKey, tileKey");
    expect(freshOptions.diagnostics.errors).toEqual([]);
  });
});

describe("Defined-in links", () => {
  it("point at the version's ref in the repository", async () => {
    const model = await loadFixtureJson("typedoc-0.22.json", "v4.1.0");
    expect(item(model, "AppStore").sources[0]!.url).toBe(
      "https://github.com/CARTAvis/carta-frontend/blob/v4.1.0/src/stores/AppStore.ts#L8",
    );
  });
});
