/**
 * Every error and warning of the toolchain, provoked on purpose in a copy of the fixture site:
 * the message names the file (and line), the exit code is right, and a failed build leaves the
 * previous output exactly as it was.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runPipeline } from "../../cli/pipeline/pipeline.ts";
import type { Diagnostic } from "../../cli/util/diagnostics.ts";
import { cleanTemp, copyFixtureSite, runCli, snapshotTree, write } from "../helpers/site.ts";

afterAll(cleanTemp);

async function diagnosticsAfter(change: (site: string) => void): Promise<Diagnostic[]> {
  const site = copyFixtureSite();
  change(site);
  const result = await runPipeline({ config: path.join(site, "site.config.ts"), write: false });
  return result.diagnostics;
}

function editConfig(site: string, edit: (text: string) => string): void {
  const file = path.join(site, "site.config.ts");
  fs.writeFileSync(file, edit(fs.readFileSync(file, "utf8")));
}

const cases: { name: string; change: (site: string) => void; expected: Omit<Partial<Diagnostic>, "message"> & { message: RegExp } }[] = [
  {
    name: "a broken page link is an error naming the page and the target",
    change: (s) => fs.appendFileSync(path.join(s, "content/docs/guide/advanced.md"), "\nSee [nothing](/docs/next/guide/nothing).\n"),
    expected: { severity: "error", code: "broken-link", file: "content/docs/guide/advanced.md", line: 13, message: /broken link on \/carta-frontend\/docs\/next\/guide\/advanced to "\/carta-frontend\/docs\/next\/guide\/nothing"/ },
  },
  {
    name: "a link to a missing anchor is an error",
    change: (s) => fs.appendFileSync(path.join(s, "content/docs/guide/advanced.md"), "\nSee [steps](./first-steps.md#no-such-section).\n"),
    expected: { severity: "error", code: "broken-link", file: "content/docs/guide/advanced.md", line: 13, message: /has no element with id "no-such-section"/ },
  },
  {
    name: "an unresolved markdown file link is a warning with its line and the nearest doc, as Docusaurus' onBrokenMarkdownLinks",
    change: (s) => write(s, "content/docs/guide/advanced.md", "---\ntitle: Advanced topics\n---\n\nText.\n\nSee [typo](./first-step.md).\n"),
    expected: { severity: "warning", code: "broken-markdown-link", file: "content/docs/guide/advanced.md", line: 7, message: /^markdown link "\.\/first-step\.md" does not resolve to a doc of this version \(looked for first-step\.md\); did you mean "\.\/first-steps\.md" \(doc id guide\/first-steps\)\?$/ },
  },
  {
    name: "an unresolved markdown link written from the docs root suggests a doc written the same way",
    change: (s) => write(s, "content/docs/guide/advanced.md", "---\ntitle: Advanced topics\n---\n\nSee [intro](/intr.md).\n"),
    expected: { severity: "warning", code: "broken-markdown-link", file: "content/docs/guide/advanced.md", line: 5, message: /\(looked for intr\.md\); did you mean "\/intro\.md" \(doc id intro\)\?$/ },
  },
  {
    name: 'with onBrokenMarkdownLinks: "throw" an unresolved markdown link is an error',
    change: (s) => {
      editConfig(s, (t) => t.replace('title: "Fixture Docs",', 'title: "Fixture Docs",\n  onBrokenMarkdownLinks: "throw",'));
      write(s, "content/docs/guide/advanced.md", "---\ntitle: Advanced topics\n---\n\nSee [gone](../gone.md).\n");
    },
    expected: { severity: "error", code: "broken-markdown-link", file: "content/docs/guide/advanced.md", line: 5, message: /"\.\.\/gone\.md" does not resolve/ },
  },
  {
    name: "a broken footer link is an error naming site.config.ts, the key and its line",
    change: (s) => editConfig(s, (t) => t.replace('footer: { copyright', 'footer: {\n    links: [{ title: "Docs", items: [{ label: "Intro", href: "/dcos/intro" }] }],\n    copyright')),
    expected: { severity: "error", code: "broken-link", file: "site.config.ts", line: 20, message: /^broken link in footer\.links\[0\]\.items\[0\]\.href to "\/carta-frontend\/dcos\/intro" \(shown on every page\): no page or file has this route$/ },
  },
  {
    name: "a YAML error is whole, with the line and column of the file",
    change: (s) => write(s, "content/docs/guide/advanced.md", "---\ntitle: a: b\n---\nBody\n"),
    expected: { severity: "error", code: "front-matter", file: "content/docs/guide/advanced.md", line: 2, message: /^front matter is not valid YAML: Nested mappings are not allowed in compact mappings \(column 8 of `title: a: b`\)$/ },
  },
  {
    name: "two pages claiming one route is a warning naming both",
    change: (s) => write(s, "content/docs/guide/copy.md", "---\nslug: /guide/advanced\n---\n\nA copy.\n"),
    expected: { severity: "warning", code: "duplicate-route", message: /two pages claim the route \/carta-frontend\/docs\/next\/guide\/advanced: content\/docs\/guide\/(advanced|copy)\.md and content\/docs\/guide\/(advanced|copy)\.md/ },
  },
  {
    name: "a sidebar naming a missing doc id is an error listing the available ids",
    change: (s) => write(s, "content/versioned_sidebars/version-1.0.0-sidebars.json", '{"docsSidebar": ["intro", "guide/first-step"]}'),
    expected: { severity: "error", code: "sidebar-doc", file: "content/versioned_sidebars/version-1.0.0-sidebars.json", message: /doc id "guide\/first-step".*nearest ids: guide\/first-steps.*available ids: guide\/advanced, guide\/first-steps, intro/ },
  },
  {
    name: "a broken sidebar link is an error naming the sidebars file, reported once for all the pages showing it",
    change: (s) => write(s, "content/versioned_sidebars/version-1.0.0-sidebars.json", '{"docsSidebar": ["intro", "guide/first-steps", {"type": "link", "label": "Gone", "href": "/carta-frontend/docs/1.0.0/gone"}]}'),
    expected: { severity: "error", code: "broken-link", file: "content/versioned_sidebars/version-1.0.0-sidebars.json", message: /^broken link in the sidebar shown on \/carta-frontend\/docs\/1\.0\.0\/\S* \(and the other pages of that sidebar\) to "\/carta-frontend\/docs\/1\.0\.0\/gone": no page or file has this route$/ },
  },
  {
    name: "a navbar item naming an unknown sidebar is an error listing the sidebar ids",
    change: (s) => editConfig(s, (t) => t.replace('sidebarId: "docsSidebar"', 'sidebarId: "mainSidebar"')),
    expected: { severity: "error", code: "navbar-sidebar", file: "site.config.ts", message: /names the sidebar "mainSidebar".*available sidebar ids: docsSidebar/ },
  },
  {
    name: "a navbar item that throws while rendering is an error naming the item",
    change: (s) =>
      editConfig(s, (t) => t.replace('{ type: "search" },', '{ type: "search" }, { type: "custom", name: "status-badge", render: () => { throw new Error("no status"); } },')),
    expected: { severity: "error", code: "navbar-item", message: /navbar item 5 \(type "custom", "status-badge"\) failed to render: no status/ },
  },
  {
    name: "a page template without a default export is an error naming the route",
    change: (s) => {
      editConfig(s, (t) => t.replace('title: "Fixture Docs",', 'title: "Fixture Docs",\n  templatesDir: "templates",'));
      write(s, "templates/category.tsx", "export function Category() { return null; }\n");
    },
    expected: { severity: "error", code: "template", file: "templates/category.tsx", message: /has no default export; it is needed to render the route \/carta-frontend\/docs\/(next\/|1\.0\.0\/)?category\/guide/ },
  },
  {
    name: "malformed front matter is an error with file and line",
    change: (s) => write(s, "content/docs/guide/advanced.md", "---\ntitle: Advanced\nsidebar_position: [1\n---\nBody\n"),
    expected: { severity: "error", code: "front-matter", file: "content/docs/guide/advanced.md", message: /not valid YAML/ },
  },
  {
    name: "a _category_.json that is not JSON is an error with its line",
    change: (s) => write(s, "content/docs/guide/_category_.json", '{\n  "label": "Guide",\n  "position": 1,,\n}\n'),
    expected: { severity: "error", code: "json", file: "content/docs/guide/_category_.json", line: 3, message: /not valid JSON/ },
  },
  {
    name: "a versions.json that is not an array of strings is an error",
    change: (s) => write(s, "content/versions.json", '{"latest": "2.0.0"}'),
    expected: { severity: "error", code: "versions", file: "content/versions.json", message: /must be a JSON array of version names/ },
  },
  {
    name: "a version listed twice is an error",
    change: (s) => write(s, "content/versions.json", '["2.0.0", "1.0.0", "2.0.0"]'),
    expected: { severity: "error", code: "versions", message: /version "2\.0\.0" is listed twice/ },
  },
  {
    name: "a version without its folder is an error",
    change: (s) => write(s, "content/versions.json", '["2.0.0", "1.0.0", "0.9.0"]'),
    expected: { severity: "error", code: "versions", message: /version "0\.9\.0" is listed but its folder content\/versioned_docs\/version-0\.9\.0 does not exist/ },
  },
  {
    name: "a version without a sidebar file is an error",
    change: (s) => fs.rmSync(path.join(s, "content/versioned_sidebars/version-1.0.0-sidebars.json")),
    expected: { severity: "error", code: "versions", message: /version "1\.0\.0" has no sidebar file; expected content\/versioned_sidebars\/version-1\.0\.0-sidebars\.json/ },
  },
  {
    name: "a markdown file that is not UTF-8 is an error",
    change: (s) => write(s, "content/docs/guide/latin1.md", Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x2d, 0x2d, 0x2d, 0x0a, 0x63, 0x61, 0x66, 0xe9, 0x0a])),
    expected: { severity: "error", code: "encoding", file: "content/docs/guide/latin1.md", message: /not valid UTF-8/ },
  },
  {
    name: "a missing image is an error with its line",
    change: (s) => write(s, "content/docs/guide/advanced.md", "---\ntitle: Advanced topics\n---\n\n![chart](./img/missing.png)\n"),
    expected: { severity: "error", code: "missing-image", file: "content/docs/guide/advanced.md", line: 5, message: /image "\.\/img\/missing\.png" does not exist/ },
  },
  {
    name: "a doc id used twice is an error",
    change: (s) => write(s, "content/docs/guide/other.md", "---\nid: advanced\n---\n\nSame id.\n"),
    expected: { severity: "error", code: "duplicate-id", message: /doc id "guide\/advanced" is used by both/ },
  },
];

describe("diagnostics", () => {
  it.each(cases)("$name", async ({ change, expected }) => {
    const diagnostics = await diagnosticsAfter(change);
    const { message, ...rest } = expected;
    const match = diagnostics.find((d) => message.test(d.message));
    expect(match, `no diagnostic matched ${message}; got:\n${diagnostics.map((d) => d.message).join("\n")}`).toBeDefined();
    expect(match).toMatchObject(rest);
  });

  it("reports a broken sidebar link once, not once per page showing the sidebar", async () => {
    const diagnostics = await diagnosticsAfter((s) =>
      write(s, "content/versioned_sidebars/version-1.0.0-sidebars.json", '{"docsSidebar": ["intro", "guide/first-steps", "guide/advanced", {"type": "link", "label": "Gone", "href": "/carta-frontend/docs/1.0.0/gone#x"}]}'),
    );
    expect(diagnostics.filter((d) => d.message.includes('"/carta-frontend/docs/1.0.0/gone#x"'))).toHaveLength(1);
  });

  it("reports a config link once, not once per page, and a missing image once", async () => {
    const diagnostics = await diagnosticsAfter((s) => {
      editConfig(s, (t) => t.replace('footer: { copyright', 'footer: {\n    links: [{ title: "Docs", items: [{ label: "Intro", href: "/dcos/intro" }] }],\n    copyright'));
      fs.appendFileSync(path.join(s, "content/docs/intro.md"), "\n![pic](./nothere.png)\n");
    });
    expect(diagnostics.filter((d) => d.message.includes("/dcos/intro"))).toHaveLength(1);
    expect(diagnostics.filter((d) => d.message.includes("nothere.png"))).toEqual([expect.objectContaining({ code: "missing-image", line: 18 })]);
  });

  it("leaves drafts out of production builds", async () => {
    const site = copyFixtureSite();
    write(site, "content/docs/guide/draft.md", "---\ntitle: Draft\ndraft: true\n---\n\nNot yet.\n");
    const result = await runPipeline({ config: path.join(site, "site.config.ts"), write: false });
    expect(result.pages.map((p) => p.route)).not.toContain("/carta-frontend/docs/next/guide/draft");
    const withDrafts = await runPipeline({ config: path.join(site, "site.config.ts"), write: false, includeDrafts: true });
    expect(withDrafts.pages.map((p) => p.route)).toContain("/carta-frontend/docs/next/guide/draft");
  });
});

// Each CLI run starts a Node process; on a busy two-core machine that takes seconds.
describe("the command line", { timeout: 60_000 }, () => {
  it("build fails with exit code 1 on a broken link, names page and target, and leaves the previous build untouched", () => {
    const site = copyFixtureSite();
    const ok = runCli(["build"], site);
    expect(ok.status).toBe(0);
    expect(ok.stderr).toMatch(/0 errors, 0 warnings; 16 pages, \d+ files written to build/);
    const before = snapshotTree(path.join(site, "build"));
    fs.appendFileSync(path.join(site, "content/versioned_docs/version-2.0.0/guide/first-steps.md"), "\n[broken](../nowhere/at-all)\n");
    const failed = runCli(["build"], site);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('broken link on /carta-frontend/docs/guide/first-steps to "../nowhere/at-all"');
    expect(failed.stderr).toContain("content/versioned_docs/version-2.0.0/guide/first-steps.md");
    expect(failed.stderr).toMatch(/1 error, 0 warnings; build failed; the previous output was left as it was/);
    expect(snapshotTree(path.join(site, "build"))).toEqual(before);
    expect(fs.readdirSync(site).filter((n) => n.startsWith(".build"))).toEqual([]);
  });

  it("check writes nothing, exits 0 on a clean site and 1 on errors, and --strict fails on warnings", () => {
    const site = copyFixtureSite();
    expect(runCli(["check"], site).status).toBe(0);
    expect(fs.existsSync(path.join(site, "build"))).toBe(false);
    fs.writeFileSync(path.join(site, "content/docs/intro.md"), fs.readFileSync(path.join(site, "content/docs/intro.md"), "utf8").replace(/^---\n/, "---\nsidebar_lable: x\n"));
    const warned = runCli(["check", "--format", "json"], site);
    expect(warned.status).toBe(0);
    const report = JSON.parse(warned.stdout) as { ok: boolean; warnings: Diagnostic[] };
    expect(report.ok).toBe(true);
    expect(report.warnings).toEqual([expect.objectContaining({ code: "front-matter", file: "content/docs/intro.md", line: 2 })]);
    expect(runCli(["check", "--strict"], site).status).toBe(1);
    fs.appendFileSync(path.join(site, "content/docs/intro.md"), "\n[missing](./nowhere/at-all)\n");
    expect(runCli(["check"], site).status).toBe(1);
  });

  it("a typo'd .md link builds with one warning and exit 0, kept as written; check --strict fails on it; ignore keeps quiet", () => {
    const site = copyFixtureSite();
    fs.appendFileSync(path.join(site, "content/docs/intro.md"), "\nSee [the steps](./guide/first-step.md#start).\n");
    const built = runCli(["build"], site);
    expect(built.status, built.stderr).toBe(0);
    expect(built.stderr).toMatch(/0 errors, 1 warning; 16 pages/);
    expect(built.stderr).toContain('content/docs/intro.md:18');
    expect(built.stderr).toContain('markdown link "./guide/first-step.md#start" does not resolve to a doc of this version (looked for guide/first-step.md); did you mean "./guide/first-steps.md" (doc id guide/first-steps)?');
    // Reported once, by the markdown stage: the link checker, which would call it a broken link, is told of it.
    expect(built.stderr).not.toContain("broken link on");
    expect(fs.readFileSync(path.join(site, "build/docs/next.html"), "utf8")).toContain('href="./guide/first-step.md#start"');

    const strict = runCli(["check", "--strict", "--format", "json"], site);
    expect(strict.status).toBe(1);
    expect((JSON.parse(strict.stdout) as { annotations: unknown[] }).annotations).toEqual([expect.objectContaining({ code: "broken-markdown-link", severity: "error", file: "content/docs/intro.md", line: 18 })]);

    editConfig(site, (t) => t.replace('title: "Fixture Docs",', 'title: "Fixture Docs",\n  onBrokenMarkdownLinks: "ignore",'));
    const ignored = runCli(["check", "--strict"], site);
    expect(ignored.status, ignored.stderr).toBe(0);
    expect(ignored.stderr).toMatch(/0 errors, 0 warnings/);
  });

  it('rejects an onBrokenMarkdownLinks value it does not know, naming the accepted ones', () => {
    const site = copyFixtureSite();
    editConfig(site, (t) => t.replace('title: "Fixture Docs",', 'title: "Fixture Docs",\n  onBrokenMarkdownLinks: "log",'));
    const result = runCli(["check"], site);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('"onBrokenMarkdownLinks" is "log"; accepted values: "ignore", "warn", "throw"');
  });

  it("reports an invalid config with exit code 1 and no stack trace", () => {
    const site = copyFixtureSite();
    editConfig(site, (t) => t.replace('title: "Fixture Docs",', 'title: "Fixture Docs",\n  colour: "blue",'));
    const result = runCli(["build"], site);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('unknown key "colour" (value "blue")');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("documents examples and exit codes in --help", () => {
    const help = runCli(["build", "--help"], process.cwd());
    expect(help.stdout).toContain("Examples:");
    expect(help.stdout).toContain("Exit codes:");
  });
});
