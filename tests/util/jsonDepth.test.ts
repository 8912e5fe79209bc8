/** jsonDepth, the guard run on every API model's JSON: the depth a recursive count gives, and past the limit it says so. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonDepth } from "../../cli/util/json.ts";

/** The depth by recursion (fine for the small values generated here): a scalar or an empty container is 1. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== "object") return 1;
  const children = Object.values(value);
  return 1 + (children.length === 0 ? 0 : Math.max(...children.map(depthOf)));
}

describe("jsonDepth", () => {
  it("counts as a recursive count does", () => {
    expect(jsonDepth({ a: [1, { b: "x" }] }, 100)).toBe(4);
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (value) => {
        expect(jsonDepth(value, 1000)).toBe(Math.max(1, depthOf(value)));
      }),
      { numRuns: 1000 },
    );
  });

  it("tells a value deeper than the limit from one within it", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 1, max: 10 }), (value, limit) => {
        expect(jsonDepth(value, limit) > limit).toBe(depthOf(value) > limit);
      }),
      { numRuns: 1000 },
    );
  });

  it("counts a value nested far deeper than a stack allows", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonDepth(deep, 200)).toBeGreaterThan(200);
    expect(jsonDepth(deep, 200_000)).toBe(100_001);
  });
});
