import Fuse from "fuse.js";
import { describe, expect, it } from "vitest";
import type { SearchDoc } from "../../cli/site/search.ts";
import { FUSE_OPTIONS, SEARCH_KEYS } from "../../renderer/client/searchKeys.ts";
import { rankDocs, type SearchEngine } from "../../renderer/client/searchRank.ts";

const doc = (u: string, t: string, s: string, x: string, v = "5.0.0"): SearchDoc => ({ u, t, s, x, v, k: "docs" });
const DOCS = [
  doc("/body", "Basics", "Logging", "Regions can be listed from the region set."),
  doc("/section", "Image fitting", "Regions to fit", "Choose the area."),
  doc("/title", "Regions", "", "Create and delete."),
  doc("/both", "Moment images", "Mask", "A region and a moment together."),
  doc("/old", "Regions", "", "The old page.", "4.1.0"),
];

function engine(docs: SearchDoc[]): SearchEngine {
  return { docs, fuse: new Fuse(docs, FUSE_OPTIONS, Fuse.createIndex(SEARCH_KEYS, docs)) };
}

const inLatest = (d: SearchDoc) => d.v === "5.0.0";
const urls = (docs: SearchDoc[]) => docs.map((d) => d.u);

describe("search ranking", () => {
  it("ranks a match in the title above one in a heading above one in the body", () => {
    expect(urls(rankDocs(engine(DOCS), "regions", inLatest, 10))).toEqual(["/title", "/section", "/body"]);
  });

  it("puts documents holding every word of the query first", () => {
    expect(urls(rankDocs(engine(DOCS), "region moment", inLatest, 10))[0]).toBe("/both");
  });

  it("keeps to the scope and to the limit", () => {
    expect(urls(rankDocs(engine(DOCS), "regions", (d) => d.v === "4.1.0", 10))).toEqual(["/old"]);
    expect(rankDocs(engine(DOCS), "regions", inLatest, 2)).toHaveLength(2);
  });

  it("falls back to fuzzy matching of titles and headings for a typo", () => {
    expect(urls(rankDocs(engine(DOCS), "regoins", inLatest, 10))).toContain("/title");
    expect(rankDocs(engine(DOCS), "zzzz", inLatest, 10)).toEqual([]);
  });
});
