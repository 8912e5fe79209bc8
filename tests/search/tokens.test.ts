import { describe, expect, it } from "vitest";
import { highlightTerms, indexTerms, queryWords } from "../../renderer/client/searchTokens.ts";

describe("search tokens", () => {
  it("keeps a dotted path whole beside its segments and their camelCase parts", () => {
    expect(indexTerms("app.openFile")).toEqual(["app.openfile", "app", "openfile", "open", "file"]);
    expect(indexTerms("regionSet.addLineRegion(")).toEqual(["regionset.addlineregion", "regionset", "region", "set", "addlineregion", "add", "line", "region"]);
  });

  it("splits on whitespace and punctuation, keeps acronyms together and drops single letters", () => {
    expect(indexTerms("Open the HTMLElement, then x = getURL();")).toEqual(["open", "the", "htmlelement", "html", "element", "then", "geturl", "get", "url"]);
    expect(indexTerms("Version 5.0.0 ends a sentence.")).toEqual(["version", "5.0.0", "ends", "sentence"]);
  });

  it("reads a query with the same rules: each word with its segments and parts", () => {
    expect(queryWords("app.openFile  regions")).toEqual([
      { term: "app.openfile", segments: [{ term: "app", parts: [] }, { term: "openfile", parts: ["open", "file"] }] },
      { term: "regions", segments: [{ term: "regions", parts: [] }] },
    ]);
    expect(queryWords("a . ?")).toEqual([]);
    expect(highlightTerms("app.openFile app")).toEqual(["app.openfile", "openfile", "open", "file", "app"]);
  });
});
