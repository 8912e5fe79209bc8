/**
 * `carta-docs version` SIGKILLed at every step of its work: content/ is left as it was or completely
 * versioned, never half; a build right after the kill sees one or the other; and the next `version` run
 * clears what the killed one left behind and is not confused by it.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runPipeline } from "../../cli/pipeline/pipeline.ts";
import { createVersion } from "../../cli/version/createVersion.ts";
import { BIN, cleanTemp, copyFixtureSite, snapshotTree } from "../helpers/site.ts";

afterAll(cleanTemp);

const NAME = "3.0.0";
const HOOK = pathToFileURL(path.join(import.meta.dirname, "killAtStep.mjs")).href;
/** The version runs start a whole toolchain each: two at a time keep both cores busy. */
const PARALLEL = 2;

type Tree = Record<string, string>;

const contentOf = (site: string): Tree => snapshotTree(path.join(site, "content"));
const stageFolders = (site: string) => fs.readdirSync(path.join(site, "content")).filter((name) => name.startsWith(".version-"));
const without = (tree: Tree, drop: (file: string) => boolean): Tree => Object.fromEntries(Object.entries(tree).filter(([file]) => !drop(file)));
const same = (a: Tree, b: Tree) => JSON.stringify(a) === JSON.stringify(b);

/** Runs `carta-docs version 3.0.0 --no-api` on a fresh copy of the fixture site, killed at `killAt` (see killAtStep.mjs). */
function versionKilledAt(killAt: string): Promise<{ site: string; killed: boolean }> {
  const site = copyFixtureSite();
  const env = { ...process.env, NO_COLOR: "1", KILL_AT: killAt, KILL_INSIDE: path.join(site, "content") };
  const child = spawn(process.execPath, ["--import", HOOK, BIN, "version", NAME, "--no-api"], { cwd: site, env, stdio: "ignore" });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (signal !== "SIGKILL" && code !== 0) reject(new Error(`version ${killAt} exited with ${code ?? signal}`));
      else resolve({ site, killed: signal === "SIGKILL" });
    });
  });
}

let before: Tree;
let complete: Tree;
beforeAll(async () => {
  const site = copyFixtureSite();
  before = contentOf(site);
  await createVersion({ name: NAME, config: path.join(site, "site.config.ts") });
  complete = contentOf(site);
});
const isNewVersionFile = (file: string) => file.startsWith(`versioned_docs/version-${NAME}/`) || file === `versioned_sidebars/version-${NAME}-sidebars.json`;

/**
 * "before", "versioned" or "half". Files inside a stage folder are not part of the site; neither is the
 * new version's folder or sidebar while versions.json does not list it: nothing reads them, and the next
 * run removes them.
 */
function stateOf(site: string): string {
  const now = without(contentOf(site), (file) => file.startsWith(".version-"));
  if (same(now, complete)) return "versioned";
  return same(without(now, isNewVersionFile), before) ? "before" : "half";
}

/** Checks one killed run: its state, a build of it, and the next `version` run. */
async function checkAfterKill(site: string, moment: string): Promise<string> {
  const state = stateOf(site);
  expect(state, `content/ after a kill ${moment}`).not.toBe("half");

  const config = path.join(site, "site.config.ts");
  const built = await runPipeline({ config, write: false });
  expect(built.errors, `build after a kill ${moment}`).toEqual([]);
  expect(built.pages.some((page) => page.route === `/carta-frontend/docs/${NAME}`), `3.0.0 built after a kill ${moment}`).toBe(state === "versioned");

  const again = createVersion({ name: NAME, config });
  if (state === "versioned") await expect(again, `version again after a kill ${moment}`).rejects.toThrow(/already exists in versions\.json/);
  else await expect(again, `version again after a kill ${moment}`).resolves.toMatchObject({ versions: [NAME, "2.0.0", "1.0.0"] });
  expect(contentOf(site), `content/ after the next run, killed ${moment}`).toEqual(complete);
  expect(stageFolders(site), `stage folders after the next run, killed ${moment}`).toEqual([]);
  return state;
}

describe("an interrupted version command", () => {
  it("is never half done, whichever change under content/ it is killed after", async () => {
    const states: string[] = [];
    let finished = false;
    for (let step = 1; !finished; step += PARALLEL) {
      const runs = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => versionKilledAt(`step:${step + i}`)));
      for (const [i, { site, killed }] of runs.entries()) {
        if (!killed) finished = true;
        else states.push(await checkAfterKill(site, `after change ${step + i}`));
      }
    }
    // Killed before its commit and after it: both outcomes were reached, and each step was visited.
    expect(states).toContain("before");
    expect(states).toContain("versioned");
    expect(states.length).toBeGreaterThanOrEqual(8);
  }, 60_000);

  it("is never half done when killed while copying the docs", async () => {
    const entries = [2, 5];
    const runs = await Promise.all(entries.map((entry) => versionKilledAt(`copy:${entry}`)));
    for (const [i, { site, killed }] of runs.entries()) {
      expect(killed).toBe(true);
      expect(stageFolders(site)).toHaveLength(1);
      expect(await checkAfterKill(site, `while copying entry ${entries[i]}`)).toBe("before");
    }
  }, 30_000);
});
