/**
 * `npm run bench`: builds the CARTA site (with the sample code base, and against the real viewer when a
 * checkout is found) and a large synthetic site in child processes, measures search (first searches typed
 * in Chromium among it), up-front page bytes, the progress bar on a slow page (Chromium), watch mode (edit to
 * reload, a burst of new files), serving under load and the command line's start-up, then prints a table with
 * targets and writes bench/results.json.
 *
 *   npm run bench [-- --quick] [-- --profile] [-- --runs N] [-- --keep] [-- --only carta|scale]
 *
 * --quick: one run of everything; --profile: one more warm build of the large site under --cpu-prof,
 * summarised as its top self-time functions; --keep: leave the temporary folder for inspection; --only carta:
 * only the CARTA site's groups (its builds, issue 28's ratios to TypeDoc's conversion, its search, up-front
 * bytes and progress bar; the real viewer's site too when a checkout is found), no large site, watch, load or
 * start-up; --only
 * scale: only issue 40's scale rows (a docs-only site of 10,000 docs against 100 and 1,000) and the install row.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { buildInChild, cacheDirOf, convertInChild, repeat, ROOT, withoutApiLinks, withoutTwins, type BuildRun, type SiteUnderTest } from "./builds.ts";
import { copyCartaSite, realViewer, type CartaCopy } from "./cartaSite.ts";
import { withDocEdited } from "./docEdit.ts";
import { ciRound } from "./ciJob.ts";
import { writeFrozenSnapshots } from "./snapshotInputs.ts";
import { benchRows, type BenchData, type BuildRound, type LargeRound } from "./figures.ts";
import { loadRows, measureLoad, type LoadFigures } from "./load.ts";
import { hotSpots, type CpuProfile, type HotSpot } from "./profile.ts";
import { formatTable, writeResults, type Row } from "./report.ts";
import { measureScale, scaleRows, type ScaleFigures } from "./scale.ts";
import { installRows, measureInstall, type InstallFigures } from "./install.ts";
import { measureSearch } from "./search.ts";
import { measureTypedSearch } from "./searchTyping.ts";
import { planDeclarations } from "./synthetic/viewerSource.ts";
import { writeSite, writeViewerRepo } from "./syntheticSite.ts";
import { upFrontBytes } from "./upfront.ts";
import { measureStartup, startupRows, type StartupFigures } from "./startup.ts";
import { burstRows, measureBurst, measureWatchReload, type BurstFigures, type WatchFigures } from "./watch.ts";
import { measureProgressBar, progressRows } from "./progressBar.ts";

const DECLARATIONS = 3000;
const PAGES_PER_VERSION = 300;
const SCALE = 3;
/** The scale rows' large site (issue 40): docs in categories of 100, against a tenth and a hundredth of it. */
const SCALE_DOCS = 10_000;
/** After this long, a group stops repeating (it always runs once): the whole bench should fit in minutes. */
const BUDGET_MS = { carta: 90_000, real: 120_000, large: 240_000 };

const { values: flags } = parseArgs({
  options: { quick: { type: "boolean" }, profile: { type: "boolean" }, keep: { type: "boolean" }, runs: { type: "string" }, only: { type: "string" } },
});
if (flags.only !== undefined && flags.only !== "carta" && flags.only !== "scale") {
  throw new Error(`--only takes "carta" (the CARTA site's groups alone) or "scale" (the 10,000-doc site and the install); got ${flags.only}`);
}
const onlyCarta = flags.only === "carta";
const onlyScale = flags.only === "scale";
if (onlyScale && flags.profile) throw new Error("--profile profiles the large site, which --only scale leaves out");
if (onlyCarta && flags.profile) throw new Error("--profile profiles the large site, which --only carta leaves out");
const runs = flags.runs ? Number(flags.runs) : flags.quick ? 1 : 3;
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number of at least 1; got ${flags.runs}`);

const started = performance.now();
const log = (line: string) => process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);
const seconds = (run: { wallMs: number }) => `${(run.wallMs / 1000).toFixed(1)} s`;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "carta-docs-bench-"));
try {
  /** Issue 40's scale rows and the install row: with --only scale, alone; else after the other groups. */
  const scaleAndInstall = async (): Promise<{ rows: Row[]; scale: ScaleFigures; install: InstallFigures }> => {
    log(`scale: docs-only sites of ${SCALE_DOCS / 100}, ${SCALE_DOCS / 10} and ${SCALE_DOCS} docs`);
    const scale = await measureScale({ tmp, docs: SCALE_DOCS, log });
    log("install: npm ci of a site depending on carta-docs alone, against the CARTA Docusaurus site's");
    const install = await measureInstall({ tmp, log });
    return { rows: [...scaleRows(scale), ...installRows(install)], scale, install };
  };
  const machine = () => ({ cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memoryGB: Math.round(os.totalmem() / 2 ** 30), node: process.version, loadAverage: os.loadavg() });
  const resultsFile = path.join(ROOT, "bench", "results.json");
  if (onlyScale) {
    const { rows, scale, install } = await scaleAndInstall();
    writeResults(resultsFile, { date: new Date().toISOString(), machine: machine(), options: { only: "scale" }, durationS: Math.round((performance.now() - started) / 1000), rows, data: { scale, install } });
    process.stdout.write(`\n${formatTable(rows)}\n\nload average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} on ${os.cpus().length} cores; results in ${path.relative(process.cwd(), resultsFile)}\n`);
  } else {
    const carta = { ...copyCartaSite(path.join(tmp, "carta")), search: true };
    const viewerCheckout = await realViewer();
    // The docs are written against one release of the viewer; against another (master) some of their API
    // links break. Such a build is measured all the same, its errors counted in the table.
    const real = viewerCheckout && { ...copyCartaSite(path.join(tmp, "carta-real")), viewer: viewerCheckout, allowErrors: true, search: true };
    // The repository keeps no snapshots of the real viewer's frozen versions: a cold build converts each from its
    // git tag. Issue 28's cold build with snapshot inputs is measured on a copy given snapshots of them.
    const realSnapshots = real && { ...copyCartaSite(path.join(tmp, "carta-real-snapshots")), viewer: real.viewer, allowErrors: true };

    /**
     * The warm build of `noTwins` (a site made withoutTwins), right after the site's warm build with them. It
     * is built once unmeasured first in the first round, so its output folder is as warm as the other's
     * (unchanged files are linked, not written), and after a round's one-doc edit (the two share the cache).
     */
    const warmWithoutTwins = async (noTwins: SiteUnderTest, settle: boolean) => {
      if (settle) await buildInChild(noTwins, { cold: false });
      return buildInChild(noTwins, { cold: false });
    };
    /**
     * The site without API links built cold, warm, and warm after the round's one-doc edit (the same sentence in the
     * same tutorial as the site's own edited build), and the basics tutorial page's gzipped bytes in both outputs.
     */
    const withoutApiLinksRound = async (site: CartaCopy & SiteUnderTest, off: SiteUnderTest, sentence: string, coldFirst?: BuildRun) => {
      const cold = coldFirst ?? (await buildInChild(off, { cold: true }));
      // Settled first, as warmWithoutTwins does: the first build after the other config's finds no store it may use.
      await buildInChild(off, { cold: false });
      const warm = await buildInChild(off, { cold: false });
      const edited = await withDocEdited(site.docFile, sentence, () => buildInChild(off, { cold: false }));
      const gzipped = (outDir: string) => gzipSync(fs.readFileSync(path.join(outDir, "docs/code-snippet-tutorial/basics.html"))).length;
      return { cold, warm, edited, pageGzip: { with: gzipped(site.outDir), without: gzipped(off.outDir) } };
    };
    /**
     * Rounds of TypeDoc's conversion of Next alone (the cold floor, issue 28), a cold build, the warm build after
     * it, a warm build after one tutorial's text is edited (put back after), given the site without twins its
     * warm build, and given a copy with snapshot inputs its cold build.
     */
    const cartaRounds = async (site: CartaCopy & SiteUnderTest, budgetMs: number, label: string, extra: { noTwins?: SiteUnderTest; noApiLinks?: SiteUnderTest; snapshots?: CartaCopy & SiteUnderTest } = {}) => {
      let snapshotsWritten = false;
      const rounds = await repeat(runs, budgetMs, async (i): Promise<BuildRound> => {
        // Every other round builds the site without links cold first: a round's first cold build was measured the
        // slower of the two (its TypeDoc conversion 6 s against 4.2 s), so a fixed order leans one way.
        const offColdFirst = extra.noApiLinks && i % 2 === 1 ? await buildInChild(extra.noApiLinks, { cold: true }) : undefined;
        const floor = await convertInChild(site);
        const cold = await buildInChild(site, { cold: true });
        const warm = await buildInChild(site, { cold: false });
        // Before the edit below, so the cache restored into the clones is the warm build's, of the site as it is.
        const ci = await ciRound(site, tmp, `A sentence added by the benchmark's CI job, round ${i + 1}.`);
        const sentence = `A sentence added by the benchmark, round ${i + 1}.`;
        const edited = await withDocEdited(site.docFile, sentence, () => buildInChild(site, { cold: false }));
        const warmNoTwins = extra.noTwins ? await warmWithoutTwins(extra.noTwins, true) : undefined;
        const noApiLinks = extra.noApiLinks && (await withoutApiLinksRound(site, extra.noApiLinks, sentence, offColdFirst));
        let coldSnapshots: BuildRun | undefined;
        if (i === 0 && extra.snapshots && site.viewer) snapshotsWritten = await snapshotsFrom(site, site.viewer, extra.snapshots, label);
        if (snapshotsWritten && extra.snapshots) coldSnapshots = await buildInChild(extra.snapshots, { cold: true });
        log(
          `${label} round ${i + 1}: TypeDoc conversion of next ${seconds(floor)}, cold ${seconds(cold)}, warm ${seconds(warm)}, one-doc edit ${seconds(edited)}` +
            `, CI job: nothing changed ${seconds(ci.unchanged)}, docs-only ${seconds(ci.docsOnly)}${ci.viewerChange ? `, viewer change ${seconds(ci.viewerChange)}` : ""}` +
            `${warmNoTwins ? `, warm without twins ${seconds(warmNoTwins)}` : ""}${coldSnapshots ? `, cold with snapshot inputs ${seconds(coldSnapshots)}` : ""}`,
        );
        if (noApiLinks) log(`${label} round ${i + 1}: without API links cold ${seconds(noApiLinks.cold)}, warm ${seconds(noApiLinks.warm)}, one-doc edit ${seconds(noApiLinks.edited)}`);
        return { floor, cold, warm, edited, ci, ...(warmNoTwins && { warmNoTwins }), ...(noApiLinks && { noApiLinks }), ...(coldSnapshots && { coldSnapshots }) };
      });
      // The output holds the edited doc: built once more as the doc is, for the search and page measurements that read it.
      await buildInChild(site, { cold: false });
      return rounds;
    };
    /**
     * Gives `into` snapshots of `site`'s frozen versions; false, with the reason logged, when a version has no
     * conversion to snapshot (its git tag is missing from the checkout), so the row is left out, not the bench.
     */
    const snapshotsFrom = async (site: CartaCopy, viewer: string, into: CartaCopy, label: string): Promise<boolean> => {
      try {
        log(`${label}: snapshots of ${(await writeFrozenSnapshots(site, viewer, into)).join(", ")} written from the cold build's conversions`);
        return true;
      } catch (error) {
        log(`${label}: the cold build with snapshot inputs is not measured: ${error instanceof Error ? error.message : String(error)}`);
        return false;
      }
    };
    const cartaData = await cartaRounds(carta, BUDGET_MS.carta, "CARTA", { noTwins: withoutTwins(carta), noApiLinks: withoutApiLinks(carta) });
    const realData = real && (await cartaRounds(real, BUDGET_MS.real, `CARTA with the viewer ${real.viewer}`, { ...(realSnapshots && { snapshots: realSnapshots }) }));
    if (!real) log("no viewer checkout (CARTA_FRONTEND_DIR or the config's api.viewerDir): the real viewer is not measured");

    /** The large synthetic site at 1x and 3x: its builds, its search, and its pages for the up-front bytes. */
    const measureLarge = async () => {
      log(`synthetic site: ${DECLARATIONS} declarations, ${PAGES_PER_VERSION} docs pages per version, 3 versions and ${3 * SCALE} versions, in ${tmp}`);
      const viewer = path.join(tmp, "viewer");
      writeViewerRepo(viewer, DECLARATIONS);
      const synthetic = (name: string, scale: number): SiteUnderTest => {
        const dir = path.join(tmp, name);
        return { configFile: writeSite(dir, { pagesPerVersion: PAGES_PER_VERSION, declarations: DECLARATIONS, viewerDir: "../viewer", scale }), outDir: path.join(dir, "build"), viewer };
      };
      const large = synthetic("site-1x", 1);
      const large3x = synthetic(`site-${SCALE}x`, SCALE);
      const largeNoTwins = withoutTwins(large);
      const rounds = await repeat(runs, BUDGET_MS.large, async (i): Promise<LargeRound> => {
        const cold = await buildInChild(large, { cold: true });
        log(`large round ${i + 1}: cold ${seconds(cold)}`);
        const warm = await buildInChild(large, { cold: false });
        log(`large round ${i + 1}: warm ${seconds(warm)}`);
        const warmNoTwins = await warmWithoutTwins(largeNoTwins, i === 0);
        log(`large round ${i + 1}: warm without twins ${seconds(warmNoTwins)}`);
        // The 3x site documents the same code base: its TypeDoc cache is the 1x site's.
        fs.rmSync(cacheDirOf(large3x), { recursive: true, force: true });
        fs.cpSync(cacheDirOf(large), cacheDirOf(large3x), { recursive: true, verbatimSymlinks: true });
        const warm3x = await buildInChild(large3x, { cold: false }).catch((error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }));
        log(`large round ${i + 1}: warm ${SCALE}x ${"error" in warm3x ? `failed: ${warm3x.error.split("\n")[0]}` : seconds(warm3x)}`);
        return { cold, warm, warmNoTwins, warm3x };
      });
      log("search");
      const search = await measureSearch(large.outDir, { queries: 200, repeats: flags.quick ? 1 : 3, queryBudgetMs: flags.quick ? 20_000 : 60_000 });
      const firstStoreClass = planDeclarations(DECLARATIONS).find((d) => d.area.dir === "stores" && d.kind === "class")!.name;
      const upFront = [
        { label: "large docs page", site: large, file: "docs/topic-00/page-001.html", baseUrl: "/synthetic/" },
        { label: "large API page", site: large, file: `api/.-stores/class/${firstStoreClass}.html`, baseUrl: "/synthetic/" },
      ];
      return { large, rounds, search, upFront };
    };
    const largeData = onlyCarta ? undefined : await measureLarge();

    const upFront = [
      { label: "CARTA docs page", site: carta, file: "docs/code-snippet-tutorial/basics.html", baseUrl: "/carta-frontend/" },
      { label: "CARTA API page", site: carta, file: "api/.-stores/class/AppStore.html", baseUrl: "/carta-frontend/" },
      ...(largeData?.upFront ?? []),
    ].map(({ label, site, file, baseUrl }) => ({ label, figures: upFrontBytes(site.outDir, baseUrl, file) }));

    log("first searches typed in Chromium");
    const docsPage = "docs/code-snippet-tutorial/basics";
    const typedSearch = {
      carta: await measureTypedSearch(carta.outDir, "/carta-frontend/", docsPage),
      // A build with errors writes no site: its rows are then modelled from its search files (figures.ts).
      ...(real && realData && realData.some((r) => r.warm.errors === 0) && { real: await measureTypedSearch(real.outDir, "/carta-frontend/", docsPage) }),
    };

    log("the progress bar on a slow page, in Chromium");
    const progress = await measureProgressBar(carta.outDir, "/carta-frontend/", docsPage, flags.quick ? 1 : 5);

    let watch: WatchFigures | undefined;
    let burst: BurstFigures | undefined;
    let load: LoadFigures | undefined;
    let startup: StartupFigures | undefined;
    if (!onlyCarta) {
      log("watch mode");
      watch = await measureWatchReload({ ...carta, edits: flags.quick ? 3 : 5 });
      burst = await measureBurst(tmp, 500);

      log("serve under load");
      load = await measureLoad({ tmp, log });

      log("start-up");
      startup = await measureStartup({ tmp, rounds: flags.quick ? 3 : 10, log });
    }

    let profile: HotSpot[] | undefined;
    if (flags.profile && largeData) {
      log("profiling one warm build of the large site");
      const dir = path.join(tmp, "profile");
      await buildInChild(largeData.large, { cold: false, cpuProfDir: dir });
      // tsx's loader thread writes a profile too; the build's main thread is the largest.
      const [main] = fs.readdirSync(dir).map((name) => path.join(dir, name)).sort((a, b) => fs.statSync(b).size - fs.statSync(a).size);
      profile = hotSpots(JSON.parse(fs.readFileSync(main!, "utf8")) as CpuProfile, 15, ROOT);
    }

    const data: BenchData = {
      carta: cartaData,
      ...(realData && { real: realData }),
      ...(largeData && { large: largeData.rounds, largeShape: { pagesPerVersion: PAGES_PER_VERSION, declarations: DECLARATIONS }, search: largeData.search }),
      typedSearch,
      upFront,
      ...(watch && { watch }),
    };
    const scaled = onlyCarta ? undefined : await scaleAndInstall();
    const rows = [...benchRows(data), ...progressRows(progress), ...(burst ? burstRows(burst) : []), ...(load ? loadRows(load) : []), ...(startup ? startupRows(startup) : []), ...(scaled?.rows ?? [])];
    writeResults(resultsFile, {
      date: new Date().toISOString(),
      machine: machine(),
      options: { runs, quick: flags.quick ?? false, ...(onlyCarta && { only: "carta" }) },
      durationS: Math.round((performance.now() - started) / 1000),
      rows,
      data: { ...data, ...(scaled && { scale: scaled.scale, install: scaled.install }) },
      progress,
      ...(burst && { burst }),
      ...(load && { load }),
      ...(startup && { startup }),
      ...(profile && { profile }),
    });
    process.stdout.write(`\n${formatTable(rows)}\n`);
    if (profile) process.stdout.write(`\nTop self time, warm build of the large site:\n${profile.map((h) => `${h.selfMs.toFixed(0).padStart(8)} ms ${h.percent.toFixed(1).padStart(5)}%  ${h.name}`).join("\n")}\n`);
    process.stdout.write(`\nload average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} on ${os.cpus().length} cores; results in ${path.relative(process.cwd(), resultsFile)}\n`);
  }
} finally {
  if (flags.keep) log(`kept ${tmp}`);
  else fs.rmSync(tmp, { recursive: true, force: true });
}
