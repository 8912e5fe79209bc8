import { describe, expect, it } from "vitest";
import { checkLinks, checkSidebarLinks, normaliseRoute, pageAnchors } from "../../cli/links/checkLinks.ts";
import { Diagnostics } from "../../cli/util/diagnostics.ts";

function run(pages: Record<string, string>, files: string[] = [], ignore: string[] = []) {
  const diagnostics = new Diagnostics();
  const anchors = new Map(Object.entries(pages).map(([route, page]) => [route, pageAnchors(page)]));
  const broken = checkLinks(
    { baseUrl: "/b/", pages: anchors, sources: new Map([...anchors.keys()].map((r) => [r, `src${r}.md`])), files: new Set(files), ignore: new Set(ignore) },
    diagnostics,
  );
  return { broken, diagnostics: diagnostics.items };
}

describe("link checking", () => {
  it("accepts links to existing pages, anchors, files, the home page and external sites", () => {
    const { broken } = run(
      {
        "/b/": '<a href="/b/docs/x">x</a><a href="/b">home</a>',
        "/b/docs/x": '<h2 id="y">Y</h2><a href="#y">self</a><a href="/b/docs/x#y">y</a><a href="../docs/x">rel</a><a href="https://example.org/z">ext</a><a href="mailto:a@b.c">m</a><img src="/b/assets/i.png"><a href="/b/docs/x.html">html</a>',
      },
      ["/b/assets/i.png"],
    );
    expect(broken).toEqual([]);
  });

  it("reports every broken page link and anchor with its source page at once", () => {
    const { broken, diagnostics } = run({
      "/b/docs/a": '<a href="/b/docs/missing">m</a><a href="/b/docs/c#nope">c</a>',
      "/b/docs/c": '<h2 id="yes">Y</h2><a href="/elsewhere">out</a><a href="#gone">g</a>',
    });
    expect(broken).toEqual([
      { from: "/b/docs/a", href: "/b/docs/missing", reason: "no page or file has this route" },
      { from: "/b/docs/a", href: "/b/docs/c#nope", reason: 'the page /b/docs/c has no element with id "nope"' },
      { from: "/b/docs/c", href: "/elsewhere", reason: "it is outside the site's base path /b/" },
      { from: "/b/docs/c", href: "#gone", reason: 'the page /b/docs/c has no element with id "gone"' },
    ]);
    expect(diagnostics.every((d) => d.severity === "error" && d.code === "broken-link")).toBe(true);
    expect(diagnostics[0]).toMatchObject({ file: "src/b/docs/a.md", message: 'broken link on /b/docs/a to "/b/docs/missing": no page or file has this route' });
  });

  it("skips hrefs already reported as unresolved markdown links", () => {
    expect(run({ "/b/x": '<a href="other.md">o</a>' }, [], ["other.md"]).broken).toEqual([]);
  });

  it("decodes entities and percent-encoding in hrefs and ids", () => {
    const { broken } = run({ "/b/x": '<h2 id="é-x">E</h2><a href="#%C3%A9-x">e</a><a href="/b/x?a=1&amp;b=2">q</a>' });
    expect(broken).toEqual([]);
  });

  it("takes each link once and every id, decoded, from attributes only", () => {
    const anchors = pageAnchors(
      '<a href="/b/x">x</a><a\nhref="/b/x">again</a><img src="/b/i.png"><div data-id="not-an-id" id="a&amp;b"></div><p>href="/b/text"</p><h2 id="é">E</h2>',
    );
    expect(anchors.links.split("\0")).toEqual(["/b/x", "/b/i.png"]);
    expect(anchors.ids.split("\0")).toEqual(["a&b", "é"]);
  });

  it("normalises .html and /index.html routes", () => {
    expect(normaliseRoute("/b/docs/x.html")).toBe("/b/docs/x");
    expect(normaliseRoute("/b/docs/index.html")).toBe("/b/docs");
    expect(normaliseRoute("/b/docs/")).toBe("/b/docs");
  });
});

describe("pages that leave their sidebar's links to a check of their own", () => {
  it("take no links or ids from the skipped span, and all from the rest", () => {
    const html = '<a href="/b/before">b</a><nav class="menu"><a href="/b/side">s</a><span id="in-menu"></span></nav><h2 id="after">A</h2><a href="/b/after">a</a>';
    const start = html.indexOf("<nav");
    const anchors = pageAnchors(html, { start, end: html.indexOf("</nav>") + 6 });
    expect(anchors.links.split("\0")).toEqual(["/b/before", "/b/after"]);
    expect(anchors.ids).toBe("after");
  });

  it("report a sidebar's broken links once, naming the sidebar and the file given", () => {
    const diagnostics = new Diagnostics();
    const pages = new Map([["/b/x", pageAnchors('<h2 id="y">Y</h2>')]]);
    const input = { baseUrl: "/b/", pages, sources: new Map([["/b/x", "x.md"]]), files: new Set<string>(), ignore: new Set<string>() };
    const broken = checkSidebarLinks("/b/x", ["/b/x", "/b/x#y", "/b/x#z", "/b/missing", "https://example.org/"], "sidebars.json", input, diagnostics);
    expect(broken.map((b) => b.href)).toEqual(["/b/x#z", "/b/missing"]);
    expect(diagnostics.items.map((d) => [d.file, d.message])).toEqual([
      ["sidebars.json", 'broken link in the sidebar shown on /b/x (and the other pages of that sidebar) to "/b/x#z": the page /b/x has no element with id "z"'],
      ["sidebars.json", 'broken link in the sidebar shown on /b/x (and the other pages of that sidebar) to "/b/missing": no page or file has this route'],
    ]);
  });
});
