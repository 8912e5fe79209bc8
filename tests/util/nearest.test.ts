/** "Did you mean" suggestions: the bounded search finds exactly what comparing every candidate in full finds. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { editDistance, nearest } from "../../cli/util/nearest.ts";

/** Every candidate's full distance, sorted: what nearest must give. */
function byFullDistance(word: string, candidates: string[], limit: number): string[] {
  return [...new Set(candidates)]
    .map((c) => ({ c, d: editDistance(word.toLowerCase(), c.toLowerCase()) }))
    .sort((x, y) => x.d - y.d || x.c.localeCompare(y.c))
    .slice(0, limit)
    .map((x) => x.c);
}

const name = fc.string({ unit: fc.constantFrom("a", "b", "c", "A", "B", "_", "x", "İ"), maxLength: 9 });

describe("nearest", () => {
  it("keeps the closest candidates, ties in alphabetical order (appendFile and closeFile are both 4 edits away)", () => {
    expect(nearest("openFiel", ["closeFile", "openFile", "appendFile", "openFiles", "frames"], 3)).toEqual(["openFile", "openFiles", "appendFile"]);
  });

  it("equals comparing every candidate in full", () => {
    fc.assert(
      fc.property(name, fc.array(name, { maxLength: 30 }), fc.integer({ min: 1, max: 6 }), (word, candidates, limit) => {
        expect(nearest(word, candidates, limit)).toEqual(byFullDistance(word, candidates, limit));
      }),
      { numRuns: 2000 },
    );
  });

  it("stops counting above the bound, never below it", () => {
    fc.assert(
      fc.property(name, name, fc.integer({ min: 0, max: 9 }), (a, b, bound) => {
        const full = editDistance(a, b);
        const bounded = editDistance(a, b, bound);
        if (full <= bound) expect(bounded).toBe(full);
        else expect(bounded).toBeGreaterThan(bound);
      }),
      { numRuns: 2000 },
    );
  });
});
