/**
 * Inputs that once crashed a build (exit 2, no file, no line; issue 27): each now ends in a named error at its
 * file and line, or builds. Every case runs on a small site without `url` (the init default) in a temporary
 * folder, and proves that nothing outside the output changed.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Diagnostic } from "../../cli/util/diagnostics.ts";
import { runPipeline } from "../../cli/pipeline/pipeline.ts";
import { MAX_SIDEBAR_DEPTH } from "../../cli/content/sidebars.ts";
import { MAX_NESTING } from "../../cli/markdown/nesting.ts";
import { BIN, cleanTemp, runCli, smallSite, snapshotTree, write } from "../helpers/site.ts";

afterAll(cleanTemp);

/** Every file of the site but its output folder, to prove a build changed nothing else. */
function outsideOutput(site: string): Record<string, string> {
  return Object.fromEntries(Object.entries(snapshotTree(site)).filter(([file]) => !file.startsWith(`build${path.sep}`) && file !== "build"));
}

/** Builds `site` in-process; never throws for these inputs, and leaves everything but build/ as it was. */
async function buildUnchanged(site: string): Promise<Diagnostic[]> {
  const before = outsideOutput(site);
  const result = await runPipeline({ config: path.join(site, "site.config.ts"), write: true });
  expect(outsideOutput(site)).toEqual(before);
  return result.diagnostics;
}

const DOC = "content/docs/case.md";
/** The case's doc: a heading on line 1, a blank line, then `body` from line 3. */
const docWith = (body: string) => `# Case\n\n${body}\n`;

interface Case {
  name: string;
  body: string;
  /** The diagnostic expected at DOC (code and line), or none: the doc builds. */
  expect?: { code: string; line: number; message: RegExp };
}

const CASES: Case[] = [
  { name: "a link to a missing .md file", body: "[x](./nonexistent.md)", expect: { code: "broken-markdown-link", line: 3, message: /nonexistent\.md/ } },
  { name: "a relative link with no page", body: "[x](./guide/b)", expect: { code: "broken-link", line: 3, message: /no page or file/ } },
  { name: "a relative link with a hash", body: "[x](./guide/a#sec)", expect: undefined },
  { name: "a link out of the docs", body: "[x](../outside.md)", expect: { code: "broken-markdown-link", line: 3, message: /outside\.md/ } },
  { name: "a query-only link", body: "[x](?q=1)" },
  { name: "a dot and a double dot", body: "[x](.) [y](..)" },
  { name: "a site-absolute link with a query", body: "[x](/search?q=x)" },
  { name: "a link to an image file", body: "[x](./img.png)", expect: { code: "broken-link", line: 3, message: /img\.png/ } },
  { name: "a link with a bad port", body: "[x](//example.org:99999/a)" },
  { name: "an image without a path", body: "![x]()", expect: { code: "missing-image", line: 3, message: /has no file path/ } },
  { name: "an image that is only a hash", body: "![x](#)", expect: { code: "missing-image", line: 3, message: /has no file path/ } },
  { name: "an image that is the doc's folder", body: "![x](.)", expect: { code: "missing-image", line: 3, message: /is a folder/ } },
  { name: "an image that is a folder", body: "![x](./a-folder)", expect: { code: "missing-image", line: 3, message: /is a folder/ } },
  { name: "an image with malformed percent-encoding", body: "![x](./a%zz.png)", expect: { code: "missing-image", line: 3, message: /does not exist/ } },
  { name: "3,000 nested block quotes", body: ">".repeat(3000) + " x", expect: { code: "nesting-too-deep", line: 3, message: new RegExp(`limit of ${MAX_NESTING}`) } },
  { name: "a list nested 3,000 levels on one line", body: "- ".repeat(3000) + "x", expect: { code: "nesting-too-deep", line: 3, message: /3000 levels/ } },
  {
    name: "a list nested 1,000 levels by indentation",
    body: Array.from({ length: 1000 }, (_, i) => `${"  ".repeat(i)}- x`).join("\n"),
    expect: { code: "nesting-too-deep", line: 3 + MAX_NESTING, message: /levels deep/ },
  },
  { name: "3,000 nested emphasis markers", body: "**".repeat(3000) + "x" + "**".repeat(3000), expect: { code: "nesting-too-deep", line: 3, message: /too deeply/ } },
];

describe("inputs that crashed a build", () => {
  for (const c of CASES) {
    it(`${c.name}: ${c.expect ? `${c.expect.code} at its line` : "builds"}`, async () => {
      const site = smallSite();
      write(site, DOC, docWith(c.body));
      const diagnostics = await buildUnchanged(site);
      const atDoc = diagnostics.filter((d) => d.file === DOC);
      if (!c.expect) {
        expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
        return;
      }
      const found = atDoc.find((d) => d.code === c.expect!.code);
      expect(found, JSON.stringify(diagnostics)).toBeDefined();
      expect(found!.line).toBe(c.expect.line);
      expect(found!.message).toMatch(c.expect.message);
    }, 60_000);
  }
});

describe("front matter that crashed a build", () => {
  const FRONT: [string, string, RegExp][] = [
    ["a YAML list", "- a\n- b", /must be a YAML mapping/],
    ["a value holding itself", "title: &a [*a]", /contains itself/],
    ["a NUL in a slug", 'slug: "/a\\0b"', /control characters/],
    ["a line break in an id", 'id: "a\\nb"', /control characters/],
  ];
  for (const [name, yaml, message] of FRONT) {
    it(`${name} is a front-matter error at line 2`, async () => {
      const site = smallSite();
      write(site, DOC, `---\n${yaml}\n---\n# Case\n`);
      const diagnostics = await buildUnchanged(site);
      const found = diagnostics.find((d) => d.file === DOC && d.code === "front-matter");
      expect(found, JSON.stringify(diagnostics)).toMatchObject({ severity: "error", line: 2 });
      expect(found!.message).toMatch(message);
    }, 60_000);
  }
});

describe("sidebars nested too deep", () => {
  it("2,000 nested categories in sidebars.json are a sidebar-too-deep error naming the limit", async () => {
    const site = smallSite();
    const nested = '{"type":"category","label":"c","items":['.repeat(2000) + '"intro"' + "]}".repeat(2000);
    write(site, "content/sidebars.json", `{"docsSidebar":[${nested}]}`);
    const diagnostics = await buildUnchanged(site);
    expect(diagnostics.find((d) => d.code === "sidebar-too-deep")).toMatchObject({ file: "content/sidebars.json", line: 1, message: expect.stringContaining(`limit of ${MAX_SIDEBAR_DEPTH}`) });
  }, 60_000);

  it("autogenerated categories of folders nested 100 deep stop at the limit", async () => {
    const site = smallSite();
    write(site, `content/docs/${"d/".repeat(100)}leaf.md`, "# Leaf\n");
    const diagnostics = await buildUnchanged(site);
    expect(diagnostics.find((d) => d.code === "sidebar-too-deep")?.message).toMatch(/at folder content\/docs\/(d\/){20}/);
  }, 60_000);
});

describe("the command line", () => {
  it("check --format json prints its report, with each error's file and line, for the link shapes that crashed it", () => {
    const site = smallSite();
    write(site, DOC, docWith(["[a](./nonexistent.md)", "[b](?q=1)", "[c](..)", "![d](./a-folder)"].join("\n\n")));
    const before = snapshotTree(site);
    const run = runCli(["check", "--format", "json"], site);
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout) as { ok: boolean; errors: Diagnostic[]; warnings: Diagnostic[] };
    expect(report.ok).toBe(false);
    expect(report.errors.map((d) => [d.file, d.line, d.code])).toEqual([[DOC, 9, "missing-image"]]);
    // A markdown link to no doc only warns, as the site spec and Docusaurus' onBrokenMarkdownLinks say.
    expect(report.warnings.map((d) => [d.file, d.line, d.code])).toEqual([[DOC, 3, "broken-markdown-link"]]);
    // A check writes nothing but its own cache (what it checked, for the next check).
    const beyondCache = (tree: Record<string, string>) => Object.fromEntries(Object.entries(tree).filter(([rel]) => !rel.startsWith(`.carta-docs-cache${path.sep}build${path.sep}`)));
    expect(beyondCache(snapshotTree(site))).toEqual(beyondCache(before));
    // Its store (the index, its parts and their value files, the last report) and the table of file digests, all in the build cache.
    const cached = Object.keys(snapshotTree(site)).filter((rel) => rel.startsWith(".carta-docs-cache")).map((rel) => rel.replaceAll(path.sep, "/"));
    expect(cached).toEqual(expect.arrayContaining([".carta-docs-cache/build/check.last.json", ".carta-docs-cache/build/check.v8", ".carta-docs-cache/build/file-digests.v8"]));
    expect(cached.filter((rel) => !/^\.carta-docs-cache\/build\/(check\.(last\.json|v8|parts\/[^/]+\.(v8|values))|file-digests\.v8)$/.test(rel))).toEqual([]);
  }, 60_000);

  it('a url that is not http(s) ("javascript:...") is a config error, exit 1', () => {
    const site = smallSite(`export default { title: "Site", url: "javascript:alert(1)" };\n`);
    const run = runCli(["build"], site);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/site\.config\.ts\n\s+error "url" \(value "javascript:alert\(1\)"\): must be an http:\/\/ or https:\/\/ URL/);
    expect(fs.existsSync(path.join(site, "build"))).toBe(false);
  }, 60_000);

  it("version refuses a 300-character name, and another run's lock, and changes nothing", () => {
    const site = smallSite();
    const before = snapshotTree(site);
    const long = runCli(["version", "a".repeat(300), "--no-api"], site);
    expect(long.status).toBe(1);
    expect(long.stderr).toMatch(/the version name is 300 characters long; the limit is 100/);
    // This test's own process stands for a running `version`.
    write(site, ".carta-docs-version.lock", `${process.pid}\n`);
    const locked = runCli(["version", "1.0", "--no-api"], site);
    expect(locked.status).toBe(1);
    expect(locked.stderr).toContain(`another \`carta-docs version\` (process ${process.pid}) is running on this site`);
    fs.rmSync(path.join(site, ".carta-docs-version.lock"));
    expect(snapshotTree(site)).toEqual(before);
  }, 60_000);

  it("a config whose title getter never returns ends at the time limit with the config named, instead of hanging", () => {
    const site = smallSite(`export default { get title(): string { for (;;) {} } };\n`);
    const run = spawnSync(process.execPath, [BIN, "build"], { cwd: site, encoding: "utf8", timeout: 50_000, env: { ...process.env, NO_COLOR: "1", CARTA_DOCS_CONFIG_TIMEOUT_MS: "2000" } });
    // The watchdog stops the blocked script; the error is then reported as a config error (a hang would print nothing).
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^site\.config\.ts\n +error loading the config did not finish within 2000 ms/m);
    expect(fs.existsSync(path.join(site, "build"))).toBe(false);
  }, 60_000);

  it("a config that leaves a timer running does not keep the process alive after the build", () => {
    const site = smallSite(`setInterval(() => {}, 1000);\nexport default { title: "Site" };\n`);
    // Killed after 50 s if it hangs: the status is then null.
    const run = spawnSync(process.execPath, [BIN, "build"], { cwd: site, encoding: "utf8", timeout: 50_000, env: { ...process.env, NO_COLOR: "1" } });
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/0 errors, 0 warnings; \d+ pages, \d+ files written to build/);
  }, 60_000);
});
