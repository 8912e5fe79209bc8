/** Names linked in highlighted code: the merge of the links' ranges with highlight.js's spans, and the markdown pass. */
import { describe, expect, it } from "vitest";
import { linkCode, wrapRanges, type TextRange } from "../../cli/markdown/codeLinks.ts";
import { renderMarkdown } from "../../cli/markdown/index.ts";

const range = (start: number, end: number, name = "a"): TextRange => ({ start, end, open: `<${name}>`, close: `</${name}>` });
/** The text of HTML as a reader sees it (tags dropped, entities decoded). */
const textOf = (html: string) => html.replace(/<[^>]*>/g, "").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

describe("wrapRanges", () => {
  it("wraps plain text and text inside a span whole", () => {
    expect(wrapRanges("app.<span class=\"t\">openFile</span>(x)", [range(0, 3), range(4, 12)])).toBe('<a>app</a>.<a><span class="t">openFile</span></a>(x)');
  });

  it("splits a span the range starts or ends inside, so the result nests and keeps its classes", () => {
    // "const" is one span; the range covers "st x".
    const html = '<span class="k">const</span> x';
    expect(wrapRanges(html, [range(3, 7)])).toBe('<span class="k">con</span><a><span class="k">st</span> x</a>');
  });

  it("reopens nested spans inside the link and after it", () => {
    const html = '<span class="s">`a ${<span class="subst">app.frame</span>} b`</span>';
    const wrapped = wrapRanges(html, [range(9, 14)]);
    expect(wrapped).toBe('<span class="s">`a ${<span class="subst">app.</span></span><a><span class="s"><span class="subst">frame</span></span></a><span class="s">} b`</span>');
    expect(textOf(wrapped)).toBe(textOf(html));
  });

  it("counts an entity as one character", () => {
    expect(wrapRanges("a &lt; b.c", [range(6, 7)])).toBe("a &lt; b.<a>c</a>");
  });

  it("wraps a range at the very end, and leaves out a range that overlaps the one before or is empty", () => {
    expect(wrapRanges("abcdef", [range(0, 3, "x"), range(2, 4, "y"), range(4, 4, "z"), range(4, 6, "w")])).toBe("<x>abc</x>d<w>ef</w>");
  });

  it("changes nothing without ranges", () => {
    expect(wrapRanges('<span class="k">x</span>', [])).toBe('<span class="k">x</span>');
  });
});

describe("linkCode", () => {
  it("links names by line and column, with their signature in a tooltip the link describes itself by", () => {
    const source = "const a = 1;\nawait app.openFile(\"x\");";
    const html = 'const a = 1;\nawait app.<span class="hljs-title function_">openFile</span>(<span class="hljs-string">&quot;x&quot;</span>);';
    const linked = linkCode(html, source, [{ line: 1, column: 10, length: 8, href: "/api/AppStore#openFile", tip: "AppStore.openFile(file: string): Promise<FrameStore>" }], "api-ref-1");
    expect(linked).toContain('app.<a class="api-ref" href="/api/AppStore#openFile" aria-describedby="api-ref-1-1"><span class="hljs-title function_">openFile</span></a>');
    expect(linked).toContain('<span class="api-ref-tip" role="tooltip" id="api-ref-1-1">AppStore.openFile(file: string): Promise&lt;FrameStore&gt;</span>(');
  });
});

describe("code links in markdown", () => {
  const markdown = ["```js", "app.openFile(1);", "```", "", "```js", "app.openFile(2);", "```", "", "```js nocheck", "app.openFile(3);", "```"].join("\n");
  const link = (code: string) => ({ code, links: [{ line: 0, column: 4, length: 8, href: "/api/x#openFile", tip: "openFile()" }] });

  it("finds each block by its code in page order, gives each tooltip a page-wide id, and leaves other blocks alone", () => {
    const { html } = renderMarkdown(markdown, { codeLinks: [link("app.openFile(1);"), link("app.openFile(2);")] });
    expect(html.match(/class="api-ref"/g)).toHaveLength(2);
    expect(html).toContain('id="api-ref-1-1"');
    expect(html).toContain('id="api-ref-2-1"');
    // The third block (not checked) is highlighted as before.
    expect(html).toContain('app.<span class="hljs-title function_">openFile</span>(<span class="hljs-number">3</span>)');
  });

  it("renders exactly as without links when there are none", () => {
    expect(renderMarkdown(markdown, { codeLinks: [] }).html).toBe(renderMarkdown(markdown).html);
  });
});
