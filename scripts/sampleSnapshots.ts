// npm run sample-snapshots: rebuilds the sample viewer's frozen versions from its patches, type-checks each
// state and writes their API snapshots (examples/viewer/versions/version-X/); `--check` only compares them with
// the stored ones (tests/examples/sampleVersions.test.ts runs both parts).
//
// The sample's src/ is the next version. Each frozen version is a patch against the state after it
// (versions/5.0.0.patch turns next into 5.0.0, versions/4.1.0.patch turns 5.0.0 into 4.1.0), so an API
// change is written once, where it happened, and the snapshots are what `carta-docs version` would have
// written when each version was released.
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import ts from "typescript";
import { writeApiSnapshot } from "../cli/api/index.ts";
import { SNAPSHOT_CHANGELOG, sampleSnapshotFile } from "../cli/api/sources.ts";
import { loadConfig } from "../cli/config/load.ts";
import { Diagnostics } from "../cli/util/diagnostics.ts";
import { apiStageOptions, type ApiSiteConfig } from "../cli/pipeline/viewerSource.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SAMPLE_DIR = path.join(ROOT, "examples", "viewer");
/** The frozen versions, newest first: each patch applies to the state before it in this list (next first). */
export const SAMPLE_VERSIONS = ["5.0.0", "4.1.0"] as const;
/** What a state holds besides versions/: everything TypeDoc and the changelog page read. */
const STATE_FILES = ["src", "tsconfig.json", "package.json", "CHANGELOG.md"];

/** A version of the sample written out in full. */
export interface SampleState {
  version: string;
  dir: string;
}

/** Writes next and every frozen version into `workDir`, each in its own folder, by applying the patches in turn. */
export async function writeSampleStates(workDir: string): Promise<SampleState[]> {
  const next = path.join(workDir, "next");
  for (const name of STATE_FILES) await cp(path.join(SAMPLE_DIR, name), path.join(next, name), { recursive: true });
  const states: SampleState[] = [{ version: "next", dir: next }];
  for (const version of SAMPLE_VERSIONS) {
    const dir = path.join(workDir, version);
    await cp(states[states.length - 1]!.dir, dir, { recursive: true });
    const patch = path.join(SAMPLE_DIR, "versions", `${version}.patch`);
    try {
      await promisify(execFile)("git", ["apply", "--whitespace=nowarn", patch], { cwd: dir });
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr ?? String(error);
      throw new Error(`${path.relative(ROOT, patch)} does not apply to the sample's ${states[states.length - 1]!.version} state: ${stderr.trim()}; edit the patch (or next) so it applies`);
    }
    states.push({ version, dir });
  }
  return states;
}

/** TypeScript's errors in a state, as `file:line: message` with paths relative to the state. */
export function typeErrors(state: SampleState): string[] {
  const configFile = path.join(state.dir, "tsconfig.json");
  const read = ts.readConfigFile(configFile, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, state.dir);
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    if (!diagnostic.file || diagnostic.start === undefined) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${path.relative(state.dir, diagnostic.file.fileName)}:${line + 1}: ${message}`;
  });
}

/** Writes the API snapshot (and changelog) of each frozen state under `outDir/version-X/`, as `carta-docs version` does. */
export async function writeSnapshots(states: SampleState[], outDir: string, cacheDir: string): Promise<void> {
  const config = (await loadConfig(path.join(ROOT, "site.config.ts"))) as ApiSiteConfig;
  for (const state of states.filter((s) => s.version !== "next")) {
    const diagnostics = new Diagnostics();
    const options = { ...apiStageOptions(config, { dir: state.dir, from: "flag" }, [{ name: state.version, isCurrent: true }], diagnostics, () => {}), cacheDir };
    const written = await writeApiSnapshot(options, state.version, sampleSnapshotFile(outDir, state.version));
    const problems = diagnostics.items.map((d) => `${d.file ?? ""}${d.line ? `:${d.line}` : ""}: ${d.message}`);
    if (!written || problems.length > 0) throw new Error(`the sample's ${state.version} snapshot could not be made cleanly:\n${problems.join("\n")}`);
  }
}

/** The stored files that differ from those regenerated into `outDir` (relative to the sample). */
export async function staleSnapshots(outDir: string): Promise<string[]> {
  const stale: string[] = [];
  for (const version of SAMPLE_VERSIONS) {
    const snapshot = sampleSnapshotFile(SAMPLE_DIR, version);
    for (const file of [snapshot, path.join(path.dirname(snapshot), SNAPSHOT_CHANGELOG)]) {
      const fresh = await readFile(path.join(outDir, path.relative(SAMPLE_DIR, file)), "utf8");
      const stored = await readFile(file, "utf8").catch(() => undefined);
      if (fresh !== stored) stale.push(path.relative(SAMPLE_DIR, file));
    }
  }
  return stale;
}

async function main(check: boolean): Promise<number> {
  const work = await mkdtemp(path.join(tmpdir(), "carta-docs-sample-"));
  try {
    const states = await writeSampleStates(path.join(work, "states"));
    let failed = false;
    for (const state of states) {
      const errors = typeErrors(state);
      console.log(`${state.version}: ${errors.length === 0 ? "type-checks" : `${errors.length} type errors`}`);
      for (const error of errors) console.error(`  ${state.version} ${error}`);
      failed ||= errors.length > 0;
    }
    if (failed) return 1;
    const outDir = check ? path.join(work, "out") : SAMPLE_DIR;
    await mkdir(outDir, { recursive: true });
    await writeSnapshots(states, outDir, path.join(work, "cache"));
    if (!check) {
      console.log(`wrote ${SAMPLE_VERSIONS.map((v) => path.relative(ROOT, sampleSnapshotFile(SAMPLE_DIR, v))).join(", ")}`);
      return 0;
    }
    const stale = await staleSnapshots(outDir);
    for (const file of stale) console.error(`examples/viewer/${file} differs from what the patches give; run npm run sample-snapshots`);
    return stale.length > 0 ? 1 : 0;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.includes("--check"));
}
