import { describe, expect, it } from "vitest";
import { renderMarkdown, renderWithMarked } from "../../cli/markdown/index.ts";
import { plainProseHtml } from "../../cli/markdown/plainProse.ts";

/** Seeded, so a failure names an input that can be run again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const WORDS = ["frame", "Region", "cube", "it's", '"quoted"', "(beam)", "well-known", "x2", "Ünïcode", "—", "naïve", "done.", "Why?", "yes!", "a:b", "1.", "2)"];
/** Pieces that markdown reacts to, or that sit at the edge of what counts as plain. */
const TRICKY = ["*em*", "_u_", "`code`", "[link](/x)", "<b>", "&amp;", "&", "\\", "#", "- ", "+ ", "1. ", "> ", "    ", "  \n", "\n===", "\n---", "\n\n\n", "www.example.org", "https://example.org", "me@example.org", "~~del~~", "|", " ", "\n", "\n\n", "\t", "\u00a0", ":::note", "e.g.", "…"];

function sample(next: () => number, trickiness: number): string {
  const parts: string[] = [];
  const length = 1 + Math.floor(next() * 12);
  for (let i = 0; i < length; i++) {
    if (next() < trickiness) parts.push(TRICKY[Math.floor(next() * TRICKY.length)]!);
    else parts.push(WORDS[Math.floor(next() * WORDS.length)]!);
    const gap = next();
    parts.push(gap < 0.8 ? " " : gap < 0.9 ? "\n" : "\n\n");
  }
  return parts.join("").trim();
}

describe("plain prose shortcut", () => {
  it("writes what marked writes, for every input it takes", () => {
    const next = random(7);
    let taken = 0;
    for (let i = 0; i < 4000; i++) {
      const text = sample(next, i % 2 === 0 ? 0 : 0.3);
      const plain = plainProseHtml(text);
      if (plain === undefined) continue;
      taken++;
      expect(plain, JSON.stringify(text)).toBe(renderWithMarked(text).html);
    }
    // Most untricky samples are plain: the comparison above is not empty.
    expect(taken).toBeGreaterThan(1000);
  });

  it("takes sentences and paragraphs, and leaves markup, lists, breaks and URLs to marked", () => {
    expect(plainProseHtml("Opens a file. It's \"new\".\nSecond line.\n\nNext paragraph (two)")).toBe("<p>Opens a file. It&#39;s &quot;new&quot;.\nSecond line.</p>\n<p>Next paragraph (two)</p>\n");
    expect(plainProseHtml("A")).toBe("<p>A</p>\n");
    for (const text of ["Use *this*", "First\n- item", "Title\n===", "Line  \nbreak", "See www.example.org", "Tom & Jerry", "1. first", "Ends with space ", "Three\n\n\nblank lines", ""]) {
      expect(plainProseHtml(text), text).toBeUndefined();
    }
  });

  it("is what renderMarkdown returns for plain prose, with no headings or title", () => {
    expect(renderMarkdown("Plain words.\r\nAnd more.")).toEqual({ html: "<p>Plain words.\nAnd more.</p>\n", headings: [] });
  });
});
