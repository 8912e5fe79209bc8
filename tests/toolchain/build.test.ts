/** Integration: build the fixture site in a temporary folder and look at what was written. */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, check, CartaDocsError } from "../../cli/index.ts";
import { cleanTemp, copyFixtureSite, read, write } from "../helpers/site.ts";
import { decodeGaps, searchShardFile, searchTextFile, textPlace, type SearchDocFile, type SearchIndexFile, type SearchShardFile } from "../../renderer/client/searchData.ts";

let site: string;
let out: string;
let result: Awaited<ReturnType<typeof build>>;

beforeAll(async () => {
  site = copyFixtureSite();
  out = path.join(site, "build");
  result = await build({ config: path.join(site, "site.config.ts") });
});
afterAll(cleanTemp);

const page = (rel: string) => read(out, rel);

describe("building the fixture site", () => {
  it("writes every page as a static file with trailing slashes off", () => {
    for (const file of [
      "index.html",
      "404.html",
      ".nojekyll",
      "sitemap.xml",
      "search-doc.json",
      "search-index.json",
      "search-doc-1.0.0.json",
      "search-index-current.json",
      "search.html",
      "docs.html",
      "docs/guide/first-steps.html",
      "docs/guide/advanced.html",
      "docs/category/guide.html",
      "docs/next.html",
      "docs/next/guide/only-next.html",
      "docs/next/category/guide.html",
      "docs/1.0.0.html",
      "docs/1.0.0/guide/first-steps.html",
    ]) {
      expect(fs.existsSync(path.join(out, file)), file).toBe(true);
    }
    expect(fs.existsSync(path.join(out, "docs/1.0.0/guide/only-next.html"))).toBe(false);
    expect(result.pages).toBe(16);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(Object.keys(result.timings)).toEqual(expect.arrayContaining(["config", "content", "markdown", "render", "links", "search", "output"]));
  });

  it("gives every page its language, title, description, canonical URL and Open Graph tags", () => {
    const html = page("docs/guide/first-steps.html");
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en" dir="ltr"/);
    expect(html).toContain("<title>First steps | Fixture Docs</title>");
    expect(html).toContain('<meta name="description" content="The first steps with the fixture."/>');
    expect(html).toContain('<link rel="canonical" href="https://example.org/carta-frontend/docs/guide/first-steps"/>');
    expect(html).toContain('<meta property="og:title" content="First steps | Fixture Docs"/>');
    expect(html).toContain('<meta property="og:description" content="The first steps with the fixture."/>');
  });

  it("puts the skip link first, then the navbar, sidebar with the active page, breadcrumbs, TOC and pagination", () => {
    const html = page("docs/guide/first-steps.html");
    const body = html.slice(html.indexOf("<body"));
    expect(body.indexOf('<a class="skip-link" href="#main">Skip to main content</a>')).toBeLessThan(body.indexOf("<a", body.indexOf("skip-link") + 10));
    expect(html).toContain('<a class="menu__link menu__link--active" href="/carta-frontend/docs/guide/first-steps" aria-current="page">First steps</a>');
    expect(html).toContain('href="/carta-frontend/docs/category/guide">Guide</a><details open="">');
    expect(html).toContain('<nav class="breadcrumbs" aria-label="Breadcrumbs"><ol><li><a href="/carta-frontend/docs/category/guide">Guide</a></li>');
    expect(html).toContain('<a class="toc__link" href="#installing">Installing</a>');
    expect(html).toContain('rel="prev"');
    expect(html).toContain('href="/carta-frontend/docs/guide/advanced" rel="next"');
  });

  it("renders markdown: highlighted code with its title, admonitions and heading anchors", () => {
    const html = page("docs/guide/first-steps.html");
    expect(html).toContain('<div class="code-title">example.ts</div>');
    expect(html).toContain('<span class="hljs-keyword">const</span>');
    expect(html).toContain('<div class="admonition admonition-tip" role="note"><p class="admonition-title">Remember</p>');
    expect(html).toContain('<h2 id="installing">');
    expect(html).toContain('href="/carta-frontend/docs/guide/advanced#deep-dive"');
  });

  it("copies content images to hashed asset files", () => {
    const html = page("docs/next/guide/only-next.html");
    const src = /<img src="(\/carta-frontend\/assets\/images\/diagram\.[0-9a-f]{10}\.svg)"/.exec(html)?.[1];
    expect(src).toBeDefined();
    expect(fs.existsSync(path.join(out, src!.replace("/carta-frontend/", "")))).toBe(true);
  });

  it("shows the right version banner: unreleased for next, unmaintained for old versions, none for the latest", () => {
    expect(page("docs/next/guide/first-steps.html")).toContain("This is unreleased documentation: version Next is still in development.");
    expect(page("docs/1.0.0/guide/first-steps.html")).toContain("This is the documentation of version 1.0.0, which is no longer actively maintained.");
    expect(page("docs/1.0.0/guide/first-steps.html")).toContain('href="/carta-frontend/docs/guide/first-steps" data-version="2.0.0" data-version-choice="true"');
    expect(page("docs/guide/first-steps.html")).not.toContain("version-banner");
  });

  it("links the version dropdown to the same page in each version, else that version's root", () => {
    const next = page("docs/next/guide/only-next.html");
    expect(next).toContain('href="/carta-frontend/docs/next/guide/only-next" data-version="current"');
    expect(next).toContain('href="/carta-frontend/docs" data-version="2.0.0"');
    expect(next).toContain('href="/carta-frontend/docs/1.0.0" data-version="1.0.0"');
    const latest = page("docs/guide/advanced.html");
    expect(latest).toContain('href="/carta-frontend/docs/1.0.0/guide/advanced" data-version="1.0.0"');
    expect(latest).toMatch(/<summary class="navbar__link" aria-label="Docs version: 2.0.0">2.0.0<\/summary>/);
  });

  it("builds generated category index pages listing their docs with descriptions", () => {
    const html = page("docs/category/guide.html");
    expect(html).toContain("<h1>The guide</h1>");
    expect(html).toContain('<a class="card" href="/carta-frontend/docs/guide/first-steps"><span class="card__title">First steps</span><span class="card__description">The first steps with the fixture.</span></a>');
  });

  it("writes a sitemap of every listed page and search files with the page sections, per version", () => {
    const sitemap = page("sitemap.xml");
    expect(sitemap).toContain("<loc>https://example.org/carta-frontend/docs/next/guide/only-next</loc>");
    expect(sitemap).not.toContain("404");
    expect(sitemap).not.toContain("/search<");
    const docs = JSON.parse(page("search-doc-1.0.0.json")) as SearchDocFile;
    expect(docs.version).toBe("1.0.0");
    const pageIndex = docs.pages.route.indexOf("/carta-frontend/docs/1.0.0/guide/advanced");
    expect(docs.pages.title[pageIndex]).toBe("Advanced topics");
    const first = docs.pages.count.slice(0, pageIndex).reduce((a, b) => a + b, 0);
    const section = docs.sections.heading.indexOf("Deep dive", first);
    expect(docs.sections.anchor[section]).toBe("deep-dive");
    const { file, at } = textPlace(decodeGaps(docs.sections.texts).values, section);
    expect((JSON.parse(page(searchTextFile("1.0.0", file))) as string[])[at]).toBe("Unique searchable word: zanzibarone.");
    // The latest version's files keep the plain names; a version's index holds its own words only.
    expect((JSON.parse(page("search-doc.json")) as SearchDocFile).version).toBe("2.0.0");
    const termsOf = (version: string, manifest: string) =>
      (JSON.parse(page(manifest)) as SearchIndexFile).shards.first.flatMap((_, n) => (JSON.parse(page(searchShardFile(version, n))) as SearchShardFile).terms.split(" "));
    expect(termsOf("1.0.0", "search-index-1.0.0.json")).toContain("zanzibarone");
    expect(termsOf("2.0.0", "search-index.json")).not.toContain("zanzibarone");
  });
});

describe("the programmatic API", () => {
  it("check returns the same diagnostics without writing", async () => {
    const copy = copyFixtureSite();
    const report = await check({ config: path.join(copy, "site.config.ts") });
    expect(report).toMatchObject({ ok: true, pages: 16, errors: [], filesWritten: 0 });
    expect(fs.existsSync(path.join(copy, "build"))).toBe(false);
  });

  it("build throws a CartaDocsError carrying every diagnostic, and leaves no output and no staging folder", async () => {
    const copy = copyFixtureSite();
    fs.appendFileSync(path.join(copy, "content/docs/intro.md"), "\n[gone](/docs/next/nowhere)\n");
    const error = await build({ config: path.join(copy, "site.config.ts") }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CartaDocsError);
    expect((error as CartaDocsError).diagnostics).toContainEqual(expect.objectContaining({ code: "broken-link", file: "content/docs/intro.md" }));
    // Pages are written into a staging folder as they render; a failed build removes it.
    expect(fs.readdirSync(copy).filter((name) => name === "build" || name.startsWith(".build."))).toEqual([]);
  });

  it("warns about the raw HTML it removes, with file and line, on docs and on the home page alike", async () => {
    const copy = copyFixtureSite();
    const lines = new Map<string, number>();
    for (const rel of ["content/docs/intro.md", "content/pages/index.md"]) {
      fs.appendFileSync(path.join(copy, rel), "\n<script>alert(1)</script>\n");
      lines.set(rel, read(copy, rel).trimEnd().split("\n").length);
    }
    const report = await check({ config: path.join(copy, "site.config.ts") });
    expect(report.ok).toBe(true);
    for (const [file, line] of lines) {
      expect(report.warnings).toContainEqual(expect.objectContaining({ code: "raw-html", file, line, message: expect.stringContaining("<script>") }));
    }
  });

  it("copies content/static into the output, where a static file replaces a generated one of the same path", async () => {
    const copy = copyFixtureSite();
    write(copy, "content/static/robots.txt", "User-agent: *\n");
    write(copy, "content/static/img/deep/logo.svg", "<svg/>");
    write(copy, "content/static/index.html", "static, not the home page");
    const report = await build({ config: path.join(copy, "site.config.ts") });
    expect(read(report.outDir!, "robots.txt")).toBe("User-agent: *\n");
    expect(read(report.outDir!, "img/deep/logo.svg")).toBe("<svg/>");
    expect(read(report.outDir!, "index.html")).toBe("static, not the home page");
    expect(report.filesWritten).toBe(result.filesWritten);
  });
});
