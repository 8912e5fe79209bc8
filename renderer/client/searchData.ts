/**
 * The search files' format, shared by the build that writes them and the browser that reads them. Each docs
 * version has its own pair, so a first search fetches only the reader's version: the default (latest)
 * version keeps the names `search-doc.json` and `search-index.json` at the site root, the others add their
 * name (`search-doc-4.1.0.json`). Pages of no version (home) are in every pair.
 *
 * Both files are columns rather than lists of objects (no key repeated per entry), titles and routes are
 * stored once per page, and postings are base-36 deltas: gzip does the rest. The index file is only a
 * manifest: the inverted index itself is split, in term order, into shards of about SHARD_CHARS characters
 * (`search-index/<version>/<n>.json`), and a query fetches the shards holding its terms and the terms they
 * begin, as Pagefind fetches its chunks. The sections' texts, which only results show, are apart in small
 * files of consecutive sections, about TEXT_FILE_CHARS characters each (`search-text/<version>/<n>.json`, a
 * JSON array of strings), fetched for the results on screen, as Pagefind fetches its fragments: a search
 * loads the text of ten results, not of thousands of sections.
 */

/** search-doc*.json: what results show. */
export interface SearchDocFile {
  /** Docs version name ("" when the site has none). */
  version: string;
  pages: {
    /** Route of each page. */
    route: string[];
    title: string[];
    /** Sections of each page, in order: page p owns the `count[p]` sections after those of the pages before it. */
    count: number[];
  };
  sections: {
    /** Section heading ("" for the text before a page's first heading). */
    heading: string[];
    /** Anchor of the section: "" for the page's top, 0 when it equals the heading (API members). */
    anchor: (string | 0)[];
    /**
     * The API sections that docs pages link to (base-36 gaps of section numbers): the members the tutorials
     * use, which rank above namesakes nobody cites (`AppStore.closeFile` above `BackendService.closeFile`).
     */
    cited: string;
    /** The first section of each text file (base-36 gaps): file n holds the sections from its first to the next's. */
    texts: string;
  };
}

/** search-index*.json: the shards of the inverted index over the sections of one SearchDocFile. */
export interface SearchIndexFile {
  shards: {
    /** The first term of each shard, in order: a shard holds the terms from its first to the next shard's. */
    first: string[];
    /** How many terms each shard holds. */
    terms: number[];
  };
}

/** search-index/<version>/<n>.json: one shard of the inverted index, a run of consecutive terms. */
export interface SearchShardFile {
  /** The shard's terms, sorted, joined by spaces. */
  terms: string;
  /**
   * Per term, its sections: comma-joined base-36 numbers, each `gap * 8 + where`, where gap is the section's
   * index minus the previous one's, and `where` is IN_HEADING (1) if the heading holds the term, plus twice
   * how often the text does (textCount: 0 none, 1 once, 2 two or three times, 3 more).
   */
  sections: string[];
  /** Per term, the pages whose title holds it: comma-joined base-36 gaps of page indexes ("" for none). */
  titles: string[];
}

/**
 * Characters of index data per shard (terms and postings), so shards are balanced by size however the
 * terms are spread over the alphabet.
 */
export const SHARD_CHARS = 10_000;

/** The file holding shard `shard` of a version's index. */
export function searchShardFile(version: string, shard: number): string {
  return `search-index/${version || "site"}/${shard}.json`;
}

/**
 * Characters of text per text file: a file holds a tutorial's section or two, or twenty API members, so ten
 * results fetch a few kilobytes of texts. (Files of 32 sections, whatever their size, made the texts of a
 * tutorial's results 10 KB gzipped a file.)
 */
export const TEXT_FILE_CHARS = 4_000;

/** Text file `n` of a version. */
export function searchTextFile(version: string, n: number): string {
  return `search-text/${version || "site"}/${n}.json`;
}

/** The text file holding a section's text (the start of it, for excerpts), and the text's place in it, by the files' first sections. */
export function textPlace(firstSections: readonly number[], section: number): { file: number; at: number } {
  const file = lastAtMost(firstSections, section);
  return { file, at: section - firstSections[file]! };
}

/** The place of the last of sorted `values` not after `value`; -1 when all are after it. */
export function lastAtMost<T extends string | number>(values: readonly T[], value: T): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (values[mid]! <= value) low = mid + 1;
    else high = mid;
  }
  return low - 1;
}

export const IN_HEADING = 1;
/** `where` of a posting is IN_HEADING plus this times the bucket of textCount. */
export const TEXT_COUNT = 2;
export const POSTING_SCALE = 8;

/** How often a term is in a section's text, as the index keeps it: 0, 1, 2 (two or three times) or 3. */
export function textCount(times: number): number {
  return times === 0 ? 0 : times === 1 ? 1 : times <= 3 ? 2 : 3;
}

/** File names of a version's search data: the default version's are the plain names. */
export function searchFileNames(version: string, defaultVersion: string): { doc: string; index: string } {
  const suffix = version === defaultVersion || version === "" ? "" : `-${version}`;
  return { doc: `search-doc${suffix}.json`, index: `search-index${suffix}.json` };
}

/** Encodes increasing numbers as base-36 gaps, each `gap * scale + extra[i]`. */
export function encodeGaps(values: readonly number[], scale = 1, extra?: readonly number[]): string {
  const gaps = new GapWriter(scale);
  values.forEach((value, i) => gaps.add(value, extra?.[i] ?? 0));
  return gaps.text;
}

/** encodeGaps one value at a time: a term's postings are written as they come, with no arrays to hold them first. */
export class GapWriter {
  /** Joined once at the end: a string grown by `+=` a posting at a time is a chain that every later use must flatten. */
  private readonly pieces: string[] = [];
  private previous = 0;
  constructor(private readonly scale = 1) {}

  add(value: number, extra = 0): void {
    this.pieces.push(((value - this.previous) * this.scale + extra).toString(36));
    this.previous = value;
  }

  get text(): string {
    return this.pieces.join(",");
  }
}

/** Decodes encodeGaps: the numbers, and with `scale` > 1 the extra of each. */
export function decodeGaps(encoded: string, scale = 1): { values: number[]; extra: number[] } {
  const values: number[] = [];
  const extra: number[] = [];
  if (encoded === "") return { values, extra };
  let previous = 0;
  for (const piece of encoded.split(",")) {
    const n = parseInt(piece, 36);
    previous += Math.floor(n / scale);
    values.push(previous);
    extra.push(n % scale);
  }
  return { values, extra };
}
