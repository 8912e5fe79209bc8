/**
 * A build whose staging folder is the spare (cli/output/spareOutput.ts) SIGKILLed at every step of its work under
 * the site: the output is the previous one or the new one, never a mix, and the next build (which finds the spare
 * gone, half-updated, or kept again) writes exactly the new output and leaves no temporary folder.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spareFolder } from "../../cli/output/spareOutput.ts";
import { recoverOutput } from "../../cli/output/writeOutput.ts";
import { runBuild } from "../../cli/pipeline/upToDate.ts";
import { BIN, cleanTemp, copyFixtureSite, runCli, snapshotTree, tempDir } from "../helpers/site.ts";

afterAll(cleanTemp);

const HOOK = pathToFileURL(path.join(import.meta.dirname, "killAtStep.mjs")).href;
const INTRO = "content/docs/intro.md";
const ADVANCED = "content/docs/guide/advanced.md";

type Tree = Record<string, string>;
const same = (a: Tree, b: Tree) => JSON.stringify(a) === JSON.stringify(b);
const edit = (site: string, rel: string, change: (text: string) => string) => fs.writeFileSync(path.join(site, rel), change(fs.readFileSync(path.join(site, rel), "utf8")));

/** A copy of `site` keeping its hard links (the output and the spare share files, as after real builds). */
function copyLinked(site: string): string {
  const copy = path.join(tempDir("carta-docs-spare-kill-"), "site");
  expect(spawnSync("cp", ["-a", site, copy]).status).toBe(0);
  return copy;
}

/** Runs `carta-docs build` in `site`, SIGKILLed at its `step`th change under the site (see killAtStep.mjs). */
function buildKilledAt(site: string, step: number): Promise<boolean> {
  const env = { ...process.env, NO_COLOR: "1", KILL_AT: `step:${step}`, KILL_INSIDE: site };
  const child = spawn(process.execPath, ["--import", HOOK, BIN, "build"], { cwd: site, env, stdio: "ignore" });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (signal !== "SIGKILL" && code !== 0) reject(new Error(`build killed at step ${step} exited with ${code ?? signal}`));
      else resolve(signal === "SIGKILL");
    });
  });
}

/** The site after two builds (so a spare is kept) and an edit the next build writes. */
let base: string;
let previous: Tree;
let next: Tree;
beforeAll(() => {
  base = copyFixtureSite();
  expect(runCli(["build"], base).status).toBe(0);
  edit(base, INTRO, (text) => text.replace("The fixture has a guide", "The fixture has a zebra guide"));
  expect(runCli(["build"], base).status).toBe(0);
  expect(fs.existsSync(spareFolder(base, path.join(base, "build")))).toBe(true);
  // A page changed and one removed: the spare holds its files, which the build removes as strays.
  edit(base, ADVANCED, (text) => `${text}\nA paragraph about quokkas.\n`);
  fs.rmSync(path.join(base, "content/docs/guide/only-next.md"));
  previous = snapshotTree(path.join(base, "build"));
  const reference = copyLinked(base);
  expect(runCli(["build"], reference).status).toBe(0);
  next = snapshotTree(path.join(reference, "build"));
  expect(same(next, previous)).toBe(false);
}, 60_000);

/** What one killed build left (its output as the next command's recovery finds it), and whether it was killed. */
async function killedAt(step: number): Promise<{ state: string; killed: boolean }> {
  const site = copyLinked(base);
  const killed = await buildKilledAt(site, step);
  const out = path.join(site, "build");
  // Killed between the swap's two renames, the output is the folder beside it: every command first puts it back.
  recoverOutput(out);
  const now = snapshotTree(out);
  const state = same(now, previous) ? "previous" : same(now, next) ? "next" : "mixed";
  expect(state, `output after a kill at step ${step}`).not.toBe("mixed");
  // The next build, as the command line runs it (in this process: a second toolchain start per step would double the test's time).
  const { report } = await runBuild({ config: path.join(site, "site.config.ts"), write: true, incremental: true });
  expect(report.diagnostics.filter((d) => d.severity === "error"), `build after a kill at step ${step}`).toEqual([]);
  expect(snapshotTree(out), `output of the build after a kill at step ${step}`).toEqual(next);
  expect(fs.readdirSync(site).filter((name) => name.startsWith(".build.")), `leftovers after a kill at step ${step}`).toEqual([]);
  fs.rmSync(path.dirname(site), { recursive: true, force: true });
  return { state, killed };
}

/** Killed builds run side by side: each starts a whole toolchain, twice. */
const PARALLEL = 2;

describe("a build from the spare, killed", () => {
  it("at any step leaves the previous output or the new one, and the next build writes the new one", async () => {
    const seen = new Set<string>();
    let step = 1;
    let done = false;
    for (; !done && step < 200; step += PARALLEL) {
      const runs = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => killedAt(step + i)));
      for (const { state, killed } of runs) {
        seen.add(state);
        done ||= !killed;
      }
    }
    // The build ran to its end within the loop, and kills before and after its swap were both seen.
    expect(done).toBe(true);
    expect([...seen].sort()).toEqual(["next", "previous"]);
  }, 600_000);
});
