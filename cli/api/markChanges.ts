/**
 * Two versions of a declaration, cut into parts so the changed ones can be marked: what the newer one no
 * longer has in the first, what it added in the second. Words and punctuation are compared (jsdiff's word
 * diff), so `hdu?: string` against `hdu: string` marks only the `?`.
 */
import { diffWords } from "diff";

export interface MarkedPart {
  text: string;
  changed: boolean;
}

export function markChanges(before: string, after: string): { before: MarkedPart[]; after: MarkedPart[] } {
  const marked = { before: [] as MarkedPart[], after: [] as MarkedPart[] };
  for (const part of diffWords(before, after)) {
    if (!part.added) marked.before.push({ text: part.value, changed: part.removed });
    if (!part.removed) marked.after.push({ text: part.value, changed: part.added });
  }
  return marked;
}
