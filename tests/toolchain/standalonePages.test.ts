/**
 * Standalone markdown pages (content/pages, as Docusaurus' src/pages): each file but index.md is a page at the
 * route of its path, with the site's chrome and a TOC but no docs sidebar, rendered by the docs' markdown stage;
 * it has a twin, a sitemap entry and search entries of its own; drafts are left out; a clash with a doc is a
 * duplicate-route warning; a slug follows the docs' rules; an incremental build or a watch session renders an
 * edited page alone.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runPipeline, type PipelineResult } from "../../cli/pipeline/pipeline.ts";
import { WatchSession } from "../../cli/watch/session.ts";
import { cleanTemp, read, tempDir, treeChecksum, write } from "../helpers/site.ts";

const CONFIG = `export default ${JSON.stringify({ title: "Site", url: "https://example.org", baseUrl: "/base/" })};\n`;

/** A site with docs and three standalone pages (one in a folder, one a draft) besides the home page's body. */
function pagesSite(): string {
  const site = tempDir("carta-docs-pages-");
  write(site, "site.config.ts", CONFIG);
  write(site, "content/docs/intro.md", "---\nslug: /\n---\n# Introduction\n\nWelcome. See [the team](/about#team).\n");
  write(site, "content/docs/guide.md", "# Guide\n\n## Setup\n\nSteps.\n");
  write(site, "content/pages/index.md", "Home body text.\n");
  write(site, "content/pages/about.md", "---\ntitle: About us\ndescription: Who makes the site.\n---\n# About\n\nRead [the guide](../docs/guide.md#setup) and [the intro](/docs).\n\n## Team\n\nThe zanzibarteam word.\n\n:::tip\nSay hello.\n:::\n\n![logo](./logo.png)\n");
  write(site, "content/pages/logo.png", Buffer.from("89504e470d0a1a0a", "hex"));
  write(site, "content/pages/legal/index.mdx", "import Link from '@docusaurus/Link';\n\n# Legal\n\n<Link to=\"/about\">About</Link>\n");
  write(site, "content/pages/draft.md", "---\ndraft: true\n---\n# Not yet\n");
  write(site, "content/pages/_partial.md", "# Hidden\n");
  return site;
}

async function buildSite(site: string, options: { incremental?: boolean; includeDrafts?: boolean } = {}): Promise<PipelineResult & { log: string[] }> {
  const log: string[] = [];
  const result = await runPipeline({ config: path.join(site, "site.config.ts"), write: true, ...options, log: (line) => log.push(line) });
  return { ...result, log };
}

const routes = (result: PipelineResult) => result.pages.map((page) => page.route);

afterAll(cleanTemp);

describe("standalone markdown pages", () => {
  let site: string;
  let result: PipelineResult;
  const out = (rel: string) => read(path.join(site, "build"), rel);

  beforeAll(async () => {
    site = pagesSite();
    result = await buildSite(site);
  }, 60_000);

  it("are pages at the routes of their paths, and index.md stays the home page's body", () => {
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(routes(result)).toEqual(expect.arrayContaining(["/base/about", "/base/legal"]));
    expect(result.pages.filter((page) => page.kind === "markdownPage").map((page) => [page.route, page.source, page.title])).toEqual([
      ["/base/about", "content/pages/about.md", "About us"],
      ["/base/legal", "content/pages/legal/index.mdx", "Legal"],
    ]);
    expect(out("index.html")).toContain("Home body text.");
    expect(fs.existsSync(path.join(site, "build/index/index.html"))).toBe(false);
  });

  it("render with the site's chrome and a table of contents, without a docs sidebar, through the docs' markdown stage", () => {
    const html = out("about.html");
    expect(html).toContain("<title>About us | Site</title>");
    expect(html).toContain('<meta name="description" content="Who makes the site."/>');
    expect(html).toContain('data-page-kind="markdownPage"');
    expect(html).toMatch(/<nav class="navbar/);
    expect(html).toContain('<footer class="footer"');
    expect(html).toContain('<aside class="sidebar sidebar--empty"');
    expect(html).not.toContain('aria-label="Docs sidebar"');
    expect(html).toMatch(/<nav class="toc"[^]*href="#team"/);
    // The body's own h1 is shown (its front matter title names the page), once.
    expect(html.match(/<h1\b/g)).toHaveLength(1);
    expect(html).toContain('<h1 id="about">About');
    // Links resolved as a page of the latest version's would, an admonition, an image as a hashed asset.
    expect(html).toContain('href="/base/docs/guide#setup"');
    expect(html).toContain('class="admonition admonition-tip"');
    expect(html).toMatch(/<img src="\/base\/assets\/[^"]+\.png" alt="logo"/);
    // MDX: the import dropped, <Link> a link.
    expect(out("legal.html")).toContain('<a href="/base/about">About</a>');
  });

  it("have markdown twins, sitemap entries, llms.txt entries and search entries of their own", () => {
    expect(out("about.html")).toContain('<link rel="alternate" type="text/markdown" href="/base/about.md"/>');
    expect(out("about.md")).toMatch(/^# About us\n[^]*## Team[^]*> \*\*Tip\*\*/);
    expect(out("about.md")).toContain("(https://example.org/base/docs/guide.md#setup)");
    expect(out("sitemap.xml")).toContain("<loc>https://example.org/base/about</loc>");
    expect(out("sitemap.xml")).toContain("<loc>https://example.org/base/legal</loc>");
    expect(out("llms.txt")).toMatch(/## Pages\n\n- \[About us\]\(https:\/\/example\.org\/base\/about\.md\): Who makes the site\.\n- \[Legal\]/);
    const search = JSON.parse(out("search-doc.json")) as { pages: { route: string[]; title: string[] } };
    const at = search.pages.route.indexOf("/base/about");
    expect(search.pages.title[at]).toBe("About us");
    expect(search.pages.route.filter((route) => route === "/base/about")).toHaveLength(1);
  });

  it("leave drafts out, as docs, unless drafts are asked for", async () => {
    expect(routes(result)).not.toContain("/base/draft");
    expect(fs.existsSync(path.join(site, "build/draft.html"))).toBe(false);
    expect(routes(result)).not.toContain("/base/_partial");
    const check = await runPipeline({ config: path.join(site, "site.config.ts"), write: false, includeDrafts: true });
    expect(routes(check)).toContain("/base/draft");
  });
});

describe("a standalone page's route", () => {
  it("follows a front matter slug, and a clash with a doc is a duplicate-route warning naming the page", async () => {
    const site = pagesSite();
    write(site, "content/pages/company/team.md", "---\nslug: ../people\n---\n# Team\n");
    write(site, "content/pages/guide.md", "---\nslug: /company/guide\n---\n# Another guide\n");
    write(site, "content/pages/docs/guide.md", "# Clashing with a doc\n");
    const result = await runPipeline({ config: path.join(site, "site.config.ts"), write: false });
    expect(routes(result)).toEqual(expect.arrayContaining(["/base/people", "/base/company/guide"]));
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([
      expect.objectContaining({ code: "duplicate-route", file: "content/pages/docs/guide.md", message: "two pages claim the route /base/docs/guide: content/docs/guide.md and content/pages/docs/guide.md; the second one is ignored" }),
    ]);
    expect(result.pages.find((page) => page.route === "/base/docs/guide")?.kind).toBe("doc");
  });

  it("refuses a slug that is no plain path, at its line, as for a doc, and keeps the file's route", async () => {
    const site = pagesSite();
    write(site, "content/pages/climb.md", "---\ntitle: Climb\nslug: ../../etc/passwd\n---\n# Climb\n");
    write(site, "content/pages/odd.md", "---\nslug: /a/%2e%2e/b\n---\n# Odd\n");
    const result = await runPipeline({ config: path.join(site, "site.config.ts"), write: false });
    expect(result.errors.map((e) => [e.code, e.file, e.line, e.message.split(":")[0]])).toEqual([
      ["slug", "content/pages/climb.md", 3, 'front matter slug "../../etc/passwd" is not a route inside the site'],
      ["slug", "content/pages/odd.md", 2, 'front matter slug "/a/%2e%2e/b" is not a route inside the site'],
    ]);
    expect(result.errors[0]!.message).toContain('its ".." segments climb above the pages folder');
    expect(routes(result)).toEqual(expect.arrayContaining(["/base/climb", "/base/odd"]));
  });

  it("at the base path itself is the home page's route: a duplicate-route warning, the home page kept", async () => {
    const site = pagesSite();
    write(site, "content/pages/welcome.md", "---\nslug: /\n---\n# Welcome\n");
    const result = await runPipeline({ config: path.join(site, "site.config.ts"), write: false });
    expect(result.warnings.map((w) => [w.code, w.file])).toEqual([["duplicate-route", "content/pages/welcome.md"]]);
    expect(result.pages.find((page) => page.route === "/base/")?.kind).toBe("home");
  });
});

describe("an edited standalone page", () => {
  it("is the only page an incremental build renders, and the output equals a clean build's", async () => {
    const site = pagesSite();
    const cold = await buildSite(site, { incremental: true });
    expect(cold.errors).toEqual([]);
    write(site, "content/pages/about.md", read(site, "content/pages/about.md").replace("zanzibarteam", "quetzalteam"));
    const warm = await buildSite(site, { incremental: true });
    expect(warm.log).toContain(`rendered 1 pages (${warm.pageCount - 1} unchanged)`);
    expect(read(path.join(site, "build"), "about.html")).toContain("quetzalteam");
    const search = JSON.parse(read(path.join(site, "build"), "search-text/current/0.json")) as string[];
    expect(search.join(" ")).toContain("quetzalteam");
    const clean = tempDir();
    expect((await runPipeline({ config: path.join(site, "site.config.ts"), write: true, outDir: clean })).errors).toEqual([]);
    expect(treeChecksum(path.join(site, "build"))).toEqual(treeChecksum(clean));
    // A new page, then its removal: each seen by the content stage's stamp of content/pages.
    write(site, "content/pages/new.md", "# New page\n");
    expect((await buildSite(site, { incremental: true })).log).toContain(`rendered 1 pages (${cold.pageCount} unchanged)`);
    fs.rmSync(path.join(site, "content/pages/new.md"));
    const removed = await buildSite(site, { incremental: true });
    expect(routes(removed)).not.toContain("/base/new");
    expect(fs.existsSync(path.join(site, "build/new.html"))).toBe(false);
  }, 60_000);

  it("is rebuilt alone by a watch session", async () => {
    const site = pagesSite();
    const session = new WatchSession({ config: path.join(site, "site.config.ts") });
    expect((await session.rebuild()).ok).toBe(true);
    write(site, "content/pages/about.md", read(site, "content/pages/about.md").replace("zanzibarteam", "quetzalteam"));
    const report = await session.rebuild([path.join(site, "content/pages/about.md")]);
    expect(report).toMatchObject({ ok: true, routes: ["/base/about"] });
    expect(read(session.outDir, "about.html")).toContain("quetzalteam");
  }, 60_000);
});
