/**
 * scripts/docusaurusRoutes.ts lists what a Docusaurus build folder serves: the reference the migrate tests compare
 * a migrated site with. Here on a tiny fake build with both of Docusaurus' file layouts (trailingSlash false writes
 * `x.html`, otherwise `x/index.html`), the 404 page, hashed assets and well-known files.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../helpers/site.ts";
import { docusaurusRoutes, formatRoutesList, parseRoutesList, routeOfHtmlFile } from "../../scripts/docusaurusRoutes.ts";

const build = mkdtempSync(path.join(tmpdir(), "carta-docs-docusaurus-routes-"));
afterAll(() => rmSync(build, { recursive: true, force: true }));

const FILES = [
  "index.html",
  "404.html",
  "docs/intro/index.html",
  "docs/next/intro.html",
  "docs/next/intro/index.html", // the same route in both layouts: listed once
  "docs/4.1.0/code-snippet-tutorial/basics.html",
  "api/next.html",
  "blog/rss.xml",
  "sitemap.xml",
  "search-doc-1711111111111.json",
  "search-doc.json",
  "lunr-index.json",
  "assets/js/main.1a2b3c.js",
  "assets/css/styles.4d5e6f.css",
  "img/logo.svg",
  ".nojekyll",
];
for (const file of FILES) {
  mkdirSync(path.dirname(path.join(build, file)), { recursive: true });
  writeFileSync(path.join(build, file), "x");
}

describe("docusaurusRoutes", () => {
  it("normalises x/index.html and x.html to /x under the baseUrl, the root to the baseUrl, and leaves out 404.html", async () => {
    const { routes } = await docusaurusRoutes(build, "/carta-frontend");
    expect(routes).toEqual([
      "/carta-frontend/",
      "/carta-frontend/api/next",
      "/carta-frontend/docs/4.1.0/code-snippet-tutorial/basics",
      "/carta-frontend/docs/intro",
      "/carta-frontend/docs/next/intro",
    ]);
  });

  it("lists the well-known non-HTML files, not the assets, the copies of static/ nor the timestamped search data", async () => {
    const { files } = await docusaurusRoutes(build, "/carta-frontend/");
    expect(files).toEqual([
      "/carta-frontend/blog/rss.xml",
      "/carta-frontend/lunr-index.json",
      "/carta-frontend/search-doc.json",
      "/carta-frontend/sitemap.xml",
    ]);
  });

  it("writes routes at the root for the baseUrl /, however it is spelled", () => {
    for (const baseUrl of ["/", "", "//"]) {
      expect(routeOfHtmlFile("index.html", baseUrl)).toBe("/");
      expect(routeOfHtmlFile("docs/next/index.html", baseUrl)).toBe("/docs/next");
      expect(routeOfHtmlFile("docs/next.html", baseUrl)).toBe("/docs/next");
    }
    expect(routeOfHtmlFile("404.html", "/")).toBeUndefined();
    // Only the root 404.html is Docusaurus' not-found page; a doc named 404 is a route.
    expect(routeOfHtmlFile("docs/404.html", "/")).toBe("/docs/404");
  });

  it("reads back the list it prints, with and without the files section", async () => {
    const list = await docusaurusRoutes(build, "/carta-frontend");
    expect(parseRoutesList(formatRoutesList(list, true))).toEqual(list);
    expect(parseRoutesList(formatRoutesList(list, false))).toEqual({ routes: list.routes, files: [] });
  });

  // The recorded lists (tests/fixtures/README-docusaurus.md) are compared as sets by the migrate tests: a hand edit
  // that breaks their order or prefix would hide a missing route.
  it.each([
    ["docusaurus-classic.routes.txt", "/"],
    ["carta-docusaurus.routes.txt", "/carta-frontend/"],
  ])("keeps %s as the script prints it: sorted, unique, under its baseUrl", (file, baseUrl) => {
    const text = readFileSync(path.join(ROOT, "tests/fixtures", file), "utf8");
    const list = parseRoutesList(text);
    expect(formatRoutesList(list, true)).toBe(text);
    for (const part of [list.routes, list.files]) {
      expect(part.length).toBeGreaterThan(0);
      expect([...new Set(part)].sort()).toEqual(part);
      expect(part.filter((route) => !route.startsWith(baseUrl))).toEqual([]);
    }
    expect(list.routes[0]).toBe(baseUrl);
  });
});
