/**
 * `npm run bench`: builds the CARTA site (with the sample code base, and against the real viewer when a
 * checkout is found) and a large synthetic site in child processes, measures search (first searches typed
 * in Chromium among it), up-front page bytes, watch mode, serving under load and the command line's start-up,
 * then prints a table with targets and writes
 * bench/results.json.
 *
 *   npm run bench [-- --quick] [-- --profile] [-- --runs N] [-- --keep]
 *
 * --quick: one run of everything; --profile: one more warm build of the large site under --cpu-prof,
 * summarised as its top self-time functions; --keep: leave the temporary folder for inspection.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildInChild, cacheDirOf, repeat, ROOT, withoutTwins, type BuildRun, type SiteUnderTest } from "./builds.ts";
import { copyCartaSite, realViewer } from "./cartaSite.ts";
import { benchRows, type BenchData, type LargeRound } from "./figures.ts";
import { loadRows, measureLoad } from "./load.ts";
import { hotSpots, type CpuProfile, type HotSpot } from "./profile.ts";
import { formatTable, writeResults } from "./report.ts";
import { measureSearch } from "./search.ts";
import { measureTypedSearch } from "./searchTyping.ts";
import { planDeclarations } from "./synthetic/viewerSource.ts";
import { writeSite, writeViewerRepo } from "./syntheticSite.ts";
import { upFrontBytes } from "./upfront.ts";
import { measureStartup, startupRows } from "./startup.ts";
import { measureWatchReload } from "./watch.ts";

const DECLARATIONS = 3000;
const PAGES_PER_VERSION = 300;
const SCALE = 3;
/** After this long, a group stops repeating (it always runs once): the whole bench should fit in minutes. */
const BUDGET_MS = { carta: 90_000, real: 120_000, large: 240_000 };

const { values: flags } = parseArgs({
  options: { quick: { type: "boolean" }, profile: { type: "boolean" }, keep: { type: "boolean" }, runs: { type: "string" } },
});
const runs = flags.runs ? Number(flags.runs) : flags.quick ? 1 : 3;
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number of at least 1; got ${flags.runs}`);

const started = performance.now();
const log = (line: string) => process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);
const seconds = (run: BuildRun) => `${(run.wallMs / 1000).toFixed(1)} s`;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "carta-docs-bench-"));
try {
  log(`synthetic site: ${DECLARATIONS} declarations, ${PAGES_PER_VERSION} docs pages per version, 3 versions and ${3 * SCALE} versions, in ${tmp}`);
  const viewer = path.join(tmp, "viewer");
  writeViewerRepo(viewer, DECLARATIONS);
  const synthetic = (name: string, scale: number): SiteUnderTest => {
    const dir = path.join(tmp, name);
    return { configFile: writeSite(dir, { pagesPerVersion: PAGES_PER_VERSION, declarations: DECLARATIONS, viewerDir: "../viewer", scale }), outDir: path.join(dir, "build"), viewer };
  };
  const large = synthetic("site-1x", 1);
  const large3x = synthetic(`site-${SCALE}x`, SCALE);
  const carta = { ...copyCartaSite(path.join(tmp, "carta")), search: true };
  const viewerCheckout = await realViewer();
  // The docs are written against one release of the viewer; against another (master) some of their API
  // links break. Such a build is measured all the same, its errors counted in the table.
  const real = viewerCheckout && { ...copyCartaSite(path.join(tmp, "carta-real")), viewer: viewerCheckout, allowErrors: true, search: true };

  /**
   * The warm build of `noTwins` (a site made withoutTwins), right after the site's warm build with them. The
   * first round builds it once unmeasured, so its output folder is as warm as the other's (unchanged files
   * are linked, not written).
   */
  const warmWithoutTwins = async (noTwins: SiteUnderTest, round: number) => {
    if (round === 0) await buildInChild(noTwins, { cold: false });
    return buildInChild(noTwins, { cold: false });
  };
  /** Rounds of a cold build, the warm build after it, and, given the site without twins, its warm build. */
  const coldAndWarm = (site: SiteUnderTest, budgetMs: number, label: string, noTwins?: SiteUnderTest) =>
    repeat(runs, budgetMs, async (i) => {
      const cold = await buildInChild(site, { cold: true });
      const warm = await buildInChild(site, { cold: false });
      const warmNoTwins = noTwins ? await warmWithoutTwins(noTwins, i) : undefined;
      log(`${label} round ${i + 1}: cold ${seconds(cold)}, warm ${seconds(warm)}${warmNoTwins ? `, warm without twins ${seconds(warmNoTwins)}` : ""}`);
      return { cold, warm, ...(warmNoTwins && { warmNoTwins }) };
    });
  const cartaRounds = await coldAndWarm(carta, BUDGET_MS.carta, "CARTA", withoutTwins(carta));
  const realRounds = real && (await coldAndWarm(real, BUDGET_MS.real, `CARTA with the viewer ${real.viewer}`));
  if (!real) log("no viewer checkout (CARTA_FRONTEND_DIR or the config's api.viewerDir): the real viewer is not measured");

  const largeNoTwins = withoutTwins(large);
  const largeRounds = await repeat(runs, BUDGET_MS.large, async (i): Promise<LargeRound> => {
    const cold = await buildInChild(large, { cold: true });
    log(`large round ${i + 1}: cold ${seconds(cold)}`);
    const warm = await buildInChild(large, { cold: false });
    log(`large round ${i + 1}: warm ${seconds(warm)}`);
    const warmNoTwins = await warmWithoutTwins(largeNoTwins, i);
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
    { label: "CARTA docs page", site: carta, file: "docs/code-snippet-tutorial/basics.html", baseUrl: "/carta-frontend/" },
    { label: "CARTA API page", site: carta, file: "api/.-stores/class/AppStore.html", baseUrl: "/carta-frontend/" },
    { label: "large docs page", site: large, file: "docs/topic-00/page-001.html", baseUrl: "/synthetic/" },
    { label: "large API page", site: large, file: `api/.-stores/class/${firstStoreClass}.html`, baseUrl: "/synthetic/" },
  ].map(({ label, site, file, baseUrl }) => ({ label, figures: upFrontBytes(site.outDir, baseUrl, file) }));

  log("first searches typed in Chromium");
  const docsPage = "docs/code-snippet-tutorial/basics";
  const typedSearch = {
    carta: await measureTypedSearch(carta.outDir, "/carta-frontend/", docsPage),
    // A build with errors writes no site: its rows are then modelled from its search files (figures.ts).
    ...(real && realRounds && realRounds.some((r) => r.warm.errors === 0) && { real: await measureTypedSearch(real.outDir, "/carta-frontend/", docsPage) }),
  };

  log("watch mode");
  const watch = await measureWatchReload({ ...carta, edits: flags.quick ? 3 : 5 });

  log("serve under load");
  const load = await measureLoad({ tmp, log });

  log("start-up");
  const startup = await measureStartup({ tmp, rounds: flags.quick ? 3 : 10, log });

  let profile: HotSpot[] | undefined;
  if (flags.profile) {
    log("profiling one warm build of the large site");
    const dir = path.join(tmp, "profile");
    await buildInChild(large, { cold: false, cpuProfDir: dir });
    // tsx's loader thread writes a profile too; the build's main thread is the largest.
    const [main] = fs.readdirSync(dir).map((name) => path.join(dir, name)).sort((a, b) => fs.statSync(b).size - fs.statSync(a).size);
    profile = hotSpots(JSON.parse(fs.readFileSync(main!, "utf8")) as CpuProfile, 15, ROOT);
  }

  const data: BenchData = {
    carta: cartaRounds,
    ...(realRounds && { real: realRounds }),
    large: largeRounds,
    largeShape: { pagesPerVersion: PAGES_PER_VERSION, declarations: DECLARATIONS },
    search,
    typedSearch,
    upFront,
    watch,
  };
  const rows = [...benchRows(data), ...loadRows(load), ...startupRows(startup)];
  const resultsFile = path.join(ROOT, "bench", "results.json");
  writeResults(resultsFile, {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memoryGB: Math.round(os.totalmem() / 2 ** 30), node: process.version, loadAverage: os.loadavg() },
    options: { runs, quick: flags.quick ?? false },
    durationS: Math.round((performance.now() - started) / 1000),
    rows,
    data,
    load,
    startup,
    ...(profile && { profile }),
  });
  process.stdout.write(`\n${formatTable(rows)}\n`);
  if (profile) process.stdout.write(`\nTop self time, warm build of the large site:\n${profile.map((h) => `${h.selfMs.toFixed(0).padStart(8)} ms ${h.percent.toFixed(1).padStart(5)}%  ${h.name}`).join("\n")}\n`);
  process.stdout.write(`\nload average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} on ${os.cpus().length} cores; results in ${path.relative(process.cwd(), resultsFile)}\n`);
} finally {
  if (flags.keep) log(`kept ${tmp}`);
  else fs.rmSync(tmp, { recursive: true, force: true });
}
