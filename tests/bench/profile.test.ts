import { describe, expect, it } from "vitest";
import { hotSpots, type CpuProfile } from "../../bench/profile.ts";

const frame = (functionName: string, url = "", lineNumber = 0) => ({ functionName, url, lineNumber });

// Nodes 2 and 4 are the same function reached by two call paths: their self time adds up.
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame("(root)") },
    { id: 2, callFrame: frame("checkLinks", "file:///repo/cli/links/checkLinks.ts", 9) },
    { id: 3, callFrame: frame("renderElement", "file:///repo/node_modules/react-dom/server.js", 99) },
    { id: 4, callFrame: frame("checkLinks", "file:///repo/cli/links/checkLinks.ts", 9) },
    { id: 5, callFrame: frame("(idle)") },
    { id: 6, callFrame: frame("(garbage collector)") },
  ],
  startTime: 0,
  endTime: 100_000,
  samples: [2, 3, 4, 5, 6, 2],
  timeDeltas: [10_000, 20_000, 15_000, 500_000, 5_000, 10_000],
};

describe("hotSpots", () => {
  const spots = hotSpots(profile, 10, "/repo");

  it("adds up the self time of one function across call paths, largest first", () => {
    expect(spots.map((s) => [s.name, s.selfMs])).toEqual([
      ["checkLinks (cli/links/checkLinks.ts:10)", 35],
      ["renderElement (react-dom/server.js:100)", 20],
      ["(garbage collector)", 5],
    ]);
  });

  it("leaves idle time out of the shares", () => {
    expect(spots.reduce((sum, s) => sum + s.percent, 0)).toBeCloseTo(100);
    expect(spots[0]!.percent).toBeCloseTo((35 / 60) * 100);
  });

  it("keeps only the top entries", () => {
    expect(hotSpots(profile, 1, "/repo")).toHaveLength(1);
  });
});
