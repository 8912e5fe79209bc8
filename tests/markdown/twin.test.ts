/** The markdown twin of a document (cli/markdown/twin.ts) and where its links lead (cli/output/twinUrls.ts). */
import { describe, expect, it } from "vitest";
import { renderMarkdown, renderTwin } from "../../cli/markdown/index.ts";
import { twinFileOf, twinLink, twinRoute } from "../../cli/output/twinUrls.ts";

const site = { origin: "https://cartavis.org", baseUrl: "/carta-frontend/" };
const PAGE = "/carta-frontend/docs/code-snippet-tutorial/basics";

/** Twin of `source` as a doc of PAGE: `.md` links resolve to routes, `api:` to the AppStore page, as the docs stage does. */
function twin(source: string): string {
  const result = renderMarkdown(source, {
    rewriteLink: (href) => (href === "./regions.md" ? "/carta-frontend/docs/code-snippet-tutorial/regions" : href.startsWith("api:") ? "/carta-frontend/api/.-stores/class/AppStore#openFile" : href),
    rewriteImage: () => "/carta-frontend/assets/img/a1b2.png",
    twinUrl: (href) => twinLink(site, PAGE, href),
  });
  return result.markdown!;
}

describe("markdown twin of a document", () => {
  it("writes links as absolute URLs, to the twin of a page and to a file as it is", () => {
    const out = twin("See [regions](./regions.md#add), [openFile](api:AppStore#openFile), [above](#wait) and ![chart](./chart.png).\n");
    expect(out).toBe(
      "See [regions](https://cartavis.org/carta-frontend/docs/code-snippet-tutorial/regions.md#add), " +
        "[openFile](https://cartavis.org/carta-frontend/api/.-stores/class/AppStore.md#openFile), " +
        "[above](https://cartavis.org/carta-frontend/docs/code-snippet-tutorial/basics.md#wait) and " +
        "![chart](https://cartavis.org/carta-frontend/assets/img/a1b2.png).",
    );
  });

  it("inlines reference links and drops their definitions", () => {
    const out = twin("Read [the regions page][r] first.\n\n[r]: ./regions.md\n");
    expect(out).toBe("Read [the regions page](https://cartavis.org/carta-frontend/docs/code-snippet-tutorial/regions.md) first.");
  });

  it("keeps external links, bare URLs and code fences with their language as written", () => {
    const source = "Go to https://cartavis.org or [GitHub](https://github.com/CARTAvis).\n\n```javascript title=\"x.js\"\nconst a = [1](2);\nif (a < b) console.log(\"<b>\");\n```\n";
    expect(twin(source)).toBe(source.trim());
  });

  it("turns admonitions into blockquotes led by their label, links inside included", () => {
    const out = twin(":::warning Backend required\nEvery call needs a [backend](./regions.md).\n\n```js\nawait app.openFile(\"a\");\n```\n:::\n\n:::tip\nShort.\n:::\n");
    expect(out).toBe(
      [
        "> **Warning: Backend required**",
        ">",
        "> Every call needs a [backend](https://cartavis.org/carta-frontend/docs/code-snippet-tutorial/regions.md).",
        ">",
        "> ```js",
        '> await app.openFile("a");',
        "> ```",
        "",
        "> **Tip**",
        ">",
        "> Short.",
      ].join("\n"),
    );
  });

  it("drops raw HTML but keeps its text, and custom heading ids", () => {
    expect(twin("## Moments {#moments}\n\nPress <kbd>Ctrl</kbd> now.\n\n<div class=\"x\">\nInside\n</div>\n")).toBe("## Moments\n\nPress Ctrl now.\n\nInside");
  });

  it("leaves out the leading h1, which is the page's title", () => {
    expect(twin("# Basics\n\nText.\n")).toBe("Text.");
  });

  it("is the text itself for plain prose, and is not made unless asked for", () => {
    expect(renderMarkdown("Plain words here.", { twinUrl: (href) => href }).markdown).toBe("Plain words here.");
    expect(renderMarkdown("Plain [link](x).").markdown).toBeUndefined();
  });

  it("renders only the twin for comments, links rewritten first", () => {
    const out = renderTwin("Opens a file; see [FrameStore](api:FrameStore).", { rewriteLink: () => "/carta-frontend/api/.-stores/class/FrameStore", twinUrl: (href) => twinLink(site, PAGE, href) });
    expect(out).toBe("Opens a file; see [FrameStore](https://cartavis.org/carta-frontend/api/.-stores/class/FrameStore.md).");
  });
});

describe("twin URLs", () => {
  it("puts a page's twin at its route plus .md, the home page's at index.md", () => {
    expect(twinRoute(PAGE, "/carta-frontend/")).toBe(`${PAGE}.md`);
    expect(twinRoute("/carta-frontend/", "/carta-frontend/")).toBe("/carta-frontend/index.md");
    expect(twinRoute("/carta-frontend/docs/4.1.0", "/carta-frontend/")).toBe("/carta-frontend/docs/4.1.0.md");
    expect(twinFileOf("/carta-frontend/", "/carta-frontend/")).toBe("index.md");
    expect(twinFileOf("/carta-frontend/api/.-stores/class/AppStore", "/carta-frontend/")).toBe("api/.-stores/class/AppStore.md");
  });

  it("links pages to their twins and files as they are, always absolute", () => {
    expect(twinLink(site, PAGE, "/carta-frontend/api/.-stores")).toBe("https://cartavis.org/carta-frontend/api/.-stores.md");
    expect(twinLink(site, PAGE, "/carta-frontend/")).toBe("https://cartavis.org/carta-frontend/index.md");
    expect(twinLink(site, PAGE, "/carta-frontend/docs/4.1.0#x")).toBe("https://cartavis.org/carta-frontend/docs/4.1.0.md#x");
    expect(twinLink(site, PAGE, "/carta-frontend/sitemap.xml")).toBe("https://cartavis.org/carta-frontend/sitemap.xml");
    expect(twinLink(site, PAGE, "regions")).toBe("https://cartavis.org/carta-frontend/docs/code-snippet-tutorial/regions.md");
    expect(twinLink(site, PAGE, "https://github.com/CARTAvis")).toBe("https://github.com/CARTAvis");
    expect(twinLink(site, PAGE, "mailto:a@b.org")).toBe("mailto:a@b.org");
    expect(twinLink(site, PAGE, "//example.org/x")).toBe("https://example.org/x");
  });
});
