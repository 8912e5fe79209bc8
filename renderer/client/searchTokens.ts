/**
 * The one tokenizer of search, shared by the build (which indexes with it) and the browser (which reads
 * queries with it): the same text always yields the same terms. Words are split on whitespace and
 * punctuation, but a dotted path stays whole beside its segments, and a camelCase name yields its parts,
 * because readers of code snippets type `app.openFile` or `regionSet` as often as plain words.
 */

/**
 * The characters of a word, as the inside of a regex character class (flag `u`): letters, digits, `_` and
 * `$`. Search's one definition of a word character, for the tokenizer, the highlighting and the engine.
 */
export const WORD_CHARS = "\\p{L}\\p{N}_$";

/** A word, with dotted segments kept together (`app.openFile`, `5.0.0`). */
const WORD = new RegExp(`[${WORD_CHARS}]+(?:\\.[${WORD_CHARS}]+)*`, "gu");
/** Parts of a camelCase or PascalCase name: `addLineRegion` → add, Line, Region; `HTMLElement` → HTML, Element. */
const PART = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+/gu;

/** A segment of a query word: the segment as a term, and its camelCase parts when it has several. */
interface QuerySegment {
  term: string;
  parts: string[];
}

/** A word of a query: the whole word as a term and, when it is a dotted path, its segments. */
export interface QueryWord {
  term: string;
  segments: QuerySegment[];
}

/** Terms shorter than this are not indexed: single letters match everything and say nothing. */
const MIN_TERM = 2;

const lower = (text: string) => text.toLowerCase();

function partsOf(segment: string): string[] {
  const parts = segment.match(PART) ?? [];
  return parts.length > 1 ? parts.map(lower) : [];
}

/** Every term of `text`, in order, repeats kept: whole dotted paths, their segments and camelCase parts. */
export function indexTerms(text: string): string[] {
  const terms: string[] = [];
  for (const [word] of text.matchAll(WORD)) {
    const segments = word.split(".");
    if (segments.length > 1) terms.push(lower(word));
    for (const segment of segments) {
      terms.push(lower(segment));
      terms.push(...partsOf(segment));
    }
  }
  return terms.filter((term) => term.length >= MIN_TERM);
}

/** The words of a query, each with the terms that may stand for it in a document. */
export function queryWords(query: string): QueryWord[] {
  const words: QueryWord[] = [];
  for (const [word] of query.matchAll(WORD)) {
    const segments = word
      .split(".")
      .map((segment) => ({ term: lower(segment), parts: partsOf(segment).filter((part) => part.length >= MIN_TERM) }))
      .filter((segment) => segment.term.length >= MIN_TERM);
    if (segments.length > 0) words.push({ term: lower(word), segments });
  }
  return words;
}

/** Lower-case words to highlight in results: each query word, its segments and parts; longest first. */
export function highlightTerms(query: string): string[] {
  const terms = queryWords(query).flatMap((word) => [word.term, ...word.segments.flatMap((s) => [s.term, ...s.parts])]);
  return [...new Set(terms)].sort((a, b) => b.length - a.length);
}
