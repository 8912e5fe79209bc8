/**
 * Ranking of search results. Documents that hold more of the query's words come first; among them, by
 * where the words appear, title above heading above body. This scan is linear in the text but cheap per
 * document, where fuzzy matching of long body texts is not, so fuse.js (over titles and headings only,
 * with the index built at build time) is used only when no document holds any of the words: then a typo
 * still finds the page.
 */
import type Fuse from "fuse.js";
import type { SearchDoc } from "../../cli/site/search.ts";
import { queryTerms } from "./searchText.ts";

export interface SearchEngine {
  docs: SearchDoc[];
  fuse: Fuse<SearchDoc>;
}

/** Lower-case copies of each document's fields, made once per engine. */
const LOWERED = new WeakMap<SearchEngine, { t: string; s: string; x: string }[]>();

function lowered(engine: SearchEngine): { t: string; s: string; x: string }[] {
  let rows = LOWERED.get(engine);
  if (!rows) LOWERED.set(engine, (rows = engine.docs.map((d) => ({ t: d.t.toLowerCase(), s: d.s.toLowerCase(), x: d.x.toLowerCase() }))));
  return rows;
}

interface Scored {
  doc: SearchDoc;
  matched: number;
  score: number;
}

/** More words matched first, then a higher score, then the shorter title; ties keep document order. */
function before(a: Scored, b: Scored): boolean {
  return a.matched !== b.matched ? a.matched > b.matched : a.score !== b.score ? a.score > b.score : a.doc.t.length < b.doc.t.length;
}

export function rankDocs(engine: SearchEngine, query: string, inScope: (doc: SearchDoc) => boolean, limit: number): SearchDoc[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const whole = query.trim().toLowerCase();
  const rows = lowered(engine);
  // Only the best `limit` are kept, in order: a common word matches thousands of documents on a large site.
  const best: Scored[] = [];
  engine.docs.forEach((doc, index) => {
    if (!inScope(doc)) return;
    const row = rows[index]!;
    let matched = 0;
    let score = 0;
    for (const term of terms) {
      const weight = row.t.includes(term) ? 3 : row.s.includes(term) ? 2 : row.x.includes(term) ? 1 : 0;
      if (weight > 0) matched++;
      score += weight;
    }
    if (matched === 0) return;
    if (row.t === whole || row.s === whole) score += 4;
    const entry = { doc, matched, score };
    if (best.length === limit && !before(entry, best[limit - 1]!)) return;
    let at = best.length;
    while (at > 0 && before(entry, best[at - 1]!)) at--;
    best.splice(at, 0, entry);
    if (best.length > limit) best.pop();
  });
  if (best.length > 0) return best.map((s) => s.doc);
  return engine.fuse
    .search(query)
    .map((result) => result.item)
    .filter(inScope)
    .slice(0, limit);
}
