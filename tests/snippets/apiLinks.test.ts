/**
 * The default site (the sample viewer: next from source, 5.0.0 and 4.1.0 from snapshots) with the snippets' uses:
 * names in code blocks linked to their own version's API, Used in on API pages, the most used members, tutorial
 * coverage, what a removal breaks on the changes page, and the markdown twin's list.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, type ResolvedConfig } from "../../cli/config/load.ts";
import { runPipeline, type PipelineResult } from "../../cli/pipeline/pipeline.ts";
import { ROOT } from "../helpers/site.ts";
import { apiDiff } from "../../cli/version/apiDiff.ts";
import { formatApiDiff } from "../../cli/api/diffReport.ts";

let result: PipelineResult;
let config: ResolvedConfig;
const work = mkdtempSync(path.join(tmpdir(), "carta-docs-api-links-"));
const out = path.join(work, "build");
afterAll(() => rmSync(work, { recursive: true, force: true }));
const page = (route: string) => readFileSync(path.join(out, `${route}.html`), "utf8");
/** The code of each link to `member`'s anchor, with what it links to. */
const linksTo = (html: string, href: string) => [...html.matchAll(/<a class="api-ref" href="([^"]*)" aria-describedby="([^"]*)">([\s\S]*?)<\/a><span class="api-ref-tip" role="tooltip" id="([^"]*)">([^<]*)<\/span>/g)]
  .filter((match) => match[1] === href)
  .map((match) => ({ text: match[3]!.replace(/<[^>]*>/g, ""), describedBy: match[2], tipId: match[4], tip: match[5] }));

beforeAll(async () => {
  config = await loadConfig(path.join(ROOT, "site.config.ts"));
  result = await runPipeline({ config, write: true, outDir: out });
}, 300_000);

describe("names in snippet code blocks", () => {
  it("link openFile on the basics page of 5.0.0 and of next to AppStore#openFile of their own version, with its signature", () => {
    const latest = linksTo(page("docs/code-snippet-tutorial/basics"), "/carta-frontend/api/.-stores/class/AppStore#openFile");
    const next = linksTo(page("docs/next/code-snippet-tutorial/basics"), "/carta-frontend/api/next/.-stores/class/AppStore#openFile");
    for (const links of [latest, next]) {
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) {
        expect(link.text).toBe("openFile");
        expect(link.describedBy).toBe(link.tipId);
        expect(link.tip).toMatch(/^AppStore\.openFile\(.*\): /);
      }
    }
    expect(page("docs/code-snippet-tutorial/basics")).not.toContain('href="/carta-frontend/api/next/');
  });

  it("link on a 4.1.0 page only to 4.1.0's API, which lacks what 5.0.0 added", () => {
    const html = page("docs/4.1.0/code-snippet-tutorial/quick-start");
    const hrefs = [...html.matchAll(/class="api-ref" href="([^"]*)"/g)].map((match) => match[1]!);
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.every((href) => href.startsWith("/carta-frontend/api/4.1.0/"))).toBe(true);
    expect(hrefs).toContain("/carta-frontend/api/4.1.0/.-stores/class/AppStore#setActiveFrameById");
    expect(hrefs.some((href) => href.includes("setActiveImage"))).toBe(false);
    expect(page("docs/code-snippet-tutorial/quick-start")).toContain('class="api-ref" href="/carta-frontend/api/.-stores/class/AppStore#setActiveImageByFileId"');
  });

  it("keep the twin's code plain and list the members used, with their URLs", () => {
    expect(result.errors).toEqual([]);
    const twin = readFileSync(path.join(out, "docs/code-snippet-tutorial/basics.md"), "utf8");
    expect(twin).toContain('const pending = app.openFile("tutorial", "orion_12co.fits");');
    expect(twin).not.toContain("api-ref");
    const list = twin.slice(twin.indexOf("## API members used on this page"));
    expect(list).toContain("- [AppStore.openFile](https://cartavis.org/carta-frontend/api/.-stores/class/AppStore.md#openFile)");
  });
});

describe("API pages", () => {
  it("list the tutorial sections of their own version using a member, five with the calling line and the rest as links", () => {
    for (const [api, docs] of [["api", "docs"], ["api/next", "docs/next"]]) {
      const html = page(`${api}/.-stores/class/AppStore`);
      const openFile = html.slice(html.indexOf('<section id="openFile"'), html.indexOf("</section>", html.indexOf('class="api-used-in"', html.indexOf('<section id="openFile"'))));
      expect(openFile).toContain("Used in");
      expect(openFile).toContain(`<a href="/carta-frontend/${docs}/code-snippet-tutorial/basics#wait-for-asynchronous-calls">Basics › Wait for asynchronous calls</a>`);
      expect(openFile).toMatch(/<code class="api-used-line">[^<]*app\.<mark>openFile<\/mark>\(/);
      expect(openFile.match(/<code class="api-used-line">/g)).toHaveLength(5);
      expect(openFile).toMatch(/And \d+ more: /);
    }
  });

  it("show no Used in for a member no tutorial uses", () => {
    const html = page("api/.-stores/class/AppStore");
    const removeFrame = html.slice(html.indexOf('<section id="removeFrame"'));
    expect(removeFrame.slice(0, removeFrame.indexOf("</section>"))).not.toContain("api-used-in");
  });

  it("list the most used members on each version's overview", () => {
    const html = page("api/next");
    const list = html.slice(html.indexOf('id="api-most-used"'), html.indexOf("</ol>", html.indexOf('id="api-most-used"')));
    expect(list).toContain('<a class="api-index-name" href="/carta-frontend/api/next/.-stores/class/AppStore#openFile"><code>AppStore.openFile</code></a>');
    const counts = [...list.matchAll(/<span class="api-count">(\d+) lines?<\/span>/g)].map((match) => Number(match[1]));
    expect(counts.length).toBeGreaterThan(3);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it("list on the changes page the 4.1.0 tutorial lines using a removed member, and the 5.0.0 replacement used there", () => {
    const html = page("api/changes");
    const entry = html.slice(html.indexOf('id="stores-AppStore-setActiveFrameById"'));
    const uses = entry.slice(0, entry.indexOf("</li></ul></div>"));
    expect(uses).toContain("Used by the 4.1.0 tutorials:");
    expect(uses).toContain('<a href="/carta-frontend/docs/4.1.0/code-snippet-tutorial/quick-start#switch-between-images">Quick start › Switch between images</a>');
    expect(uses).toContain("app.<mark>setActiveFrameById</mark>(");
    expect(uses).toContain('Renamed to <span><a href="/carta-frontend/api/.-stores/class/AppStore#setActiveImageByFileId"><code>AppStore.setActiveImageByFileId</code></a></span> in 5.0.0.');
  });

  it("show a renamed member as old → new, with the lines using the old name, and a removed one with what 5.0.0 uses instead", () => {
    const html = page("api/changes");
    expect(html).toMatch(/<code id="stores-AppStore-setActiveFrame">setActiveFrame<\/code> → <code>updateActiveImageByFrame<\/code> <span class="api-badge api-badge-renamed">renamed<\/span>/);
    const removed = html.slice(html.indexOf('id="stores-DialogStore-showFittingDialog"'));
    expect(removed.slice(0, removed.indexOf("</li></ul></div>"))).toContain('5.0.0 uses <span><a href="/carta-frontend/api/.-stores/class/DialogStore#showDialog"><code>DialogStore.showDialog</code></a></span> there.');
  });

  it("show as renamed what only the tutorials tell apart: 5.0.0's selectRegion is next's selectSingleRegion, not setFocusedRegion", () => {
    const html = page("api/next/changes");
    expect(html).toMatch(/<code id="stores-RegionSetStore-selectRegion">selectRegion<\/code> → <code>selectSingleRegion<\/code> <span class="api-badge api-badge-renamed">/);
    expect(html).toContain('<li id="stores-RegionSetStore-setFocusedRegion" class="api-change api-change-added">');
  });

  it("list in the changes page's markdown twin, too, the lines a rename or removal breaks", () => {
    const twin = readFileSync(path.join(out, "api/changes.md"), "utf8");
    expect(twin).toContain("  - Renamed `setActiveFrame` → `updateActiveImageByFrame`");
    expect(twin).toMatch(/ {4}- Used by the 4\.1\.0 tutorials:\n {6}- \[Image fitting › [^\]]+\]\([^)]+\): `app\.setActiveFrame\(frame\);` \(renamed to \[`AppStore\.updateActiveImageByFrame`\]\([^)]+\.md#updateActiveImageByFrame\)\)/);
  });

  it("are what api-diff reports too: each removal and rename with the older tutorial lines using it", async () => {
    const result = await apiDiff({ from: "4.1.0", to: "5.0.0", config: path.join(ROOT, "site.config.ts") });
    const text = formatApiDiff(result, "text");
    expect(text).toContain("      % setActiveFrameById -> setActiveImageByFileId: renamed\n");
    expect(text).toMatch(/ {10}used in Quick start › Switch between images: app\.setActiveFrame\(first\); \(renamed to AppStore\.updateActiveImageByFrame\)/);
    expect(text).toMatch(/ {10}used in Image fitting › [^:]+: app\.dialogStore\.showFittingDialog\(\); \(5\.0\.0 uses DialogStore\.showDialog\)/);
    const json = JSON.parse(formatApiDiff(result, "json")) as { items: { name: string; members: { name: string; change: string; usedBy?: { url: string; replacements: { url: string }[] }[] }[] }[] };
    const showFitting = json.items.find((i) => i.name === "DialogStore")!.members.find((m) => m.name === "showFittingDialog")!;
    expect(showFitting.change).toBe("removed");
    expect(showFitting.usedBy?.[0]).toMatchObject({ url: expect.stringMatching(/^https:\/\/cartavis\.org\/carta-frontend\/docs\/4\.1\.0\/code-snippet-tutorial\/image-fitting#/), replacements: [{ url: "https://cartavis.org/carta-frontend/api/.-stores/class/DialogStore#showDialog" }] });
  }, 120_000);
});

describe("inline code in prose", () => {
  it("links names of the API overview to each version's own API", () => {
    for (const [route, base] of [["api", "/carta-frontend/api"], ["api/next", "/carta-frontend/api/next"], ["api/4.1.0", "/carta-frontend/api/4.1.0"]] as const) {
      const html = page(route);
      expect(html).toContain(`<a class="api-code-link" href="${base}/.-stores/class/AppStore#openFile"><code>AppStore.openFile</code></a>`);
      expect(html).toContain(`<a class="api-code-link" href="${base}/.-stores/class/FrameStore#renderConfig"><code>FrameStore.renderConfig</code></a>`);
    }
  });


  it("links names of the changelog to its own version's API", () => {
    expect(page("api/changelog")).toContain('<a class="api-code-link" href="/carta-frontend/api/.-stores/class/AppStore#openFile"><code>AppStore.openFile</code></a>');
    expect(page("api/next/changelog")).toContain('<a class="api-code-link" href="/carta-frontend/api/next/.-stores/class/AppStore#openFile"><code>AppStore.openFile</code></a>');
  });
});

describe("tutorial coverage", () => {
  it("counts, per version, the members the snippets use of all the version's own members", () => {
    const coverage = Object.fromEntries(result.snippets.map((summary) => [summary.version, summary.coverage]));
    for (const version of ["next", "5.0.0", "4.1.0"]) {
      expect(coverage[version]!.used).toBeGreaterThan(50);
      expect(coverage[version]!.used).toBeLessThan(coverage[version]!.members);
    }
  });
});
