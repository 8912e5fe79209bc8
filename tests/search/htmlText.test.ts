import { describe, expect, it } from "vitest";
import { htmlText } from "../../cli/search/htmlText.ts";

describe("htmlText", () => {
  it("reads highlighted code as written: inline elements add no spaces", () => {
    const code = '<pre><code class="hljs"><span class="hljs-keyword">const</span> f = app.<span class="hljs-title">openFile</span>(<span class="hljs-string">&quot;tutorial&quot;</span>);</code></pre>';
    expect(htmlText(code)).toBe('const f = app.openFile("tutorial");');
    expect(htmlText("<p>Use <code>app</code>s and <strong>bold</strong>ly <a href='#x'>go</a>.</p>")).toBe("Use apps and boldly go.");
  });

  it("separates words at block elements, and collapses whitespace", () => {
    expect(htmlText("<p>one</p><p>two</p><ul><li>three</li><li>four</li></ul><table><tr><td>a</td><td>b</td></tr></table>five<br>six")).toBe("one two three four a b five six");
  });

  it("leaves out scripts, buttons, heading anchors, table headers and an API member's source and inheritance lines", () => {
    const html =
      '<script>var x = 1;</script><h2>Title<a class="hash-link" href="#t">#</a></h2><button>Copy</button>' +
      "<table><thead><tr><th>Parameter</th></tr></thead><tbody><tr><td>path</td></tr></tbody></table>" +
      '<p class="api-relation">Inherited from <a>Base.x</a></p><p class="api-sources">Defined in <a>src/a.ts:1</a></p><!-- note -->end';
    expect(htmlText(html)).toBe("Title path end");
  });

  it("knows a block element by its whole name in any case, trailing hyphens aside, and a custom element as inline", () => {
    expect(htmlText("a<DIV>b</Div>c<div->d<div-x>e</div-x>f<p-note>g</p-note>h<h2 id=x>i</h2>j")).toBe("a b c defgh i j");
    expect(htmlText("one<br/>two<brx>three<tr\nclass='r'>four")).toBe("one twothree four");
  });
});
