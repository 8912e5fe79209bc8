import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../cli/config/load.ts";
import { versionDocs } from "../../bench/synthetic/docsContent.ts";
import { API_AREAS, planDeclarations, viewerFiles } from "../../bench/synthetic/viewerSource.ts";
import { FROZEN_VERSIONS, frozenVersions, writeSite, writeViewerRepo } from "../../bench/syntheticSite.ts";

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-synthetic-"));
  dirs.push(dir);
  return dir;
};

describe("planDeclarations", () => {
  const plan = planDeclarations(700);

  it("gives declaration i the same name, kind and file whatever the total, so releases only add", () => {
    expect(planDeclarations(500)).toEqual(plan.slice(0, 500));
  });

  it("names every declaration once and spreads them evenly over the seven areas", () => {
    expect(new Set(plan.map((d) => d.name)).size).toBe(700);
    for (const area of API_AREAS) expect(plan.filter((d) => d.area === area)).toHaveLength(100);
  });

  it("mixes classes, interfaces, enums and functions", () => {
    const share = (kind: string) => plan.filter((d) => d.kind === kind).length / plan.length;
    expect(share("class")).toBeCloseTo(0.3);
    expect(share("interface")).toBeCloseTo(0.25);
    expect(share("enum")).toBeCloseTo(0.1);
    expect(share("function")).toBeCloseTo(0.35);
  });
});

describe("viewerFiles", () => {
  const files = viewerFiles({ version: "2.0.0", declarations: 300, changelog: [{ version: "2.0.0", notes: ["B"] }, { version: "1.0.0", notes: ["A"] }] });

  it("exports every planned declaration from a part file that its area's index re-exports", () => {
    const exported = [...files].filter(([file]) => /part-\d+\.ts$/.test(file)).flatMap(([, text]) => [...text.matchAll(/^export (?:class|interface|enum|function) (\w+)/gm)].map((m) => m[1]));
    expect(exported.sort()).toEqual(planDeclarations(300).map((d) => d.name).sort());
    for (const area of API_AREAS) {
      const index = files.get(`src/${area.dir}/index.ts`)!;
      expect(index).toContain("@packageDocumentation");
      const parts = [...files.keys()].filter((file) => path.posix.dirname(file) === `src/${area.dir}` && file.includes("part-"));
      expect(parts.length).toBeGreaterThan(0);
      for (const part of parts) expect(index).toContain(`export * from "./${path.posix.basename(part, ".ts")}";`);
    }
  });

  it("has classes with members that refer to another area's type through a relative import", () => {
    const part = files.get("src/components/Dialogs/part-00.ts")!;
    expect(part).toMatch(/^import type \{ \w+ \} from "\.\.\/\.\.\/models\/part-00";/);
    expect(part).toMatch(/setLabel\(value: string\): this/);
    expect(part).toMatch(/\{@link \w+\}/);
  });

  it("writes a tsconfig, package.json and a changelog newest first", () => {
    expect(JSON.parse(files.get("tsconfig.json")!).include).toEqual(["src"]);
    expect(JSON.parse(files.get("package.json")!).version).toBe("2.0.0");
    const changelog = files.get("CHANGELOG.md")!;
    expect(changelog.indexOf("## [2.0.0]")).toBeLessThan(changelog.indexOf("## [1.0.0]"));
  });
});

describe("versionDocs", () => {
  const files = versionDocs({ pages: 75, label: "Next", apiClasses: ["AlphaStore0", "BetaStore7"] });
  const pages = [...files.keys()].filter((file) => file.endsWith(".md"));

  it("writes the requested number of pages in categories of thirty", () => {
    expect(pages).toHaveLength(75);
    expect([...files.keys()].filter((file) => file.endsWith("_category_.json"))).toHaveLength(3);
  });

  it("links only to pages and anchors that exist, and into the API only to the classes given", () => {
    for (const page of pages) {
      const text = files.get(page)!;
      for (const [, href] of text.matchAll(/\]\(([^)]+)\)/g)) {
        if (href!.startsWith("https://")) continue;
        if (href!.startsWith("api:")) {
          expect(["AlphaStore0", "BetaStore7"]).toContain(href!.slice(4).split("#")[0]);
          continue;
        }
        const [file, anchor] = href!.split("#");
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(page), file!));
        expect(files.has(target), `${page} links to ${href}`).toBe(true);
        if (anchor) expect(files.get(target)).toMatch(new RegExp(`^## ${anchor[0]!.toUpperCase()}${anchor.slice(1)}$`, "m"));
      }
    }
  });

  it("has the headings, code, table and admonition of a real page", () => {
    const text = files.get("topic-01/page-004.md")!;
    expect(text).toMatch(/^---\ntitle: .+\nsidebar_position: 4\n/);
    expect(text).toMatch(/^### Details$/m);
    expect(text).toContain('```ts title="example-35.ts"');
    expect(text).toContain("| Name | Type | Default | Description |");
    expect(text).toContain(":::note");
  });
});

describe("writeViewerRepo and writeSite", () => {
  it("commits and tags each frozen version and leaves Next in the working tree, ahead of them", () => {
    const viewer = path.join(tempDir(), "viewer");
    writeViewerRepo(viewer, 140);
    const git = (...args: string[]) => execFileSync("git", ["-C", viewer, ...args], { encoding: "utf8" });
    expect(git("tag", "--list").split("\n").filter(Boolean).sort()).toEqual(FROZEN_VERSIONS.map((v) => `v${v}`).sort());
    expect(git("status", "--porcelain")).not.toBe("");
    const count = (text: string) => text.match(/^export (?:class|interface|enum|function) /gm)?.length ?? 0;
    const at = (ref: string) => git("grep", "-hE", "^export (class|interface|enum|function) ", ref, "--", "src").split("\n").filter(Boolean).length;
    const tree = API_AREAS.flatMap((area) => fs.readdirSync(path.join(viewer, "src", area.dir)).filter((f) => f.startsWith("part-")).map((f) => fs.readFileSync(path.join(viewer, "src", area.dir, f), "utf8")));
    expect(tree.reduce((sum, text) => sum + count(text), 0)).toBe(140);
    expect(at("v2.0.0")).toBe(110);
    expect(at("v1.0.0")).toBe(80);
  });

  it("writes a valid config with an API section whose entry points exist in the viewer", async () => {
    const root = tempDir();
    writeViewerRepo(path.join(root, "viewer"), 140);
    const configFile = writeSite(path.join(root, "site"), { pagesPerVersion: 10, declarations: 140, viewerDir: "../viewer" });
    const config = await loadConfig(configFile);
    expect(config.api?.entryPoints.map((e) => e.slug)).toEqual(API_AREAS.map((a) => a.slug));
    for (const entry of config.api!.entryPoints) expect(fs.existsSync(path.join(root, "viewer", entry.path)), entry.path).toBe(true);
    const content = path.join(root, "site", "content");
    expect(JSON.parse(fs.readFileSync(path.join(content, "versions.json"), "utf8"))).toEqual(FROZEN_VERSIONS);
    for (const version of FROZEN_VERSIONS) expect(fs.existsSync(path.join(content, "versioned_docs", `version-${version}`, "intro.md"))).toBe(true);
  });

  it("scales by versions: three times the size is nine versions, the untagged ones documenting the oldest tag", async () => {
    const root = tempDir();
    const configFile = writeSite(path.join(root, "site"), { pagesPerVersion: 10, declarations: 140, viewerDir: "../viewer", scale: 3 });
    const frozen = JSON.parse(fs.readFileSync(path.join(root, "site", "content", "versions.json"), "utf8")) as string[];
    expect(frozen).toEqual(frozenVersions(3));
    expect(frozen).toHaveLength(8);
    expect(frozen.slice(0, 2)).toEqual([...FROZEN_VERSIONS]);
    const config = await loadConfig(configFile);
    expect(config.api!.refs).toEqual(Object.fromEntries(frozen.slice(2).map((v) => [v, "v1.0.0"])));
    for (const version of frozen) expect(fs.existsSync(path.join(root, "site", "content", "versioned_docs", `version-${version}`, "intro.md")), version).toBe(true);
  });
});
