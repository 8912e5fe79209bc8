import { describe, expect, it } from "vitest";
import { searchFileNames, type SearchDocFile, type SearchIndexFile } from "../../renderer/client/searchData.ts";
import { editDistance, VersionIndex } from "../../renderer/client/searchEngine.ts";
import { doc, searchFilesOf } from "./files.ts";

const API = "/c/api/.-stores/class";
const DOCS = [
  doc("/c/docs/basics", "Basics", "", "A snippet is modern JavaScript."),
  doc("/c/docs/basics#write-output", "Basics", "Write output", "console.log prints; app.logStore.addWarning(\"x\") warns. console.log again."),
  doc("/c/docs/quick-start#open-images", "Quick start", "Open and append images", 'const frame = await app.openFile("tutorial", "a.fits");'),
  doc("/c/docs/regions", "Regions", "", "Regions mark parts of an image."),
  doc("/c/docs/regions#create-regions", "Regions", "Create regions", "const line = frame.regionSet.addLineRegion(points);"),
  doc(`${API}/AppStore`, "AppStore", "", "The root store of the viewer.", "5.0.0", "api"),
  doc(`${API}/AppStore#openFile`, "AppStore", "openFile", "openFile(path: string): Promise<FrameStore> Opens a file.", "5.0.0", "api"),
  doc(`${API}/AppStore#closeFile`, "AppStore", "closeFile", "closeFile(frame: FrameStore): void", "5.0.0", "api"),
  doc(`${API}/BackendService#closeFile`, "BackendService", "closeFile", "closeFile(fileId: number): Promise<void>", "5.0.0", "api"),
  doc(`${API}/RegionSetStore`, "RegionSetStore", "", "The regions of one image.", "5.0.0", "api"),
  doc(`${API}/RegionSetStore#addLineRegion`, "RegionSetStore", "addLineRegion", "addLineRegion(points: Point2D[]): RegionStore", "5.0.0", "api"),
  doc(`${API}/RegionSetStore#regions`, "RegionSetStore", "regions", "regions: RegionStore[]", "5.0.0", "api"),
  doc("/c/docs/4.1.0/regions", "Regions", "", "The old regions page.", "4.1.0"),
];
/** The quick-start page uses AppStore.closeFile (not BackendService's). */
const LINKS = { "/c/docs/quick-start": [`${API}/AppStore#closeFile`] };

function indexOf(version = "5.0.0"): VersionIndex {
  const files = searchFilesOf(DOCS, "5.0.0", LINKS);
  const names = searchFileNames(version, "5.0.0");
  const read = async (name: string) => JSON.parse(files.get(name) ?? "null") as unknown;
  return new VersionIndex(JSON.parse(files.get(names.doc)!) as SearchDocFile, JSON.parse(files.get(names.index)!) as SearchIndexFile, read);
}

const hitsOf = async (index: VersionIndex, query: string) => (await index.find(query, 10))!;
const urls = async (index: VersionIndex, query: string) => (await hitsOf(index, query)).map((hit) => hit.url.replace(/^\/c\//, ""));

describe("search engine", () => {
  it("finds a dotted member path: the member's API section first, then the tutorial section using it", async () => {
    expect((await urls(indexOf(), "app.openFile")).slice(0, 2)).toEqual(["api/.-stores/class/AppStore#openFile", "docs/quick-start#open-images"]);
    expect((await urls(indexOf(), "regionSet.addLineRegion")).slice(0, 2)).toEqual(["api/.-stores/class/RegionSetStore#addLineRegion", "docs/regions#create-regions"]);
  });

  it("ranks the page titled by the query first, and a heading above text", async () => {
    expect((await urls(indexOf(), "regions"))[0]).toBe("docs/regions");
    expect((await urls(indexOf(), "create region"))[0]).toBe("docs/regions#create-regions");
    expect((await urls(indexOf(), "AppStore"))[0]).toBe("api/.-stores/class/AppStore");
  });

  it("puts the member the docs link to above a namesake", async () => {
    expect((await urls(indexOf(), "closeFile")).slice(0, 2)).toEqual(["api/.-stores/class/AppStore#closeFile", "api/.-stores/class/BackendService#closeFile"]);
  });

  it("prefers a text repeating the term, completes the word being typed and reads a typo as the nearest term", async () => {
    expect((await urls(indexOf(), "console"))[0]).toBe("docs/basics#write-output");
    expect(await urls(indexOf(), "addWarn")).toContain("docs/basics#write-output");
    expect((await urls(indexOf(), "regoins"))[0]).toBe("docs/regions");
    expect((await urls(indexOf(), "opnFile"))[0]).toBe("api/.-stores/class/AppStore#openFile");
    expect(await urls(indexOf(), "zzzzzz")).toEqual([]);
  });

  it("reads a word that begins a term as its start, not as a typo of another term", async () => {
    // "regionse" is one letter from "regions", but begins "regionset" (of regionSet) and "regionsetstore".
    expect((await urls(indexOf(), "regionSe "))[0]).toBe("api/.-stores/class/RegionSetStore");
  });

  it("puts sections holding every word before those holding some", async () => {
    const hits = await hitsOf(indexOf(), "regions image");
    expect(hits[0]!.matched).toBe(2);
    expect(hits.at(-1)!.matched).toBe(1);
  });

  it("searches one version's files, and fetches a result's text from its text file", async () => {
    const old = indexOf("4.1.0");
    const [hit] = await hitsOf(old, "regions");
    expect(hit).toMatchObject({ url: "/c/docs/4.1.0/regions", title: "Regions", version: "4.1.0", text: "" });
    expect((await old.withText(hit!)).text).toBe("The old regions page.");
  });

  it("measures edit distance with transpositions, giving up past the limit", () => {
    expect(editDistance("regoins", "regions", 1)).toBe(1);
    expect(editDistance("adlineregion", "addlineregion", 2)).toBe(1);
    expect(editDistance("abc", "xyz", 1)).toBe(2);
  });
});
