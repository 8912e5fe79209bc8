import { describe, expect, it } from "vitest";
import { shardIndex } from "../../cli/search/searchIndex.ts";
import { searchFileNames, searchShardFile, type SearchDocFile, type SearchIndexFile, type SearchShardFile } from "../../renderer/client/searchData.ts";
import { VersionIndex } from "../../renderer/client/searchEngine.ts";
import { indexTerms } from "../../renderer/client/searchTokens.ts";
import { doc, searchFilesOf, type VersionedDoc } from "./files.ts";

/** Words of a docs site about an image viewer: prose, and code names in camelCase and dotted paths. */
const WORDS = (
  "region regions contour contours spectral profile profiles image images frame frames channel channels moment " +
  "render colour colormap scale histogram catalog overlay cursor zoom pan file files open close append load save " +
  "snippet snippets code store stores state observable async await error errors warning console output level " +
  "levels smoothing kernel fit fitting gaussian axis axes unit units stokes polarization vector field beam " +
  "AppStore FrameStore RegionSetStore RegionStore LogStore ContourConfigStore SpectralProfileStore openFile " +
  "appendFile closeFile addLineRegion addPointRegion deleteRegion setChannel addWarning addInfo requestMoment " +
  "app.openFile frame.regionSet.addLineRegion logStore.addWarning app.activeFrame setContourLevels"
).split(" ");

/** A deterministic corpus: `pages` pages of a few sections each, made of WORDS picked by a fixed sequence. */
function corpus(pages: number): VersionedDoc[] {
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const phrase = (length: number) => Array.from({ length }, () => WORDS[next(WORDS.length)]!).join(" ");
  const docs: VersionedDoc[] = [];
  for (let p = 0; p < pages; p++) {
    const api = p % 3 === 0;
    const title = api ? WORDS[50 + (p % 17)]! : phrase(2 + next(2));
    const route = `/c/${api ? "api" : "docs"}/p${p}`;
    docs.push(doc(route, title, "", phrase(10 + next(40)), "5.0.0", api ? "api" : "docs"));
    for (let s = 0; s < 1 + next(4); s++) docs.push(doc(`${route}#s${s}`, title, phrase(1 + next(3)), phrase(5 + next(60)), "5.0.0", api ? "api" : "docs"));
  }
  return docs;
}

const DOCS = corpus(240);

/** The default version's index over search files; every file it reads is added to `reads`. */
function indexOver(files: Map<string, string>, reads: string[] = []): VersionIndex {
  const names = searchFileNames("5.0.0", "5.0.0");
  const parse = (name: string): unknown => JSON.parse(files.get(name) ?? "null");
  return new VersionIndex(parse(names.doc) as SearchDocFile, parse(names.index) as SearchIndexFile, async (name) => {
    reads.push(name);
    return parse(name);
  });
}

const split = searchFilesOf(DOCS, "5.0.0", {}, 400);
const whole = searchFilesOf(DOCS, "5.0.0", {}, Infinity);
const manifest = JSON.parse(split.get("search-index.json")!) as SearchIndexFile;
const shardOf = (n: number) => JSON.parse(split.get(searchShardFile("5.0.0", n))!) as SearchShardFile;
const allTerms = manifest.shards.first.flatMap((_, n) => shardOf(n).terms.split(" "));

/** Queries: every word of the titles and headings, each prefix of two letters or more, typos, pairs, a trailing space. */
function queries(): string[] {
  const words = [...new Set(DOCS.flatMap((d) => `${d.t} ${d.s}`.split(" ")).filter(Boolean))];
  const found = new Set<string>();
  for (const word of words) {
    for (let end = 2; end <= word.length; end++) found.add(word.slice(0, end));
    if (word.length >= 5) {
      found.add(word.slice(0, 2) + word.slice(3)); // a letter left out
      found.add(`${word.slice(0, 1)}${word[2]}${word[1]}${word.slice(3)}`); // two letters swapped
    }
    found.add(`${word} `);
  }
  words.forEach((word, i) => found.add(`${word} ${words[(i * 7) % words.length]}`));
  return [...found];
}

describe("the search index's shards", () => {
  it("hold every term once, in order, in shards balanced by size, named by the manifest", () => {
    const unsplit = JSON.parse(whole.get(searchShardFile("5.0.0", 0))!) as SearchShardFile;
    expect(JSON.parse(whole.get("search-index.json")!)).toEqual({ shards: { first: [unsplit.terms.split(" ")[0]], terms: [unsplit.sections.length] } });
    expect(allTerms).toEqual(unsplit.terms.split(" "));
    expect(manifest.shards.first.length).toBeGreaterThan(20);
    manifest.shards.first.forEach((first, n) => {
      const shard = shardOf(n);
      const terms = shard.terms.split(" ");
      expect(terms[0]).toBe(first);
      expect(terms).toHaveLength(manifest.shards.terms[n]!);
      expect(shard.sections).toHaveLength(terms.length);
      expect(shard.titles).toHaveLength(terms.length);
      // Each shard is cut at the term that brings it to 400 characters: no shard but the last is much smaller, none much larger.
      const size = terms.reduce((sum, term, i) => sum + term.length + shard.sections[i]!.length + shard.titles[i]!.length + 6, 0);
      const last = terms.length - 1;
      if (n < manifest.shards.first.length - 1) expect(size - (terms[last]!.length + shard.sections[last]!.length + shard.titles[last]!.length + 6)).toBeLessThan(400);
      if (n < manifest.shards.first.length - 1) expect(size).toBeGreaterThanOrEqual(400);
    });
  });

  it("stay as they were where an edit does not reach: words added to one page rewrite the shards of that page's terms alone", () => {
    // The last page's text (its sections are the last, so no other section moves) gains words of its own, first in
    // the alphabet, and loses none. Shards are cut by a running total that starts again at each cut, so the cuts
    // after the first shard find their old places again within a shard or two (the search files of a prose edit
    // at 10,000 docs: 8 of 8,500 written again).
    const added = [..."abcdefghijklmnopqrstuvwxyz"].map((letter) => `aardvark${letter}`);
    const edited = DOCS.map((d, i) => (i === DOCS.length - 1 ? { ...d, x: `${d.x} ${added.join(" ")}` } : d));
    const after = searchFilesOf(edited, "5.0.0", {}, 400);
    const shardsOf = (files: Map<string, string>) => [...files].filter(([name]) => name.startsWith("search-index/")).map(([, text]) => text);
    const before = new Set(shardsOf(split));
    const changed = shardsOf(after).filter((text) => !before.has(text));
    const lastPage = DOCS.filter((d) => d.u.split("#")[0] === DOCS.at(-1)!.u.split("#")[0]);
    const pageTerms = new Set(lastPage.flatMap((d) => indexTerms(`${d.t} ${d.s} ${d.x}`)));
    // Each changed shard holds a term of the page (or the new one), and most shards are untouched.
    for (const text of changed) expect((JSON.parse(text) as SearchShardFile).terms.split(" ").some((term) => pageTerms.has(term) || term.startsWith("aardvark")), text).toBe(true);
    expect(changed.length).toBeLessThanOrEqual(pageTerms.size + 2);
    expect(changed.length).toBeLessThan(before.size / 3);
  });

  it("cut a short index into one shard, and an empty one into none", () => {
    expect(shardIndex(["ab", "cd"], ["1", "2"], ["", "0"])).toEqual({ manifest: { shards: { first: ["ab"], terms: [2] } }, shards: [{ terms: "ab cd", sections: ["1", "2"], titles: ["", "0"] }] });
    expect(shardIndex([], [], [])).toEqual({ manifest: { shards: { first: [], terms: [] } }, shards: [] });
  });

  it("are fetched only as a query needs them: the shards holding the terms it begins", async () => {
    const reads: string[] = [];
    const index = indexOver(split, reads);
    const hits = await index.find("contour", 10);
    expect(hits!.length).toBeGreaterThan(0);
    // The shards whose range holds a term beginning "contour", and none other.
    const needed = manifest.shards.first.flatMap((_, n) => (shardOf(n).terms.split(" ").some((t) => t.startsWith("contour")) ? [searchShardFile("5.0.0", n)] : []));
    const firstShard = manifest.shards.first.findLastIndex((first) => first <= "contour");
    expect(new Set(reads)).toEqual(new Set([searchShardFile("5.0.0", firstShard), ...needed]));
    expect(reads.length).toBeLessThan(manifest.shards.first.length / 4);
    // Typing on within the word fetches nothing more.
    await index.find("contours", 10);
    expect(reads).toHaveLength(new Set(reads).size);
  });

  it("let a search give up before fetching, fetching nothing", async () => {
    const reads: string[] = [];
    const index = indexOver(split, reads);
    expect(await index.find("region", 10, async () => false)).toBeUndefined();
    expect(reads).toEqual([]);
  });

  it("find every term of the index", async () => {
    const index = indexOver(split);
    for (const term of allTerms) expect((await index.find(term, 10))!.length, term).toBeGreaterThan(0);
  });

  // A thousand queries, each asked twice: about a second, more on a busy machine.
  it("give the same results as the index in one piece, over the titles' words, their prefixes, typos and pairs", { timeout: 30_000 }, async () => {
    const one = indexOver(whole);
    const many = indexOver(split);
    const asked = queries();
    expect(asked.length).toBeGreaterThan(300);
    for (const query of asked) {
      const expected = (await one.find(query, 10))!.map((h) => [h.url, h.heading, h.score, h.matched]);
      expect((await many.find(query, 10))!.map((h) => [h.url, h.heading, h.score, h.matched]), query).toEqual(expected);
    }
    // Typos read as their nearest term: the corpus has them, and they find what the word does.
    expect((await many.find("contuor", 10))!.map((h) => h.url)).toEqual((await many.find("contour", 10))!.map((h) => h.url));
  });

  it("index the words the tokenizer makes, dotted paths and camelCase parts included", () => {
    for (const term of indexTerms("app.openFile frame.regionSet.addLineRegion")) expect(allTerms).toContain(term);
  });
});
