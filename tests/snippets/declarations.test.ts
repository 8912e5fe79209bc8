/**
 * Declarations made from an API model, for the snippet check of a version known only from a snapshot: they
 * type-check, and snippets checked against them fail and pass as against the source. Models from a fresh
 * conversion (TypeDoc 0.28) and from the older TypeDoc JSON of Docusaurus-era snapshots (0.22, 0.23, 0.25).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadApi } from "../../cli/api/index.ts";
import type { ApiItem, ApiVersionModel } from "../../cli/api/model.ts";
import { apiDeclarations, declarationFile } from "../../cli/snippets/declarations.ts";
import type { SnippetBlock } from "../../cli/snippets/extract.ts";
import { globalTypeNames, typeCheckSnippets, type SnippetGlobal } from "../../cli/snippets/typecheck.ts";
import { FIXTURE_VIEWER, item, loadFixtureJson, stageOptions, TempDirs } from "../api/helpers.ts";

const temp = new TempDirs();
/** Where the check places the declarations and pages, in memory only: the folder need not exist. */
const VIRTUAL = join(tmpdir(), "carta-docs-no-such-folder");
const models = new Map<string, ApiVersionModel>();

beforeAll(async () => {
  const options = stageOptions(await temp.make(), FIXTURE_VIEWER, [{ name: "next", isCurrent: true }]);
  models.set("TypeDoc 0.28", (await loadApi(options)).get("next")!);
  models.set("TypeDoc 0.25", await loadFixtureJson("typedoc-0.25.json"));
  models.set("TypeDoc 0.23", await loadFixtureJson("typedoc-0.23.json"));
  models.set("TypeDoc 0.22", await loadFixtureJson("typedoc-0.22.json"));
}, 120_000);
afterAll(() => temp.cleanup());

const declarations = (model: ApiVersionModel) => apiDeclarations(model, { isGlobalType: (name) => globalTypeNames().has(name) });

/** Type-checks the declarations as tsc would, strictly and without skipping declaration files. */
async function tscErrors(files: Map<string, string>): Promise<string[]> {
  const dir = await temp.make();
  for (const [name, text] of files) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, lib: ["lib.es2022.d.ts", "lib.dom.d.ts"], types: [] };
  const program = ts.createProgram([...files.keys()].map((name) => join(dir, name)), options);
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName.slice(dir.length) ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`);
}

/** The blocks of a markdown page, each `[line, code]`, as the extractor would give them. */
function page(blocks: [number, string][]): { file: string; blocks: SnippetBlock[] } {
  return { file: "content/versioned_docs/version-1.0.0/tutorial/page.md", blocks: blocks.map(([line, code]) => ({ language: "js", code, line, nocheck: false })) };
}

function globalOf(model: ApiVersionModel, name: string, exportName: string, instance: boolean): SnippetGlobal {
  return { name, exportName, instance, file: declarationFile(model, item(model, exportName))! };
}

function check(model: ApiVersionModel, blocks: [number, string][]) {
  const globals = [globalOf(model, "app", "AppStore", true), globalOf(model, "backend", "BackendService", true), globalOf(model, "Moment", "Moment", false)];
  return typeCheckSnippets({ root: VIRTUAL, snapshot: model, globals, pages: [page(blocks)] }).problems[0]!;
}

describe.each(["TypeDoc 0.28", "TypeDoc 0.25", "TypeDoc 0.23", "TypeDoc 0.22"])("declarations of a model from %s", (made) => {
  const model = () => models.get(made)!;

  it("type-check with tsc, one module per area", async () => {
    const files = declarations(model());
    expect([...files.keys()]).toContain("api/area-5.d.ts");
    expect(await tscErrors(files)).toEqual([]);
  }, 60_000);

  it("declare classes with members, signatures with optional and defaulted parameters, enums and inheritance", () => {
    const text = [...declarations(model()).values()].join("\n");
    expect(text).toContain("export declare class AppStore {");
    expect(text).toMatch(/closeFile\(frame: (__api\d+\.)?FrameStore, confirmClose\?: boolean\): boolean;/);
    expect(text).toMatch(/openFile\(directory: string, file: string, hdu\?: string\): Promise<((__api\d+\.)?FrameStore \| undefined|undefined \| (__api\d+\.)?FrameStore)>;/);
    expect(text).toMatch(/static readonly Instance: AppStore;/);
    expect(text).toContain("export declare class BackendService extends ServiceBase {");
    expect(text).toMatch(/export declare class AnimatorComponent extends __api\d+\.WidgetComponent<AnimatorComponentProps> {/);
    expect(text).toMatch(/export declare enum Moment {\n {4}MEAN_COORDINATE = 0,/);
    expect(text).toMatch(/export interface Workspace extends WorkspaceListItem {/);
    expect(text).toMatch(/export declare function findHeaderValue<T extends string \| number = string>\(entries: Map<string, T>, key: string\): T \| undefined;/);
  });

  it("fail a misspelt member at the markdown line, with the nearest name", () => {
    const problems = check(model(), [
      [12, 'const frame = await app.openFile("data", "m51.fits");\nconsole.log(frame.filename);'],
      [20, 'app.closeFile(frame);\napp.openFiel("data", "m52.fits");'],
    ]);
    expect(problems).toEqual([{ file: "content/versioned_docs/version-1.0.0/tutorial/page.md", line: 21, message: expect.stringMatching(/Property 'openFiel' does not exist on type 'AppStore'\. Did you mean 'openFile'\?/) }]);
  });

  it("pass correct, inherited and enum members, and fail what a signature does not take", () => {
    expect(check(model(), [[5, 'backend.start();\nconst ready = backend.isReady;\nconst frame = await app.openFile("a", "b");\nconst moment = Moment.MEAN_COORDINATE;\napp.closeFile(frame, false);']])).toEqual([]);
    const wrong = check(model(), [[5, "Moment.MEAN_COORDINAT;\nbackend.stat();\napp.closeFile(app.frames[0], false, 3);"]]);
    expect(wrong.map((problem) => [problem.line, problem.message])).toEqual([
      [5, expect.stringMatching(/'MEAN_COORDINAT' does not exist.*Did you mean 'MEAN_COORDINATE'\?/)],
      [6, expect.stringMatching(/'stat' does not exist on type 'BackendService'.*Did you mean 'start'\?/)],
      [7, expect.stringContaining("Expected 1-2 arguments, but got 3")],
    ]);
  });
});

describe("an outside type", () => {
  /** The 0.28 model with a React-like component: its base class and a property's type lie outside the model. */
  function withComponent(): { model: ApiVersionModel; panel: ApiItem } {
    const model = structuredClone(models.get("TypeDoc 0.28")!);
    const area = model.areas.find((each) => each.items.some((candidate) => candidate.name === "AppStore"))!;
    const outside = (name: string) => ({ kind: "reference" as const, name, typeArguments: [{ kind: "intrinsic" as const, name: "string" }] });
    const panel: ApiItem = {
      ...item(model, "AppStore"),
      name: "ReactPanel",
      path: ".-stores/class/ReactPanel",
      extends: [outside("Component")],
      members: [{ name: "cache", anchor: "cache", kind: "property", flags: [], summary: "", type: outside("ObservableMap"), signatures: [], sources: [] }],
    };
    area.items.push(panel);
    return { model, panel };
  }

  it("is any: a class extending one has every member, a property of one takes anything", async () => {
    const { model, panel } = withComponent();
    const files = declarations(model);
    const text = files.get(declarationFile(model, panel)!)!;
    expect(text).toContain("export declare class ReactPanel extends __LooseBase {");
    expect(text).toContain("    cache: any;");
    expect(await tscErrors(files)).toEqual([]);
    const globals = [{ name: "panel", exportName: "ReactPanel", instance: true, file: declarationFile(model, panel)! }];
    const problems = typeCheckSnippets({ root: VIRTUAL, snapshot: model, globals, pages: [page([[3, "panel.setState({ open: true });\npanel.cache.get(1).anything;"]])] }).problems[0];
    expect(problems).toEqual([]);
  }, 60_000);

  it("keeps TypeScript's own global types", () => {
    expect(globalTypeNames()).toContain("Promise");
    expect(globalTypeNames()).toContain("HTMLCanvasElement");
    expect(globalTypeNames()).not.toContain("Component");
  });
});
