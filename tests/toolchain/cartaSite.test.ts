/** The default CARTA site: every docs and API route of the spec exists as the right file, with no diagnostics. */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, loadConfig, type BuildResult } from "../../cli/index.ts";
import { ROOT, cleanTemp, tempDir } from "../helpers/site.ts";

let out: string;
let result: BuildResult;

beforeAll(async () => {
  out = tempDir();
  // The sample code base stands in for the viewer when the configured checkout does not exist.
  const config = await loadConfig(path.join(ROOT, "site.config.ts"));
  config.api = { ...config.api!, viewerDir: path.join(tempDir(), "no-checkout") };
  result = await build({ config, outDir: out });
}, 120_000);
afterAll(cleanTemp);

const TUTORIAL = ["basics", "image-fitting", "image-properties", "moment-images", "pv-images", "quick-start", "regions"];
const CONTRIBUTING = ["developer-tips", "documentation-guidelines", "github-workflow", "release-guidelines", "unit-test-guidelines"];
const AREAS = [".-components", ".-components/Dialogs", ".-components/Shared", ".-models", ".-services", ".-stores", ".-utilities"];
const VERSIONS = [
  { docs: "docs", api: "api", blending: true, enums: false },
  { docs: "docs/next", api: "api/next", blending: true, enums: true },
  { docs: "docs/4.1.0", api: "api/4.1.0", blending: false, enums: false },
];

const exists = (rel: string) => fs.existsSync(path.join(out, rel));

describe("the CARTA documentation site", () => {
  it("builds with no errors and no warnings: every link, including every api: link, resolves", () => {
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  it("has the home page, the not-found page and .nojekyll", () => {
    for (const file of ["index.html", "404.html", ".nojekyll", "sitemap.xml", "search-doc.json", "search-index.json"]) expect(exists(file), file).toBe(true);
  });

  it.each(VERSIONS)("has every docs page of $docs", ({ docs, blending }) => {
    const files = [
      `${docs}.html`,
      `${docs}/category/code-snippet-tutorial.html`,
      `${docs}/category/contributing.html`,
      ...TUTORIAL.map((p) => `${docs}/code-snippet-tutorial/${p}.html`),
      ...CONTRIBUTING.map((p) => `${docs}/contributing/${p}.html`),
    ];
    for (const file of files) expect(exists(file), file).toBe(true);
    expect(exists(`${docs}/code-snippet-tutorial/image-blending.html`)).toBe(blending);
  });

  it.each(VERSIONS)("has the API landing, changelog and area pages of $api", ({ api, enums }) => {
    for (const file of [`${api}.html`, `${api}/changelog.html`, ...AREAS.map((a) => `${api}/${a}.html`)]) expect(exists(file), file).toBe(true);
    for (const item of ["class/AppStore", "interface/FrameInfo"]) expect(exists(`${api}/.-stores/${item}.html`), item).toBe(true);
    // The 6.0 line (next) has an Enums area, its optional area: FrameScaling is documented there, else in Stores.
    expect(exists(`${api}/.-enums.html`)).toBe(enums);
    expect(exists(`${api}/${enums ? ".-enums" : ".-stores"}/enum/FrameScaling.html`)).toBe(true);
    expect(exists(`${api}/.-utilities/function/add2D.html`)).toBe(true);
    expect(exists(`${api}/.-components/Dialogs/enum/WorkspaceDialogMode.html`)).toBe(true);
  });

  it("shows the site title, tagline and both entry points on the home page", () => {
    const home = fs.readFileSync(path.join(out, "index.html"), "utf8");
    expect(home).toContain("<title>Home | CARTA Frontend Documentation</title>");
    expect(home).toContain("Welcome to the CARTA frontend documentation");
    expect(home).toContain('href="/carta-frontend/docs" data-home-link="docs"');
    expect(home).toContain('href="/carta-frontend/api" data-home-link="api"');
  });

  it("points the API navbar link at the page's version", () => {
    const api = (file: string) => /<a class="navbar__link[^"]*" href="([^"]+)"[^>]*data-nav="api"/.exec(fs.readFileSync(path.join(out, file), "utf8"))?.[1];
    expect(api("docs/code-snippet-tutorial/basics.html")).toBe("/carta-frontend/api");
    expect(api("docs/next/code-snippet-tutorial/basics.html")).toBe("/carta-frontend/api/next");
    expect(api("docs/4.1.0/code-snippet-tutorial/basics.html")).toBe("/carta-frontend/api/4.1.0");
  });

  it("shows each version's changelog as it stood at that release", () => {
    const page = (file: string) => fs.readFileSync(path.join(out, file), "utf8");
    expect(page("api/next/changelog.html")).toContain('id="unreleased"');
    expect(page("api/changelog.html")).not.toContain('id="unreleased"');
    expect(page("api/changelog.html")).toMatch(/id="500---/);
    expect(page("api/4.1.0/changelog.html")).not.toMatch(/id="500---/);
    expect(page("api/4.1.0/changelog.html")).toMatch(/id="410---/);
  });

  it("links the version dropdown of an API page to the same item in every version, and marks the API link current", () => {
    const page = fs.readFileSync(path.join(out, "api/4.1.0/.-stores/class/AppStore.html"), "utf8");
    expect(page).toContain('href="/carta-frontend/api/next/.-stores/class/AppStore" data-version="current"');
    expect(page).toContain('href="/carta-frontend/api/.-stores/class/AppStore" data-version="5.0.0"');
    expect(page).toMatch(/<a class="navbar__link navbar__link--active" href="\/carta-frontend\/api\/4\.1\.0" aria-current="page" data-nav="api">/);
  });

  it("links tutorials to the API of their own version", () => {
    const quickStart = fs.readFileSync(path.join(out, "docs/4.1.0/code-snippet-tutorial/quick-start.html"), "utf8");
    expect(quickStart).toContain('href="/carta-frontend/api/4.1.0/.-stores/class/AppStore#openFile"');
    expect(quickStart).not.toMatch(/href="\/carta-frontend\/api\/\.-stores/);
  });
});
