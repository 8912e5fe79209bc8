/**
 * Docs an AI assistant can read: the CARTA site built with the sample viewer, walked file by file. Every
 * page but the not-found page has a markdown twin, linked from its head; twins hold no HTML and only
 * absolute links that resolve; llms.txt has the llmstxt.org shape; each version has its index and full
 * text; `serve` sends markdown as such. `llms` in the config turns it off or narrows the full files.
 */
import fs from "node:fs";
import path from "node:path";
import { Marked, type Token, type Tokens } from "marked";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatLlmsFull } from "../../cli/commands/report.ts";
import { build, loadConfig, type BuildResult } from "../../cli/index.ts";
import type { ResolvedConfig } from "../../cli/config/load.ts";
import { runPipeline } from "../../cli/pipeline/pipeline.ts";
import { startServer } from "../../cli/serve/index.ts";
import { FIXTURE_SITE, ROOT, cleanTemp, copyFixtureSite, runCli, tempDir } from "../helpers/site.ts";

/** Pages that are no content: the not-found page, and the page the search form leads to without JavaScript. */
const WITHOUT_TWIN = ["404.html", "search.html"];

const ORIGIN = "https://cartavis.org";
const BASE = "/carta-frontend/";
let out: string;
let result: BuildResult;

/**
 * The repository's config with the sample viewer. Snippets are not type-checked here: what is tested is
 * what the build writes, not whether the tutorial matches the sample code base (tests/snippets does that).
 */
async function cartaConfig(): Promise<ResolvedConfig> {
  const config = await loadConfig(path.join(ROOT, "site.config.ts"));
  config.api = { ...config.api!, viewerDir: path.join(tempDir(), "no-checkout"), snippets: { include: [], globals: {} } };
  return config;
}

beforeAll(async () => {
  out = tempDir();
  result = await build({ config: await cartaConfig(), outDir: out });
}, 180_000);
afterAll(cleanTemp);

function filesUnder(dir: string, extension: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(extension))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
}

const read = (rel: string) => fs.readFileSync(path.join(out, rel), "utf8");
const lexer = new Marked({ gfm: true });

/** Every link and image URL of a markdown text, as a markdown reader finds them. */
function urlsOf(markdown: string): string[] {
  const urls: string[] = [];
  // void: walkTokens returns its visitors' results, for async extensions; this visitor is synchronous.
  void lexer.walkTokens(lexer.lexer(markdown), (token: Token) => {
    if (token.type === "link" || token.type === "image") urls.push((token as Tokens.Link).href);
  });
  return urls;
}

/** The raw HTML a markdown reader finds in a text (inside code, `<version>` is text, not HTML). */
function htmlOf(markdown: string): string[] {
  const html: string[] = [];
  // void: walkTokens returns its visitors' results, for async extensions; this visitor is synchronous.
  void lexer.walkTokens(lexer.lexer(markdown), (token: Token) => {
    if (token.type === "html") html.push(token.raw);
  });
  return html;
}

/** The built file a URL of the site names (hash and query dropped); undefined for other origins. */
function fileOfUrl(url: string): string | undefined {
  const parsed = new URL(url);
  if (parsed.origin !== ORIGIN || !parsed.pathname.startsWith(BASE)) return undefined;
  return decodeURIComponent(parsed.pathname.slice(BASE.length));
}

function expectLinksResolve(file: string, markdown: string): void {
  for (const url of urlsOf(markdown)) {
    expect(url, `${file}: ${url}`).toMatch(/^(https?:\/\/|mailto:)/);
    const target = url.startsWith(`${ORIGIN}${BASE}`) ? fileOfUrl(url) : undefined;
    if (target !== undefined) expect(fs.existsSync(path.join(out, target)) && fs.statSync(path.join(out, target)).isFile(), `${file} links ${url}`).toBe(true);
  }
}

describe("markdown twins of the CARTA site", () => {
  it("builds without errors", () => {
    expect(result.errors).toEqual([]);
  });

  it("gives every HTML page but 404 and the no-JavaScript search page a twin at its route plus .md, linked from its head", () => {
    const pages = filesUnder(out, ".html");
    expect(pages.length).toBeGreaterThan(300);
    for (const page of pages) {
      const twin = page.replace(/\.html$/, ".md");
      const alternate = /<link rel="alternate" type="text\/markdown" href="([^"]+)"\/>/.exec(read(page))?.[1];
      if (WITHOUT_TWIN.includes(page)) {
        expect(fs.existsSync(path.join(out, twin))).toBe(false);
        expect(alternate).toBeUndefined();
        continue;
      }
      expect(fs.existsSync(path.join(out, twin)), twin).toBe(true);
      expect(alternate, page).toBe(BASE + twin);
    }
    for (const named of ["docs/code-snippet-tutorial/basics.md", "api/.-stores/class/AppStore.md", "index.md"]) expect(fs.existsSync(path.join(out, named)), named).toBe(true);
  });

  it("writes twins with one h1 (the page's title), no HTML, and only absolute links that resolve to built files", () => {
    const twins = filesUnder(out, ".md");
    expect(twins.length).toBe(filesUnder(out, ".html").length - WITHOUT_TWIN.length);
    for (const file of twins) {
      const text = read(file);
      expect(text.split("\n")[0], file).toMatch(/^# \S/);
      expect(htmlOf(text), file).toEqual([]);
      expectLinksResolve(file, text);
    }
  });

  it("makes doc twins from their source: links to twins, admonitions as quotes, code fences kept", () => {
    const basics = read("docs/code-snippet-tutorial/basics.md");
    expect(basics.startsWith("# Basics\n\n")).toBe(true);
    expect(basics).not.toMatch(/^---$/m); // no front matter
    expect(basics).toContain(`[AppStore](${ORIGIN}${BASE}api/.-stores/class/AppStore.md)`);
    expect(basics).toContain("```javascript\n");
    const guidelines = read("docs/contributing/documentation-guidelines.md");
    expect(guidelines).toContain("> **Warning: Backend required**");
    expect(read("docs/next.md")).toMatch(/^> \*\*Info: /m);
  });

  it("makes API twins from the model: kind and name, signatures with types, members with comments, Defined in", () => {
    const appStore = read("api/.-stores/class/AppStore.md");
    expect(appStore.startsWith("# Class: AppStore\n")).toBe(true);
    expect(appStore).toContain("```ts\nopenFile(path: string, filename?: string, hdu?: string, imageArithmetic?: boolean, updateStartingDirectory?: boolean): Generator<Promise<unknown>, FrameStore, any>\n```");
    expect(appStore).toMatch(/^- `path` \(`string`\): \S/m);
    expect(appStore).toMatch(/^Returns \[?`Generator<Promise<unknown>, FrameStore, any>`/m);
    expect(appStore).toMatch(/^### openFile$/m);
    expect(appStore).toMatch(/^Defined in `src\/stores\/AppStore\/AppStore\.ts:\d+`$/m);
    const area = read("api/.-stores.md");
    expect(area).toContain(`- [AppStore](${ORIGIN}${BASE}api/.-stores/class/AppStore.md): `);
  });
});

describe("llms.txt and the full text of each version", () => {
  it("has the llmstxt.org shape: # title, > tagline, ## sections of - [Title](url): summary", () => {
    const text = read("llms.txt");
    const lines = text.trimEnd().split("\n");
    expect(lines[0]).toBe("# CARTA Frontend Documentation");
    expect(lines[1]).toBe("");
    expect(lines[2]).toBe("> Welcome to the CARTA frontend documentation");
    const sections = lines.filter((line) => line.startsWith("## ")).map((line) => line.slice(3));
    expect(sections).toEqual(expect.arrayContaining(["Code Snippet Tutorial", "Contributing", "API reference", "API: Stores", "Other versions"]));
    // After the first section, every line is a heading, a list entry or blank.
    const body = lines.slice(lines.findIndex((line) => line.startsWith("## ")));
    for (const line of body) expect(line).toMatch(/^(## .+|- \[[^\]]+\]\(https:\/\/[^)\s]+\)(: .+)?|)$/);
    expect(text).toContain(`- [Basics](${ORIGIN}${BASE}docs/code-snippet-tutorial/basics.md): `);
    expect(text).toContain(`- [AppStore](${ORIGIN}${BASE}api/.-stores/class/AppStore.md): `);
    expect(text).not.toContain(`${BASE}docs/next/code-snippet-tutorial`); // the latest version's twins only
    expectLinksResolve("llms.txt", text);
  });

  it("names each other version with its own index, and each version has an index and a full text", () => {
    const text = read("llms.txt");
    for (const version of ["4.1.0", "Next"]) expect(text).toMatch(new RegExp(`^- \\[${version}\\]\\(${ORIGIN}${BASE}docs/${version === "Next" ? "next" : version}/llms\\.txt\\)`, "m"));
    for (const dir of ["docs", "docs/next", "docs/4.1.0"]) {
      expect(read(`${dir}/llms.txt`)).toMatch(/^# CARTA Frontend Documentation/);
      expect(read(`${dir}/llms-full.txt`).length).toBeGreaterThan(10_000);
      expectLinksResolve(`${dir}/llms.txt`, read(`${dir}/llms.txt`));
    }
    expect(read("docs/4.1.0/llms.txt")).toContain(`${BASE}docs/4.1.0/code-snippet-tutorial/basics.md`);
  });

  it("holds the 5.0.0 tutorial's snippets and AppStore's openFile signature in the 5.0.0 full file", () => {
    const full = read("docs/llms-full.txt");
    const tutorial = path.join(ROOT, "content/versioned_docs/version-5.0.0/code-snippet-tutorial");
    let snippets = 0;
    for (const name of fs.readdirSync(tutorial).filter((n) => n.endsWith(".md"))) {
      for (const [, code] of fs.readFileSync(path.join(tutorial, name), "utf8").matchAll(/^```(?:javascript|js|ts)[^\n]*\n([\s\S]*?)^```$/gm)) {
        expect(full, `${name}: ${code!.slice(0, 60)}`).toContain(code);
        snippets++;
      }
    }
    expect(snippets).toBeGreaterThan(20);
    expect(full).toContain("openFile(path: string, filename?: string, hdu?: string, imageArithmetic?: boolean, updateStartingDirectory?: boolean): Generator<Promise<unknown>, FrameStore, any>");
    // Docs in sidebar order, then the API reference; no index lists (every item follows in full).
    expect(full.indexOf("# Quick start")).toBeLessThan(full.indexOf("# Basics"));
    expect(full.indexOf("# Release guidelines")).toBeLessThan(full.indexOf("# Class: AppStore"));
    expect(full).not.toContain("## Modules");
    expect(full).not.toContain(`(${ORIGIN}${BASE}docs/next/`);
  });

  it("reports each full file's size, as the build summary prints it", () => {
    expect(result.llmsFull.map((f) => f.file)).toEqual(["docs/llms-full.txt", "docs/next/llms-full.txt", "docs/4.1.0/llms-full.txt"]);
    for (const { file, bytes } of result.llmsFull) expect(bytes).toBe(fs.statSync(path.join(out, file)).size);
    expect(formatLlmsFull([{ file: "docs/llms-full.txt", version: "5.0.0", bytes: 337_000 }])).toBe("llms-full.txt: docs/llms-full.txt 330 KB (5.0.0)");
  });

  it("is served as text/markdown (twins) and text/plain (llms.txt), UTF-8", async () => {
    const server = await startServer({ dir: out, basePath: BASE, port: 0 });
    try {
      const twin = await fetch(new URL("docs/code-snippet-tutorial/basics.md", server.url));
      expect(twin.status).toBe(200);
      expect(twin.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
      expect(await twin.text()).toBe(read("docs/code-snippet-tutorial/basics.md"));
      const index = await fetch(new URL("llms.txt", server.url));
      expect(index.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    } finally {
      await server.close();
    }
  });
});

describe("twins made on render threads", () => {
  it("are the same bytes as those made on the main thread, and so are the llms files", async () => {
    const threaded = tempDir();
    const threadedResult = await runPipeline({ config: await cartaConfig(), outDir: threaded, write: true, renderThreads: 1 });
    expect(threadedResult.errors).toEqual([]);
    const written = [...filesUnder(out, ".md"), ...filesUnder(out, ".txt")].sort();
    expect([...filesUnder(threaded, ".md"), ...filesUnder(threaded, ".txt")].sort()).toEqual(written);
    for (const file of written) expect(fs.readFileSync(path.join(threaded, file), "utf8"), file).toBe(read(file));
  }, 180_000);
});

describe("the llms config key", () => {
  const fixture = async (llms: ResolvedConfig["llms"]) => {
    const config = await loadConfig(path.join(FIXTURE_SITE, "site.config.ts"));
    const dir = tempDir();
    await build({ config: { ...config, llms }, outDir: dir });
    return dir;
  };

  it("is on by default, and `carta-docs build` prints each full file's size in its summary", () => {
    const site = copyFixtureSite();
    const run = runCli(["build"], site);
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/^llms-full\.txt: docs\/llms-full\.txt \d+ KB \(2\.0\.0\), docs\/next\/llms-full\.txt \d+ KB \(Next\), docs\/1\.0\.0\/llms-full\.txt \d+ KB \(1\.0\.0\)$/m);
    expect(fs.existsSync(path.join(site, "build", "llms.txt"))).toBe(true);
  }, 60_000);

  it("false writes no twin, no llms file and no alternate link", async () => {
    const dir = await fixture(false);
    expect(filesUnder(dir, ".md")).toEqual([]);
    expect(filesUnder(dir, ".txt")).toEqual([]);
    expect(fs.readFileSync(path.join(dir, "index.html"), "utf8")).not.toContain('type="text/markdown"');
  }, 60_000);

  it("full narrows what the full files hold", async () => {
    const all = await fixture({ full: ["docs"] });
    const guide = await fixture({ full: ["docs/guide"] });
    const whole = fs.readFileSync(path.join(all, "docs/next/llms-full.txt"), "utf8");
    const narrowed = fs.readFileSync(path.join(guide, "docs/next/llms-full.txt"), "utf8");
    expect(whole).toContain("# Introduction");
    expect(narrowed).not.toContain("# Introduction");
    expect(narrowed).toContain("# First steps");
    // The twins themselves are all there either way.
    expect(filesUnder(guide, ".md")).toEqual(filesUnder(all, ".md"));
  }, 60_000);
});
