import fc from "fast-check";
import hljs from "highlight.js";
import { describe, expect, it, vi } from "vitest";
import { renderMarkdown } from "../../cli/markdown/index.ts";
import { COMMON_ALIASES } from "../../cli/markdown/highlight.ts";

/** Renders and records every rewriteLink/rewriteImage call as [url, line]. */
function collectUrls(source: string, lineOffset = 0) {
  const links: [string, number][] = [];
  const images: [string, number][] = [];
  const result = renderMarkdown(source, {
    lineOffset,
    rewriteLink: (href, line) => (links.push([href, line]), href),
    rewriteImage: (src, line) => (images.push([src, line]), src),
  });
  return { ...result, links, images };
}

describe("headings", () => {
  it("numbers duplicate slugs per document", () => {
    const { headings, html } = renderMarkdown("## Regions\n\n## Regions\n\n### Regions\n");
    expect(headings.map((h) => h.id)).toEqual(["regions", "regions-1", "regions-2"]);
    expect(html).toContain('<h3 id="regions-2">Regions<a class="hash-link" href="#regions-2"');
  });

  it("uses an explicit {#id} and removes it from the text", () => {
    const { headings, html } = renderMarkdown("## Moment images {#moments}\n\n## moments\n");
    expect(headings[0]).toEqual({ depth: 2, text: "Moment images", id: "moments" });
    expect(html).not.toContain("{#");
    expect(html).toContain('<h2 id="moments">Moment images<a');
    // The explicit id is taken, so the slug of a later heading must not collide with it.
    expect(headings[1]!.id).toBe("moments-1");
  });

  it("keeps markup in the html but gives plain text and a GitHub slug", () => {
    const { headings, html } = renderMarkdown("## The `openFile` [method](api.md) *now*\n");
    expect(headings).toEqual([{ depth: 2, text: "The openFile method now", id: "the-openfile-method-now" }]);
    expect(html).toContain("The <code>openFile</code> <a href=\"api.md\">method</a> <em>now</em>");
    expect(html).toContain('aria-label="Direct link to The openFile method now"');
  });

  it("gives ids to headings nested in lists, quotes and admonitions", () => {
    const { headings, html } = renderMarkdown("- ## In a list\n\n> ## In a quote\n\n:::note\n## In a note\n:::\n");
    expect(headings.map((h) => h.id)).toEqual(["in-a-list", "in-a-quote", "in-a-note"]);
    expect(html).toContain('<h2 id="in-a-note">');
  });

  it("decodes only real character references in heading text", () => {
    const { headings } = renderMarkdown("## R&amp;D &#x3C;3 &constructor; &unknown;\n");
    expect(headings[0]!.text).toBe("R&D <3 &constructor; &unknown;");
  });

  it("takes a leading h1 as the title and leaves it out of the html", () => {
    const result = renderMarkdown("\n# Quick **start**\n\nBody.\n\n## Next\n");
    expect(result.title).toBe("Quick start");
    expect(result.html).not.toContain("<h1");
    expect(result.headings.map((h) => [h.depth, h.id])).toEqual([
      [1, "quick-start"],
      [2, "next"],
    ]);
  });

  it("keeps an h1 that is not the first block", () => {
    const result = renderMarkdown("Intro.\n\n# Late heading\n");
    expect(result.title).toBeUndefined();
    expect("title" in result).toBe(false);
    expect(result.html).toContain('<h1 id="late-heading">');
  });
});

describe("link and image lines", () => {
  it("counts lines from the top of the file, front matter included", () => {
    const { links } = collectUrls("Intro line.\n\nSee [basics](./basics.md) here.\n", 4);
    expect(links).toEqual([["./basics.md", 7]]);
  });

  it("finds links in list items, on continuation lines and in nested lists", () => {
    const source = ["- first [a](a.md)", "  continued [b](b.md)", "  - nested [c](c.md)", "", "1. [d](d.md)"].join("\n");
    expect(collectUrls(source).links).toEqual([
      ["a.md", 1],
      ["b.md", 2],
      ["c.md", 3],
      ["d.md", 5],
    ]);
  });

  it("finds links in table cells", () => {
    const source = ["| a | b |", "|---|---|", "| x | [e](e.md) |", "| [f](f.md) | \\| [g](g.md) |"].join("\n");
    expect(collectUrls(source).links).toEqual([
      ["e.md", 3],
      ["f.md", 4],
      ["g.md", 4],
    ]);
  });

  it("finds links in admonition titles and bodies", () => {
    const source = [":::tip[See [t](t.md)]", "Body", "", "- [h](h.md)", ":::", "[i](i.md)"].join("\n");
    expect(collectUrls(source).links).toEqual([
      ["t.md", 1],
      ["h.md", 4],
      ["i.md", 6],
    ]);
  });

  it("reports a reference link at its use, with its definition's URL", () => {
    const source = ["Text.", "", "Use [the api][api] and [api].", "", "[api]: ../api/AppStore.md"].join("\n");
    expect(collectUrls(source).links).toEqual([
      ["../api/AppStore.md", 3],
      ["../api/AppStore.md", 3],
    ]);
  });

  it("is not misled by the same link text inside a code block or blockquote", () => {
    const source = ["```md", "[x](x.md)", "```", "", "[x](x.md)", "", "> quoted", "> [x](x.md)"].join("\n");
    expect(collectUrls(source).links).toEqual([
      ["x.md", 5],
      ["x.md", 8],
    ]);
  });

  it("counts CRLF line endings like LF", () => {
    expect(collectUrls("a\r\n\r\n[x](x.md)\r\n").links).toEqual([["x.md", 3]]);
  });

  it("rewrites image sources, also inside links, and writes what the callback returns", () => {
    const source = "![Snippets](../assets/snippets.png)\n\n[![Badge](badge.svg)](https://example.com)\n";
    const { images, links } = collectUrls(source);
    expect(images).toEqual([
      ["../assets/snippets.png", 1],
      ["badge.svg", 3],
    ]);
    expect(links).toEqual([["https://example.com", 3]]);
    const { html } = renderMarkdown(source, { rewriteImage: (src) => `/img/${src.split("/").pop()}` });
    expect(html).toContain('<img src="/img/snippets.png" alt="Snippets">');
    expect(html).toContain('<img src="/img/badge.svg" alt="Badge">');
  });

  it("marks only http(s) links as external", () => {
    const { html } = renderMarkdown("[a](https://cartavis.org) [b](./b.md) [c](mailto:x@y.org)");
    expect(html).toContain('<a class="external" href="https://cartavis.org">a</a>');
    expect(html).toContain('<a href="./b.md">b</a>');
    expect(html).toContain('<a href="mailto:x@y.org">c</a>');
  });
});

describe("code blocks", () => {
  it("highlights known languages at build time and shows a title", () => {
    const { html } = renderMarkdown('```ts title="src/a.ts"\nconst a = 1;\n```\n');
    expect(html).toBe(
      '<div class="code-block"><div class="code-title">src/a.ts</div><pre tabindex="0"><code class="hljs language-ts">' +
        '<span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span>;</code></pre></div>\n',
    );
  });

  it("highlights a block repeated in another document (another version) once, with the same result", () => {
    const highlight = vi.spyOn(hljs, "highlight");
    try {
      const source = "```py\nprint('repeated in every version')\n```\n";
      const first = renderMarkdown(`# One\n\n${source}`).html;
      const second = renderMarkdown(`# Two\n\nText.\n\n${source}`).html;
      const block = (html: string) => html.slice(html.indexOf('<div class="code-block">'));
      expect(block(second)).toBe(block(first));
      expect(block(first)).toContain('<span class="hljs-built_in">print</span>');
      expect(highlight).toHaveBeenCalledTimes(1);
      // A different block, or the same code in another language, is highlighted on its own.
      renderMarkdown("```js\nprint('repeated in every version')\n```\n");
      expect(highlight).toHaveBeenCalledTimes(2);
    } finally {
      highlight.mockRestore();
    }
  });

  it("knows each common alias as the language highlight.js gives it, from that language's own file", () => {
    for (const [alias, file] of Object.entries(COMMON_ALIASES)) {
      expect(hljs.getLanguage(alias)?.name, alias).toBe(hljs.getLanguage(file)?.name);
      expect(hljs.getLanguage(alias), alias).toBeDefined();
    }
    // A rarer alias (not in the table) and an upper-case name are found too.
    expect(renderMarkdown("```gyp\n{'a': 1}\n```\n").html).toContain('<span class="hljs-string">');
    expect(renderMarkdown("```TS\nconst a = 1;\n```\n").html).toContain('<span class="hljs-keyword">const</span>');
  });

  it("escapes code in an unknown or missing language", () => {
    const unknown = renderMarkdown("```klingon\nif (a < b && c) {}\n```\n").html;
    expect(unknown).toContain('<code class="hljs language-klingon">if (a &lt; b &amp;&amp; c) {}</code>');
    expect(unknown).not.toContain("<span");
    expect(renderMarkdown("```\n<b>\n```\n").html).toContain('<code class="hljs">&lt;b&gt;</code>');
  });

  it("opens an admonition on the line after a paragraph, and after paragraphs further down", () => {
    // The paragraph is cut where the opening line starts; an opening after a blank line is found again there.
    const source = ["First line.", ":::tip", "Tip body.", ":::", "", "Second paragraph", "runs on.", "", "Third.", ":::danger[Careful]", "Body.", ":::"].join("\n");
    const { html } = renderMarkdown(source);
    expect(html).toMatch(/^<p>First line\.<\/p>\n<div class="admonition admonition-tip" role="note"><p class="admonition-title">Tip<\/p>\n<p>Tip body\.<\/p>\n<\/div>\n<p>Second paragraph\nruns on\.<\/p>\n<p>Third\.<\/p>\n<div class="admonition admonition-danger"/);
    expect(html).toContain('<p class="admonition-title">Careful</p>\n<p>Body.</p>\n</div>');
  });

  it("renders an admonition whose body holds a code block with ::: in it", () => {
    const source = [":::warning", "Before.", "", "```js", "let s = ':::';", ":::", "```", "", "After.", ":::", "", "Outside."].join("\n");
    const { html } = renderMarkdown(source);
    expect(html).toMatch(
      /^<div class="admonition admonition-warning" role="note"><p class="admonition-title">Warning<\/p>\n<p>Before.<\/p>\n<div class="code-block"><pre tabindex="0"><code class="hljs language-js">/,
    );
    expect(html).toContain("\n:::</code></pre></div>\n<p>After.</p>\n</div>\n<p>Outside.</p>");
  });
});

describe("raw HTML rule", () => {
  it("keeps allowed HTML but removes scripts, event handlers and javascript: URLs", () => {
    const source = [
      '<div class="note" onclick="x()"><img src="a.png" onerror="alert(1)" width="50"></div>',
      "",
      "<script>alert(1)</script>",
      "",
      "Inline <b onmouseover=x>bold</b> <script>alert(2)</script><a href='javascript:alert(3)'>a</a> [m](javascript:alert(4))",
    ].join("\n");
    const { html } = renderMarkdown(source);
    expect(html).toContain('<div class="note"><img src="a.png" width="50" /></div>');
    expect(html).toContain("<p>Inline <b>bold</b> <a>a</a> m</p>");
    expect(html).not.toMatch(/script|alert|on\w+=/i);
  });

  it("removes what the block-list let through: iframe srcdoc, meta refresh, object and embed", () => {
    const source = [
      '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
      '<meta http-equiv="refresh" content="0;url=javascript:alert(2)">',
      '<object data="x.swf"><embed src="y.swf"></object>',
      '<a href="vbscript:msgbox(3)">v</a> <img src="java&#x09;script:alert(4)"> <form action="https://evil.example"><button formaction="javascript:alert(5)">b</button></form>',
    ].join("\n");
    const { html } = renderMarkdown(source);
    expect(html).not.toMatch(/iframe|srcdoc|meta|refresh|object|embed|script|form|alert|swf/i);
  });

  it("reports each removal with its line in the file", () => {
    const warnings: string[] = [];
    const source = ["Intro.", "", '<div onclick="x()">', "<meta http-equiv=refresh>", "</div>", "", "[a](javascript:go())"].join("\n");
    renderMarkdown(source, { lineOffset: 3, reportRemovedHtml: (message, line) => warnings.push(`${line}: ${message}`) });
    expect(warnings).toEqual([
      expect.stringMatching(/^10: removed the link to "javascript:go\(\)": URLs may be http, https, mailto or relative/),
      expect.stringMatching(/^6: raw HTML: removed the onclick attribute of <div>, which is not on the allow-list/),
      expect.stringMatching(/^7: raw HTML: removed <meta>, which is not on the allow-list/),
    ]);
  });

  it("sees an element opened in one HTML token and closed in another whole", () => {
    const { html } = renderMarkdown("<details>\n<summary>More</summary>\n\nSome **markdown**.\n\n</details>\n\nPress <kbd>Ctrl</kbd> and <sup>2</sup>.\n");
    expect(html).toBe("<details>\n<summary>More</summary><p>Some <strong>markdown</strong>.</p>\n</details><p>Press <kbd>Ctrl</kbd> and <sup>2</sup>.</p>\n");
  });

  it("never lets script through, whatever raw HTML fragments are mixed with markdown (property)", () => {
    const fragments = [
      "<div>", "</div>", "<details>", "</details>", "<summary>s</summary>", "<kbd>", "</kbd>", '<a href="', '">', "'", '"', "<img src=x ", "onerror=alert(1)>",
      "<script>", "</script>", "<iframe srcdoc='<script>'>", "</iframe>", "<!--", "-->", "<pre>", "</pre>", "<svg onload=alert(1)>", "<style>", "</style>",
      "javascript:alert(1)", "[x](javascript:y)", "![i](javascript:z)", "\n\n", "\n", "text", "*em*", "`code`", "```\n", ":::note\n", ":::\n", "&#106;avascript:", "<textarea>", "\uE0000\uE001",
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...fragments), { maxLength: 30 }), (parts) => {
        const { html } = renderMarkdown(parts.join(""));
        // No tag of the output is a script, style or svg, or carries a handler, a srcdoc or a script URL.
        for (const [tag, name, attributes] of html.matchAll(/<([a-z][a-z0-9]*)\b([^>]*)>/gi)) {
          expect(name!.toLowerCase(), tag).not.toMatch(/^(script|style|svg|object|embed|meta)$/);
          expect(attributes, tag).not.toMatch(/\son[a-z]+\s*=|srcdoc|(?:href|src)\s*=\s*["']?\s*(?:javascript|&#)/i);
        }
      }),
      { numRuns: 400, seed: 21 },
    );
  });

  it("keeps the text between tokens out of tags, even when a tag is cut off or markers are forged", () => {
    for (const source of [
      '<div title="abc\n\n"><img src=x onerror=alert(1)>\n\n</div>',
      "<a title='\n\n[x](y)' onmouseover='alert(1)'>z</a>",
      "<div>\uE0000\uE001<img src=x onerror=alert(1)>\uE0001\uE001</div>",
      "Text <pre> <img/src/onerror=alert(1)> </pre> and <script>alert(1)</script>",
    ]) {
      const { html } = renderMarkdown(source);
      expect(html, source).not.toMatch(/<[^>]*\son\w+=|<script/i);
    }
  });

  it("escapes HTML-looking text in code spans and blocks", () => {
    const { html } = renderMarkdown("`<script>x</script>`\n\n```\n<img onerror=y>\n```\n");
    expect(html).toContain("<code>&lt;script&gt;x&lt;/script&gt;</code>");
    expect(html).toContain("&lt;img onerror=y&gt;");
  });
});

describe("per-call state", () => {
  it("does not carry slugs, options or titles from one call into the next", () => {
    const first = renderMarkdown("# One\n\n## Intro\n\n[a](a.md)", { rewriteLink: () => "/rewritten" });
    const second = renderMarkdown("Text first.\n\n## Intro\n\n[a](a.md)");
    expect(first.html).toContain('href="/rewritten"');
    expect(second.headings).toEqual([{ depth: 2, text: "Intro", id: "intro" }]);
    expect(second.html).toContain('<a href="a.md">a</a>');
    expect(second.title).toBeUndefined();
  });
});
