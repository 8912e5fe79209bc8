/**
 * Search files patched for an edit (cli/search/searchPatch.ts) against the files put together whole from every
 * page: a run of random edits of a generated site, each build patching the files the one before left, must give the
 * whole assembly's files byte for byte, and patch (not assemble again) the versions a prose edit touched.
 */
import { describe, expect, it } from "vitest";
import { BuildCache, createScope } from "../../cli/cache/buildCache.ts";
import { keptSearch } from "../../cli/search/keptSearch.ts";
import { buildSearchFiles, type SearchFiles } from "../../cli/search/searchFiles.ts";
import type { Page } from "../../cli/pages/pages.ts";
import { doc, type VersionedDoc } from "./files.ts";

const WORDS = (
  "region regions contour spectral profile image frame channel moment render colour colormap scale histogram catalog " +
  "overlay cursor zoom pan file open close append load save snippet code store state observable async error warning " +
  "AppStore FrameStore RegionStore openFile appendFile closeFile addLineRegion setChannel app.openFile logStore.addWarning"
).split(" ");

/** A fixed sequence of numbers below `n`, the same in every run. */
function randoms(seed: number): (n: number) => number {
  return (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
}

interface TestPage {
  route: string;
  version: string;
  kind: "doc" | "apiItem";
  title: string;
  sections: { s: string; id: string; x: string }[];
  links: string[];
}

/** Pages of two versions and one of none (in both), API pages among them, docs pages citing API members. */
function site(next: (n: number) => number): TestPage[] {
  const phrase = (length: number) => Array.from({ length }, () => WORDS[next(WORDS.length)]!).join(" ");
  const pages: TestPage[] = [{ route: "/c/", version: "", kind: "doc", title: "Home", sections: [{ s: "", id: "", x: phrase(30) }], links: [] }];
  for (const version of ["5.0.0", "4.1.0"]) {
    for (let p = 0; p < 60; p++) {
      const api = p % 4 === 0;
      const route = `/c/${version}/${api ? "api" : "docs"}/p${p}`;
      const sections = [{ s: "", id: "", x: phrase(10 + next(200)) }];
      for (let s = 0; s < 1 + next(4); s++) sections.push({ s: phrase(1 + next(3)), id: `s${s}`, x: phrase(5 + next(300)) });
      const links = api ? [] : [`/c/${version}/api/p${4 * next(15)}#s0`];
      pages.push({ route, version, kind: api ? "apiItem" : "doc", title: api ? WORDS[30 + (p % 12)]! : phrase(2 + next(2)), sections, links });
    }
  }
  return pages;
}

/** The site's pages and renderings as the search stage takes them, each page's render key a digest of its sections. */
function inputs(pages: readonly TestPage[]) {
  const docs = (page: TestPage): VersionedDoc[] =>
    page.sections.map(({ s, id, x }) => doc(id ? `${page.route}#${id}` : page.route, page.title, s, x, page.version, page.kind === "apiItem" ? "api" : "docs"));
  return {
    pages: pages.map((page) => ({ route: page.route, kind: page.kind, ...(page.version && { version: { name: page.version } }) }) as unknown as Page),
    rendered: new Map(pages.map((page) => [page.route, { search: docs(page), links: page.links.join("\0") }])),
    keys: new Map(pages.map((page) => [page.route, JSON.stringify([page.route, page.title, page.sections, page.links])])),
  };
}

const SHARD_CHARS = 600;

function whole(pages: readonly TestPage[]): Map<string, string | Buffer> {
  const { pages: all, rendered } = inputs(pages);
  return buildSearchFiles(all, rendered, ["5.0.0", "4.1.0"], "5.0.0", SHARD_CHARS).files;
}

/** The files that differ between two sets of search files (texts or bytes), by name: none when they are the same, byte for byte. */
function differences(a: ReadonlyMap<string, string | Buffer>, b: ReadonlyMap<string, string | Buffer>): string[] {
  return [...new Set([...a.keys(), ...b.keys()])].filter((name) => a.get(name)?.toString() !== b.get(name)?.toString());
}

/** Builds with one cache, as builds with a build store do. */
function keptBuilds(): (pages: readonly TestPage[]) => SearchFiles {
  const cache = new BuildCache();
  return (pages) => {
    const { pages: all, rendered, keys } = inputs(pages);
    return buildSearchFiles(all, rendered, ["5.0.0", "4.1.0"], "5.0.0", SHARD_CHARS, keptSearch(cache, keys, createScope("/c/")));
  };
}

type Edit = "prose" | "prose on three pages" | "new word" | "word removed" | "long paragraph" | "heading" | "title" | "section added" | "page added" | "link";

/** `pages` with one edit of `kind` to a page picked by `next`, and the edited page's version. */
function edited(pages: readonly TestPage[], kind: Edit, next: (n: number) => number, n: number): { pages: TestPage[]; version: string } {
  const copy = pages.map((page) => ({ ...page, sections: page.sections.map((section) => ({ ...section })), links: [...page.links] }));
  const page = copy[1 + next(copy.length - 1)]!;
  const section = page.sections[next(page.sections.length)]!;
  switch (kind) {
    case "prose":
      section.x += ` ${WORDS[next(WORDS.length)]}`;
      break;
    case "prose on three pages":
      // Pages far apart: their sections fall in different text files and their words in different shards.
      for (const other of [page, copy[1 + ((copy.indexOf(page) + 40) % (copy.length - 1))]!, copy[1 + ((copy.indexOf(page) + 80) % (copy.length - 1))]!]) {
        if (other.version !== page.version) continue;
        other.sections[0]!.x = `${WORDS[next(WORDS.length)]} ${other.sections[0]!.x} ${WORDS[next(WORDS.length)]} ${WORDS[next(WORDS.length)]}`;
      }
      break;
    case "new word":
      section.x = `zebra${n} ${section.x}`;
      break;
    case "word removed":
      section.x = section.x.split(" ").slice(1).join(" ");
      break;
    case "long paragraph":
      section.x += ` ${Array.from({ length: 400 }, (_, i) => WORDS[(i * 7 + n) % WORDS.length]).join(" ")} quagga${n}`;
      break;
    case "heading":
      page.sections[page.sections.length - 1]!.s = `renamed heading ${n}`;
      break;
    case "title":
      page.title = `A new title ${n}`;
      break;
    case "section added":
      page.sections.push({ s: `added ${n}`, id: `added${n}`, x: "a section added" });
      break;
    case "page added":
      copy.push({ route: `/c/5.0.0/docs/new${n}`, version: "5.0.0", kind: "doc", title: `New page ${n}`, sections: [{ s: "", id: "", x: `okapi${n} region` }], links: [] });
      return { pages: copy, version: "5.0.0" };
    case "link":
      page.links = page.kind === "doc" ? ["/c/5.0.0/api/p8#s0", ...page.links] : page.links;
      break;
  }
  return { pages: copy, version: page.version };
}

const PATCHED: readonly Edit[] = ["prose", "prose on three pages", "new word", "word removed", "long paragraph", "heading"];
const EDITS: readonly Edit[] = [...PATCHED, "title", "section added", "page added", "link"];

describe("search files patched for an edit", () => {
  it("are the whole assembly's files byte for byte, edit after edit, and name as unchanged only files that did not change", () => {
    const next = randoms(11);
    let pages = site(next);
    const build = keptBuilds();
    let before = build(pages);
    expect(before.patched).toEqual([]);
    expect(differences(before.files, whole(pages))).toEqual([]);
    const seen = new Set<string>();
    for (let n = 0; n < 120; n++) {
      const kind = EDITS[n % EDITS.length]!;
      const edit = edited(pages, kind, next, n);
      pages = edit.pages;
      const after = build(pages);
      expect(differences(after.files, whole(pages)), `after edit ${n} (${kind})`).toEqual([]);
      expect([...after.unchanged].filter((rel) => after.files.get(rel)?.toString() !== before.files.get(rel)?.toString())).toEqual([]);
      if (after.patched.includes(edit.version)) seen.add(kind);
      before = after;
    }
    // The run patched each kind of edit patched, and assembled the others whole (a link is patched when the set of
    // links stays the same).
    expect([...seen].filter((kind) => kind !== "link").sort()).toEqual([...PATCHED].sort());
  }, 60_000);

  it("patch the edited page's version alone for a prose edit, rewriting a few files of it", () => {
    const pages = site(randoms(5));
    const build = keptBuilds();
    build(pages);
    const edit = edited(pages, "prose", randoms(3), 0);
    const after = build(edit.pages);
    expect(after.patched).toEqual([edit.version]);
    const changed = [...after.files.keys()].filter((rel) => !after.unchanged.has(rel));
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThanOrEqual(6);
    expect(after.unchanged.size).toBe(after.files.size - changed.length);
  });

  it("assemble a version whole when its pages were added, or a title or a count of sections changed", () => {
    for (const kind of ["title", "section added", "page added"] as const) {
      const pages = site(randoms(5));
      const build = keptBuilds();
      build(pages);
      const edit = edited(pages, kind, randoms(3), 0);
      const after = build(edit.pages);
      expect(after.patched, kind).toEqual([]);
    }
  });
});
