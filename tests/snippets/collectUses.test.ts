/** The uses the snippet check collects: names TypeScript resolves to documented API, placed in their block. */
import { describe, expect, it } from "vitest";
import type { ApiItem, ApiMember, ApiVersionModel } from "../../cli/api/model.ts";
import { declarationFile } from "../../cli/snippets/declarations.ts";
import { useLookup } from "../../cli/snippets/collectUses.ts";
import { typeCheckSnippets } from "../../cli/snippets/typecheck.ts";
import { apiItem } from "../helpers/apiModel.ts";

const STRING = { kind: "intrinsic", name: "string" } as const;
const method = (name: string, returns = STRING): ApiMember => ({
  name,
  anchor: name,
  kind: "method",
  flags: [],
  summary: "",
  signatures: [{ kind: "call", name, typeParameters: [], parameters: [{ name: "file", optional: false, rest: false, type: STRING }], returns }],
  sources: [],
});
const scaling: ApiItem = {
  ...apiItem("FrameScaling", [{ name: "LOG", anchor: "LOG", kind: "enumMember", flags: [], summary: "", value: "1", signatures: [], sources: [] }], { kind: "enum", path: ".-stores/enum/FrameScaling" }),
};
const appStore = apiItem("AppStore", [method("openFile"), { ...method("helper"), name: "title", anchor: "title", kind: "property", type: STRING, signatures: [] }]);
const model: ApiVersionModel = {
  version: "1.0.0",
  packageName: "viewer",
  packageVersion: "1.0.0",
  isExample: false,
  sourceLabel: "test",
  areas: [{ slug: ".-stores", title: "stores", items: [appStore, scaling] }],
  indexItems: [],
};

/** Parsing TypeScript's libraries the first time takes seconds on a busy machine. */
const FIRST_CHECK_MS = 60_000;

function check(blocks: { language: "js" | "ts"; code: string }[]) {
  const lookup = useLookup(model, (each) => [declarationFile(model, each)!]);
  const file = declarationFile(model, appStore)!;
  const globals = [
    { name: "app", file, exportName: "AppStore", instance: true },
    { name: "FrameScaling", file, exportName: "FrameScaling", instance: false },
  ];
  const pages = [{ file: "page.md", blocks: blocks.map((block, i) => ({ ...block, line: 10 * (i + 1), nocheck: false })) }];
  return typeCheckSnippets({ root: "/nonexistent/carta-docs-uses", snapshot: model, globals, pages, lookup });
}

const TS_BLOCK = 'const a = 1;\nconst s: import("../api/area-0").FrameScaling = FrameScaling.LOG;';

describe("collecting uses", () => {
  it("places each resolved member by block, line and column, and shows its signature", () => {
    const { uses, problems } = check([{ language: "js", code: 'const name = app.openFile("x");\nconsole.log(name, app.title);' }]);
    expect(problems).toEqual([[]]);
    const [page] = uses;
    const found = page!.uses.map((use) => ({ ...use, target: page!.targets[use.target]!.location }));
    expect(found).toEqual([
      { block: 0, line: 0, column: 17, length: 8, target: ".-stores/class/AppStore#openFile" },
      { block: 0, line: 1, column: 22, length: 5, target: ".-stores/class/AppStore#title" },
    ]);
    expect(page!.targets.map((target) => [target.label, target.signature, target.member])).toEqual([
      ["AppStore.openFile", "AppStore.openFile(file: string): string", true],
      ["AppStore.title", "AppStore.title: string", true],
    ]);
  }, FIRST_CHECK_MS);

  it("resolves items and enum members in a TypeScript block, counts blocks of both languages in page order, and still collects where the check fails", () => {
    const { uses, problems } = check([
      { language: "js", code: "app.openFiel();" },
      { language: "ts", code: TS_BLOCK },
      { language: "js", code: 'app.openFile("y");' },
    ]);
    expect(problems[0]!.map((problem) => problem.message)).toEqual([expect.stringContaining("Did you mean 'openFile'?")]);
    const [page] = uses;
    const found = page!.uses.map((use) => [use.block, use.line, use.column, use.length, page!.targets[use.target]!.label]);
    // The global FrameScaling is the snippet's own declaration: only the type and the member it reaches are the API's.
    const line = TS_BLOCK.split("\n")[1]!;
    // The misspelt name of block 0 resolves to nothing.
    expect(found).toEqual([
      [2, 0, 4, 8, "AppStore.openFile"],
      [1, 1, line.indexOf("FrameScaling ="), 12, "FrameScaling"],
      [1, 1, line.indexOf("LOG"), 3, "FrameScaling.LOG"],
    ]);
  });

  it("collects nothing without a lookup", () => {
    const globals = [{ name: "app", file: declarationFile(model, appStore)!, exportName: "AppStore", instance: true }];
    const result = typeCheckSnippets({ root: "/nonexistent/carta-docs-uses", snapshot: model, globals, pages: [{ file: "p.md", blocks: [{ language: "js", code: 'app.openFile("x");', line: 1, nocheck: false }] }] });
    expect(result.uses).toEqual([{ targets: [], uses: [] }]);
  });
});
