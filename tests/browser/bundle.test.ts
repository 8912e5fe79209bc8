import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, inject, it } from "vitest";

const assets = path.join(inject("buildDir"), "assets");
const bundle = (name: string) => {
  const file = readdirSync(assets).find((f) => new RegExp(`^${name}\\.\\w+\\.js$`).test(f));
  if (!file) throw new Error(`no ${name} bundle in ${assets}`);
  return readFileSync(path.join(assets, file), "utf8");
};

describe("runtime bundles", () => {
  it("keeps the up-front bundle under 12 KB gzipped", () => {
    expect(gzipSync(bundle("main"), { level: 9 }).length).toBeLessThan(12 * 1024);
  });

  it("keeps the search engine and the results UI out of the up-front bundle", () => {
    // A file name of the search files' format, and a class of the results UI.
    for (const marker of ["search-text/", "search__result-excerpt"]) {
      expect(bundle("search")).toContain(marker);
      expect(bundle("main")).not.toContain(marker);
    }
  });

  it("loads only the main bundle from the page; the search bundle is named in the search box", () => {
    const html = readFileSync(path.join(inject("buildDir"), "docs.html"), "utf8");
    expect(html.match(/<script type="module" src="([^"]+)"/)?.[1]).toMatch(/\/assets\/main\.\w+\.js$/);
    expect(html).toMatch(/data-module="\/carta-frontend\/assets\/search\.\w+\.js"/);
  });
});
