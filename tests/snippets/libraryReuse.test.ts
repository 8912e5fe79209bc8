/**
 * A cold build of the CARTA site converts Next with TypeDoc, whose program Next's snippet check reuses. On one
 * core the frozen versions' checks, against declarations made from their snapshots, then take TypeScript's library
 * files from that program rather than parsing them again (about 0.7 s of the sample site's cold build); with a
 * second core they run on a thread of their own beside the conversion (snapshotCheck.ts), with the same results.
 */
import os from "node:os";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { copyCartaSite } from "../../bench/cartaSite.ts";
import { runPipeline } from "../../cli/pipeline/pipeline.ts";
import { libraryFilesParsed } from "../../cli/snippets/typecheck.ts";
import { SnapshotCheckThread } from "../../cli/snippets/snapshotCheck.ts";
import { cleanTemp, tempDir } from "../helpers/site.ts";

afterAll(cleanTemp);
afterEach(() => vi.restoreAllMocks());

async function coldBuild(cores: number) {
  vi.spyOn(os, "availableParallelism").mockReturnValue(cores);
  const site = copyCartaSite(tempDir("carta-docs-libraries-"));
  const log: string[] = [];
  const before = libraryFilesParsed();
  const result = await runPipeline({ config: site.configFile, write: false, log: (line) => log.push(line) });
  expect(result.errors.map((e) => e.message)).toEqual([]);
  // Next converted here, and both frozen versions checked from their snapshots.
  expect(log.some((line) => /^API next: TypeDoc converted/.test(line))).toBe(true);
  expect(result.snippets.filter((s) => s.from === "snapshot" && s.checked > s.cached).map((s) => s.version).sort()).toEqual(["4.1.0", "5.0.0"]);
  return { result, parsedHere: libraryFilesParsed() - before };
}

describe("the snippet checks of a cold build", () => {
  let oneCore: Awaited<ReturnType<typeof coldBuild>>;

  it("on one core, parse no library file the conversion's program parsed already", async () => {
    const onThread = vi.spyOn(SnapshotCheckThread.prototype, "check");
    oneCore = await coldBuild(1);
    expect(onThread).not.toHaveBeenCalled();
    // The snapshot checks' libraries are ES2022 and the DOM's, as the sample viewer's: all but the DOM's iterables
    // were in TypeDoc's program. (Parsed by the checks themselves, they are about sixty files.)
    expect(oneCore.parsedHere).toBeGreaterThan(0);
    expect(oneCore.parsedHere).toBeLessThanOrEqual(2);
  }, 120_000);

  it("on two cores, check the snapshots on their own thread, with the same results", async () => {
    const onThread = vi.spyOn(SnapshotCheckThread.prototype, "check");
    const twoCores = await coldBuild(2);
    expect(onThread).toHaveBeenCalledTimes(2);
    expect(twoCores.result.snippets).toEqual(oneCore.result.snippets);
    expect(twoCores.result.diagnostics).toEqual(oneCore.result.diagnostics);
  }, 120_000);
});
