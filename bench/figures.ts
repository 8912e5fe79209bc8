/**
 * From measurements to report rows. Every figure is a median over runs; every ratio is taken within one
 * run (warm over cold of the same round, ...) before the median, because the machine's load drifts.
 */
import os from "node:os";
import { typedocMs, type BuildRun, type ConversionRun } from "./builds.ts";
import type { CiRound } from "./ciJob.ts";
import { median } from "./measure.ts";
import type { Row, Target, Unit } from "./report.ts";
import type { SearchFigures } from "./search.ts";
import { FIRST_SEARCH_TARGET_KB, PAGEFIND_KB, TYPED_QUERIES, type TypingFigures } from "./searchTyping.ts";
import type { UpFront } from "./upfront.ts";
import type { WatchFigures } from "./watch.ts";

/** A cold build and the warm build right after it. */
export interface BuildRound {
  cold: BuildRun;
  warm: BuildRun;
  /** The same site built warm without markdown twins and llms files (`llms: false`), right after `warm`. */
  warmNoTwins?: BuildRun;
  /** The same site without links into the API (`api.links` off), built cold, warm, and warm after the round's one-doc edit, and the gzipped bytes of a tutorial page with and without. */
  noApiLinks?: { cold: BuildRun; warm: BuildRun; edited: BuildRun; pageGzip: { with: number; without: number } };
  /** TypeDoc's conversion of Next alone in a process of its own, in the same round: the cold floor (issue 28). */
  floor?: ConversionRun;
  /** A warm build right after one tutorial's text was edited (after `warm`, the doc put back afterwards). */
  edited?: BuildRun;
  /**
   * A cold build with snapshot inputs (frozen versions from snapshots, Next converted), when `cold` converted
   * more than Next (a real viewer's frozen versions come from its git tags); `cold` is one when it did not.
   */
  coldSnapshots?: BuildRun;
  /** CI jobs after the warm build: fresh clones elsewhere with its cache restored (issue 40). */
  ci?: CiRound;
}

export interface LargeRound extends BuildRound {
  /** The site with three times the docs pages (same code base), built warm right after `warm`. */
  warm3x: BuildRun | { error: string };
}

export interface BenchData {
  carta: BuildRound[];
  /** The CARTA site against a viewer checkout, when one was found. */
  real?: BuildRound[];
  /** The large synthetic site (not with `--only carta`). */
  large?: LargeRound[];
  /** Docs pages per version of the large site at 1x, and declarations of its code base. */
  largeShape?: { pagesPerVersion: number; declarations: number };
  /** Search of the large site (not with `--only carta`). */
  search?: SearchFigures;
  /** First searches typed in the browser, on the CARTA site and on the real viewer's when its build wrote a site. */
  typedSearch: { carta: TypingFigures; real?: TypingFigures };
  /** Up-front bytes of sample pages, by label. */
  upFront: { label: string; figures: UpFront }[];
  /** Not with `--only carta`. */
  watch?: WatchFigures;
}

const KIB = 1024;
const mb = (kib: number) => kib / KIB;

/** Median of `pick` over the items, with how many runs it is of. */
function over<T>(items: readonly T[], pick: (item: T) => number): { value: number; runs: number } {
  return { value: median(items.map(pick)), runs: items.length };
}

function row(group: string, metric: string, unit: Unit, figure: { value: number; runs: number }, extra: Partial<Row> = {}): Row {
  return { group, metric, unit, value: figure.value, runs: figure.runs, ...extra };
}

const warmNote = (runs: BuildRun[]) => (runs.some((run) => run.typedocRuns > 0) ? "TypeDoc ran in a warm build: its cache missed" : undefined);

/**
 * The API reference's own work besides TypeDoc: reading its JSON and building the model (the API stage
 * less the conversions), making the pages, and the API pages' part of rendering and link checking (those
 * stages are timed for all pages together, so they are apportioned by page count).
 */
function apiWorkMs(run: BuildRun): number {
  const share = run.apiPages / run.pages;
  const { api = 0, apiPages = 0, render = 0, links = 0 } = run.timings;
  return api - typedocMs(run) + apiPages + (render + links) * share;
}

/** Rows every site has: build times, memory, TypeDoc against the rest, rendering and link checking. */
function buildRows(group: string, rounds: BuildRound[], targets: { warmS: number; memory?: { target?: Target; note?: string }; nonTypedocRatio?: number }): Row[] {
  const cold = rounds.map((r) => r.cold);
  const warm = rounds.map((r) => r.warm);
  const all = [...cold, ...warm];
  const typedoc = (run: BuildRun) => typedocMs(run) / 1000;
  const versions = [...new Set(cold.flatMap((run) => Object.keys(run.typedocSeconds)))];
  return [
    row(group, "cold build, wall time", "s", over(cold, (r) => r.wallMs / 1000)),
    row(group, "warm build, wall time", "s", over(warm, (r) => r.wallMs / 1000), { target: { op: "<", limit: targets.warmS }, note: warmNote(warm) }),
    row(group, "warm / cold (same round)", "ratio", over(rounds, (r) => r.warm.wallMs / r.cold.wallMs)),
    row(group, "peak memory, cold build", "MB", over(cold, (r) => mb(r.maxRSS)), {
      ...(targets.memory?.target && { target: targets.memory.target }),
      ...(targets.memory?.note && { note: targets.memory.note }),
    }),
    row(group, "peak memory, warm build", "MB", over(warm, (r) => mb(r.maxRSS))),
    // Versions that share a source (the sample code base) convert once, under whichever version gets to it first.
    ...versions.map((v) => {
      const converted = cold.filter((r) => v in r.typedocSeconds);
      const note = converted.length < cold.length ? `converted in ${converted.length} of ${cold.length} runs; the others shared another version's conversion` : undefined;
      return row(group, `TypeDoc conversion, version ${v} (cold)`, "s", over(converted, (r) => r.typedocSeconds[v]!), { note });
    }),
    row(group, "TypeDoc conversions, all versions (cold)", "s", over(cold, typedoc)),
    row(group, "everything but TypeDoc (cold, wall)", "s", over(cold, (r) => r.wallMs / 1000 - typedoc(r))),
    row(group, "everything but TypeDoc / TypeDoc (cold)", "ratio", over(cold, (r) => (r.wallMs / 1000 - typedoc(r)) / typedoc(r)), targets.nonTypedocRatio ? { target: { op: "<", limit: targets.nonTypedocRatio } } : {}),
    row(group, "API work besides TypeDoc / TypeDoc (cold)", "ratio", over(cold, (r) => apiWorkMs(r) / typedocMs(r)), {
      target: { op: "<", limit: 0.2 },
      note: "loading, model, API pages; render and links apportioned by API page count",
    }),
    ...apiDiffRows(group, cold),
    row(group, "pages", "count", over(all, (r) => r.pages), { note: `${median(all.map((r) => r.apiPages))} of them API pages` }),
    row(group, "rendering, pages per second", "pages/s", over(all, (r) => r.pages / (r.timings.render! / 1000)), { target: { op: ">=", limit: 1000 } }),
    row(group, "link check", "s", over(all, (r) => r.timings.links! / 1000)),
    ...snippetRows(group, rounds),
    ...twinRows(group, rounds),
    ...apiLinkRows(group, rounds),
  ];
}

/**
 * What the links from the docs into the API (issue 42) add: at most 10% to a cold build and 5% to a warm one, against
 * the same site with `api.links` off built in the same round; and a tutorial page's weight, gzipped, with and without.
 * The warm target is a build after a one-doc edit: with nothing changed, both sides take the up-to-date shortcut,
 * which does none of the links' work (that ratio is shown too, without a target).
 */
function apiLinkRows(group: string, rounds: BuildRound[]): Row[] {
  const pairs = rounds.flatMap(({ cold, warm, edited, noApiLinks }) => (noApiLinks && edited ? [{ cold, warm, edited, off: noApiLinks }] : []));
  if (pairs.length === 0) return [];
  return [
    row(group, "cold build with API links / without (same round)", "ratio", over(pairs, (p) => p.cold.wallMs / p.off.cold.wallMs), { target: { op: "<=", limit: 1.1 }, note: "uses collected by the snippet check, code and inline links, Used in" }),
    row(group, "warm build after a one-doc edit with API links / without (same round)", "ratio", over(pairs, (p) => p.edited.wallMs / p.off.edited.wallMs), { target: { op: "<=", limit: 1.05 }, note: "the same sentence added to the same tutorial on both sides" }),
    row(group, "warm build, nothing changed, with API links / without (same round)", "ratio", over(pairs, (p) => p.warm.wallMs / p.off.warm.wallMs), { note: "both take the up-to-date shortcut" }),
    row(group, "tutorial page (basics) gzipped, with API links", "KB", over(pairs, (p) => p.off.pageGzip.with / KIB)),
    row(group, "tutorial page (basics) gzipped, without API links", "KB", over(pairs, (p) => p.off.pageGzip.without / KIB)),
  ];
}

/**
 * What the markdown twins and llms files (issue 22) add to a warm build: at most 10%, measured against the
 * same site with `llms: false`, built warm in the same round.
 */
function twinRows(group: string, rounds: BuildRound[]): Row[] {
  const pairs = rounds.flatMap(({ warm, warmNoTwins }) => (warmNoTwins ? [{ warm, warmNoTwins }] : []));
  if (pairs.length === 0) return [];
  return [
    row(group, "warm build without twins (llms: false), wall time", "s", over(pairs, (p) => p.warmNoTwins.wallMs / 1000)),
    row(group, "warm build with twins / without (same round)", "ratio", over(pairs, (p) => p.warm.wallMs / p.warmNoTwins.wallMs), {
      target: { op: "<=", limit: 1.1 },
      note: "twins of every page, llms.txt and each version's llms-full.txt",
    }),
    row(group, "llms files (index and full text of each version)", "ms", over(pairs, (p) => p.warm.timings.llms ?? 0)),
  ];
}

/**
 * What type-checking the docs' code snippets adds (issue 15's limits): at most 15% to a cold build, which
 * checks every snippet against TypeDoc's program of each version, and nothing measurable to a warm one,
 * which reads every result from the snippet cache.
 */
function snippetRows(group: string, rounds: BuildRound[]): Row[] {
  const snippetMs = (run: BuildRun) => run.timings.snippets ?? 0;
  if (!rounds.some((r) => snippetMs(r.cold) > 0)) return [];
  const cold = rounds.map((r) => r.cold);
  const warm = rounds.map((r) => r.warm);
  return [
    row(group, "snippets type-checked per build", "count", over(cold, (r) => r.snippetsChecked)),
    row(group, "snippet check, cold build", "s", over(cold, (r) => snippetMs(r) / 1000)),
    row(group, "snippet check / rest of the cold build", "ratio", over(cold, (r) => snippetMs(r) / (r.wallMs - snippetMs(r))), { target: { op: "<=", limit: 0.15 } }),
    // Versions known only from a snapshot are checked against declarations made from it (issue 26).
    ...(cold.some((r) => r.snippetMsFrom.snapshot > 0)
      ? [row(group, "snippet check from a snapshot, cold build", "s", over(cold, (r) => r.snippetMsFrom.snapshot / 1000), { note: "the versions known only from a snapshot, within the snippet check" })]
      : []),
    row(group, "snippet check, warm build", "ms", over(warm, snippetMs), { note: "every result from the snippet cache" }),
    row(group, "snippet check / rest of the warm build", "ratio", over(warm, (r) => snippetMs(r) / (r.wallMs - snippetMs(r))), { target: { op: "<", limit: 0.02 }, note: "within the run-to-run noise of a warm build" }),
  ];
}

/** The API diff of each pair of versions (the changes pages, badges and link warnings), as the cold builds computed it. */
function apiDiffRows(group: string, cold: BuildRun[]): Row[] {
  const pairs = [...new Set(cold.flatMap((run) => Object.keys(run.apiDiffMs)))];
  return pairs.map((pair) => {
    const measured = cold.filter((run) => run.apiDiffMs[pair] !== undefined);
    return row(group, `API diff ${pair} (cold)`, "ms", over(measured, (run) => run.apiDiffMs[pair]!), { target: { op: "<", limit: 100 } });
  });
}

/** Errors of builds measured despite them (the docs against a viewer whose API moved on). */
function errorRow(group: string, rounds: BuildRound[]): Row {
  const runs = rounds.flatMap((r) => [r.cold, r.warm]);
  const first = runs.find((r) => r.firstError)?.firstError;
  return row(group, "build errors (measured all the same; output not written)", "count", over(runs, (r) => r.errors), first ? { note: `first: ${first.slice(0, 120)}` } : {});
}

function scaleRows(large: LargeRound[]): Row[] {
  const group = "scale";
  const pairs = large.flatMap((r) => ("error" in r.warm3x ? [] : [{ warm: r.warm, warm3x: r.warm3x }]));
  const failure = large.map((r) => r.warm3x).find((b): b is { error: string } => "error" in b);
  if (pairs.length === 0) {
    return [{ group, metric: "3x / 1x time per page", unit: "ratio", note: `not measured (${failure?.error.split("\n")[0] ?? "no 3x build"})` }];
  }
  const perPage = (run: BuildRun) => run.wallMs / run.pages;
  return [
    row(group, "warm build per page, 1x (3 versions)", "ms", over(pairs, (p) => perPage(p.warm)), { note: `${median(pairs.map((p) => p.warm.pages))} pages` }),
    row(group, "warm build per page, 3x (9 versions)", "ms", over(pairs, (p) => perPage(p.warm3x)), {
      note: `${median(pairs.map((p) => p.warm3x.pages))} pages, peak ${(median(pairs.map((p) => p.warm3x.maxRSS)) / 2 ** 20).toFixed(1)} GB`,
    }),
    row(group, "3x / 1x time per page (same round)", "ratio", over(pairs, (p) => perPage(p.warm3x) / perPage(p.warm)), {
      target: { op: "<=", limit: 1.1 },
      note: "time per page must not grow; 10% allowed for noise",
    }),
    row(group, "3x / 1x render time per page (same round)", "ratio", over(pairs, (p) => p.warm3x.timings.render! / p.warm3x.pages / (p.warm.timings.render! / p.warm.pages))),
    row(group, "3x / 1x link check per page (same round)", "ratio", over(pairs, (p) => p.warm3x.timings.links! / p.warm3x.pages / (p.warm.timings.links! / p.warm.pages))),
  ];
}

function searchRows(search: SearchFigures): Row[] {
  const group = "search (large)";
  const one = (value: number) => ({ value, runs: 1 });
  const cut = search.queries < search.plannedQueries ? { note: `time budget reached after ${search.queries} of ${search.plannedQueries} queries` } : {};
  return [
    row(group, "sections of the default version", "count", one(search.documents)),
    row(group, "search-doc.json", "KB", one(search.docFile.raw / KIB), { note: `${(search.docFile.gzip / KIB).toFixed(0)} KB gzipped` }),
    row(group, "search-index.json", "KB", one(search.indexFile.raw / KIB), { note: `${(search.indexFile.gzip / KIB).toFixed(0)} KB gzipped` }),
    row(group, "all search files, every version", "KB", one(search.allFiles.raw / KIB), { note: `${(search.allFiles.gzip / KIB).toFixed(0)} KB gzipped, ${search.allFiles.count} files` }),
    row(group, "index shards of the default version", "count", one(search.shards.count), { note: `largest ${(search.shards.largest.gzip / KIB).toFixed(1)} KB gzipped` }),
    row(group, "index load in the browser (parse + index)", "ms", one(search.loadMs)),
    row(group, `query latency p50 (${search.queries} queries, shards loaded)`, "ms", one(search.queryP50Ms), cut),
    row(group, `query latency p95 (${search.queries} queries, shards loaded)`, "ms", one(search.queryP95Ms), { target: { op: "<=", limit: 20 }, ...cut }),
    row(group, `query latency, slowest (${search.queries} queries, shards loaded)`, "ms", one(search.queryMaxMs), {
      target: { op: "<=", limit: 50 },
      note: "issue 28: results within 50 ms of the last key",
    }),
  ];
}

/** Docusaurus' lunr search files of the real-viewer site, gzipped, as the issue measured them. */
const DOCUSAURUS_FIRST_SEARCH_KB = 793;

const PAGEFIND_NOTE = `Pagefind 1.6 on the real viewer's site: ${PAGEFIND_KB.min}-${PAGEFIND_KB.max} KB (issue 28); target half of it`;

/**
 * The first search of each of issue 28's queries: typed in the browser when `typed` has it, else (a build
 * with errors writes no site) the files a search fetches once the query has stood, from the cold builds'
 * search files, plus the search bundle measured on `bundleGzip`'s site.
 */
function typedSearchRows(group: string, runs: BuildRun[], typed: TypingFigures | undefined, bundle: TypingFigures | undefined): Row[] {
  const target = { op: "<=", limit: FIRST_SEARCH_TARGET_KB } as const;
  if (typed) {
    return typed.queries.map((q) =>
      row(group, `first search, "${q.query}" typed at ${typed.delayMs} ms a key`, "KB", { value: q.gzip / KIB, runs: 1 }, {
        target,
        note: `${q.files.length} requests in Chromium (${q.files.filter((f) => f.startsWith("search-index/")).length} shards, ${q.files.filter((f) => f.startsWith("search-text/")).length} text files); ${PAGEFIND_NOTE}`,
      }),
    );
  }
  const modelled = runs.filter((run) => run.search?.firstSearch.typed);
  if (modelled.length === 0) return [];
  const scripts = bundle?.bundleGzip ?? 0;
  return TYPED_QUERIES.map((query) =>
    row(group, `first search, "${query}" (modelled)`, "KB", over(modelled, (r) => (r.search!.firstSearch.typed[query]! + scripts) / KIB), {
      target,
      note: `no site written (build errors): the index files, shards and texts of the query once it stood${bundle ? `, plus the search bundle (${(scripts / KIB).toFixed(1)} KB)` : ""}; ${PAGEFIND_NOTE}`,
    }),
  );
}

/** First-search bytes and relevance of a CARTA site, from its cold builds (the search files do not depend on the cache). */
function siteSearchRows(group: string, rounds: BuildRound[], typed?: TypingFigures, bundle?: TypingFigures): Row[] {
  const runs = rounds.map((r) => r.cold).filter((run) => run.search);
  if (runs.length === 0) return [];
  const search = (run: BuildRun) => run.search!;
  const misses = search(runs[0]!).relevance.misses.map((m) => `"${m.query}" ${m.rank ? `at ${m.rank}` : "not in the ten"}`);
  const { queries } = search(runs[0]!).relevance;
  return [
    ...typedSearchRows(group, runs, typed, bundle),
    row(group, "first search, gzipped (median over the query set)", "KB", over(runs, (r) => search(r).firstSearch.gzipMedian / KIB), {
      target: { op: "<=", limit: FIRST_SEARCH_TARGET_KB },
      note: `largest ${(median(runs.map((r) => search(r).firstSearch.gzipMax)) / KIB).toFixed(0)} KB; doc ${(median(runs.map((r) => search(r).firstSearch.docFile.gzip)) / KIB).toFixed(0)} KB + manifest ${(median(runs.map((r) => search(r).firstSearch.indexFile.gzip)) / KIB).toFixed(1)} KB + the query's shards + result texts, without the search bundle; Docusaurus (lunr): ${DOCUSAURUS_FIRST_SEARCH_KB} KB`,
    }),
    row(group, `search relevance, MRR@10 (${queries} queries)`, "score", over(runs, (r) => search(r).relevance.mrr), {
      target: { op: ">=", limit: 0.9 },
      ...(misses.length > 0 && { note: `not first: ${misses.join(", ")}` }),
    }),
  ];
}

function upFrontRows(pages: BenchData["upFront"]): Row[] {
  if (pages.length === 0) return [];
  const group = "up-front bytes";
  const one = (value: number) => ({ value, runs: 1 });
  const largest = (kind: "css" | "js") => pages.reduce((max, p) => (p.figures.gzip[kind] > max.figures.gzip[kind] ? p : max));
  const css = largest("css");
  const js = largest("js");
  return [
    ...pages.map((p) => row(group, `${p.label}: HTML, gzipped`, "KB", one(p.figures.gzip.html / KIB), { note: p.figures.page })),
    row(group, "CSS per page, gzipped (largest)", "KB", one(css.figures.gzip.css / KIB), { target: { op: "<", limit: 20 }, note: css.label }),
    row(group, "JS per page, gzipped (largest)", "KB", one(js.figures.gzip.js / KIB), { target: { op: "<", limit: 12 }, note: js.label }),
  ];
}

function watchRows(watch: WatchFigures): Row[] {
  const metric = "one-line markdown edit to reload event";
  const target = { op: "<", limit: 150 } as const;
  if (!watch.measured) return [{ group: "watch (CARTA)", metric, unit: "ms", target, note: `not measured (${watch.reason})` }];
  return [row("watch (CARTA)", metric, "ms", over(watch.latenciesMs, (ms) => ms), { target })];
}

/**
 * Issue 28's targets for a build, as a ratio to TypeDoc's conversion of Next alone in the same round; issue 40's for
 * CI jobs and for the cold build with snapshot inputs (which replaced issue 28's 1.25 x).
 */
const FLOOR_TARGETS = { warm: 0.3, edited: 0.4, coldSnapshots: 1.5, ciUnchanged: 0.1, ciDocsOnly: 0.4 } as const;
/** Issue 28: a cold build of the real viewer's site peaked at 1239 MiB; the target is half of that. */
const REAL_PEAK_MIB = { measured: 1239, target: 620 } as const;

/**
 * The cold floor: the conversion's wall time within its process (loading TypeScript and TypeDoc, checking the
 * inputs, converting, writing the JSON), as a build logs it and as issue 28 took it (3.8 s on the real viewer);
 * not the process's start-up, which the builds it is set against pay too.
 */
function conversionMs(floor: ConversionRun): number {
  return floor.seconds * 1000;
}

/** A round whose TypeDoc conversion of Next alone was measured. */
type FloorRound = BuildRound & { floor: ConversionRun };

/**
 * The cold build with snapshot inputs of a round: its own when one was made, else the round's cold build if
 * that converted Next alone (the sample site's frozen versions come from its snapshots).
 */
export function snapshotCold(round: FloorRound): BuildRun | undefined {
  if (round.coldSnapshots) return round.coldSnapshots;
  const converted = Object.keys(round.cold.typedocSeconds);
  return converted.length > 0 && converted.every((version) => version === round.floor.version) ? round.cold : undefined;
}

/**
 * Issue 28's ratios (item 4): a warm build with nothing changed, a build after one doc's edit and a cold build
 * with snapshot inputs, each over TypeDoc's conversion of Next alone in a process of its own (the cold floor),
 * taken within each round (the conversion runs beside the builds) before the median.
 */
function floorRows(group: string, rounds: BuildRound[]): Row[] {
  const measured = rounds.filter((r): r is FloorRound => r.floor !== undefined);
  if (measured.length === 0) return [];
  const first = measured[0]!.floor;
  const failed = measured.filter((r) => r.floor.errors > 0).length;
  /** Median over `runs` of a build's wall time over the same round's conversion. */
  const perFloor = <R extends FloorRound>(runs: R[], build: (r: R) => BuildRun) => over(runs, (r) => build(r).wallMs / conversionMs(r.floor));
  const edited = measured.filter((r): r is FloorRound & { edited: BuildRun } => r.edited !== undefined);
  const snapshots = measured.flatMap((r) => {
    const cold = snapshotCold(r);
    return cold ? [{ ...r, snapshotCold: cold }] : [];
  });
  const own = snapshots.some((r) => r.coldSnapshots);
  const rows = [
    row(group, `TypeDoc conversion of ${first.version} alone, wall time`, "s", over(measured, (r) => conversionMs(r.floor) / 1000), {
      note:
        `the cold floor: the ${first.label} converted as a build converts it (loading TypeDoc included), no cache, in a process of its own beside each round's builds; ` +
        `the process ${(median(measured.map((r) => r.floor.wallMs)) / 1000).toFixed(1)} s with its start-up, peak ${mb(median(measured.map((r) => r.floor.maxRSS))).toFixed(0)} MB` +
        (failed > 0 ? `; TypeDoc reported errors in ${failed} of ${measured.length} runs` : ""),
    }),
    row(group, "warm build, nothing changed / TypeDoc conversion (same round)", "ratio", perFloor(measured, (r) => r.warm), {
      target: { op: "<=", limit: FLOOR_TARGETS.warm },
      note: "issue 28",
    }),
  ];
  if (edited.length > 0) {
    rows.push(
      row(group, "one-doc edit build, wall time", "s", over(edited, (r) => r.edited.wallMs / 1000), { note: "one tutorial's prose edited after the warm build, then built warm; the doc put back after" }),
      row(group, "one-doc edit build / TypeDoc conversion (same round)", "ratio", perFloor(edited, (r) => r.edited), { target: { op: "<=", limit: FLOOR_TARGETS.edited }, note: "issue 28" }),
    );
  }
  rows.push(...ciRows(group, measured, perFloor));
  const target = { op: "<=", limit: FLOOR_TARGETS.coldSnapshots } as const;
  const metric = "cold build, snapshot inputs / TypeDoc conversion (same round)";
  if (snapshots.length === 0) {
    rows.push({ group, metric, unit: "ratio", target, note: "not measured: the cold builds converted frozen versions too, and no build with snapshot inputs was made" });
    return rows;
  }
  if (own) rows.push(row(group, "cold build, snapshot inputs, wall time", "s", over(snapshots, (r) => r.snapshotCold.wallMs / 1000), { note: "frozen versions from snapshots written from this run's conversions of their git refs, Next converted" }));
  rows.push(
    row(group, metric, "ratio", perFloor(snapshots, (r) => r.snapshotCold), {
      target,
      note: `issue 40; ${own ? "the build above" : `the cold build: frozen versions from their snapshots, ${first.version} converted`}`,
    }),
    ...cpuRows(group, first.version, snapshots),
  );
  return rows;
}

/**
 * Where issue 40's cold build with snapshot inputs spends its CPU, every thread's: TypeDoc's conversion alone keeps
 * more than one core busy (V8's collector and compiler threads), so what a build does beside it finds less than a
 * core free; and the least wall time any schedule of the build's CPU could take on this machine's cores.
 */
function cpuRows(group: string, version: string, runs: (FloorRound & { snapshotCold: BuildRun })[]): Row[] {
  const cores = os.availableParallelism();
  const busy = median(runs.map((r) => r.floor.cpuMs / r.floor.wallMs));
  return [
    row(group, `TypeDoc conversion of ${version} alone, CPU`, "s", over(runs, (r) => r.floor.cpuMs / 1000), {
      note: `every thread's, start-up included: ${busy.toFixed(2)} of ${cores} cores busy over the process's wall time`,
    }),
    row(group, "cold build, snapshot inputs, CPU outside TypeDoc", "s", over(runs, (r) => (r.snapshotCold.cpuMs - r.floor.cpuMs) / 1000), {
      note: `issue 40; the build's CPU (every thread's) less TypeDoc's conversion alone in the same round; the build's ${(median(runs.map((r) => r.snapshotCold.cpuMs)) / 1000).toFixed(1)} s`,
    }),
    row(group, `cold build, snapshot inputs, its CPU over ${cores} cores / TypeDoc conversion`, "ratio", over(runs, (r) => r.snapshotCold.cpuMs / cores / conversionMs(r.floor)), {
      note: "the least wall time any schedule of the build's CPU could take on this machine's cores, over TypeDoc's conversion alone (same round)",
    }),
  ];
}

/**
 * Issue 40's CI jobs, each over the same round's conversion: the site cloned afresh at a new path, the viewer cloned
 * again, the previous commit's cache and output restored, then nothing changed, a docs-only change or a viewer
 * source change, and a build.
 */
function ciRows<R extends FloorRound>(group: string, measured: R[], perFloor: (runs: (R & { ci: CiRound })[], build: (r: R & { ci: CiRound }) => BuildRun) => { value: number; runs: number }): Row[] {
  const jobs = measured.filter((r): r is R & { ci: CiRound } => r.ci !== undefined);
  if (jobs.length === 0) return [];
  const clone = "fresh clone at a new path, the previous commit's cache and output restored";
  const rows = [
    row(group, "CI job, nothing changed / TypeDoc conversion (same round)", "ratio", perFloor(jobs, (r) => r.ci.unchanged), {
      target: { op: "<=", limit: FLOOR_TARGETS.ciUnchanged },
      note: `issue 40; ${clone}${jobs.some((r) => r.ci.unchanged.timings.render !== undefined) ? "; NOT the up-to-date answer: stages ran" : ""}`,
    }),
    row(group, "CI job, docs-only change, wall time", "s", over(jobs, (r) => r.ci.docsOnly.wallMs / 1000), { note: "one tutorial's prose edited in the clone" }),
    row(group, "CI job, docs-only change / TypeDoc conversion (same round)", "ratio", perFloor(jobs, (r) => r.ci.docsOnly), { target: { op: "<=", limit: FLOOR_TARGETS.ciDocsOnly }, note: `issue 40; ${clone}` }),
  ];
  const viewer = jobs.filter((r) => r.ci.viewerChange !== undefined);
  if (viewer.length > 0) {
    rows.push(
      row(group, "CI job, viewer source change / TypeDoc conversion (same round)", "ratio", perFloor(viewer, (r) => r.ci.viewerChange!), {
        note: `issue 40; a comment added to a source file of the viewer's clone: Next converted again, the rest from the restored cache; ${clone}`,
      }),
    );
  }
  return rows;
}

export function benchRows(data: BenchData): Row[] {
  return [
    ...buildRows("CARTA site", data.carta, { warmS: 3, memory: { note: `the target, ${REAL_PEAK_MIB.target} MB, is for the real viewer's site (issue 28: half of ${REAL_PEAK_MIB.measured} MB); MB here are MiB` } }),
    ...floorRows("CARTA site", data.carta),
    ...siteSearchRows("CARTA site", data.carta, data.typedSearch.carta),
    ...(data.real
      ? [
          ...buildRows("CARTA, real viewer", data.real, {
            warmS: 3,
            memory: { target: { op: "<=", limit: REAL_PEAK_MIB.target }, note: `issue 28: half of ${REAL_PEAK_MIB.measured} MB; MB here are MiB` },
          }),
          ...floorRows("CARTA, real viewer", data.real),
          errorRow("CARTA, real viewer", data.real),
          ...siteSearchRows("CARTA, real viewer", data.real, data.typedSearch.real, data.typedSearch.carta),
        ]
      : []),
    ...(data.large ? buildRows("large site", data.large, { warmS: 10, memory: { target: { op: "<", limit: 2048 } }, nonTypedocRatio: 0.2 }) : []),
    ...(data.large ? scaleRows(data.large) : []),
    ...(data.search ? searchRows(data.search) : []),
    ...upFrontRows(data.upFront),
    ...(data.watch ? watchRows(data.watch) : []),
  ];
}
