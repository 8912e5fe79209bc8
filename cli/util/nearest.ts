/**
 * Edit distance, for "did you mean" suggestions in diagnostics. With `bound`, a distance above it is only
 * known to be above it: the count stops once every path costs more (a broken link on the real viewer's
 * site is compared with thousands of names, most of them far off).
 */
/** One row of the table, kept between calls: a broken link's suggestions compare it with thousands of names. */
let row = new Int32Array(64);

export function editDistance(a: string, b: string, bound = Number.POSITIVE_INFINITY): number {
  if (row.length < b.length + 1) row = new Int32Array(2 * (b.length + 1));
  for (let j = 0; j <= b.length; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    let least = i;
    const letter = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      const cost = Math.min(above + 1, row[j - 1]! + 1, diagonal + (letter === b.charCodeAt(j - 1) ? 0 : 1));
      row[j] = cost;
      diagonal = above;
      if (cost < least) least = cost;
    }
    if (least > bound) return least;
  }
  return row[b.length]!;
}

/** The candidates closest to `word`, best first (at most `limit`); equally close ones in alphabetical order. */
export function nearest(word: string, candidates: Iterable<string>, limit = 3): string[] {
  const target = word.toLowerCase();
  const best: { c: string; d: number }[] = [];
  for (const c of new Set(candidates)) {
    // Only a candidate at most as far as the furthest kept one can still be kept.
    const bound = best.length < limit ? Number.POSITIVE_INFINITY : best[best.length - 1]!.d;
    const lower = c.toLowerCase();
    if (Math.abs(lower.length - target.length) > bound) continue;
    const d = editDistance(target, lower, bound);
    if (d > bound) continue;
    const at = best.findIndex((kept) => d < kept.d || (d === kept.d && c.localeCompare(kept.c) < 0));
    best.splice(at < 0 ? best.length : at, 0, { c, d });
    if (best.length > limit) best.pop();
  }
  return best.map((kept) => kept.c);
}
