import { describe, expect, it } from "vitest";
import { typedocMs } from "../../bench/builds.ts";
import { benchRows, type BenchData } from "../../bench/figures.ts";
import type { Row } from "../../bench/report.ts";
import { verdict } from "../../bench/report.ts";
import { run } from "./buildRun.ts";

const cold = (wallMs: number, typedocSeconds: Record<string, number>, apiDiffMs: Record<string, number> = {}) => run(wallMs, { cold: true, typedocRuns: 2, typedocSeconds, apiDiffMs });

const data: BenchData = {
  carta: [
    {
      cold: run(6000, {
        cold: true,
        typedocRuns: 2,
        typedocSeconds: { next: 4 },
        search: {
          firstSearch: {
            docFile: { raw: 100_000, gzip: 30 * 1024 },
            indexFile: { raw: 300, gzip: 200 },
            gzipMedian: 40 * 1024,
            gzipMax: 80 * 1024,
            queries: 50,
            typed: { AppStore: 50 * 1024, openFile: 60 * 1024, region: 40 * 1024, contour: 30 * 1024, "spectral profile": 70 * 1024 },
          },
          relevance: { queries: 50, mrr: 0.95, misses: [{ query: "console.log", rank: 4, first: "docs/basics" }, { query: "zzz", rank: 0, first: "(no results)" }] },
        },
      }),
      warm: run(2000, { timings: { render: 1000, links: 500, llms: 40 } }),
      warmNoTwins: run(1900),
    },
  ],
  // Machine load drifts between rounds: the ratios must be taken within a round, then the median.
  large: [
    { cold: cold(100_000, { next: 40, "2.0.0": 40 }, { "1.0.0 → 2.0.0": 30, "2.0.0 → next": 20 }), warm: run(10_000), warmNoTwins: run(9500), warm3x: run(12_000, { pages: 1200 }) },
    { cold: cold(200_000, { next: 80, "2.0.0": 80 }, { "1.0.0 → 2.0.0": 150, "2.0.0 → next": 40 }), warm: run(40_000), warmNoTwins: run(32_000), warm3x: run(48_000, { pages: 1200 }) },
    { cold: cold(300_000, { next: 120, "2.0.0": 120 }, { "1.0.0 → 2.0.0": 50, "2.0.0 → next": 60 }), warm: run(30_000), warmNoTwins: run(30_000), warm3x: { error: "out of memory" } },
  ],
  largeShape: { pagesPerVersion: 300, declarations: 3000 },
  search: {
    documents: 10,
    docFile: { raw: 2048, gzip: 1024 },
    indexFile: { raw: 4096, gzip: 1024 },
    allFiles: { raw: 8192, gzip: 3072, count: 6 },
    loadMs: 2,
    shards: { count: 30, largest: { raw: 10_000, gzip: 4096 } },
    queries: 150,
    plannedQueries: 200,
    queryP50Ms: 3,
    queryP95Ms: 25,
    queryMaxMs: 40,
  },
  typedSearch: {
    carta: {
      page: "docs/basics",
      delayMs: 120,
      bundleGzip: 6 * 1024,
      queries: [
        { query: "AppStore", gzip: 30 * 1024, files: ["assets/search.1.js", "search-doc.json", "search-index.json", "search-index/5.0.0/0.json", "search-text/5.0.0/3.json"] },
        { query: "region", gzip: 80 * 1024, files: ["assets/search.1.js", "search-doc.json", "search-index.json"] },
      ],
    },
  },
  upFront: [
    { label: "docs page", figures: { page: "docs/a.html", files: [], gzip: { html: 2048, css: 10 * 1024, js: 4 * 1024 } } },
    { label: "API page", figures: { page: "api/b.html", files: [], gzip: { html: 4096, css: 10 * 1024, js: 13 * 1024 } } },
  ],
  watch: { measured: false, reason: "watch mode not available (no cli/watch)" },
};
const rows = benchRows(data);
const find = (group: string, metric: string | RegExp): Row => {
  const found = rows.find((r) => r.group === group && (typeof metric === "string" ? r.metric === metric : metric.test(r.metric)));
  if (!found) throw new Error(`no row ${group} / ${metric}`);
  return found;
};

describe("benchRows", () => {
  it("compares a warm build with twins to one without, within each round, against at most 10% more", () => {
    // Per round 1.053, 1.25 and 1.0: the median is 1.053 (the ratio of the medians would be 1.0).
    const ratio = find("large site", "warm build with twins / without (same round)");
    expect(ratio.value).toBeCloseTo(10_000 / 9500, 5);
    expect(ratio.target).toEqual({ op: "<=", limit: 1.1 });
    expect(find("CARTA site", "warm build with twins / without (same round)").value).toBeCloseTo(2000 / 1900, 5);
    expect(find("CARTA site", /^llms files/).value).toBe(40);
  });

  it("takes ratios within each round before the median", () => {
    // warm/cold per round: 0.1, 0.2, 0.1 -> 0.1 (the ratio of the medians would be 30/200 = 0.15).
    expect(find("large site", "warm / cold (same round)").value).toBeCloseTo(0.1);
    expect(find("large site", "warm build, wall time")).toMatchObject({ value: 30, runs: 3 });
  });

  it("sets TypeDoc's conversions against everything else of the cold build", () => {
    // Each cold round spends 80% in TypeDoc: the rest is a quarter of it, over the target of a fifth.
    const ratio = find("large site", "everything but TypeDoc / TypeDoc (cold)");
    expect(ratio.value).toBeCloseTo(0.25);
    expect(verdict(ratio)).toBe("NO");
    expect(find("large site", "TypeDoc conversion, version 2.0.0 (cold)").value).toBe(80);
    expect(find("large site", "TypeDoc conversions, all versions (cold)").value).toBe(160);
  });

  it("gives each pair of versions' API diff time over the cold builds, against 100 ms", () => {
    expect(find("large site", "API diff 1.0.0 → 2.0.0 (cold)")).toMatchObject({ value: 50, runs: 3, unit: "ms" });
    expect(verdict(find("large site", "API diff 1.0.0 → 2.0.0 (cold)"))).toBe("yes");
    expect(find("large site", "API diff 2.0.0 → next (cold)").value).toBe(40);
    expect(rows.some((r) => r.group === "CARTA site" && r.metric.startsWith("API diff"))).toBe(false);
  });

  it("reports the CARTA site against a real viewer, with the errors it was measured despite", () => {
    const real = { cold: run(9000, { cold: true, typedocRuns: 3, typedocSeconds: { next: 3, "5.0.0": 2, "4.1.0": 2 }, errors: 22, firstError: "basics.md:126: broken API link" }), warm: run(2500, { errors: 22 }) };
    const withReal = benchRows({ ...data, real: [real] });
    const group = withReal.filter((r) => r.group === "CARTA, real viewer");
    expect(group.find((r) => r.metric === "TypeDoc conversions, all versions (cold)")?.value).toBe(7);
    expect(group.find((r) => r.metric.startsWith("build errors"))).toMatchObject({ value: 22, note: "first: basics.md:126: broken API link" });
    expect(rows.some((r) => r.group === "CARTA, real viewer")).toBe(false);
  });

  it("gives a version's conversion time over the runs that converted it, and says when others shared it", () => {
    const shared = benchRows({ ...data, carta: [{ cold: cold(6000, { next: 2 }), warm: run(2000) }, { cold: cold(6000, { "5.0.0": 3 }), warm: run(2000) }, { cold: cold(6000, { next: 4 }), warm: run(2000) }] });
    const next = shared.find((r) => r.group === "CARTA site" && r.metric === "TypeDoc conversion, version next (cold)")!;
    expect(next).toMatchObject({ value: 3, runs: 2 });
    expect(next.note).toContain("converted in 2 of 3 runs");
    expect(find("large site", "TypeDoc conversion, version next (cold)").note).toBeUndefined();
  });

  it("sets the API reference's own work against TypeDoc, apportioning render and links by API pages", () => {
    // A cold build: api stage 5 s of which TypeDoc 4 s, API pages 0.2 s, render 1 s and links 0.5 s
    // for 1000 pages of which 600 API: 1 + 0.2 + 1.5 * 0.6 = 2.1 s against 4 s.
    const figures = benchRows({
      ...data,
      carta: [{ cold: run(6000, { cold: true, typedocRuns: 1, typedocSeconds: { next: 4 }, timings: { api: 5000, apiPages: 200, render: 1000, links: 500 } }), warm: run(2000) }],
    });
    const ratio = figures.find((r) => r.group === "CARTA site" && r.metric === "API work besides TypeDoc / TypeDoc (cold)")!;
    expect(ratio.value).toBeCloseTo(2.1 / 4);
    expect(verdict(ratio)).toBe("NO");
  });

  it("reports pages per second of the render stage and memory in MB against the targets", () => {
    expect(find("large site", "rendering, pages per second")).toMatchObject({ value: 1000, runs: 6 });
    expect(verdict(find("large site", "rendering, pages per second"))).toBe("yes");
    expect(find("large site", "peak memory, cold build")).toMatchObject({ value: 1024, target: { op: "<", limit: 2048 } });
    expect(find("CARTA site", "warm build, wall time")).toMatchObject({ value: 2, target: { op: "<", limit: 3 } });
  });

  it("compares time per page at 3x with 1x within each round, over the rounds that built", () => {
    // Per round: (12000/1200)/(10000/1000) = 1.0 and (48000/1200)/(40000/1000) = 1.0; the failed third is left out.
    const scale = find("scale", "3x / 1x time per page (same round)");
    expect(scale).toMatchObject({ value: 1, runs: 2 });
    expect(verdict(scale)).toBe("yes");
  });

  it("says why the scale figure is missing when no 3x build succeeded", () => {
    const failed = benchRows({ ...data, large: [{ ...data.large![0]!, warm3x: { error: "out of memory\nstack" } }] });
    const scale = failed.find((r) => r.group === "scale")!;
    expect(scale.value).toBeUndefined();
    expect(scale.note).toBe("not measured (out of memory)");
  });

  it("checks the largest up-front CSS and JS of the sample pages", () => {
    const js = find("up-front bytes", /^JS per page/);
    expect(js).toMatchObject({ value: 13, note: "API page" });
    expect(verdict(js)).toBe("NO");
    expect(verdict(find("up-front bytes", /^CSS per page/))).toBe("yes");
  });

  it("notes a search cut short by its time budget", () => {
    const p95 = find("search (large)", /p95/);
    expect(p95.metric).toContain("150 queries");
    expect(p95.note).toBe("time budget reached after 150 of 200 queries");
    expect(verdict(p95)).toBe("NO");
  });

  it("reports a CARTA site's first search against its budget beside Docusaurus, and its relevance with the queries not answered first", () => {
    const bytes = find("CARTA site", /^first search, gzipped/);
    expect(bytes).toMatchObject({ value: 40, unit: "KB", target: { op: "<=", limit: 74 } });
    expect(bytes.note).toContain("largest 80 KB; doc 30 KB + manifest 0.2 KB + the query's shards");
    expect(bytes.note).toContain("Docusaurus (lunr): 793 KB");
    expect(verdict(bytes)).toBe("yes");
    const mrr = find("CARTA site", /MRR@10 \(50 queries\)/);
    expect(mrr).toMatchObject({ value: 0.95, unit: "score" });
    expect(mrr.note).toBe('not first: "console.log" at 4, "zzz" not in the ten');
    expect(verdict(mrr)).toBe("yes");
  });

  it("reports each typed first search measured in Chromium against half of Pagefind, with its requests", () => {
    const appStore = find("CARTA site", 'first search, "AppStore" typed at 120 ms a key');
    expect(appStore).toMatchObject({ value: 30, unit: "KB", target: { op: "<=", limit: 74 } });
    expect(appStore.note).toMatch(/^5 requests in Chromium \(1 shards, 1 text files\); Pagefind 1\.6 on the real viewer's site: 120-148 KB/);
    expect(verdict(appStore)).toBe("yes");
    expect(verdict(find("CARTA site", 'first search, "region" typed at 120 ms a key'))).toBe("NO");
  });

  it("models the typed first searches of a real-viewer build that wrote no site, adding the CARTA site's search bundle", () => {
    const real = benchRows({ ...data, real: data.carta }).filter((r) => r.group === "CARTA, real viewer" && r.metric.startsWith("first search, \""));
    expect(real.map((r) => r.metric)).toEqual(['first search, "AppStore" (modelled)', 'first search, "openFile" (modelled)', 'first search, "region" (modelled)', 'first search, "contour" (modelled)', 'first search, "spectral profile" (modelled)']);
    expect(real[0]).toMatchObject({ value: 56, target: { op: "<=", limit: 74 } });
    expect(real[0]!.note).toContain("plus the search bundle (6.0 KB)");
    expect(real.map(verdict)).toEqual(["yes", "yes", "yes", "yes", "NO"]);
  });

  it("checks the slowest query with its shards loaded against 50 ms", () => {
    expect(find("search (large)", /slowest/)).toMatchObject({ value: 40, target: { op: "<=", limit: 50 } });
    expect(find("search (large)", "index shards of the default version")).toMatchObject({ value: 30, note: "largest 4.0 KB gzipped" });
  });

  it("reports watch mode as not measured, with the reason and no number", () => {
    const watch = find("watch (CARTA)", /reload/);
    expect(watch.value).toBeUndefined();
    expect(watch.note).toBe("not measured (watch mode not available (no cli/watch))");
    expect(benchRows({ ...data, watch: { measured: true, latenciesMs: [90, 300, 100], reloads: [] } }).find((r) => r.group === "watch (CARTA)")).toMatchObject({ value: 100, runs: 3 });
  });

  it("sets the snippet check against the rest of the build, cold and warm, only where snippets were checked", () => {
    const checked: BenchData = {
      ...data,
      carta: [{ cold: run(6000, { cold: true, snippetsChecked: 90, timings: { render: 1000, links: 500, snippets: 1000 } }), warm: run(2000, { timings: { render: 1000, links: 500, snippets: 10 } }) }],
    };
    const rows = benchRows(checked).filter((r) => r.group === "CARTA site");
    expect(rows.find((r) => r.metric === "snippets type-checked per build")?.value).toBe(90);
    expect(rows.find((r) => r.metric === "snippet check / rest of the cold build")).toMatchObject({ value: 0.2, target: { op: "<=", limit: 0.15 } });
    expect(rows.find((r) => r.metric === "snippet check / rest of the warm build")?.value).toBeCloseTo(10 / 1990);
    expect(rows.some((r) => r.metric === "snippet check from a snapshot, cold build")).toBe(false);
    expect(benchRows(data).some((r) => r.metric.startsWith("snippet"))).toBe(false);
  });

  it("gives the snippet check of versions known only from a snapshot a row of its own, where there were some", () => {
    const snippets = { render: 1000, links: 500, snippets: 1000 };
    const checked: BenchData = {
      ...data,
      carta: [{ cold: run(6000, { cold: true, snippetsChecked: 90, timings: snippets, snippetMsFrom: { source: 700, snapshot: 300 } }), warm: run(2000, { timings: { ...snippets, snippets: 10 } }) }],
    };
    const rows = benchRows(checked).filter((r) => r.group === "CARTA site");
    expect(rows.find((r) => r.metric === "snippet check from a snapshot, cold build")).toMatchObject({ value: 0.3, unit: "s" });
  });

  it("flags a warm build in which TypeDoc ran", () => {
    const missed = benchRows({ ...data, carta: [{ cold: cold(6000, { next: 4 }), warm: run(5000, { typedocRuns: 1 }) }] });
    expect(missed.find((r) => r.group === "CARTA site" && r.metric === "warm build, wall time")!.note).toMatch(/cache missed/);
  });
});

describe("TypeDoc's time in a build", () => {
  it("is the sum of conversions one after another, and the time any ran when they overlap", () => {
    const seconds = { next: 4, "2.0.0": 3, "1.0.0": 2 };
    expect(typedocMs({ typedocSeconds: seconds, typedocSpans: { next: [0, 4000], "2.0.0": [4000, 7000], "1.0.0": [7500, 9500] } })).toBe(9000);
    // Two side by side from 1 s, the third after a gap: 1-5 s, then 6-8 s.
    expect(typedocMs({ typedocSeconds: seconds, typedocSpans: { next: [1000, 5000], "2.0.0": [1000, 4000], "1.0.0": [6000, 8000] } })).toBe(6000);
    expect(typedocMs({ typedocSeconds: seconds })).toBe(9000); // results written before spans were kept
  });
});
