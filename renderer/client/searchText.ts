/**
 * Text helpers of the search results: where the query's words are in a text, marked as whole words (a mark
 * never splits a word: "regions" for the query "region", "openFile" for "open"), and which part of a long
 * text to show, centred on the match.
 */
import { WORD_CHARS } from "./searchTokens.ts";

export interface TextPart {
  text: string;
  match: boolean;
}

const WORD_CHAR = new RegExp(`[${WORD_CHARS}]`, "u");
const LOWER = /\p{Ll}/u;
const UPPER = /\p{Lu}/u;

const isWordChar = (char: string | undefined) => char !== undefined && WORD_CHAR.test(char);

/** Whether a match may start at `at`: a word's start, or a camelCase part's (`File` of `openFile`). */
function startsPart(text: string, at: number): boolean {
  const before = text[at - 1];
  return !isWordChar(before) || (LOWER.test(before!) && UPPER.test(text[at]!));
}

/** Where `terms` (lower case, longest first) are in `text`: [start, end) of each, extended to its word's end, in order. */
function matchSpans(text: string, terms: readonly string[]): [number, number][] {
  const lower = text.toLowerCase();
  const spans: [number, number][] = [];
  for (const term of terms) {
    for (let at = lower.indexOf(term); at !== -1; at = lower.indexOf(term, at + 1)) {
      if (!startsPart(text, at)) continue;
      let end = at + term.length;
      while (isWordChar(text[end])) end++;
      // A dotted term ends inside a word only at its own end; overlapping a longer term's span, it is left out.
      if (spans.some(([s, e]) => at < e && end > s)) continue;
      spans.push([at, end]);
    }
  }
  return spans.sort((a, b) => a[0] - b[0]);
}

/** Splits `text` into runs that match one of `terms` and runs that do not. */
export function markParts(text: string, terms: readonly string[]): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const [start, end] of matchSpans(text, terms)) {
    if (start > last) parts.push({ text: text.slice(last, start), match: false });
    parts.push({ text: text.slice(start, end), match: true });
    last = end;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}

/**
 * About `length` characters of `text` centred on the first match of the first of `terms` found (longest
 * first), cut at spaces, with an ellipsis where text was left out.
 */
export function excerptOf(text: string, terms: readonly string[], length = 160): string {
  if (text.length <= length) return text;
  // The first place of the most telling term (the longest: a whole dotted path before its parts).
  const first = terms.map((term) => matchSpans(text, [term])[0]).find((span) => span !== undefined);
  const centre = first ? Math.floor((first[0] + first[1]) / 2) : 0;
  let start = Math.max(0, Math.min(centre - Math.floor(length / 2), text.length - length));
  if (start > 0) {
    const space = text.indexOf(" ", start);
    if (space !== -1 && (!first || space < first[0])) start = space + 1;
  }
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > (first ? first[1] : start)) end = space;
  }
  return `${start > 0 ? "… " : ""}${text.slice(start, end)}${end < text.length ? " …" : ""}`;
}
