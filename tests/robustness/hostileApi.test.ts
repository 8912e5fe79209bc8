/**
 * Hostile API snapshots and snippets (issue 43): a type nested thousands deep (in a snapshot, or in a snippet
 * checked against a source or a snapshot's declarations), and declaration names that would build pages at
 * routes no link reaches. Each is an error naming the snapshot or the snippet's line; the other versions build.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_API_JSON_DEPTH } from "../../cli/api/index.ts";
import { runPipeline } from "../../cli/pipeline/pipeline.ts";
import { apiSite, fixtureSnapshot } from "../helpers/apiSite.ts";
import { MAX_SNIPPET_NESTING } from "../../cli/snippets/nesting.ts";
import { cleanTemp, read, ROOT, tempDir, write } from "../helpers/site.ts";

afterAll(cleanTemp);

const SNAPSHOT = path.join("content", "versioned_docs", "version-2.0.0", "api-typedoc.json");

/** The fixture snapshot with its first area's first class changed by `change`. */
function snapshotWith(change: (item: { name: string; children?: { name: string; kind: number; type?: unknown }[] }) => void): unknown {
  const snapshot = fixtureSnapshot();
  change(snapshot.children[0]!.children![0]!);
  return snapshot;
}

async function check(snapshot: unknown) {
  const site = apiSite(snapshot);
  const result = await runPipeline({ config: path.join(site, "site.config.ts"), write: false });
  const routes = result.pages.map((page) => page.route);
  return { result, routes };
}

describe("a snapshot nested too deeply", () => {
  for (const depth of [2_000, 5_000]) {
    it(`a type nested ${depth} deep is an api-too-deep error at the snapshot; the other versions build`, async () => {
      // Written as text: JSON.stringify itself overflows the stack on values nested 5,000 deep.
      const nested = '{"type":"array","elementType":'.repeat(depth) + '{"type":"intrinsic","name":"number"}' + "}".repeat(depth);
      const snapshot = JSON.stringify(
        snapshotWith((item) => {
          item.children!.find((member) => member.type !== undefined)!.type = "NESTED";
        }),
      ).replace('"NESTED"', nested);
      const { result, routes } = await check(snapshot);
      // The version has no API reference then: links to its API root break, as for any snapshot that cannot be used.
      expect(result.errors.filter((d) => d.code !== "broken-link").map((d) => [d.code, d.file])).toEqual([["api-too-deep", SNAPSHOT]]);
      expect(result.errors[0]!.message).toMatch(new RegExp(`API 2\\.0\\.0: ${SNAPSHOT.replaceAll(".", "\\.")} cannot be used: its JSON nests more than ${MAX_API_JSON_DEPTH} levels deep`));
      expect(routes.some((route) => route.includes("/api/next/"))).toBe(true);
      expect(routes.some((route) => route.includes("/api/1.0.0/"))).toBe(true);
    }, 120_000);
  }
});

describe("declaration names that make no reachable route", () => {
  const NAMES: [string, string][] = [
    ["", "is empty"],
    [".", "is a dot path segment"],
    ["..", "is a dot path segment"],
    ["a/../../b", "holds a slash"],
    ["tab\tname", "holds control characters"],
  ];
  for (const [name, problem] of NAMES) {
    it(`${JSON.stringify(name)} is an api-name error at the snapshot naming it; the rest of the version builds`, async () => {
      const snapshot = snapshotWith((item) => {
        item.name = name;
      });
      const { result, routes } = await check(snapshot);
      expect(result.errors.map((d) => [d.code, d.file])).toEqual([["api-name", SNAPSHOT]]);
      expect(result.errors[0]!.message).toContain(`named ${JSON.stringify(name)} in .-components ${problem}, so no page can be made for it`);
      // No page of the version lies at a dot segment, and the others are there.
      expect(routes.filter((route) => /\/\.{1,2}(\/|$)/.test(route))).toEqual([]);
      expect(routes).toContain("/carta-frontend/api/.-models/interface/Workspace"); // 2.0.0, the latest
      expect(routes.some((route) => route.includes("/api/1.0.0/"))).toBe(true);
    }, 120_000);
  }
});

describe("snippets and declarations nested deeply", () => {
  /** The API site with snippets in `snippets/` of next (checked against the source) and of 2.0.0 (against the declarations made from its snapshot). */
  function snippetSite(code: string, snapshot?: string): string {
    const site = apiSite(snapshot);
    write(site, "site.config.ts", read(site, "site.config.ts").replace("api: {", `api: { snippets: ${JSON.stringify({ include: ["snippets"], globals: { app: "AppStore" } })},`));
    for (const docs of ["content/docs", "content/versioned_docs/version-2.0.0"]) write(site, `${docs}/snippets/deep.md`, `# Deep\n\n\`\`\`ts\nconst ok: number = 1;\n${code}\n\`\`\`\n`);
    return site;
  }

  const CASES: [string, string][] = [
    ["an array literal", `const x = ${"[".repeat(2_000)}${"]".repeat(2_000)};`],
    ["a type", `let y: ${"Array<".repeat(2_000)}number${">".repeat(2_000)};`],
  ];
  for (const [name, code] of CASES) {
    it(`${name} nested 2,000 deep in a snippet is a snippet-too-deep error at its line, against a source and a snapshot's declarations`, async () => {
      const result = await runPipeline({ config: path.join(snippetSite(code), "site.config.ts"), write: false });
      expect(result.errors.map((d) => [d.code, d.file, d.line])).toEqual([
        ["snippet-too-deep", "content/docs/snippets/deep.md", 5],
        ["snippet-too-deep", "content/versioned_docs/version-2.0.0/snippets/deep.md", 5],
      ]);
      expect(result.errors[0]!.message).toMatch(new RegExp(`nests more than ${MAX_SNIPPET_NESTING} levels deep`));
    }, 120_000);
  }

  it("a snapshot's type nested just under the loader's limit gives declarations the snippet check reads", async () => {
    const depth = MAX_API_JSON_DEPTH - 20;
    const nested = '{"type":"array","elementType":'.repeat(depth) + '{"type":"intrinsic","name":"number"}' + "}".repeat(depth);
    const snapshot = JSON.stringify(
      snapshotWith((item) => {
        item.children!.find((member) => member.type !== undefined)!.type = "NESTED";
      }),
    ).replace('"NESTED"', nested);
    const result = await runPipeline({ config: path.join(snippetSite("const again: number = 2;", snapshot), "site.config.ts"), write: false });
    expect(result.errors).toEqual([]);
    expect(result.snippets.find((summary) => summary.version === "2.0.0")).toMatchObject({ from: "snapshot", checked: 1, failed: 0 });
  }, 120_000);
});

describe("a viewer source that does not parse", () => {
  it("is an api-syntax warning at its file and line, and the API links it breaks name it", async () => {
    // The sample viewer, copied, with a syntax error in a class: TypeScript reads past it, and the methods after it are lost.
    const viewer = tempDir("carta-docs-unparsable-");
    fs.cpSync(path.join(ROOT, "examples/viewer"), viewer, { recursive: true });
    const store = path.join(viewer, "src/stores/AlertStore/AlertStore.ts");
    const lines = fs.readFileSync(store, "utf8").split("\n");
    const at = lines.findIndex((line) => line.includes("private answer?")) + 1;
    lines.splice(at, 0, "    broken( = ;");
    fs.writeFileSync(store, lines.join("\n"));
    const site = tempDir("carta-docs-unparsable-site-");
    const api = { viewerDir: viewer, repoUrl: "https://example.org/repo", index: "src/index.tsx", entryPoints: [{ slug: ".-stores", path: "src/stores/index.ts", title: "Stores" }] };
    write(site, "site.config.ts", `export default ${JSON.stringify({ title: "Unparsable", baseUrl: "/", api })};\n`);
    write(site, "content/sidebars.json", `{ "docsSidebar": [{ "type": "autogenerated", "dirName": "." }] }\n`);
    write(site, "content/docs/intro.md", "---\nslug: /\n---\n# Intro\n\nSee [show](api:AlertStore#showAlert) and [the app](api:AppStore).\n");
    const result = await runPipeline({ config: path.join(site, "site.config.ts"), write: false });
    // Outside the site, a source file is named by its absolute path.
    const file = store;
    expect(result.warnings.filter((d) => d.code === "api-syntax")).toEqual([expect.objectContaining({ file, line: at + 1, message: expect.stringMatching(/^API next: this source file does not parse: Parameter declaration expected\./) })]);
    // The method lost after the error: a broken link that names the file and line to fix; the rest resolves.
    expect(result.errors.map((d) => [d.code, d.file, d.line])).toEqual([["broken-link", "content/docs/intro.md", 6]]);
    expect(result.errors[0]!.message).toContain(`has no member "showAlert" (the source does not parse at ${file}:${at + 1}, which may have dropped it; see the api-syntax warning)`);
  }, 120_000);
});
