/** Text helpers of the search results: which words to highlight, where, and which part of a long text to show. */

export interface TextPart {
  text: string;
  match: boolean;
}

/** Words of a query worth highlighting: lowercase, unique, longest first so the longer word wins where two overlap. */
export function queryTerms(query: string): string[] {
  const words = query.toLowerCase().split(/\s+/).filter((word) => word.length > 1);
  return [...new Set(words)].sort((a, b) => b.length - a.length);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Splits `text` into runs that match one of `terms` (ignoring case) and runs that do not. */
export function markParts(text: string, terms: string[]): TextPart[] {
  if (terms.length === 0) return text ? [{ text, match: false }] : [];
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(new RegExp(terms.map(escapeRegExp).join("|"), "gi"))) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index), match: false });
    parts.push({ text: match[0], match: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}

/** About `length` characters around the first term found, cut at spaces, with an ellipsis where text was left out. */
export function excerptOf(text: string, terms: string[], length = 140): string {
  if (text.length <= length) return text;
  const lower = text.toLowerCase();
  const found = terms.map((term) => lower.indexOf(term)).filter((index) => index >= 0);
  // Start a little before the first match, so that it is read in context.
  let start = Math.max(0, Math.min((found.length ? Math.min(...found) : 0) - Math.floor(length / 4), text.length - length));
  if (start > 0) start = text.indexOf(" ", start) + 1 || start;
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > start) end = space;
  }
  return `${start > 0 ? "… " : ""}${text.slice(start, end)}${end < text.length ? " …" : ""}`;
}
