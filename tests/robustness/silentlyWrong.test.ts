/**
 * Input that used to build "fine" into a wrong site, or failed with an unclear message (issue 27): each case now
 * gives the right output, or a diagnostic naming the file and the line of the mistake. One temporary site per
 * group of cases; every build goes through the in-process pipeline.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { CartaDocsError, type Diagnostic } from "../../cli/util/diagnostics.ts";
import { runPipeline, type PipelineResult } from "../../cli/pipeline/pipeline.ts";
import { cleanTemp, read, tempDir, treeChecksum, write } from "../helpers/site.ts";
import { PNG } from "./gateWorkspace.ts";

afterAll(cleanTemp);
// Each test builds a site; on a busy machine that takes longer than the 5 s default.
vi.setConfig({ testTimeout: 60_000 });

/** A small site: one config (a plain object), the given files under the site folder. */
function makeSite(config: Record<string, unknown>, files: Record<string, string>): string {
  const site = tempDir("carta-docs-silent-");
  write(site, "site.config.ts", `export default ${JSON.stringify({ title: "Silent", url: "https://example.org", ...config }, null, 2)};\n`);
  for (const [rel, text] of Object.entries(files)) write(site, rel, text);
  return site;
}

/** The site's files but the output and the build cache, which a build may write. */
const sources = (site: string) => Object.fromEntries(Object.entries(treeChecksum(site)).filter(([rel]) => !/^(build|\.carta-docs-cache)(\/|$)/.test(rel)));

/** Builds the site, and proves (whether the build succeeds or fails) that it changed no file outside its output. */
async function build(site: string): Promise<PipelineResult> {
  const before = sources(site);
  try {
    return await runPipeline({ config: "site.config.ts", cwd: site, write: true });
  } finally {
    expect(sources(site)).toEqual(before);
  }
}

/** The diagnostics of a build that fails at its config (thrown, not returned). */
async function configFailure(site: string): Promise<Diagnostic[]> {
  const error = await build(site).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CartaDocsError);
  return (error as CartaDocsError).diagnostics;
}

/** The diagnostics about one file, as [severity, code, line, message], by line. */
function about(result: { diagnostics: Diagnostic[] }, file: string): [string, string, number | undefined, string][] {
  const found = result.diagnostics.filter((d) => d.file === file).sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return found.map((d) => [d.severity, d.code, d.line, d.message]);
}

const INTRO = "---\nslug: /\n---\n\n# Intro\n\nThe start.\n";

describe("markdown that was silently wrong", () => {
  const site = makeSite({}, {
    "content/docs/intro.md": INTRO,
    "content/docs/titled.md": "---\ntitle: Front title\n---\n\n# Body *heading*\n\nText.\n",
    "content/docs/links.md": "# Links\n\n[with a query](./titled.md?x=1#body-heading)\n\n<p>Raw: <a href=\"./titled.md#body-heading\">titled</a></p>\n\n![logo](/img/logo.png)\n",
    "content/docs/tabs.md": 'import Tabs from "@theme/Tabs";\nimport TabItem from "@theme/TabItem";\n\n# Tabs\n\n<Tabs>\n  <TabItem value="a" label="Alpha">\n\nFirst tab.\n\n  </TabItem>\n</Tabs>\n\n```js\nimport x from "y";\n```\n',
    "content/docs/admonitions.md": "# Boxes\n\n:::foo\nA box of no known type.\n:::\n\n- item\n\n  :::Note\n  capitalised\n  :::\n\n:::tip\n\nIn a tip.\n\n:::\n\n:::note\n\nNever closed.\n\n## Later\n\nStill inside.\n",
  });
  // Published only as what it is: an image with a PNG signature (see imageFile.ts).
  write(site, "content/static/img/logo.png", PNG);
  let result: PipelineResult;
  it("builds", async () => {
    result = await build(site);
    expect(result.errors).toEqual([]);
  });

  it("an unknown admonition type is a warning at its line naming the types; an unclosed one a warning at its opening line", () => {
    expect(about(result, "content/docs/admonitions.md")).toEqual([
      ["warning", "admonition", 3, expect.stringMatching(/^":::foo" is not an admonition type, so it is shown as text; the types are note, tip, info, warning, danger, caution$/)],
      ["warning", "admonition", 9, expect.stringContaining('":::Note" is not an admonition type')],
      ["warning", "admonition", 19, expect.stringMatching(/^":::note" is never closed, so the rest of the page is inside it; end it with a line holding only ":::"$/)],
    ]);
    // Like Docusaurus' container directives, the unclosed one runs to the end of the page; the tip before it is closed.
    const html = read(site, "build/docs/admonitions.html");
    expect(html).toMatch(/admonition-tip[^]*In a tip\.[^]*<\/div>\s*<div class="admonition admonition-note"[^]*Never closed[^]*Still inside/);
    expect(html).toContain(":::foo");
  });

  it("a front matter title and a body h1: the page shows the h1 (as Docusaurus does) and is named by the title", () => {
    const html = read(site, "build/docs/titled.html");
    expect(html).toContain("<title>Front title | Silent</title>");
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(html).toMatch(/<h1 id="body-heading">Body <em>heading<\/em><a class="hash-link"/);
    expect(read(site, "build/docs/titled.md")).toMatch(/^# Front title\n\nText\.\n?$/);
  });

  it("a link to a .md file with a query leads to the page, query kept; a raw HTML <a> to a .md file is rewritten like a markdown link", () => {
    const html = read(site, "build/docs/links.html");
    expect(html).toContain('href="/docs/titled?x=1#body-heading"');
    expect(html).toContain('<a href="/docs/titled#body-heading">titled</a>');
    expect(html).not.toMatch(/href="[^"]*titled\.md/);
  });

  it("a .md doc importing Docusaurus components is read as MDX, as Docusaurus reads it: no import shown, tabs rendered", () => {
    const html = read(site, "build/docs/tabs.html");
    expect(html).not.toContain("@theme/Tabs");
    expect(html).toMatch(/<div class="tabs">\s*<div class="tabs__item">\s*<p class="tabs__label">Alpha<\/p><p>First tab\.<\/p>/);
    expect(html).toContain('<span class="hljs-keyword">import</span> x');
  });

  it("a root-absolute image path names a file of content/static, as in Docusaurus", () => {
    const src = /<img src="([^"]+)" alt="logo"/.exec(read(site, "build/docs/links.html"))?.[1];
    expect(src).toMatch(/^\/assets\/images\/logo\.[0-9a-f]{10}\.png$/);
    expect(readFileSync(path.join(site, `build${src}`))).toEqual(PNG);
  });
});

describe("markdown and front matter that are errors now", () => {
  const site = makeSite({}, {
    "content/docs/intro.md": INTRO,
    "content/docs/guide/first.md": "# First\n",
    "content/docs/raw.md": "# Raw\n\nText.\n\n<div>\n<p>\n<a href=\"./intro.md#missing\">x</a> <a href=\"./gone.md\">y</a>\n</p>\n</div>\n\n![x](/img/none.png)\n\nA picture:\n\n<img src=\"x\" alt=\"none\">\n",
    "content/docs/component.md": "# Component\n\nimport Chart from './Chart';\n\n<Chart />\n",
    "content/docs/trail .md": "# Trailing\n\n[intro](./intro.md)\n",
    "content/docs/paged.md": "---\ntitle: Paged\npagination_prev: guide/frist\npagination_next: does/not/exist\n---\n\nText.\n",
  });
  let result: PipelineResult;
  it("fail the build", async () => {
    result = await build(site);
    expect(result.outDir).toBeUndefined();
  });

  it("a pagination_prev or pagination_next naming no doc is an error at its front matter line, with the nearest ids", () => {
    expect(about(result, "content/docs/paged.md")).toEqual([
      ["error", "front-matter", 3, 'pagination_prev "guide/frist" is not the id of a doc of version Next; nearest ids: "guide/first", "intro", "component"'],
      ["error", "front-matter", 4, expect.stringMatching(/^pagination_next "does\/not\/exist" is not the id of a doc of version Next; nearest ids: "/)],
    ]);
  });

  it("a raw HTML link or image is checked like a markdown one, with its line; a missing root-absolute image names the static folder", () => {
    expect(about(result, "content/docs/raw.md")).toEqual([
      ["warning", "broken-markdown-link", 7, expect.stringMatching(/^markdown link "\.\/gone\.md" does not resolve to a doc of this version/)],
      ["error", "broken-link", 7, 'broken link on /docs/raw to "/docs#missing": the page /docs has no element with id "missing"'],
      ["error", "missing-image", 11, 'image "/img/none.png" does not exist (looked for content/static/img/none.png, as a path starting with / names a file of the static folder); add the file or fix the path'],
      ["error", "broken-link", 15, 'broken link on /docs/raw to "x": no page or file has this route'],
    ]);
  });

  it("a doc named with a trailing space is one error naming that file, not broken links blamed on others", () => {
    expect(about(result, "content/docs/trail .md")).toEqual([
      ["error", "file-name", undefined, 'the page\'s route would have the segment "trail ", which starts or ends with whitespace that links cannot keep; rename the file or folder without it, or set a slug'],
    ]);
    expect(result.errors.filter((d) => d.code === "broken-link" && d.file !== "content/docs/raw.md")).toEqual([]);
  });

  it("a .md doc read as MDX for its import says so in its MDX errors", () => {
    expect(about(result, "content/docs/component.md")).toEqual([
      ["error", "mdx", 5, expect.stringMatching(/^<Chart> is a React component \(imported from \.\/Chart\), which carta-docs does not run; .* \(this \.md file is read as MDX, as Docusaurus reads it, for its import or export on line 3\)$/)],
    ]);
  });
});

describe("JSON files", () => {
  it("a byte order mark is accepted", async () => {
    const site = makeSite({}, { "content/docs/intro.md": INTRO, "content/sidebars.json": '\uFEFF{ "docsSidebar": ["intro"] }\n' });
    const result = await build(site);
    expect(result.diagnostics).toEqual([]);
  });

  it("a syntax error names its line and column, also where JSON.parse gives no position", async () => {
    const site = makeSite({}, { "content/docs/intro.md": INTRO, "content/sidebars.json": '{\n  "docsSidebar": [\n    "intro",\n  ]\n}\n' });
    const result = await build(site);
    expect(about(result, "content/sidebars.json")).toEqual([["error", "json", 4, "not valid JSON: Unexpected token ']' (column 3)"]]);
  });
});

describe("config values that were published as they were", () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ["a url with a path: refused as in Docusaurus, saying to put the path in baseUrl", { url: "https://example.org/sub" }, /^"url" \(value "https:\/\/example\.org\/sub"\): it has the path "\/sub"; url is the origin only \(as in Docusaurus\): put the path in baseUrl \("\/sub\/"\) and set url to "https:\/\/example\.org"$/],
    ["credentials in the url", { url: "https://user:pass@example.org" }, /^"url" \(value "https:\/\/\*\*\*@example\.org"\): it holds credentials \(user:password@\), which would be published in every canonical link and the sitemap; remove them$/],
    ["a javascript: navbar link", { navbar: { items: [{ type: "link", label: "Go", href: " JavaScript:alert(1)" }] } }, /^"navbar\.items\[0\]\.href" .*: a javascript: URL is not allowed in a link/],
    ["a data: footer link", { footer: { links: [{ title: "More", items: [{ label: "Doc", href: "data:text/html,<script>alert(1)</script>" }] }] } }, /^"footer\.links\[0\]\.items\[0\]\.href" .*: a data: URL is not allowed in a link/],
    ["a vbscript: editUrl", { docs: { editUrl: "vbscript:msgbox(1)" } }, /^"docs\.editUrl" .*: a vbscript: URL is not allowed in a link/],
  ];
  for (const [name, config, message] of cases) {
    it(name, async () => {
      const diagnostics = await configFailure(makeSite(config, { "content/docs/intro.md": INTRO }));
      expect(diagnostics).toEqual([expect.objectContaining({ severity: "error", code: "config", file: "site.config.ts", message: expect.stringMatching(message) })]);
    });
  }

  it("a javascript: link in a sidebars file, and an editUrl function returning one, are errors naming the file, the item and its line", async () => {
    const sidebars = '{\n  "docsSidebar": [\n    "intro",\n    "intro-typo",\n    { "type": "link", "label": "Bad", "href": "javascript:alert(1)" }\n  ]\n}\n';
    const site = makeSite({}, { "content/docs/intro.md": INTRO, "content/sidebars.json": sidebars });
    write(site, "site.config.ts", `export default { title: "Silent", docs: { editUrl: () => "javascript:alert(2)" } };\n`);
    const result = await build(site);
    // Each at the line of the item that writes it.
    expect(about(result, "content/sidebars.json")).toEqual([
      ["error", "sidebar-doc", 4, expect.stringMatching(/^sidebar names doc id "intro-typo", which does not exist/)],
      ["error", "sidebar", 5, expect.stringMatching(/^the link "Bad" to "javascript:alert\(1\)": a javascript: URL is not allowed in a link/)],
    ]);
    expect(about(result, "content/docs/intro.md")).toEqual([["error", "edit-url", undefined, expect.stringMatching(/^docs\.editUrl returned "javascript:alert\(2\)" for content\/docs\/intro\.md: a javascript: URL is not allowed/)]]);
  });
});

describe("the announcement bar", () => {
  it("passes through the raw HTML allow-list of markdown, each removal a warning at the config's line", async () => {
    const content = 'New: <b>2.0</b> <a href="javascript:alert(1)">go</a><img src="https://example.org/x.png" onerror="alert(2)"><script>alert(3)</script>';
    const site = makeSite({}, { "content/docs/intro.md": INTRO });
    write(site, "site.config.ts", `export default {\n  title: "Silent",\n  announcementBar: {\n    id: "news",\n    content: ${JSON.stringify(content)},\n  },\n};\n`);
    const result = await build(site);
    expect(result.errors).toEqual([]);
    expect(about(result, "site.config.ts")).toEqual([
      ["warning", "raw-html", 5, expect.stringMatching(/^announcementBar\.content: raw HTML: removed href="javascript:alert\(1\)" of <a>/)],
      ["warning", "raw-html", 5, expect.stringMatching(/^announcementBar\.content: raw HTML: removed the onerror attribute of <img>/)],
      ["warning", "raw-html", 5, expect.stringMatching(/^announcementBar\.content: raw HTML: removed <script> and its content/)],
    ]);
    const bar = /<div class="announcement__content">(.*?)<\/div>/.exec(read(site, "build/index.html"))?.[1];
    expect(bar).toBe('New: <b>2.0</b> <a>go</a><img src="https://example.org/x.png" />');
  });
});

describe("content/static", () => {
  it("a static llms.txt, sitemap.xml or 404.html replaces the generated file of the same path", async () => {
    const site = makeSite({}, {
      "content/docs/intro.md": INTRO,
      "content/static/llms.txt": "# My own llms.txt\n",
      "content/static/sitemap.xml": "<urlset>mine</urlset>\n",
      "content/static/404.html": "<p>my own 404</p>\n",
    });
    const result = await build(site);
    expect(result.diagnostics).toEqual([]);
    expect(read(site, "build/llms.txt")).toBe("# My own llms.txt\n");
    expect(read(site, "build/sitemap.xml")).toBe("<urlset>mine</urlset>\n");
    expect(read(site, "build/404.html")).toBe("<p>my own 404</p>\n");
    // What is not replaced is still generated.
    expect(read(site, "build/docs/llms-full.txt")).toContain("The start.");
  });
});

describe("config mistakes reported once, clearly", () => {
  it("a contentDir that does not exist is a config error naming the folder", async () => {
    const diagnostics = await configFailure(makeSite({ contentDir: "nope" }, { "content/docs/intro.md": INTRO }));
    expect(diagnostics).toEqual([
      expect.objectContaining({ code: "config", file: "site.config.ts", message: 'contentDir "nope": the folder nope does not exist; create it, or set contentDir to the folder holding docs/ (relative to site.config.ts)' }),
    ]);
  });

  const baseUrls: [string, string][] = [
    ["https://example.org/docs/", 'it is a whole URL; baseUrl is only the path ("/docs/"), and the origin goes in url ("https://example.org")'],
    ["/my docs/", 'it may hold only a path: no "?", "#", backslash or whitespace'],
    ["/a/../b/", 'it may not hold "." or ".." segments'],
  ];
  for (const [baseUrl, problem] of baseUrls) {
    it(`a baseUrl of ${JSON.stringify(baseUrl)} is one config error, not one per page`, async () => {
      const diagnostics = await configFailure(makeSite({ baseUrl }, { "content/docs/intro.md": INTRO }));
      expect(diagnostics).toEqual([expect.objectContaining({ code: "config", file: "site.config.ts", message: `"baseUrl" (value ${JSON.stringify(baseUrl)}): ${problem}` })]);
    });
  }

  it("a missing favicon is one error at the config's line, not one per page", async () => {
    const site = makeSite({}, { "content/docs/intro.md": INTRO, "content/docs/other.md": "# Other\n" });
    write(site, "site.config.ts", 'export default {\n  title: "Silent",\n  favicon: "img/none.ico",\n};\n');
    const result = await build(site);
    expect(result.errors).toEqual([expect.objectContaining({ code: "broken-link", file: "site.config.ts", line: 3, message: 'broken link in favicon to "/img/none.ico" (shown on every page): no page or file has this route' })]);
  });
});
