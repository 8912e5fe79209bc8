import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ConversionRun } from "../../bench/builds.ts";
import { editProse, withDocEdited } from "../../bench/docEdit.ts";
import { benchRows, snapshotCold, type BenchData, type BuildRound } from "../../bench/figures.ts";
import { verdict, type Row } from "../../bench/report.ts";
import { run } from "./buildRun.ts";

const cold = (wallMs: number, typedocSeconds: Record<string, number>, maxRSS = 1024 * 1024) => run(wallMs, { cold: true, typedocRuns: 1, typedocSeconds, maxRSS });
const floor = (ms: number, options: Partial<ConversionRun> = {}): ConversionRun => ({
  version: "next",
  label: "sample code base examples/viewer",
  // The conversion within the process; the process takes a second more to start.
  seconds: ms / 1000,
  jsonBytes: 800_000,
  errors: 0,
  maxRSS: 400 * 1024,
  wallMs: ms + 1000,
  // TypeDoc keeps one and a half cores busy.
  cpuMs: 1.5 * (ms + 1000),
  ...options,
});

const typing = { page: "docs/basics", delayMs: 120, bundleGzip: 6 * 1024, queries: [] };
const data = (carta: BuildRound[], real?: BuildRound[]): BenchData => ({ carta, ...(real && { real }), typedSearch: { carta: typing }, upFront: [] });

/** The rows of one group. */
const groupOf = (rows: Row[], group: string) => {
  const mine = rows.filter((r) => r.group === group);
  return (metric: string): Row => {
    const found = mine.find((r) => r.metric === metric);
    if (!found) throw new Error(`no row ${group} / ${metric}; rows: ${mine.map((r) => r.metric).join(" | ")}`);
    return found;
  };
};

// The sample site: frozen versions from their snapshots, so the cold build converts next alone. The machine's
// load drifts between rounds; each ratio is taken within its round before the median.
const sampleRounds: BuildRound[] = [
  { floor: floor(4000), cold: cold(5000, { next: 3 }), warm: run(1000), edited: run(1800) },
  { floor: floor(8000), cold: cold(9600, { next: 6 }), warm: run(2800), edited: run(2400) },
  { floor: floor(5000), cold: cold(7000, { next: 4 }), warm: run(1000), edited: run(1500) },
];

describe("issue 28's ratios to TypeDoc's conversion of next", () => {
  const sample = groupOf(benchRows(data(sampleRounds)), "CARTA site");

  it("gives the conversion alone, timed wall-clock within its process, with what it converted and the whole process", () => {
    const row = sample("TypeDoc conversion of next alone, wall time");
    expect(row).toMatchObject({ value: 5, unit: "s", runs: 3 });
    expect(row.note).toContain("sample code base examples/viewer");
    expect(row.note).toContain("the process 6.0 s with its start-up");
  });

  it("sets a warm build with nothing changed against it, within each round, target at most 0.3", () => {
    // Per round 0.25, 0.35 and 0.2: the median 0.25 (the ratio of the medians would be 1000 / 5000 = 0.2).
    const row = sample("warm build, nothing changed / TypeDoc conversion (same round)");
    expect(row.value).toBeCloseTo(0.25);
    expect(row.target).toEqual({ op: "<=", limit: 0.3 });
    expect(verdict(row)).toBe("yes");
  });

  it("sets the one-doc edit build against it, target at most 0.4", () => {
    // Per round 0.45, 0.3 and 0.3.
    const row = sample("one-doc edit build / TypeDoc conversion (same round)");
    expect(row.value).toBeCloseTo(0.3);
    expect(row.target).toEqual({ op: "<=", limit: 0.4 });
    expect(verdict(row)).toBe("yes");
    expect(sample("one-doc edit build, wall time").value).toBeCloseTo(1.8);
  });

  it("takes the cold build as the one with snapshot inputs when it converted next alone, target at most 1.5 (issue 40)", () => {
    // Per round 1.25, 1.2 and 1.4.
    const row = sample("cold build, snapshot inputs / TypeDoc conversion (same round)");
    expect(row.value).toBeCloseTo(1.25);
    expect(row.target).toEqual({ op: "<=", limit: 1.5 });
    expect(verdict(row)).toBe("yes");
    expect(row.note).toContain("the cold build");
    expect(row.note).toContain("issue 40");
  });

  it("fails a ratio over its target", () => {
    const slow = groupOf(benchRows(data([{ floor: floor(4000), cold: cold(6400, { next: 3 }), warm: run(2000), edited: run(2000) }])), "CARTA site");
    expect(verdict(slow("warm build, nothing changed / TypeDoc conversion (same round)"))).toBe("NO");
    expect(verdict(slow("one-doc edit build / TypeDoc conversion (same round)"))).toBe("NO");
    expect(slow("cold build, snapshot inputs / TypeDoc conversion (same round)").value).toBeCloseTo(1.6);
    expect(verdict(slow("cold build, snapshot inputs / TypeDoc conversion (same round)"))).toBe("NO");
  });

  it("prints the sample site's peak memory beside the real viewer's target, without a target of its own", () => {
    const row = sample("peak memory, cold build");
    expect(row.target).toBeUndefined();
    expect(row.note).toContain("620");
  });

  it("adds no ratio rows for rounds without the conversion", () => {
    const rows = benchRows(data([{ cold: cold(5000, { next: 3 }), warm: run(1000) }]));
    expect(rows.some((r) => r.metric.includes("TypeDoc conversion (same round)") || r.metric.startsWith("TypeDoc conversion of"))).toBe(false);
  });
});

describe("the real viewer's site", () => {
  // Its cold build converts the frozen versions from their git tags too; a copy with snapshots of them is built cold beside it.
  const realRounds: BuildRound[] = [
    { floor: floor(4000, { label: "working tree (master)" }), cold: cold(14_000, { next: 4, "5.0.0": 3, "4.1.0": 3 }, 700 * 1024), warm: run(1200), edited: run(2000), coldSnapshots: cold(4800, { next: 4 }) },
    { floor: floor(5000, { label: "working tree (master)" }), cold: cold(16_000, { next: 5, "5.0.0": 4, "4.1.0": 4 }, 600 * 1024), warm: run(1400), edited: run(2200), coldSnapshots: cold(6000, { next: 5 }) },
  ];
  const real = groupOf(benchRows(data(sampleRounds, realRounds)), "CARTA, real viewer");

  it("sets the cold build with snapshot inputs against the conversion, not the cold build converting every version", () => {
    // Per round 1.2 and 1.2; the cold builds would give 3.5 and 3.2.
    const row = real("cold build, snapshot inputs / TypeDoc conversion (same round)");
    expect(row.value).toBeCloseTo(1.2);
    expect(verdict(row)).toBe("yes");
    expect(real("cold build, snapshot inputs, wall time").value).toBeCloseTo(5.4);
  });

  it("splits the CPU of the cold build with snapshot inputs: TypeDoc's alone, the rest, and what the cores allow at best", () => {
    const cpu = (cpuMs: number, round: BuildRound) => ({ ...round, coldSnapshots: { ...round.coldSnapshots!, cpuMs } });
    const rounds = [cpu(9000, realRounds[0]!), cpu(11_000, realRounds[1]!)];
    const rows = groupOf(benchRows(data(sampleRounds, rounds)), "CARTA, real viewer");
    // TypeDoc alone: 1.5 cores over 5 and 6 s of process, 7.5 and 9 s of CPU.
    expect(rows("TypeDoc conversion of next alone, CPU").value).toBeCloseTo(8.25);
    expect(rows("TypeDoc conversion of next alone, CPU").note).toContain("1.50 of");
    // 9 - 7.5 and 11 - 9.
    expect(rows("cold build, snapshot inputs, CPU outside TypeDoc").value).toBeCloseTo(1.75);
    const cores = os.availableParallelism();
    // The build's CPU spread over the cores, over the conversion within its process (4 and 5 s).
    expect(rows(`cold build, snapshot inputs, its CPU over ${cores} cores / TypeDoc conversion`).value).toBeCloseTo((9000 / cores / 4000 + 11_000 / cores / 5000) / 2);
  });

  it("holds the peak memory of a cold build to half of issue 28's 1239 MiB", () => {
    // 700 and 600 MiB: the median 650 is over 620.
    const row = real("peak memory, cold build");
    expect(row).toMatchObject({ value: 650, target: { op: "<=", limit: 620 } });
    expect(verdict(row)).toBe("NO");
    const lighter = groupOf(benchRows(data(sampleRounds, [{ ...realRounds[0]!, cold: cold(14_000, { next: 4 }, 500 * 1024) }])), "CARTA, real viewer");
    expect(verdict(lighter("peak memory, cold build"))).toBe("yes");
  });

  it("says the snapshot-input ratio was not measured when no build had snapshot inputs", () => {
    const without = realRounds.map(({ coldSnapshots: _, ...round }) => round);
    const row = groupOf(benchRows(data(sampleRounds, without)), "CARTA, real viewer")("cold build, snapshot inputs / TypeDoc conversion (same round)");
    expect(row.value).toBeUndefined();
    expect(row.note).toMatch(/^not measured/);
    expect(verdict(row)).toBe("-");
  });

  it("takes a cold build as having snapshot inputs only when it converted next alone", () => {
    const round = { floor: floor(4000), warm: run(1000) };
    expect(snapshotCold({ ...round, cold: cold(5000, { next: 3 }) })?.wallMs).toBe(5000);
    expect(snapshotCold({ ...round, cold: cold(5000, { next: 3, "5.0.0": 2 }) })).toBeUndefined();
    expect(snapshotCold({ ...round, cold: cold(5000, {}) })).toBeUndefined();
    expect(snapshotCold({ ...round, cold: cold(5000, { next: 3, "5.0.0": 2 }), coldSnapshots: cold(4000, { next: 3 }) })?.wallMs).toBe(4000);
  });
});

describe("the one-doc edit", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const docFile = (text: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-doc-edit-"));
    dirs.push(dir);
    const file = path.join(dir, "basics.md");
    fs.writeFileSync(file, text);
    return file;
  };
  const doc = ["---", "title: Basics", "description: A snippet", "---", "", "# Basics", "", "```js", "const a = 1;", "```", "", "- a list", "", "A snippet is ordinary", "JavaScript.", ""].join("\n");

  it("adds a sentence to the first line of prose, past front matter, headings, code and lists", () => {
    const edited = editProse(doc, "Edited.");
    expect(edited.split("\n")[13]).toBe("A snippet is ordinary Edited.");
    expect(edited.replace(" Edited.", "")).toBe(doc);
  });

  it("refuses a doc without prose", () => {
    expect(() => editProse("---\ntitle: x\n---\n\n# Only a heading\n", "Edited.")).toThrow(/no paragraph of prose/);
  });

  it("builds with the doc edited and puts it back byte for byte afterwards", async () => {
    const file = docFile(doc);
    const seen = await withDocEdited(file, "Edited.", async () => fs.readFileSync(file, "utf8"));
    expect(seen).toContain("A snippet is ordinary Edited.");
    expect(fs.readFileSync(file, "utf8")).toBe(doc);
  });

  it("puts the doc back when the build fails", async () => {
    const file = docFile(doc);
    await expect(withDocEdited(file, "Edited.", async () => Promise.reject(new Error("build failed")))).rejects.toThrow("build failed");
    expect(fs.readFileSync(file, "utf8")).toBe(doc);
  });

  it("edits the CARTA site's doc the bench edits", () => {
    const basics = fs.readFileSync(path.join(import.meta.dirname, "../../content/docs/code-snippet-tutorial/basics.md"), "utf8");
    expect(editProse(basics, "Edited.")).toContain("A snippet is ordinary modern JavaScript, run in the same browser page as the viewer. This page covers the few rules Edited.");
  });
});

describe("issue 40's CI jobs, against the same round's conversion", () => {
  const upToDate = (wallMs: number) => run(wallMs, { timings: {} });
  const rounds: BuildRound[] = [
    { ...sampleRounds[0]!, ci: { unchanged: upToDate(400), docsOnly: run(1600), viewerChange: run(5000) } },
    { ...sampleRounds[1]!, ci: { unchanged: upToDate(1200), docsOnly: run(2400), viewerChange: run(9000) } },
    { ...sampleRounds[2]!, ci: { unchanged: upToDate(1000), docsOnly: run(1500), viewerChange: run(6500) } },
  ];
  const ci = groupOf(benchRows(data(rounds)), "CARTA site");

  it("sets nothing changed against at most 0.1 and a docs-only change against at most 0.4, each ratio within its round", () => {
    // Per round 0.1, 0.15 and 0.2: the median 0.15, not met.
    const unchanged = ci("CI job, nothing changed / TypeDoc conversion (same round)");
    expect(unchanged).toMatchObject({ runs: 3, target: { op: "<=", limit: 0.1 } });
    expect(unchanged.value).toBeCloseTo(0.15);
    expect(verdict(unchanged)).toBe("NO");
    expect(unchanged.note).not.toContain("stages ran");
    // Per round 0.4, 0.3 and 0.3: the median 0.3, met.
    const docsOnly = ci("CI job, docs-only change / TypeDoc conversion (same round)");
    expect(docsOnly.value).toBeCloseTo(0.3);
    expect(verdict(docsOnly)).toBe("yes");
    expect(ci("CI job, docs-only change, wall time").value).toBeCloseTo(1.6);
    expect(ci("CI job, viewer source change / TypeDoc conversion (same round)").value).toBeCloseTo(1.25);
  });

  it("says when the job with nothing changed ran stages instead of answering up to date", () => {
    const ran = groupOf(benchRows(data([{ ...sampleRounds[0]!, ci: { unchanged: run(400), docsOnly: run(1600) } }])), "CARTA site");
    expect(ran("CI job, nothing changed / TypeDoc conversion (same round)").note).toContain("NOT the up-to-date answer");
    expect(() => ran("CI job, viewer source change / TypeDoc conversion (same round)")).toThrow(/no row/);
  });

  it("has no CI rows when no CI job was measured", () => {
    expect(() => groupOf(benchRows(data(sampleRounds)), "CARTA site")("CI job, docs-only change, wall time")).toThrow(/no row/);
  });
});
