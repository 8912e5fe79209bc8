/**
 * `redirects` in the config: each `from` is written as a static page (canonical link, meta refresh, noindex, a
 * link for readers) sending readers to its `to`; the sitemap lists only `to`; no twin, no search entry. A `from`
 * that is no plain path, that a page has, or that another redirect has, and a `to` that is broken or leads to
 * another redirect, are errors naming the key and its line of site.config.ts. `serve` serves the pages.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runPipeline, type PipelineResult } from "../../cli/pipeline/pipeline.ts";
import { startServer } from "../../cli/serve/index.ts";
import { cleanTemp, read, tempDir, write } from "../helpers/site.ts";

/** A site whose config lists `redirects`, one per line, so each error's line is the redirect's. */
function redirectSite(redirects: { from: string; to: string }[], url = "https://example.org"): string {
  const site = tempDir("carta-docs-redirects-");
  const lines = redirects.map((r) => `    { from: ${JSON.stringify(r.from)}, to: ${JSON.stringify(r.to)} },`);
  write(site, "site.config.ts", `export default {\n  title: "Site",\n  ${url ? `url: "${url}",` : ""}\n  baseUrl: "/base/",\n  redirects: [\n${lines.join("\n")}\n  ],\n};\n`);
  write(site, "content/docs/intro.md", "---\nslug: /\n---\n# Introduction\n\nWelcome.\n");
  write(site, "content/docs/guide/setup.md", "# Setup\n\n## Install\n\nSteps.\n");
  write(site, "content/pages/about.md", "# About\n\nText.\n");
  return site;
}

/** Line of the config file the ith redirect is written on (see redirectSite). */
const lineOf = (i: number) => 6 + i;

const build = (site: string) => runPipeline({ config: path.join(site, "site.config.ts"), write: true });

afterAll(cleanTemp);

describe("a redirect", () => {
  let site: string;
  let result: PipelineResult;
  const out = (rel: string) => read(path.join(site, "build"), rel);

  beforeAll(async () => {
    site = redirectSite([
      { from: "/docs/getting-started/", to: "/docs/guide/setup#install" },
      { from: "/old/about", to: "/about" },
      { from: "/blog", to: "https://example.com/blog" },
    ]);
    result = await build(site);
  }, 60_000);

  it("is a static page at its from route, with a canonical link, a meta refresh, noindex and a link for readers", () => {
    expect(result.errors).toEqual([]);
    const html = out("docs/getting-started.html");
    expect(html).toContain('<link rel="canonical" href="https://example.org/base/docs/guide/setup#install"/>');
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/base/docs/guide/setup#install"/>');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toMatch(/<body><p>This page has moved to <a href="\/base\/docs\/guide\/setup#install">/);
    expect(out("old/about.html")).toContain('<meta http-equiv="refresh" content="0; url=/base/about"/>');
    // A target without an anchor gets the old URL's, when the script runs.
    expect(out("old/about.html")).toContain('<script>location.replace("/base/about"+location.hash);</script>');
    expect(out("blog.html")).toContain('<link rel="canonical" href="https://example.com/blog"/>');
  });

  it("is in the sitemap only as its target, and has no twin or search entry", () => {
    const sitemap = out("sitemap.xml");
    expect(sitemap).toContain("<loc>https://example.org/base/docs/guide/setup</loc>");
    for (const from of ["getting-started", "old/about", "blog"]) expect(sitemap).not.toContain(from);
    expect(fs.existsSync(path.join(site, "build/docs/getting-started.md"))).toBe(false);
    expect(fs.existsSync(path.join(site, "build/old/about.md"))).toBe(false);
    const routes = (JSON.parse(out("search-doc.json")) as { pages: { route: string[] } }).pages.route;
    expect(routes).toContain("/base/about");
    expect(routes.filter((route) => route.includes("old") || route.includes("getting-started") || route.includes("blog"))).toEqual([]);
    expect(out("llms.txt")).not.toContain("getting-started");
  });

  it("is served like any page by carta-docs serve", async () => {
    const server = await startServer({ dir: path.join(site, "build"), port: 0, host: "127.0.0.1", basePath: "/base/" });
    try {
      for (const route of ["docs/getting-started", "docs/getting-started/"]) {
        const response = await fetch(`${server.url}${route}`);
        expect(response.status).toBe(200);
        expect(await response.text()).toContain('http-equiv="refresh"');
      }
    } finally {
      await server.close();
    }
  });

  it("keeps its canonical link without the site's url, as a path", async () => {
    const plain = redirectSite([{ from: "/old", to: "/docs/guide/setup" }], "");
    const built = await build(plain);
    expect(built.errors).toEqual([]);
    expect(read(path.join(plain, "build"), "old.html")).toContain('<link rel="canonical" href="/base/docs/guide/setup"/>');
  }, 60_000);
});

describe("a redirect the build refuses", () => {
  it("a from that a page has, that another redirect has, a to leading to a redirect and a broken to: errors at their lines", async () => {
    const site = redirectSite([
      { from: "/docs/guide/setup", to: "/about" },
      { from: "/old", to: "/docs/guide/setup#nowhere" },
      { from: "/old/", to: "/about" },
      { from: "/older", to: "/old" },
      { from: "/gone", to: "/docs/missing" },
    ]);
    const result = await build(site);
    expect(result.errors.map((e) => [e.file, e.line, e.code, e.message])).toEqual([
      ["site.config.ts", lineOf(0), "config", 'redirects[0].from "/docs/guide/setup" is the route of a page (content/docs/guide/setup.md): a redirect may only keep an old URL that no page has; remove the redirect, or give the page another route'],
      ["site.config.ts", lineOf(2), "config", 'redirects[2].from "/old/" is redirected already by redirects[1]; keep one of them'],
      ["site.config.ts", lineOf(3), "config", 'redirects[3].to "/old" leads to another redirect (redirects[1].from); point it at the page itself'],
      ["site.config.ts", lineOf(1), "broken-link", 'broken link in redirects[1].to to "/base/docs/guide/setup#nowhere" (the redirect from /old): the page /base/docs/guide/setup has no element with id "nowhere"'],
      ["site.config.ts", lineOf(4), "broken-link", 'broken link in redirects[4].to to "/base/docs/missing" (the redirect from /gone): no page or file has this route'],
    ]);
    expect(fs.existsSync(path.join(site, "build"))).toBe(false);
  }, 60_000);

  it("a from that is no plain path, or a to that is neither a path nor an http(s) URL: config errors naming the key", async () => {
    for (const [redirect, key, problem] of [
      [{ from: "/a/../b", to: "/about" }, "redirects[0].from", 'it has a "." or ".." segment'],
      [{ from: "/a\\b", to: "/about" }, "redirects[0].from", "backslash"],
      [{ from: "/a?b", to: "/about" }, "redirects[0].from", '"?" or "#"'],
      [{ from: "old", to: "/about" }, "redirects[0].from", 'it does not start with "/"'],
      [{ from: "/old", to: "about" }, "redirects[0].to", 'must be a path under the site ("/docs/new-page", an "#anchor" may follow) or an http:// or https:// URL'],
      [{ from: "/old", to: "javascript:alert(1)" }, "redirects[0].to", "or an http:// or https:// URL"],
    ] as const) {
      const site = redirectSite([redirect]);
      await expect(build(site), `${JSON.stringify(redirect)}`).rejects.toMatchObject({
        diagnostics: [expect.objectContaining({ code: "config", file: expect.stringMatching(/site\.config\.ts$/), message: expect.stringMatching(new RegExp(`^"${key.replace(/[[\]]/g, "\\$&")}" \\(value .*${problem.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`)) })],
      });
      expect(fs.existsSync(path.join(site, "build"))).toBe(false);
    }
  }, 60_000);
});
