import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatTable, formatValue, verdict, writeResults, type Row } from "../../bench/report.ts";

const base = { group: "g", metric: "m", unit: "s" as const };

describe("verdict", () => {
  it("checks each kind of target", () => {
    expect(verdict({ ...base, value: 9.9, target: { op: "<", limit: 10 } })).toBe("yes");
    expect(verdict({ ...base, value: 10, target: { op: "<", limit: 10 } })).toBe("NO");
    expect(verdict({ ...base, value: 10, target: { op: "<=", limit: 10 } })).toBe("yes");
    expect(verdict({ ...base, value: 999, target: { op: ">=", limit: 1000 } })).toBe("NO");
    expect(verdict({ ...base, value: 1000, target: { op: ">=", limit: 1000 } })).toBe("yes");
  });

  it("has no verdict without a target or without a value", () => {
    expect(verdict({ ...base, value: 1 })).toBe("-");
    expect(verdict({ ...base, target: { op: "<", limit: 1 } })).toBe("-");
    expect(verdict({ ...base, value: Number.NaN, target: { op: "<", limit: 1 } })).toBe("-");
  });
});

describe("formatValue", () => {
  it("shows fewer decimals for larger values and the unit", () => {
    expect(formatValue(2.3456, "s")).toBe("2.35 s");
    expect(formatValue(23.456, "ms")).toBe("23.5 ms");
    expect(formatValue(2345.6, "MB")).toBe("2346 MB");
    expect(formatValue(0.1234, "ratio")).toBe("0.12 x");
    expect(formatValue(9869, "count")).toBe("9869");
    expect(formatValue(Number.NaN, "s")).toBe("n/a");
  });
});

describe("formatTable", () => {
  const rows: Row[] = [
    { group: "large site", metric: "warm build, wall time", unit: "s", value: 12.5, runs: 3, target: { op: "<", limit: 10 } },
    { group: "watch", metric: "edit to reload", unit: "ms", target: { op: "<", limit: 150 }, note: "not measured (watch mode not available)" },
  ];
  const lines = formatTable(rows).split("\n");

  it("has a header with target and met? columns and one line per row", () => {
    expect(lines[0]).toMatch(/^group\s+metric\s+value\s+runs\s+target\s+met\?\s+note$/);
    expect(lines).toHaveLength(4);
  });

  it("shows the verdict and the target in the row's unit, and says what was not measured", () => {
    expect(lines[2]).toMatch(/12\.5 s\s+3\s+< 10\.0 s\s+NO/);
    expect(lines[3]).toMatch(/not measured\s+< 150 ms\s+-\s+not measured \(watch mode not available\)/);
  });

  it("aligns the columns", () => {
    const metricColumn = lines[0]!.indexOf("metric");
    expect(lines[2]!.indexOf("warm build")).toBe(metricColumn);
    expect(lines[3]!.indexOf("edit to reload")).toBe(metricColumn);
  });
});

describe("writeResults", () => {
  it("writes the rows with their verdicts and the extra data", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bench-report-")), "results.json");
    writeResults(file, { rows: [{ ...base, value: 1, target: { op: "<", limit: 2 } }], machine: { cpus: 2 } });
    const written = JSON.parse(fs.readFileSync(file, "utf8"));
    expect(written.rows[0].met).toBe("yes");
    expect(written.machine).toEqual({ cpus: 2 });
    fs.rmSync(path.dirname(file), { recursive: true });
  });
});
