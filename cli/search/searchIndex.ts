/**
 * Search documents and files. Rendering a page yields its search documents, one per section (the text
 * before the first heading, then each heading or API member); the search stage writes them per docs version
 * (renderer/client/searchData.ts has the format): the sections to show, an inverted index over them made
 * with the tokenizer the browser reads queries with (renderer/client/searchTokens.ts), split into shards
 * with a manifest, and the sections' texts.
 */
import {
  encodeGaps,
  GapWriter,
  IN_HEADING,
  POSTING_SCALE,
  searchFileNames,
  SHARD_CHARS,
  TEXT_FILE_CHARS,
  TEXT_COUNT,
  textCount,
  type SearchDocFile,
  type SearchIndexFile,
  type SearchShardFile,
} from "../../renderer/client/searchData.ts";
import { indexTerms } from "../../renderer/client/searchTokens.ts";
import { htmlText } from "./htmlText.ts";
import type { Page } from "../pages/pages.ts";

export interface SearchDoc {
  /** Route plus anchor of the section. */
  u: string;
  /** Page title. */
  t: string;
  /** Section heading ("" for the page's opening). */
  s: string;
  /** Plain text of the section, as the reader sees it (code included). */
  x: string;
  /** "docs" or "api". */
  k: string;
}

/** Text indexed per section: enough for the longest tutorial section, a guard against a page of one huge table. */
const MAX_INDEXED = 20_000;
/**
 * Text stored per section for excerpts. An API member's text starts with its signature and summary, which
 * is what a result should show; in a tutorial section the match may be far in, and the excerpt centres on it.
 */
const STORED_TEXT = { api: 200, docs: 2_000 } as const;

/**
 * Where a section starts: a heading with an id, or (API members) a <section id> whose first child is
 * its heading. Groups: the id, then the heading's inner HTML.
 */
const HEADING = /<section\b[^>]*\sid="([^"]+)"[^>]*>\s*<h[2-4]\b[^>]*>([\s\S]*?)<\/h[2-4]>|<h([2-4])\b[^>]*\sid="([^"]+)"[^>]*>([\s\S]*?)<\/h\3>/g;
/** Flags shown beside a member's name ("readonly", "static") are not part of its title. */
const BADGES = /<span class="api-badges">[\s\S]*?<\/span><\/span>/g;

/** Where the page's own text ends: the doc's footer (edit link, last update), the pagination links. */
const ENDS = ['<div class="doc-footer"', '<nav class="pagination"'];

/**
 * The searchable part of a page: from the element marked data-search-body (else the <article>) to the
 * first of ENDS or the article's end, without the page's own <h1> (the title is indexed apart).
 */
function article(html: string): string {
  const marked = html.indexOf("data-search-body");
  const start = marked !== -1 ? html.indexOf(">", marked) + 1 : html.indexOf("<article");
  if (start <= 0) return "";
  const ends = ENDS.map((marker) => html.indexOf(marker, start)).filter((at) => at !== -1);
  const end = ends.length ? Math.min(...ends) : html.lastIndexOf("</article>");
  return end === -1 ? "" : html.slice(start, end).replace(/<h1\b[\s\S]*?<\/h1>/, "");
}

export function searchDocsOf(page: Page, html: string): SearchDoc[] {
  const body = article(html);
  const base = { t: page.title, k: page.section ?? "docs" };
  const docs: SearchDoc[] = [];
  let last = 0;
  let section = { s: "", u: page.route };
  const textOf = (part: string) => htmlText(part).slice(0, MAX_INDEXED);
  for (const match of body.matchAll(HEADING)) {
    docs.push({ ...base, ...section, x: textOf(body.slice(last, match.index)) });
    const id = match[1] ?? match[4]!;
    const heading = (match[2] ?? match[5]!).replace(BADGES, "");
    section = { s: htmlText(heading), u: `${page.route}#${id}` };
    last = match.index + match[0].length;
  }
  docs.push({ ...base, ...section, x: textOf(body.slice(last)) });
  // The breadcrumb and header text of the opening section repeats the title: drop empty openings.
  return docs.filter((d, i) => i > 0 || d.x.length > 0 || docs.length === 1);
}

/** Pages that search finds: not the not-found page, not unlisted docs. */
export function isSearchable(page: Page): boolean {
  return !page.unlisted && page.kind !== "notFound";
}

/** Names of every search file of a site with these docs versions, the default one first. */
export function searchFileList(versions: readonly string[], defaultVersion: string): string[] {
  const ordered = [defaultVersion, ...versions.filter((v) => v !== defaultVersion)];
  return ordered.flatMap((v) => Object.values(searchFileNames(v, defaultVersion)));
}

/** Cuts `text` to about `max` characters at a word's end. */
function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  const space = text.lastIndexOf(" ", max);
  return text.slice(0, space > max / 2 ? space : max);
}

/** A term's share of its shard's JSON: the term, its postings, their quotes and commas (what shards are cut by). */
export const termSize = (term: string, sections: string, titles: string) => term.length + sections.length + titles.length + 6;

/** A text's share of its text file's JSON (what text files are cut by). */
export const textSize = (text: string) => text.length + 3;

/**
 * The index's terms (sorted) with their postings, cut into shards of about `shardChars` characters each,
 * and the manifest naming each shard's first term.
 */
export function shardIndex(
  terms: readonly string[],
  sections: readonly string[],
  titles: readonly string[],
  shardChars = SHARD_CHARS,
): { manifest: SearchIndexFile; shards: SearchShardFile[] } {
  const runs = cutBySize(terms, (term, i) => termSize(term, sections[i]!, titles[i]!), shardChars);
  return {
    manifest: { shards: { first: runs.map((run) => terms[run.start]!), terms: runs.map((run) => run.end - run.start) } },
    shards: runs.map(({ start, end }) => ({ terms: terms.slice(start, end).join(" "), sections: sections.slice(start, end), titles: titles.slice(start, end) })),
  };
}

/**
 * Runs [start, end) of consecutive items, each run ending with the item that brings its size to `max` or past it.
 * The running size starts again at each cut, so the runs after a cut depend on the items after it alone: what
 * searchPatch.ts relies on to cut again only around an edit.
 */
function cutBySize<T>(items: readonly T[], size: (item: T, i: number) => number, max: number): { start: number; end: number }[] {
  const runs: { start: number; end: number }[] = [];
  let start = 0;
  let total = 0;
  items.forEach((item, i) => {
    total += size(item, i);
    if (total < max) return;
    runs.push({ start, end: i + 1 });
    start = i + 1;
    total = 0;
  });
  if (start < items.length) runs.push({ start, end: items.length });
  return runs;
}

/**
 * What the index takes of one page, made once per page and kept (see PageTermsKeeper): its route, title and
 * sections to show, and its postings: each distinct term of the page once (joined by spaces, as a term holds
 * none, so a build store keeps one string a page rather than one per term), with the sections holding it. Put
 * together per page, a version's index costs one lookup per term of a page, not one per term of a section.
 */
export interface PageTerms {
  route: string;
  title: string;
  /** The distinct terms of the page's title. */
  titleTerms: string;
  headings: string[];
  anchors: (string | 0)[];
  /** Each section's text as stored for excerpts. */
  texts: string[];
  /** An API section's URL, which docs pages may cite; "" for the others. */
  urls: string[];
  /** The page's distinct terms, in the order first seen. */
  terms: string;
  /**
   * How many of the page's sections hold each term; then each term's postings in turn, in section order: the
   * section's place in the page, and where the term is there (IN_HEADING, plus TEXT_COUNT times textCount). Typed
   * arrays: a build store of 10,000 pages holds some 17 million of these numbers, which as arrays of numbers took
   * 8 bytes each on the heap and a look from every garbage collection; these are bytes the collector passes over.
   */
  counts: SectionNumbers;
  sections: SectionNumbers;
  where: Uint8Array;
}

/** Numbers no larger than a page's count of sections: two bytes each, unless the page has more than 65,535. */
type SectionNumbers = Uint16Array | Uint32Array;

const sectionNumbers = (values: readonly number[], sections: number): SectionNumbers => (sections <= 0xffff ? Uint16Array.from(values) : Uint32Array.from(values));

/** One page's terms from its sections (the first section's route is the page's). */
export function pageTermsOf(sections: readonly SearchDoc[]): PageTerms {
  const first = sections[0]!;
  const route = first.u.split("#")[0]!;
  const page = { route, title: first.t, titleTerms: [...new Set(indexTerms(first.t))].join(" "), headings: [] as string[], anchors: [] as (string | 0)[], texts: [] as string[], urls: [] as string[] };
  const postings = new Map<string, { sections: number[]; where: number[] }>();
  sections.forEach((section, i) => {
    const anchor = section.u.slice(route.length + 1);
    page.headings.push(section.s);
    page.anchors.push(anchor !== "" && anchor === section.s ? 0 : anchor);
    page.texts.push(shortened(section.x, section.k === "api" ? STORED_TEXT.api : STORED_TEXT.docs));
    page.urls.push(section.k === "api" ? section.u : "");
    const where = new Map<string, number>();
    for (const term of indexTerms(section.s)) where.set(term, IN_HEADING);
    const times = new Map<string, number>();
    for (const term of indexTerms(section.x)) times.set(term, (times.get(term) ?? 0) + 1);
    for (const [term, n] of times) where.set(term, (where.get(term) ?? 0) | (TEXT_COUNT * textCount(n)));
    for (const [term, flags] of where) {
      const entry = postings.get(term);
      if (entry) {
        entry.sections.push(i);
        entry.where.push(flags);
      } else postings.set(term, { sections: [i], where: [flags] });
    }
  });
  const counts: number[] = [];
  const inSections: number[] = [];
  const where: number[] = [];
  for (const entry of postings.values()) {
    counts.push(entry.sections.length);
    inSections.push(...entry.sections);
    where.push(...entry.where);
  }
  const count = sections.length;
  return { ...page, terms: [...postings.keys()].join(" "), counts: sectionNumbers(counts, count), sections: sectionNumbers(inSections, count), where: Uint8Array.from(where) };
}

/**
 * What assembling a version's search files gives: the files' texts, and what the next build needs to patch them
 * for an edit rather than assemble them again (searchPatch.ts); a build store keeps it (searchFiles.ts).
 */
export interface VersionAssembly {
  shardChars: number;
  /** Its pages in order: route, the key its terms were kept by (see SearchKeeper), its count of sections. */
  routes: string[];
  keys: string[];
  counts: number[];
  /** A digest of the URLs docs pages link to (see citedDigest). */
  cited: string;
  /** The index's manifest, and the first section of each text file. */
  manifest: SearchIndexFile["shards"];
  textStarts: number[];
  /**
   * The files' texts: the doc file, the index file (the manifest), each shard, each text file; a shard or text file
   * as kept by a build store is its bytes (see keptSearch.ts).
   */
  doc: string;
  index: string;
  shards: FileText[];
  texts: FileText[];
}

/** A search file's text, or its bytes (UTF-8). */
export type FileText = string | Buffer;

/** Which sections of a version docs pages cite, in section order. */
function citedSections(pages: readonly PageTerms[], cited: ReadonlySet<string>): number[] {
  const sections: number[] = [];
  let id = 0;
  for (const page of pages) {
    page.urls.forEach((url, i) => {
      if (url !== "" && cited.has(url)) sections.push(id + i);
    });
    id += page.headings.length;
  }
  return sections;
}

/**
 * One version's files from its pages' terms, in page order (`keys`: the key each page's terms are kept by): its
 * doc file, its index (a manifest and shards) and its texts. `cited` holds the URLs that docs pages link to.
 */
export function assembleVersion(
  version: string,
  pages: readonly PageTerms[],
  keys: readonly string[],
  cited: { urls: ReadonlySet<string>; digest: string },
  shardChars: number,
): VersionAssembly {
  const doc: SearchDocFile = { version, pages: { route: [], title: [], count: [] }, sections: { heading: [], anchor: [], cited: "", texts: "" } };
  const texts: string[] = [];
  const sectionsOf = new Map<string, GapWriter>();
  const titlesOf = new Map<string, GapWriter>();
  let id = 0;
  pages.forEach((page, pageIndex) => {
    doc.pages.route.push(page.route);
    doc.pages.title.push(page.title);
    doc.pages.count.push(page.headings.length);
    for (const term of termsOf(page.titleTerms)) {
      let pagesWith = titlesOf.get(term);
      if (!pagesWith) titlesOf.set(term, (pagesWith = new GapWriter()));
      pagesWith.add(pageIndex);
    }
    doc.sections.heading.push(...page.headings);
    doc.sections.anchor.push(...page.anchors);
    texts.push(...page.texts);
    // Pages come in order, so a page's postings always go at the end.
    let at = 0;
    termsOf(page.terms).forEach((term, n) => {
      let postings = sectionsOf.get(term);
      if (!postings) sectionsOf.set(term, (postings = new GapWriter(POSTING_SCALE)));
      for (const end = at + page.counts[n]!; at < end; at++) postings.add(id + page.sections[at]!, page.where[at]);
    });
    id += page.headings.length;
  });
  doc.sections.cited = encodeGaps(citedSections(pages, cited.urls));
  const textFiles = cutBySize(texts, textSize, TEXT_FILE_CHARS);
  const textStarts = textFiles.map((file) => file.start);
  doc.sections.texts = encodeGaps(textStarts);
  const terms = [...new Set([...sectionsOf.keys(), ...titlesOf.keys()])].sort();
  const sections = terms.map((term) => sectionsOf.get(term)?.text ?? "");
  const index = shardIndex(terms, sections, terms.map((term) => titlesOf.get(term)?.text ?? ""), shardChars);
  return {
    shardChars,
    routes: doc.pages.route,
    keys: [...keys],
    counts: doc.pages.count,
    cited: cited.digest,
    manifest: index.manifest.shards,
    textStarts,
    doc: JSON.stringify(doc),
    index: JSON.stringify(index.manifest),
    shards: index.shards.map((shard) => JSON.stringify(shard)),
    texts: textFiles.map((file) => JSON.stringify(texts.slice(file.start, file.end))),
  };
}

export const termsOf = (joined: string) => (joined === "" ? [] : joined.split(" "));
