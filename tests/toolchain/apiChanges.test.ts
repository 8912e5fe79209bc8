/**
 * The API changes of a site whose viewer changes from tag to tag (tests/api/changingViewer.ts): each version's
 * changes page, the badges on item and member pages, the links to the changes pages, and the list `version`
 * gives of a frozen version's doc links to API its successor changed. The site is the fixture site (versions 2.0.0,
 * the latest, 1.0.0 and next), checked without writing, so every link and anchor is proven to resolve.
 */
import { appendFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../cli/config/load.ts";
import { runPipeline, type PipelineResult } from "../../cli/pipeline/pipeline.ts";
import type { ApiSiteConfig } from "../../cli/pipeline/viewerSource.ts";
import { changedApiLinks } from "../../cli/version/changedApiLinks.ts";
import { BuildCache } from "../../cli/cache/buildCache.ts";
import { API_SETTINGS } from "../api/helpers.ts";
import { makeChangingViewer, siteWithChangingViewer } from "../api/changingViewer.ts";
import { cleanTemp, FIXTURE_SITE, tempDir } from "../helpers/site.ts";

let result: PipelineResult;
let rerun: (cache: BuildCache) => Promise<string[]>;
let siteConfig: ApiSiteConfig;
let viewer: string;
const html = (route: string) => {
  const page = result.html.get(`/carta-frontend/${route}`);
  if (!page) throw new Error(`no page /carta-frontend/${route}`);
  return page.toString("utf8");
};
/** The section of `html` whose id is `id`, up to its closing tag. */
const section = (page: string, id: string, tag = "section") => {
  const start = page.indexOf(`<${tag} id="${id}"`);
  if (start < 0) throw new Error(`no ${tag} #${id}`);
  return page.slice(start, page.indexOf(`</${tag}>`, start));
};

beforeAll(async () => {
  const root = tempDir();
  cpSync(path.join(FIXTURE_SITE, "content"), path.join(root, "content"), { recursive: true });
  // A doc of 1.0.0 linking to a member 2.0.0 changed, one to a member it left alone; next links to what changed in 2.0.0.
  appendFileSync(path.join(root, "content/versioned_docs/version-1.0.0/intro.md"), "\nOpen with [openFile](api:AppStore#openFile), close with [closeFile](api:AppStore#closeFile).\n");
  appendFileSync(path.join(root, "content/docs/intro.md"), "\nOpen with [openFile](api:AppStore#openFile).\n");
  // The overview, shown on every version's landing page, links to the same member.
  mkdirSync(path.join(root, "content/api"), { recursive: true });
  writeFileSync(path.join(root, "content/api/api.md"), "Files open with [openFile](api:AppStore#openFile).\n");
  viewer = makeChangingViewer(path.join(root, "viewer"));
  const config = await loadConfig(path.join(FIXTURE_SITE, "site.config.ts"));
  siteConfig = { ...config, siteDir: root, api: { ...API_SETTINGS, routeBasePath: "api", viewerDir: "viewer", snippets: { include: [], globals: {} }, links: { snippets: true, inlineCode: true } } };
  result = await runPipeline({ config: siteConfig, write: false, viewer });
  rerun = async (cache) => {
    const lines: string[] = [];
    await runPipeline({ config: siteConfig, write: false, viewer, cache, log: (line) => lines.push(line) });
    return lines.filter((line) => line.startsWith("API changes"));
  };
}, 180_000);
afterAll(cleanTemp);

describe("API changes of a site", () => {
  it("builds without errors: every badge and changes link resolves, anchors included", () => {
    expect(result.errors).toEqual([]);
  });

  it("gives every version a changes page; the oldest says there is nothing to compare", () => {
    expect(html("api/1.0.0/changes")).toContain("1.0.0 is the oldest version documented here");
    expect(html("api/changes")).toContain("<h1 class=\"api-title\">API changes in 2.0.0</h1>");
    expect(html("api/next/changes")).toContain("<h1 class=\"api-title\">API changes in next</h1>");
  });

  it("groups entries by area and links each to the item in both versions", () => {
    const page = html("api/changes");
    expect(page.indexOf('id="api-changes-models"')).toBeGreaterThan(0);
    expect(page.indexOf('id="api-changes-stores"')).toBeGreaterThan(page.indexOf('id="api-changes-models"'));
    const moved = section(page, "models-tileKey");
    expect(moved).toContain("Moved from utilities to models.");
    expect(moved).toContain('href="/carta-frontend/api/1.0.0/.-utilities/function/tileKey"');
    expect(moved).toContain('href="/carta-frontend/api/.-models/function/tileKey"');
    const removed = section(page, "utilities-midpoint2D");
    expect(removed).toContain('href="/carta-frontend/api/1.0.0/.-utilities/function/midpoint2D"');
    expect(removed).not.toContain('href="/carta-frontend/api/.-utilities');
  });

  it("shows signatures before and after with the changed part marked", () => {
    const openFile = section(html("api/changes"), "stores-AppStore-openFile", "li");
    expect(openFile).toContain("Changed: parameters.");
    expect(openFile).toMatch(/data-version="1.0.0"><code>openFile\(directory: string, file: string, hdu<del>\?<\/del>: string\)/);
    expect(openFile).toMatch(/data-version="2.0.0"><code>openFile\(directory: string, file: string, hdu: string<ins>, append\?: boolean<\/ins>\)/);
    const scale = section(html("api/next/changes"), "utilities-scale2D");
    expect(scale).toContain("<del>?</del>");
  });

  it("puts badges on item and member pages, each linking to the entry on the changes page", () => {
    expect(html("api/1.0.0/.-utilities/function/midpoint2D")).toContain('<a class="api-badge api-badge-removed" href="/carta-frontend/api/changes#utilities-midpoint2D">Removed in 2.0.0</a>');
    expect(html("api/.-utilities/class/TileCoordinate")).toContain('href="/carta-frontend/api/next/changes#utilities-TileCoordinate">Removed in next</a>');
    expect(html("api/next/.-utilities/function/distance2D")).toContain(">Added in 2.0.0</a>");
    const old = html("api/1.0.0/.-stores/class/AppStore");
    expect(section(old, "requestMoment")).toContain('href="/carta-frontend/api/changes#stores-AppStore-requestMoment">Removed in 2.0.0</a>');
    expect(section(old, "openFile")).toContain(">Changed in 2.0.0</a>");
    expect(section(old, "closeFile")).not.toContain("api-history");
    expect(section(html("api/next/.-stores/class/AppStore"), "frameCount")).toContain(">Added in 2.0.0</a>");
  });

  it("shows a deprecation with its replacement linked", () => {
    const deprecated = section(html("api/.-stores/class/AppStore"), "closeCurrentFile");
    expect(deprecated).toMatch(/<div class="api-deprecated" role="note"><strong>Deprecated<\/strong><div><p>Use <a href="\/carta-frontend\/api\/.-stores\/class\/AppStore#closeFile">/);
    expect(deprecated).toContain(">Changed in 2.0.0</a>");
  });

  it("links the changes page from the landing page, the changelog page and the sidebar", () => {
    expect(html("api")).toContain('<a href="/carta-frontend/api/changes">What changed in the API since 1.0.0</a>');
    expect(html("api/changelog")).toContain('<a href="/carta-frontend/api/changes">What changed in the API since 1.0.0</a>');
    expect(html("api/1.0.0/.-stores")).toContain('href="/carta-frontend/api/1.0.0/changes"');
  });

  it("lists a frozen version's doc links to API the next version changed for `version`, and only those; a build does not warn", async () => {
    expect(result.warnings.filter((w) => w.code === "api-link-changed")).toEqual([]);
    const found = await changedApiLinks(siteConfig, "1.0.0", "2.0.0", viewer, () => {});
    expect(found.errors).toEqual([]);
    expect(found.links).toHaveLength(1);
    expect(found.links[0]).toMatchObject({ file: "content/versioned_docs/version-1.0.0/intro.md", line: expect.any(Number) });
    expect(found.links[0]!.message).toContain("AppStore#openFile was changed in 2.0.0 (signature, parameters)");
  }, 120_000);

  it("links the overview into each version's own API, with no warning for what a later version changed", () => {
    expect(html("api/1.0.0")).toContain('<a href="/carta-frontend/api/1.0.0/.-stores/class/AppStore#openFile">openFile</a>');
    expect(html("api")).toContain('<a href="/carta-frontend/api/.-stores/class/AppStore#openFile">openFile</a>');
    expect([...result.warnings, ...result.errors].filter((d) => d.file === "content/api/api.md")).toEqual([]);
  });

  it("computes each pair's diff once, and in watch mode again only for a pair whose model changed", async () => {
    const cache = new BuildCache();
    expect(await rerun(cache)).toEqual([expect.stringMatching(/^API changes 1\.0\.0 → 2\.0\.0: 4 items, 5 members, in [\d.]+ ms$/), expect.stringMatching(/^API changes 2\.0\.0 → next: /)]);
    expect(await rerun(cache)).toEqual([]);
    // A model is named by what it was made from: converted again from the same source, it is the same model.
    cache.forget("api", "next");
    expect(await rerun(cache)).toEqual([]);
    // A viewer source edit makes the session forget Next's model: only the pair ending in Next is diffed again.
    const models = path.join(viewer, "src/models/index.ts");
    const before = readFileSync(models, "utf8");
    try {
      appendFileSync(models, "\n/** Side of a square tile. */\nexport const TILE_SIDE = 256;\n");
      cache.forget("api", "next");
      expect(await rerun(cache)).toEqual([expect.stringMatching(/^API changes 2\.0\.0 → next: /)]);
    } finally {
      writeFileSync(models, before);
    }
  }, 180_000);

  it("draws the same changes pages and badges on a render thread as on the main thread", async () => {
    const site = siteWithChangingViewer();
    const config = path.join(site, "site.config.ts");
    const [here, threads] = [await runPipeline({ config, write: false, renderThreads: 0 }), await runPipeline({ config, write: false, renderThreads: 1 })];
    expect(threads.errors).toEqual([]);
    // Chunks of pages go to whichever thread asks first: every page is compared.
    expect([...threads.html.keys()]).toEqual([...here.html.keys()]);
    for (const [route, html] of here.html) expect(threads.html.get(route)?.equals(html), route).toBe(true);
    expect(here.html.get("/carta-frontend/api/.-utilities/class/TileCoordinate")?.toString()).toContain(">Removed in next</a>");
  }, 180_000);
});
