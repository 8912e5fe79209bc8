/**
 * The watch session on its own: each rebuild redoes only what a change touches, reports exactly the pages
 * it changed, keeps the last good site on errors, and always ends with the output a fresh build writes.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { typedocRuns } from "../../cli/api/index.ts";
import { runPipeline } from "../../cli/pipeline/pipeline.ts";
import { createVersion } from "../../cli/version/createVersion.ts";
import { WatchSession, type RebuildReport } from "../../cli/watch/session.ts";
import { cleanTemp, copyFixtureSite, read, ROOT, snapshotTree, tempDir, write } from "../helpers/site.ts";

const ROUTE = "/carta-frontend/docs/next/guide/advanced";
const ADVANCED = "content/docs/guide/advanced.md";

let site: string;
let session: WatchSession;
let first: RebuildReport;

/** Writes a file of the site and rebuilds after that one change. */
async function change(rel: string, text: string): Promise<RebuildReport> {
  write(site, rel, text);
  return session.rebuild([path.join(site, rel)]);
}

const edit = (rel: string, from: string, to: string) => change(rel, read(site, rel).replace(from, to));
const servedPage = (rel: string) => read(session.outDir, rel);

beforeAll(async () => {
  site = copyFixtureSite();
  session = new WatchSession({ config: path.join(site, "site.config.ts") });
  first = await session.rebuild();
  await session.updateSearch();
});
afterAll(cleanTemp);

describe("a watch session", () => {
  it("builds into a cache folder beside the config, never into build/", () => {
    expect(first.ok).toBe(true);
    expect(session.outDir).toBe(path.join(site, ".carta-docs-cache", "dev"));
    expect(fs.existsSync(path.join(site, "build"))).toBe(false);
    expect(first.pages).toBe(16);
    expect(servedPage("docs/next/guide/advanced.html")).toContain("zanzibarnext");
    expect(fs.existsSync(path.join(session.outDir, "search-index.json"))).toBe(true);
  });

  it("rebuilds only the edited page for a one-line body edit", async () => {
    const report = await edit(ADVANCED, "Unique searchable word: zanzibarnext.", "Unique searchable word: quetzalnext.");
    expect(report.ok).toBe(true);
    expect(report.routes).toEqual([ROUTE]);
    // The page, its markdown twin and its version's full text; nothing else.
    expect(report.files).toEqual(["docs/next/guide/advanced.html", "docs/next/guide/advanced.md", "docs/next/llms-full.txt"]);
    expect(servedPage("docs/next/guide/advanced.html")).toContain("quetzalnext");
    expect(servedPage("docs/next/guide/advanced.md")).toContain("quetzalnext");
    expect(servedPage("docs/next/guide/advanced.md")).not.toContain("zanzibarnext");
    expect(servedPage("docs/next/llms-full.txt")).toContain("quetzalnext");
  });

  it("updates the search files after the pages", async () => {
    const shards = () => fs.readdirSync(path.join(session.outDir, "search-index", "current")).map((name) => read(session.outDir, `search-index/current/${name}`));
    expect(shards().some((shard) => shard.includes("quetzalnext"))).toBe(false);
    // A body edit in Next changes Next's index (its manifest, as the shards are cut by size, and shards) and
    // its texts; other versions' files stay as they were.
    const changed = await session.updateSearch();
    expect(changed.some((file) => file.startsWith("search-index/current/"))).toBe(true);
    expect(changed.every((file) => /^search-(index|text)\/current\/|^search-(doc|index)-current\.json$/.test(file))).toBe(true);
    expect(shards().some((shard) => shard.includes("quetzalnext"))).toBe(true);
    expect(await session.updateSearch()).toEqual([]);
  });

  it("re-renders the sidebar neighbours when a title changes", async () => {
    const report = await edit(ADVANCED, "title: Advanced topics", "title: Expert topics");
    // Every page of the version shows the sidebar; the neighbours also show the title in their pagination.
    expect(report.routes).toEqual(expect.arrayContaining([ROUTE, "/carta-frontend/docs/next/guide/first-steps", "/carta-frontend/docs/next/guide/only-next"]));
    expect(report.routes!.every((route) => route.startsWith("/carta-frontend/docs/next"))).toBe(true);
    expect(servedPage("docs/next/guide/first-steps.html")).toContain("Expert topics");
  });

  it("keeps the last good page on a front matter error, reports file and line, and recovers", async () => {
    const before = servedPage("docs/next/guide/advanced.html");
    const broken = await edit(ADVANCED, "sidebar_position: 2", "sidebar_position: [2");
    expect(broken.ok).toBe(false);
    expect(broken.files).toEqual([]);
    expect(broken.errors[0]).toMatchObject({ code: "front-matter", file: ADVANCED, line: expect.any(Number) });
    expect(servedPage("docs/next/guide/advanced.html")).toBe(before);

    const fixed = await edit(ADVANCED, "sidebar_position: [2", "sidebar_position: 2");
    expect(fixed.ok).toBe(true);
    expect(fixed.errors).toEqual([]);
  });

  it("checks a changed page's links against anchors of pages that did not change", async () => {
    const report = await edit(ADVANCED, "## Deep dive", "See [steps](./first-steps.md#no-such-step).\n\n## Deep dive");
    expect(report.ok).toBe(false);
    expect(report.errors.map((e) => e.message).join("\n")).toMatch(/has no element with id "no-such-step"/);
    expect((await edit(ADVANCED, "See [steps](./first-steps.md#no-such-step).\n\n", "")).ok).toBe(true);
  });

  it("checks unchanged pages again when an anchor they link to disappears", async () => {
    // first-steps links to advanced#deep-dive.
    const report = await edit(ADVANCED, "## Deep dive", "## Shallow dive");
    expect(report.ok).toBe(false);
    expect(report.errors).toContainEqual(expect.objectContaining({ code: "broken-link", file: "content/docs/guide/first-steps.md" }));
    expect((await edit(ADVANCED, "## Shallow dive", "## Deep dive")).ok).toBe(true);
  });

  it("reports an error in site.config.ts with its line, and picks up the fixed config", async () => {
    const config = read(site, "site.config.ts");
    const broken = await change("site.config.ts", config.replace('title: "Fixture Docs",', 'title: "Fixture Docs",,'));
    expect(broken.ok).toBe(false);
    expect(broken.errors[0]).toMatchObject({ code: "config", file: expect.stringContaining("site.config.ts"), line: expect.any(Number) });
    const fixed = await change("site.config.ts", config.replace('title: "Fixture Docs"', 'title: "Renamed Docs"'));
    expect(fixed.ok).toBe(true);
    expect(fixed.routes).toHaveLength(fixed.pages);
    expect(servedPage("index.html")).toContain("Renamed Docs");
  });

  it("still reports the warnings of pages it did not rebuild", async () => {
    const warned = await edit("content/docs/intro.md", "title: Introduction", "title: Introduction\nsidebar_lable: Intro");
    expect(warned.warnings).toEqual([expect.objectContaining({ code: "front-matter", file: "content/docs/intro.md" })]);
    const later = await edit(ADVANCED, "Back to", "Return to");
    expect(later.routes).toEqual([ROUTE]);
    expect(later.warnings).toEqual(warned.warnings);
    expect((await edit("content/docs/intro.md", "\nsidebar_lable: Intro", "")).warnings).toEqual([]);
  });

  it("adds and removes pages, and follows a changed image", async () => {
    const added = await change("content/docs/guide/extra.md", "---\ntitle: Extra\n---\n\nAn extra page.\n");
    expect(added.routes).toContain("/carta-frontend/docs/next/guide/extra");
    expect(fs.existsSync(path.join(session.outDir, "docs/next/guide/extra.html"))).toBe(true);

    fs.rmSync(path.join(site, "content/docs/guide/extra.md"));
    const removed = await session.rebuild([path.join(site, "content/docs/guide/extra.md")]);
    expect(removed.routes).toContain("/carta-frontend/docs/next/guide/extra");
    expect(fs.existsSync(path.join(session.outDir, "docs/next/guide/extra.html"))).toBe(false);

    const image = await change("content/docs/guide/img/diagram.svg", '<svg xmlns="http://www.w3.org/2000/svg"><circle r="2"/></svg>');
    expect(image.routes).toEqual(["/carta-frontend/docs/next/guide/only-next"]);
  });

  it("ends with exactly the output of a fresh build", async () => {
    await session.updateSearch();
    const fresh = await runPipeline({ config: path.join(site, "site.config.ts"), outDir: tempDir(), write: true });
    expect(fresh.errors).toEqual([]);
    const served = snapshotTree(session.outDir);
    const built = snapshotTree(fresh.outDir!);
    // Assets of earlier builds stay in the served folder until they are gone from the site's files.
    expect(Object.keys(served).sort()).toEqual(Object.keys(built).sort());
    expect(served).toEqual(built);
  });
});

describe("a watch session of a site with an API reference", () => {
  it("converts the current version's viewer source again after an edit, and only that version", async () => {
    const apiSite = copyFixtureSite();
    for (const rel of ["content/versioned_docs", "content/versioned_sidebars", "content/versions.json"]) fs.rmSync(path.join(apiSite, rel), { recursive: true });
    fs.cpSync(path.join(ROOT, "tests/api/fixtures/viewer"), path.join(apiSite, "viewer"), { recursive: true });
    const areas = ["components", "components/Dialogs", "components/Shared", "models", "services", "stores", "utilities"];
    const api = { viewerDir: "viewer", repoUrl: "https://github.com/CARTAvis/carta-frontend", entryPoints: areas.map((a) => ({ slug: `.-${a}`, path: `src/${a}/index.ts`, title: a })) };
    const config = path.join(apiSite, "site.config.ts");
    fs.writeFileSync(config, read(apiSite, "site.config.ts").replace('docs: { lastVersion: "2.0.0" },', `api: ${JSON.stringify(api)},`));
    await createVersion({ name: "1.0.0", config });

    const apiSession = new WatchSession({ config });
    expect((await apiSession.rebuild()).ok).toBe(true);
    const runs = typedocRuns();
    const utilities = path.join(apiSite, "viewer/src/utilities/index.ts");
    fs.appendFileSync(utilities, "\n/** Added while watching. */\nexport function addedWhileWatching(): number {\n  return 2;\n}\n");
    const report = await apiSession.rebuild([utilities]);
    expect(report.ok).toBe(true);
    expect(typedocRuns()).toBe(runs + 1);
    expect(report.routes).toContain("/carta-frontend/api/next/.-utilities/function/addedWhileWatching");
    expect(report.routes!.some((route) => route.startsWith("/carta-frontend/api/.-"))).toBe(false);
  }, 60_000);
});
