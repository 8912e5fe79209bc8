/** The start-up rows: each command over Node's start of the same round, medians, and targets for the installed package only. */
import { describe, expect, it } from "vitest";
import { verdict } from "../../bench/report.ts";
import { overNodeStart, startupRows, STARTUP_TARGETS_MS, type StartupRound } from "../../bench/startup.ts";

const round = (node: number, version: number, help: number, serve: number): StartupRound => ({ node, version, help, serve });

describe("overNodeStart", () => {
  it("subtracts each round's own Node start before taking the median", () => {
    // A loaded round (node 300) must not read as a slow command: 340 - 300 is 40.
    const rounds = [round(50, 100, 120, 400), round(300, 340, 380, 700), round(60, 130, 150, 420)];
    expect(overNodeStart(rounds, "version")).toBe(50);
    expect(overNodeStart(rounds, "help")).toBe(80);
    expect(overNodeStart(rounds, "serve")).toBe(360);
  });
});

describe("startupRows", () => {
  const installed = [round(50, 150, 160, 400), round(60, 170, 260, 420), round(55, 180, 170, 900)];
  const checkout = [round(50, 450, 460, 800), round(60, 470, 480, 820), round(55, 480, 470, 830)];
  const rows = startupRows({ installed, checkout });
  const byMetric = new Map(rows.map((row) => [row.metric, row]));

  it("reports Node's own start and every command for the installed package and the checkout", () => {
    expect(rows.map((row) => row.metric)).toEqual([
      "node -e 0 (Node's own start)",
      "installed: --version, over node -e 0",
      "installed: --help, over node -e 0",
      "installed: serve, until it prints its address, over node -e 0",
      "checkout: --version, over node -e 0",
      "checkout: --help, over node -e 0",
      "checkout: serve, until it prints its address, over node -e 0",
    ]);
    expect(byMetric.get("node -e 0 (Node's own start)")).toMatchObject({ value: 55, unit: "ms", runs: 3 });
  });

  it("holds the installed package to its targets and the checkout (through tsx) to none", () => {
    const version = byMetric.get("installed: --version, over node -e 0")!;
    expect(version).toMatchObject({ value: 110, target: { op: "<", limit: STARTUP_TARGETS_MS.version } });
    expect(verdict(version)).toBe("yes");
    expect(byMetric.get("installed: --help, over node -e 0")).toMatchObject({ value: 115, target: { op: "<", limit: 150 } });
    const serve = byMetric.get("installed: serve, until it prints its address, over node -e 0")!;
    expect(serve.value).toBe(360);
    expect(verdict(serve)).toBe("yes");
    expect(verdict({ ...version, value: 151 })).toBe("NO");
    for (const row of rows.filter((r) => r.metric.startsWith("checkout:"))) expect(row.target, row.metric).toBeUndefined();
    expect(byMetric.get("checkout: --version, over node -e 0")!.value).toBe(410);
  });
});
