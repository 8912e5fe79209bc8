/**
 * Start-up of the command line: `--version`, `--help`, and `serve` until it prints its address, each as wall
 * time over Node's own start (`node -e 0`, measured in the same round, because the machine's load drifts).
 * Measured for the installed package (npm pack, unpacked beside this checkout's node_modules: the compiled
 * JavaScript a user runs) and for this checkout (its compiled copy, bin/compiledCheckout.js, made before the rounds).
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./builds.ts";
import { startServer } from "./load.ts";
import { median } from "./measure.ts";
import type { Row } from "./report.ts";

/** Milliseconds of one round: Node's own start, then each command. */
export interface StartupRound {
  node: number;
  version: number;
  help: number;
  serve: number;
}

export interface StartupFigures {
  installed: StartupRound[];
  checkout: StartupRound[];
}

export type StartupCommand = Exclude<keyof StartupRound, "node">;

/** Targets for the installed package, over Node's start: printing the version or the help is commander's work alone. */
export const STARTUP_TARGETS_MS: Record<StartupCommand, number> = {
  version: 150,
  help: 150,
  // serve first reads the site's config: esbuild bundling site.config.ts, zod validating it and the config
  // watchdog's thread are most of it (a CPU profile of the installed package: about 0.7 s busy on a loaded
  // two-core machine), none of it TypeDoc, React or markdown.
  serve: 1000,
};

const LABELS: Record<StartupCommand, string> = { version: "--version", help: "--help", serve: "serve, until it prints its address" };

/** This checkout packed as npm publishes it (`npm pack`), into `tmp/packs` once: the tarball's path. */
export function packedPackage(tmp: string): string {
  const packs = path.join(tmp, "packs");
  const packed = () => fs.readdirSync(packs).find((name) => name.endsWith(".tgz"));
  fs.mkdirSync(packs, { recursive: true });
  if (!packed()) execFileSync("npm", ["pack", "--silent", "--pack-destination", packs], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  const tarball = packed();
  if (!tarball) throw new Error(`npm pack left no tarball in ${packs}`);
  return path.join(packs, tarball);
}

/** The package as npm installs it, its dependencies this checkout's: returns its bin/carta-docs. */
function installedPackage(tmp: string): string {
  const tarball = packedPackage(tmp);
  const dir = path.join(tmp, "installed");
  fs.mkdirSync(dir);
  execFileSync("tar", ["-xzf", tarball, "-C", dir]);
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "package", "node_modules"), "dir");
  return path.join(dir, "package", "bin", "carta-docs");
}

function wallMs(args: string[], cwd: string): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { cwd, stdio: "ignore" });
  if (result.status !== 0) throw new Error(`node ${args.join(" ")} exited with ${result.status}`);
  return performance.now() - started;
}

async function serveReadyMs(bin: string, site: string): Promise<number> {
  const started = performance.now();
  const { child } = await startServer("carta-docs server", [bin, "serve", "--port", "0"], site);
  const ms = performance.now() - started;
  child.kill();
  return ms;
}

/** `rounds` rounds, each timing Node's start and every command, for both ways the command line runs. */
export async function measureStartup({ tmp, rounds, log }: { tmp: string; rounds: number; log: (line: string) => void }): Promise<StartupFigures> {
  log("start-up: packing the package");
  const bins = { installed: installedPackage(tmp), checkout: path.join(ROOT, "bin", "carta-docs") };
  // serve needs a config and a built folder, not a built site: a page is enough to answer.
  const site = path.join(tmp, "startup-site");
  fs.cpSync(path.join(ROOT, "tests", "fixtures", "site"), site, { recursive: true });
  fs.mkdirSync(path.join(site, "build"));
  fs.writeFileSync(path.join(site, "build", "index.html"), "<p>built</p>\n");

  wallMs([bins.checkout, "--version"], site); // makes the checkout's compiled copy if a source changed since the last
  const figures: StartupFigures = { installed: [], checkout: [] };
  for (let i = 0; i < rounds; i++) {
    for (const kind of ["installed", "checkout"] as const) {
      const bin = bins[kind];
      figures[kind].push({
        node: wallMs(["-e", "0"], site),
        version: wallMs([bin, "--version"], site),
        help: wallMs([bin, "--help"], site),
        serve: await serveReadyMs(bin, site),
      });
    }
    log(`start-up round ${i + 1} of ${rounds}`);
  }
  return figures;
}

/** Median over the rounds of each round's command time less its Node start. */
export function overNodeStart(rounds: readonly StartupRound[], command: StartupCommand): number {
  return median(rounds.map((round) => round[command] - round.node));
}

/** The "start-up" group: each command over Node's start; targets for the installed package. */
export function startupRows(figures: StartupFigures): Row[] {
  const group = "start-up";
  const commands = Object.keys(LABELS) as StartupCommand[];
  const rows = (kind: keyof StartupFigures, note: string, withTargets: boolean): Row[] =>
    commands.map((command) => ({
      group,
      metric: `${kind}: ${LABELS[command]}, over node -e 0`,
      unit: "ms",
      value: overNodeStart(figures[kind], command),
      runs: figures[kind].length,
      note,
      ...(withTargets && { target: { op: "<", limit: STARTUP_TARGETS_MS[command] } }),
    }));
  return [
    { group, metric: "node -e 0 (Node's own start)", unit: "ms", value: median(figures.installed.map((round) => round.node)), runs: figures.installed.length },
    ...rows("installed", "npm pack, compiled JavaScript", true),
    ...rows("checkout", "the checkout's compiled copy of its sources (bin/compiledCheckout.js), its stamp checked first", false),
  ];
}
