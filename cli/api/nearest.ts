/** Suggestions for names that were not found: the closest by edit distance, ignoring case. */

export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

export function nearestNames(target: string, names: Iterable<string>, limit = 5): string[] {
  const wanted = target.toLowerCase();
  return [...new Set(names)]
    .map((name) => ({ name, distance: editDistance(wanted, name.toLowerCase()) }))
    .sort((a, b) => a.distance - b.distance || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, limit)
    .map(({ name }) => name);
}
