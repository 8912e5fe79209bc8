/**
 * Issue 40's scale rows: a docs-only synthetic site of 10,000 docs in categories of 100 (bench/syntheticSite.ts),
 * built cold, again with nothing changed and again after one doc's prose is edited, beside the same site at 100
 * and 1,000 docs (cold). Pages must not grow with the site: a page's HTML at 10,000 docs against the same page at
 * 100, and the cold time per page against the 1,000-doc site's; the build store's largest file and the peak
 * memory stay bounded.
 */
import fs from "node:fs";
import path from "node:path";
import { buildInChild, cacheDirOf, type BuildRun, type SiteUnderTest } from "./builds.ts";
import { withDocEdited } from "./docEdit.ts";
import { median } from "./measure.ts";
import type { Row } from "./report.ts";
import { writeScaleSite } from "./syntheticSite.ts";

const PER_CATEGORY = 100;
/** An author's next edits measured: one build on a two-core VM strays by ±0.3 s, their median much less. */
const NEXT_EDITS = 5;
/** The page compared across site sizes: the first category's second doc, on every size's path. */
const SAME_PAGE = "docs/topic-00/page-001.html";

export interface ScaleFigures {
  docs: number;
  cold: BuildRun;
  /** Built again at once, nothing changed. */
  warm: BuildRun;
  /** Built again after one doc's prose was edited (put back after). */
  edited: BuildRun;
  /**
   * Built again after another doc's edit, NEXT_EDITS times (a doc each): an author's next edits, which start their
   * output from the spare the edit before kept (a build from nothing keeps none: cli/output/spareOutput.ts).
   */
  editedAgain: BuildRun[];
  /** HTML bytes of the large site's doc pages (those under docs/). */
  html: { pages: number; median: number; max: number };
  /** The same page's HTML bytes in the large site and in the small one. */
  samePage: { large: number; small: number };
  small: { docs: number; cold: BuildRun };
  medium: { docs: number; cold: BuildRun };
  /** The build store's largest file after the cold build, and the store's total. */
  store: { largest: string; largestBytes: number; totalBytes: number };
  /** The sidebar files the large site's output holds (bytes), fetched by a reader opening a category. */
  sidebarFileBytes: number;
}

/** Every file under `dir` (recursively) with its size; none when the folder is missing. */
function filesWithSizes(dir: string): { file: string; bytes: number }[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return { file, bytes: fs.statSync(file).size };
    });
}

/** Median and largest HTML bytes of the doc pages under an output folder's `docs/`. */
export function docPageSizes(outDir: string): ScaleFigures["html"] {
  const sizes = filesWithSizes(path.join(outDir, "docs"))
    .filter(({ file }) => file.endsWith(".html"))
    .map(({ bytes }) => bytes);
  return { pages: sizes.length, median: median(sizes), max: sizes.length > 0 ? Math.max(...sizes) : Number.NaN };
}

/** The largest file of a site's build store (`.carta-docs-cache/build/`), relative to it, and the store's total. */
export function storeSizes(site: SiteUnderTest): ScaleFigures["store"] {
  const dir = path.join(cacheDirOf(site), "build");
  const files = filesWithSizes(dir);
  const largest = files.reduce((a, b) => (b.bytes > a.bytes ? b : a), { file: dir, bytes: 0 });
  return { largest: path.relative(dir, largest.file), largestBytes: largest.bytes, totalBytes: files.reduce((n, f) => n + f.bytes, 0) };
}

function scaleSite(tmp: string, docs: number): SiteUnderTest {
  const dir = path.join(tmp, `scale-${docs}`);
  return { configFile: writeScaleSite(dir, { docs, perCategory: PER_CATEGORY }), outDir: path.join(dir, "build") };
}

/** Builds the three sites in child processes and measures them; `docs` the large one's size (10,000). */
export async function measureScale({ tmp, docs, log }: { tmp: string; docs: number; log: (line: string) => void }): Promise<ScaleFigures> {
  const smallDocs = 100;
  const mediumDocs = docs / 10;
  const small = scaleSite(tmp, smallDocs);
  const medium = scaleSite(tmp, mediumDocs);
  const large = scaleSite(tmp, docs);
  const seconds = (run: BuildRun) => `${(run.wallMs / 1000).toFixed(1)} s, ${Math.round(run.maxRSS / 1024)} MiB`;
  const smallCold = await buildInChild(small, { cold: true });
  log(`scale: ${smallDocs} docs cold ${seconds(smallCold)}`);
  const mediumCold = await buildInChild(medium, { cold: true });
  log(`scale: ${mediumDocs} docs cold ${seconds(mediumCold)}`);
  const cold = await buildInChild(large, { cold: true });
  log(`scale: ${docs} docs cold ${seconds(cold)}`);
  const store = storeSizes(large);
  const html = docPageSizes(large.outDir);
  const samePage = { large: fs.statSync(path.join(large.outDir, SAME_PAGE)).size, small: fs.statSync(path.join(small.outDir, SAME_PAGE)).size };
  const sidebarFileBytes = fs.readdirSync(large.outDir).filter((name) => name.startsWith("sidebar-")).reduce((n, name) => n + fs.statSync(path.join(large.outDir, name)).size, 0);
  const warm = await buildInChild(large, { cold: false });
  log(`scale: ${docs} docs, nothing changed ${seconds(warm)}`);
  const doc = path.join(path.dirname(large.configFile), "content", "docs", "topic-42", "page-017.md");
  const edited = await withDocEdited(doc, "A sentence added by the benchmark.", () => buildInChild(large, { cold: false }));
  log(`scale: ${docs} docs, one doc edited ${seconds(edited)}`);
  const editedAgain: BuildRun[] = [];
  for (let i = 0; i < NEXT_EDITS; i++) {
    const other = path.join(path.dirname(large.configFile), "content", "docs", `topic-${String(7 + 11 * i).padStart(2, "0")}`, "page-063.md");
    editedAgain.push(await withDocEdited(other, "Another sentence added by the benchmark.", () => buildInChild(large, { cold: false })));
    log(`scale: ${docs} docs, another doc edited ${seconds(editedAgain.at(-1)!)}`);
  }
  return { docs, cold, warm, edited, editedAgain, html, samePage, small: { docs: smallDocs, cold: smallCold }, medium: { docs: mediumDocs, cold: mediumCold }, store, sidebarFileBytes };
}

const MIB = 2 ** 20;
/** The fastest and slowest of some runs' wall times, in seconds. */
const rangeOf = (runs: readonly BuildRun[]) => `${(Math.min(...runs.map((r) => r.wallMs)) / 1000).toFixed(2)}-${(Math.max(...runs.map((r) => r.wallMs)) / 1000).toFixed(2)} s`;
const perPageMs = (run: BuildRun) => run.wallMs / run.pages;

/** The rows of issue 40's scale figures, each with its target. */
export function scaleRows(f: ScaleFigures): Row[] {
  const group = `${f.docs.toLocaleString("en")} docs`;
  const sizes = `categories of ${PER_CATEGORY}, one version, no API`;
  return [
    { group, metric: "cold build, wall time", unit: "s", value: f.cold.wallMs / 1000, runs: 1, note: `${f.cold.pages} pages; ${sizes}` },
    {
      group,
      metric: `cold build time per page / the ${f.medium.docs.toLocaleString("en")}-doc site's`,
      unit: "ratio",
      value: perPageMs(f.cold) / perPageMs(f.medium.cold),
      runs: 1,
      target: { op: "<=", limit: 1.5 },
      note: `${perPageMs(f.cold).toFixed(1)} ms against ${perPageMs(f.medium.cold).toFixed(1)} ms a page (${f.medium.cold.pages} pages in ${(f.medium.cold.wallMs / 1000).toFixed(1)} s)`,
    },
    { group, metric: "build with nothing changed, wall time", unit: "s", value: f.warm.wallMs / 1000, runs: 1 },
    { group, metric: "one edited doc, wall time", unit: "s", value: f.edited.wallMs / 1000, runs: 1, target: { op: "<=", limit: 2 }, note: "one doc's prose edited after the build with nothing changed" },
    {
      group,
      metric: "one edited doc, the next edits, wall time (median)",
      unit: "s",
      value: median(f.editedAgain.map((run) => run.wallMs)) / 1000,
      runs: f.editedAgain.length,
      target: { op: "<=", limit: 2 },
      note: `another doc's prose edited after that, ${f.editedAgain.length} times (${rangeOf(f.editedAgain)}): each output starts from the spare the edit before kept`,
    },
    { group, metric: "HTML per doc page, median", unit: "KB", value: f.html.median / 1000, runs: 1, note: `${f.html.pages} pages under docs/` },
    { group, metric: "HTML per doc page, largest", unit: "KB", value: f.html.max / 1000, runs: 1 },
    {
      group,
      metric: `HTML of ${SAME_PAGE} / the same page at ${f.small.docs} docs`,
      unit: "ratio",
      value: f.samePage.large / f.samePage.small,
      runs: 1,
      target: { op: "<=", limit: 2 },
      note: `${(f.samePage.large / 1000).toFixed(1)} KB against ${(f.samePage.small / 1000).toFixed(1)} KB; the median page against it: ${(f.html.median / f.samePage.small).toFixed(2)} x; the sidebar file ${(f.sidebarFileBytes / 1000).toFixed(0)} KB, fetched once when a category opens`,
    },
    {
      group,
      metric: "build store, largest file",
      unit: "MB",
      value: f.store.largestBytes / MIB,
      runs: 1,
      target: { op: "<=", limit: 512 },
      note: `${f.store.largest}; the store ${(f.store.totalBytes / MIB).toFixed(0)} MB in all; MB here are MiB`,
    },
    { group, metric: "peak memory, cold build", unit: "MB", value: f.cold.maxRSS / 1024, runs: 1, target: { op: "<", limit: 2048 }, note: `nothing changed ${(f.warm.maxRSS / 1024).toFixed(0)} MB, one edited doc ${(f.edited.maxRSS / 1024).toFixed(0)} MB; MB here are MiB` },
  ];
}
