import { describe, expect, it } from "vitest";
import { excerptOf, markParts } from "../../renderer/client/searchText.ts";
import { highlightTerms } from "../../renderer/client/searchTokens.ts";

describe("search text", () => {
  it("marks whole words: a match runs to its word's end and starts only where a word or camelCase part does", () => {
    expect(markParts("Regions and a region set", highlightTerms("region"))).toEqual([
      { text: "Regions", match: true },
      { text: " and a ", match: false },
      { text: "region", match: true },
      { text: " set", match: false },
    ]);
    // "gion" is inside a word; "File" starts a camelCase part of "openFile".
    expect(markParts("region openFile", ["gion", "file"])).toEqual([
      { text: "region open", match: false },
      { text: "File", match: true },
    ]);
  });

  it("marks a dotted path as one run, and a class name holding a query word whole", () => {
    const terms = highlightTerms("app.openFile");
    expect(markParts('app.openFile("x")', terms)).toEqual([
      { text: "app.openFile", match: true },
      { text: '("x")', match: false },
    ]);
    expect(markParts("AppStore", terms)).toEqual([{ text: "AppStore", match: true }]);
  });

  it("centres a long text's excerpt on the first match, cut at spaces", () => {
    const text = `${"lorem ipsum ".repeat(30)}the needle is here ${"dolor sit ".repeat(30)}`;
    const excerpt = excerptOf(text, ["needle"], 80);
    expect(excerpt.startsWith("… ")).toBe(true);
    expect(excerpt.endsWith(" …")).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(84);
    const at = excerpt.indexOf("needle");
    // Centred: about as much text before the match as after it.
    expect(Math.abs(at - (excerpt.length - at - "needle".length))).toBeLessThan(16);
    expect(excerpt).not.toMatch(/\s{2}/);
    expect(excerptOf("short text", ["x"])).toBe("short text");
    expect(excerptOf(`${"a ".repeat(100)}`, ["zzz"], 20).startsWith("a a")).toBe(true);
  });
});
