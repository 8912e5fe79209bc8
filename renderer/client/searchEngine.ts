/**
 * Searching one version's files (searchData.ts). Every query word must be found for a section to rank
 * first; sections holding only some of the words follow. A word is found as a term of the index, by its
 * dotted path whole or by all its segments (`app.openFile`: `app` and `openfile`, the class's title
 * holding `app` of `AppStore`), a segment by itself or by all its camelCase parts. Where it is found counts:
 * a section's heading above its page's title above its text (more for a term the text repeats), each
 * weighed by how rare the term is. The last word also matches as a prefix (the reader is still typing it),
 * a plural as its singular and a singular as its plural, and a word found nowhere is read as the most common
 * term one or two typos away.
 */
import {
  decodeGaps,
  IN_HEADING,
  POSTING_SCALE,
  searchShardFile,
  searchTextFile,
  TEXT_COUNT,
  textPlace,
  type SearchDocFile,
  type SearchIndexFile,
  type SearchShardFile,
} from "./searchData.ts";
import { TermIndex } from "./searchTerms.ts";
import { queryWords, WORD_CHARS, type QueryWord } from "./searchTokens.ts";

export interface SearchHit {
  /** Route plus anchor. */
  url: string;
  title: string;
  heading: string;
  /** The start of the section's text: "" until `withText` fetched it. */
  text: string;
  /** The section's number in its version's files. */
  section: number;
  /** Docs version of the files the hit comes from. */
  version: string;
  score: number;
  /** Query words found. */
  matched: number;
}

const WEIGHT = { heading: 3, title: 2 } as const;
/** Weight of a term in the text, by textCount bucket (none, once, two or three times, more). */
const TEXT_WEIGHT = [0, 1, 1.5, 2] as const;
/**
 * Boosts of a section found by every word: the query is its page's title (for the page's opening) or its
 * heading; it is an API member named by the query's last word that docs pages link to (one the tutorials
 * use, `AppStore.closeFile` above `BackendService.closeFile`).
 */
const BOOST = { title: 6, heading: 2, cited: 1.5 } as const;
/** Discounts of a word found other than as written. */
const FOUND = { whole: 1.2, parts: 0.8, prefix: 0.6, number: 0.7 } as const;
/** At most this many terms stand for a prefix or a typo: the most common ones. */
const MAX_EXPANSIONS = 40;
/** A word of a query, or a segment of a dotted one (see `corrected`). */
const SEGMENT = new RegExp(`[${WORD_CHARS}]+`, "gu");
/** What separates the words of a text compared with a whole query (see `plain`): a dot does not. */
const NOT_WORD = new RegExp(`[^${WORD_CHARS}.]+`, "gu");

interface Postings {
  sections: number[];
  /** IN_HEADING plus TEXT_COUNT times the textCount bucket, per section. */
  where: number[];
  /** Pages whose title holds the term. */
  titles: number[];
}

/** Damerau-Levenshtein distance of `a` and `b` when at most `limit`, else limit + 1 (early exit). */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length]!;
}

/**
 * One way of finding a query word: scores per section, and a maker of those per page of a title holding
 * it (made by `all` alone, and only when it combines several alternatives).
 */
interface Alternative {
  scores: Float64Array;
  titles?: () => Float64Array;
}

interface Ranked {
  section: number;
  score: number;
  matched: number;
}

/** Reads one of the search files of the site, by its name (relative to the site root). */
export type ReadSearchFile = (name: string) => Promise<unknown>;

/** Called before each fetch of index shards a search needs; the search gives up when it resolves false. */
export type BeforeFetch = () => Promise<boolean>;

export class VersionIndex {
  readonly version: string;
  private readonly read: ReadSearchFile;
  /** Text files and index shards by name, fetched once. */
  private readonly fetched = new Map<string, Promise<unknown>>();
  private readonly docs: SearchDocFile;
  private readonly terms: TermIndex;
  private readonly postings = new Map<number, Postings>();
  /** Page of each section, and the first section of each page. */
  private readonly pageOf: Uint32Array;
  private readonly firstOf: Uint32Array;
  private readonly sectionCount: number;
  private readonly pageCount: number;
  private readonly cited: Uint8Array;
  /** The first section of each text file. */
  private readonly textStarts: number[];
  /** Headings and titles as compared with a whole query (see `plain`), made when first needed. */
  private readonly plainHeadings: (string | undefined)[] = [];
  private readonly plainTitles: (string | undefined)[] = [];

  constructor(docs: SearchDocFile, index: SearchIndexFile, read: ReadSearchFile) {
    this.version = docs.version;
    this.read = read;
    this.docs = docs;
    this.terms = new TermIndex(index);
    this.pageCount = docs.pages.count.length;
    this.sectionCount = docs.sections.heading.length;
    this.pageOf = new Uint32Array(this.sectionCount);
    this.firstOf = new Uint32Array(this.pageCount);
    this.cited = new Uint8Array(this.sectionCount);
    for (const section of decodeGaps(docs.sections.cited).values) this.cited[section] = 1;
    this.textStarts = decodeGaps(docs.sections.texts).values;
    let section = 0;
    docs.pages.count.forEach((count, page) => {
      this.firstOf[page] = section;
      this.pageOf.fill(page, section, section + count);
      section += count;
    });
  }

  private postingsOf(term: number): Postings {
    let found = this.postings.get(term);
    if (!found) {
      const encoded = this.terms.postings(term);
      const sections = decodeGaps(encoded.sections, POSTING_SCALE);
      found = { sections: sections.values, where: sections.extra, titles: decodeGaps(encoded.titles).values };
      this.postings.set(term, found);
    }
    return found;
  }

  /** How rare a term is: sections with it in their heading or text, pages with it in their title. */
  private rarity(postings: Postings): number {
    return Math.log(1 + this.sectionCount / (postings.sections.length + 1)) + Math.log(1 + this.pageCount / (postings.titles.length + 1)) / 2;
  }

  /** Index terms one typo (two for long words) from `term` and with its first letter, the most common first. */
  private nearby(term: string): number[] {
    if (term.length < 4) return [];
    const limit = term.length >= 8 ? 2 : 1;
    return this.mostCommon(this.terms.filter(term[0]!, (candidate) => editDistance(term, candidate, limit) <= limit));
  }

  private mostCommon(ids: number[]): number[] {
    if (ids.length <= MAX_EXPANSIONS) return ids;
    const size = (id: number) => {
      const { sections, titles } = this.terms.postings(id);
      return sections.length + titles.length;
    };
    return ids.sort((a, b) => size(b) - size(a)).slice(0, MAX_EXPANSIONS);
  }

  /**
   * Adds one term's scores, times `factor`, into `scores` (per section, the best so far): the sections whose
   * heading or text holds it, and the opening of each page whose title does.
   */
  private addTermScores(term: number, factor: number, scores: Float64Array): void {
    const postings = this.postingsOf(term);
    const rarity = this.rarity(postings) * factor;
    const { sections, where } = postings;
    for (let i = 0; i < sections.length; i++) {
      const w = where[i]!;
      const score = rarity * (w & IN_HEADING ? WEIGHT.heading : TEXT_WEIGHT[Math.floor(w / TEXT_COUNT) as 0 | 1 | 2 | 3]);
      if (score > scores[sections[i]!]!) scores[sections[i]!] = score;
    }
    // A title holds for every section of its page; it makes the page's opening a candidate, and counts for
    // the page's other sections only when they are found by other words (see `titleScores`).
    const score = rarity * WEIGHT.title;
    for (const page of postings.titles) {
      const first = this.firstOf[page]!;
      if (score > scores[first]!) scores[first] = score;
    }
  }

  /** Per page, the score of a term in its title (0 where the title lacks it), times `factor`. */
  private titleScores(term: number, factor: number): Float64Array {
    const postings = this.postingsOf(term);
    const scores = new Float64Array(this.pageCount);
    const score = this.rarity(postings) * WEIGHT.title * factor;
    for (const page of postings.titles) scores[page] = score;
    return scores;
  }

  /**
   * Terms (id, factor) standing for a term of the query: itself, its singular or plural, and the most common
   * words it begins (last word, or when it is no term).
   */
  private variants(term: string, last: boolean): [number, number][] {
    const ids = numberForms(term).flatMap(([t, f]): [number, number][] => {
      const id = this.terms.id(t);
      return id === undefined ? [] : [[id, f]];
    });
    // A word not found (its shard may be missing: then it is asked again with it) stands for the words it begins.
    if (last || (ids.length === 0 && !this.terms.lacksShards())) ids.push(...this.mostCommon(this.terms.longer(term)).map((id): [number, number] => [id, FOUND.prefix]));
    return ids;
  }

  /** Whether any term stands for `term` (`variants` has some), without listing or sorting them all. */
  private standsForTerm(term: string): boolean {
    return numberForms(term).some(([form]) => this.terms.id(form) !== undefined) || this.terms.longer(term, 1).length > 0;
  }

  /**
   * The query with each word (each segment of a dotted path) that stands for no term, not even as the start
   * of one, replaced by the most common term a typo or two away: `opnFile` reads as `openfile`.
   */
  private corrected(query: string): string {
    return query.replace(SEGMENT, (segment) => {
      const term = segment.toLowerCase();
      // Shorter words have no typos read (see `nearby`): asking whether they stand for a term would only fetch
      // shards. Nor is a typo read while shards are missing: the search runs again once they are in.
      if (term.length < 4 || this.standsForTerm(term) || this.terms.lacksShards()) return segment;
      const [best] = this.nearby(term);
      return best === undefined ? segment : this.terms.term(best);
    });
  }

  /** Best score per section over the terms `ids` (term, factor). */
  private union(ids: [number, number][]): Float64Array {
    const best = new Float64Array(this.sectionCount);
    for (const [id, factor] of ids) this.addTermScores(id, factor, best);
    return best;
  }

  /**
   * All of `alternatives` found in a section: the mean of their scores, so that a name found by its parts
   * weighs no more than one found whole; a section missing one is left out, unless its page's title holds it.
   */
  private all(alternatives: Alternative[]): Float64Array {
    if (alternatives.length === 1) return alternatives[0]!.scores;
    const found = alternatives.map(({ scores, titles }) => ({ scores, titles: titles?.() }));
    const result = new Float64Array(this.sectionCount);
    for (let section = 0; section < this.sectionCount; section++) {
      let sum = 0;
      for (const { scores, titles } of found) {
        const score = scores[section]! || (titles ? titles[this.pageOf[section]!]! : 0);
        if (score === 0) {
          sum = 0;
          break;
        }
        sum += score;
      }
      result[section] = sum / alternatives.length;
    }
    return result;
  }

  /** A term's section scores with, for sections found by other terms, its page-title scores (when asked). */
  private termAlternative(term: string, last: boolean, factor = 1): Alternative {
    const scores = this.union(this.variants(term, last).map(([id, f]): [number, number] => [id, f * factor]));
    const id = this.terms.id(term);
    return { scores, ...(id !== undefined && { titles: () => this.titleScores(id, factor) }) };
  }

  /** Section scores of one query word: its best way of being found in each section. */
  private wordScores(word: QueryWord, last: boolean): Float64Array {
    const segments = word.segments.map((segment, i): Alternative => {
      const lastSegment = last && i === word.segments.length - 1;
      const itself = this.termAlternative(segment.term, lastSegment);
      if (segment.parts.length === 0) return itself;
      const parts = this.all(segment.parts.map((part, j) => this.termAlternative(part, lastSegment && j === segment.parts.length - 1, FOUND.parts)));
      return { ...itself, scores: best(itself.scores, parts) };
    });
    const found = this.all(segments);
    return word.segments.length > 1 ? best(found, this.termAlternative(word.term, false, FOUND.whole).scores) : found;
  }

  /**
   * The best `limit` hits of a query, fetching the index shards it needs first: a search over the loaded
   * shards notes those it lacked, which are fetched, and the search runs again, until none lacked (a typo
   * read as a term may need the shards of that term). Undefined when `beforeFetch` gave up.
   */
  async find(query: string, limit: number, beforeFetch: BeforeFetch = async () => true): Promise<SearchHit[] | undefined> {
    for (;;) {
      const hits = this.search(query, limit);
      const missing = this.terms.takeMissing();
      if (missing.length === 0) return hits;
      if (!(await beforeFetch())) return undefined;
      await Promise.all(missing.map(async (shard) => this.terms.add(shard, (await this.fetch(searchShardFile(this.version, shard))) as SearchShardFile)));
    }
  }

  /** The best `limit` hits of a query over the shards loaded so far (`find` fetches those it needs). */
  search(written: string, limit: number): SearchHit[] {
    const query = this.corrected(written);
    const words = queryWords(query);
    if (words.length === 0) return [];
    const typing = !/\s$/.test(query);
    const perWord = words.map((word, i) => this.wordScores(word, typing && i === words.length - 1));
    const named = words.at(-1)!.segments.at(-1)!.term;
    const whole = plain(query);
    // Only the best `limit` are kept, in order: a common word matches thousands of sections on a large site.
    const top: Ranked[] = [];
    for (let section = 0; section < this.sectionCount; section++) {
      let score = 0;
      let matched = 0;
      for (const scores of perWord) {
        if (scores[section]! > 0) {
          score += scores[section]!;
          matched++;
        }
      }
      if (matched === 0) continue;
      if (matched === words.length) score *= this.boost(section, named, whole);
      const entry = { section, score, matched };
      if (top.length === limit && !before(entry, top[limit - 1]!)) continue;
      let at = top.length;
      while (at > 0 && before(entry, top[at - 1]!)) at--;
      top.splice(at, 0, entry);
      if (top.length > limit) top.pop();
    }
    return top.map(({ section, score, matched }) => this.hit(section, score, matched));
  }

  /** The boost of a section found by every word (see BOOST). */
  private boost(section: number, named: string, whole: string): number {
    let boost = 1;
    if (this.cited[section] && this.docs.sections.heading[section]!.toLowerCase() === named) boost *= BOOST.cited;
    if (this.isOpening(section) && this.plainTitle(this.pageOf[section]!) === whole) boost *= BOOST.title;
    else if (this.plainHeading(section) === whole) boost *= BOOST.heading;
    return boost;
  }

  private isOpening(section: number): boolean {
    return this.firstOf[this.pageOf[section]!] === section;
  }

  private plainHeading(section: number): string {
    return (this.plainHeadings[section] ??= plain(this.docs.sections.heading[section]!));
  }

  private plainTitle(page: number): string {
    return (this.plainTitles[page] ??= plain(this.docs.pages.title[page]!));
  }

  private hit(section: number, score: number, matched: number): SearchHit {
    const page = this.pageOf[section]!;
    const { heading, anchor } = this.docs.sections;
    const route = this.docs.pages.route[page]!;
    const id = anchor[section] === 0 ? heading[section]! : anchor[section]!;
    return { url: id ? `${route}#${id}` : route, title: this.docs.pages.title[page]!, heading: heading[section]!, text: "", section, version: this.version, score, matched };
  }

  /** A hit of this version with its text, fetched from the text file holding it (each file once). */
  async withText(hit: SearchHit): Promise<SearchHit> {
    const { file, at } = textPlace(this.textStarts, hit.section);
    const texts = (await this.fetch(searchTextFile(this.version, file))) as string[];
    return { ...hit, text: texts[at] ?? "" };
  }

  /** The text file holding the text of `hit`. */
  textFileOf(hit: SearchHit): string {
    return searchTextFile(this.version, textPlace(this.textStarts, hit.section).file);
  }

  /** Whether the text of `hit` is fetched already, or being fetched. */
  hasText(hit: SearchHit): boolean {
    return this.fetched.has(this.textFileOf(hit));
  }

  /** One of the version's files, fetched once; a failed fetch is forgotten, so that the next search tries again. */
  private fetch(name: string): Promise<unknown> {
    let file = this.fetched.get(name);
    if (!file) {
      file = this.read(name);
      this.fetched.set(name, file);
      file.catch(() => this.fetched.delete(name));
    }
    return file;
  }
}

/** A query term's forms with their factors: itself and, past three letters, its singular (or plural when it is singular). */
function numberForms(term: string): [string, number][] {
  const forms: [string, number][] = [[term, 1]];
  if (term.length > 3) forms.push([singular(term) === term ? `${term}s` : singular(term), FOUND.number]);
  return forms;
}

/** An English plural's singular, roughly (`regions` → `region`, `entries` → `entry`); other words as they are. */
function singular(term: string): string {
  if (term.length <= 3 || !term.endsWith("s") || term.endsWith("ss")) return term;
  return term.endsWith("ies") ? `${term.slice(0, -3)}y` : term.slice(0, -1);
}

/** Text as compared with a whole query: lower case, singular words apart by single spaces. */
function plain(text: string): string {
  return text.toLowerCase().replace(NOT_WORD, " ").trim().split(" ").map(singular).join(" ");
}

/** Per section, the better of two scores. */
function best(a: Float64Array, b: Float64Array): Float64Array {
  const result = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) result[i] = a[i]! > b[i]! ? a[i]! : b[i]!;
  return result;
}

/** More query words found first, then a higher score; ties keep the sections' order. */
function before(a: Ranked, b: Ranked): boolean {
  return a.matched !== b.matched ? a.matched > b.matched : a.score > b.score;
}
