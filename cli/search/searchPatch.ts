/**
 * A version's search files patched for an edit: from the last assembly (VersionAssembly) and the edited pages'
 * old and new terms, the files a full assembly (assembleVersion) would give, byte for byte, at a cost that
 * follows the edit rather than the site. Only the postings of the terms an edited page gained, lost or holds in
 * other sections or counts are made again, from their old postings (the edited pages' entries taken out, their
 * new ones put in), and only the shards and text files around them are cut again (see Recut); the rest keep
 * their texts. Patched: pages whose sections, not their number, changed (prose, a heading's text or anchor).
 * Not patched (undefined: assemble again): a page whose title, count of sections or API URLs changed, or other
 * links from docs pages (the sections cited); pages added, removed or moved are found by the caller (searchFiles.ts).
 */
import { decodeGaps, encodeGaps, lastAtMost, POSTING_SCALE, TEXT_FILE_CHARS, type SearchDocFile, type SearchShardFile } from "../../renderer/client/searchData.ts";
import { termSize, termsOf, textSize, type FileText, type PageTerms, type VersionAssembly } from "./searchIndex.ts";

/** A page whose terms changed: its place in the version's pages, and its terms as last assembled and now. */
export interface PageEdit {
  index: number;
  old: PageTerms;
  now: PageTerms;
}

/** A page's postings by term: its sections holding the term and where (see PageTerms). */
type PagePostings = Map<string, { sections: number[]; where: number[] }>;

/** An edited page as the postings see it: where its sections begin in the version, how many, its postings now. */
interface PlacedEdit {
  base: number;
  count: number;
  postings: PagePostings;
}

/**
 * The version's files after `edits`, each page's terms now kept by `keys`; `cited` is the digest of this build's
 * docs pages' links (searchFiles.ts citedOf).
 * Undefined when the edits are not of a kind patched (see the top of this file).
 */
export function patchVersion(previous: VersionAssembly, keys: readonly string[], edits: readonly PageEdit[], cited: string): VersionAssembly | undefined {
  if (cited !== previous.cited || previous.shards.length === 0 || !edits.every(({ old, now }) => sameFrame(old, now))) return undefined;
  const bases = sectionBases(previous.counts);
  const placed: PlacedEdit[] = [];
  const texts = new Map<number, string>();
  const headings = new Map<number, { heading: string; anchor: string | 0 }>();
  const modified = new Set<string>();
  for (const { index, old, now } of edits) {
    const base = bases[index]!;
    now.headings.forEach((heading, i) => {
      if (heading !== old.headings[i] || now.anchors[i] !== old.anchors[i]) headings.set(base + i, { heading, anchor: now.anchors[i]! });
      if (now.texts[i] !== old.texts[i]) texts.set(base + i, now.texts[i]!);
    });
    const was = postingsOf(old);
    const is = postingsOf(now);
    for (const term of new Set([...was.keys(), ...is.keys()])) if (!samePostings(was.get(term), is.get(term))) modified.add(term);
    placed.push({ base, count: now.headings.length, postings: is });
  }
  placed.sort((a, b) => a.base - b.base);
  const index = patchShards(previous, modified, (old, term) => patchedPostings(old, term, placed));
  const text = texts.size > 0 ? patchTexts(previous, texts) : { starts: previous.textStarts, files: previous.texts };
  const startsMoved = text.starts !== previous.textStarts;
  return {
    ...previous,
    keys: [...keys],
    manifest: index.manifest,
    textStarts: text.starts,
    doc: headings.size > 0 || startsMoved ? patchedDoc(previous.doc, headings, startsMoved ? text.starts : undefined) : previous.doc,
    index: index.manifest === previous.manifest ? previous.index : JSON.stringify({ shards: index.manifest }),
    shards: index.shards,
    texts: text.files,
  };
}

/** Whether a page kept what the doc file and the titles' postings hold of it beside its sections: route, title, count of sections, URLs. */
function sameFrame(old: PageTerms, now: PageTerms): boolean {
  return old.route === now.route && old.title === now.title && old.titleTerms === now.titleTerms && old.headings.length === now.headings.length && old.urls.every((url, i) => url === now.urls[i]);
}

/** The first section of each page, by the pages' counts of sections. */
function sectionBases(counts: readonly number[]): number[] {
  const bases: number[] = [];
  let id = 0;
  for (const count of counts) {
    bases.push(id);
    id += count;
  }
  return bases;
}

function postingsOf(page: PageTerms): PagePostings {
  const postings: PagePostings = new Map();
  let at = 0;
  termsOf(page.terms).forEach((term, n) => {
    const end = at + page.counts[n]!;
    postings.set(term, { sections: [...page.sections.subarray(at, end)], where: [...page.where.subarray(at, end)] });
    at = end;
  });
  return postings;
}

function samePostings(a: { sections: number[]; where: number[] } | undefined, b: { sections: number[]; where: number[] } | undefined): boolean {
  return a !== undefined && b !== undefined && sameNumbers(a.sections, b.sections) && sameNumbers(a.where, b.where);
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((n, i) => n === b[i]);
}

/** A term's postings (encoded) with each edited page's entries replaced by its entries now; `edits` in section order. */
function patchedPostings(old: string, term: string, edits: readonly PlacedEdit[]): string {
  const { values, extra } = decodeGaps(old, POSTING_SCALE);
  const sections: number[] = [];
  const where: number[] = [];
  let at = 0;
  for (const { base, count, postings } of edits) {
    for (; at < values.length && values[at]! < base; at++) {
      sections.push(values[at]!);
      where.push(extra[at]!);
    }
    for (; at < values.length && values[at]! < base + count; at++);
    const now = postings.get(term);
    now?.sections.forEach((section, i) => {
      sections.push(base + section);
      where.push(now.where[i]!);
    });
  }
  for (; at < values.length; at++) {
    sections.push(values[at]!);
    where.push(extra[at]!);
  }
  return encodeGaps(sections, POSTING_SCALE, where);
}

/**
 * Runs of items cut as cutBySize (searchIndex.ts) cuts them, from the start of an old run on: items come in with
 * `add`, a run is `emit`ted at each cut. `idle` says a run just ended: from an old run's start on where nothing
 * changed, the old runs follow as they were (the size starts again at each cut), so the caller stops there.
 */
class Recut<T> {
  private run: T[] = [];
  private size = 0;
  constructor(
    private readonly max: number,
    private readonly sizeOf: (item: T) => number,
    private readonly emit: (run: T[]) => void,
  ) {}

  add(item: T): void {
    this.run.push(item);
    this.size += this.sizeOf(item);
    if (this.size < this.max) return;
    this.emit(this.run);
    this.run = [];
    this.size = 0;
  }

  get idle(): boolean {
    return this.run.length === 0;
  }

  /** The items after the last cut: the last run. */
  end(): void {
    if (this.run.length > 0) this.emit(this.run);
  }
}

type TermItem = [term: string, sections: string, titles: string];

/**
 * The index with the postings of `modified` terms made again by `patch` (from the term's old postings, "" for a
 * term new to the version): the shards from the one holding the first such term are cut again until a cut falls on
 * an old shard's start again, then kept as they were up to the one holding the next such term, and so on.
 */
function patchShards(
  previous: VersionAssembly,
  modified: ReadonlySet<string>,
  patch: (old: string, term: string) => string,
): { manifest: VersionAssembly["manifest"]; shards: FileText[] } {
  const { first, terms: counts } = previous.manifest;
  const changed = [...modified].sort();
  if (changed.length === 0) return { manifest: previous.manifest, shards: previous.shards };
  const from = Math.max(0, lastAtMost(first, changed[0]!));
  const manifest = { first: first.slice(0, from), terms: counts.slice(0, from) };
  const shards = previous.shards.slice(0, from);
  const recut = new Recut<TermItem>(previous.shardChars, ([term, sections, titles]) => termSize(term, sections, titles), (run) => {
    manifest.first.push(run[0]![0]);
    manifest.terms.push(run.length);
    shards.push(JSON.stringify({ terms: run.map((item) => item[0]).join(" "), sections: run.map((item) => item[1]), titles: run.map((item) => item[2]) } satisfies SearchShardFile));
  });
  let next = 0;
  for (let k = from; k < first.length; k++) {
    const shard = JSON.parse(previous.shards[k]!.toString()) as SearchShardFile;
    const terms = termsOf(shard.terms);
    const upper = first[k + 1];
    const item = (term: string, sections: string, titles: string) => {
      // A term whose postings and title pages are both empty is no longer in the version.
      if (sections !== "" || titles !== "") recut.add([term, sections, titles]);
    };
    for (let i = 0; ; ) {
      const term = terms[i];
      const change = next < changed.length && (upper === undefined || changed[next]! < upper) ? changed[next] : undefined;
      if (change !== undefined && (term === undefined || change <= term)) {
        if (change === term) item(term, patch(shard.sections[i]!, term), shard.titles[i++]!);
        else item(change, patch("", change), "");
        next++;
      } else if (term !== undefined) item(term, shard.sections[i]!, shard.titles[i++]!);
      else break;
    }
    if (upper === undefined || !recut.idle) continue;
    // A cut fell on an old shard's start: the shards up to the one holding the next changed term are as they were.
    const to = next < changed.length ? lastAtMost(first, changed[next]!) : first.length;
    manifest.first.push(...first.slice(k + 1, to));
    manifest.terms.push(...counts.slice(k + 1, to));
    shards.push(...previous.shards.slice(k + 1, to));
    k = to - 1;
  }
  recut.end();
  return { manifest, shards };
}

/**
 * The text files with the texts of sections `changed` replaced, cut again from the file holding the first up to where
 * a cut falls again on an old file's start; `starts` are the old ones when no file starts elsewhere.
 */
function patchTexts(previous: VersionAssembly, changed: ReadonlyMap<number, string>): { starts: number[]; files: FileText[] } {
  const ids = [...changed.keys()].sort((a, b) => a - b);
  const { textStarts } = previous;
  const from = lastAtMost(textStarts, ids[0]!);
  const starts = textStarts.slice(0, from);
  const files = previous.texts.slice(0, from);
  let moved = false;
  const recut = new Recut<[id: number, text: string]>(TEXT_FILE_CHARS, ([, text]) => textSize(text), (run) => {
    if (textStarts[starts.length] !== run[0]![0]) moved = true;
    starts.push(run[0]![0]);
    files.push(JSON.stringify(run.map(([, text]) => text)));
  });
  let next = 0;
  for (let f = from; f < textStarts.length; f++) {
    const texts = JSON.parse(previous.texts[f]!.toString()) as string[];
    texts.forEach((text, j) => {
      const id = textStarts[f]! + j;
      recut.add([id, changed.get(id) ?? text]);
    });
    const upper = textStarts[f + 1];
    while (next < ids.length && ids[next]! < (upper ?? Infinity)) next++;
    if (upper === undefined || !recut.idle) continue;
    // A cut fell on an old file's start: the files up to the one holding the next changed section are as they were.
    const to = next < ids.length ? lastAtMost(textStarts, ids[next]!) : textStarts.length;
    if (starts.length !== f + 1) moved = true;
    starts.push(...textStarts.slice(f + 1, to));
    files.push(...previous.texts.slice(f + 1, to));
    f = to - 1;
  }
  recut.end();
  return { starts: moved || starts.length !== textStarts.length ? starts : textStarts, files };
}

/** The doc file with the sections' `headings` replaced and, when the text files were cut anew, their first sections. */
function patchedDoc(text: string, headings: ReadonlyMap<number, { heading: string; anchor: string | 0 }>, textStarts: readonly number[] | undefined): string {
  const doc = JSON.parse(text) as SearchDocFile;
  for (const [id, { heading, anchor }] of headings) {
    doc.sections.heading[id] = heading;
    doc.sections.anchor[id] = anchor;
  }
  if (textStarts) doc.sections.texts = encodeGaps(textStarts);
  return JSON.stringify(doc);
}
