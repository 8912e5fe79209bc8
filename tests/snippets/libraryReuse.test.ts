/**
 * A cold build of the CARTA site converts Next with TypeDoc, whose program Next's snippet check reuses; the
 * frozen versions' checks, against declarations made from their snapshots, then take TypeScript's library files
 * from that program rather than parsing them again (about 0.7 s of the sample site's cold build).
 */
import { afterAll, describe, expect, it } from "vitest";
import { copyCartaSite } from "../../bench/cartaSite.ts";
import { runPipeline } from "../../cli/pipeline/pipeline.ts";
import { libraryFilesParsed } from "../../cli/snippets/typecheck.ts";
import { cleanTemp, tempDir } from "../helpers/site.ts";

afterAll(cleanTemp);

describe("the snippet checks of a cold build", () => {
  it("parse no library file the conversion's program parsed already", async () => {
    const site = copyCartaSite(tempDir("carta-docs-libraries-"));
    const log: string[] = [];
    const before = libraryFilesParsed();
    const result = await runPipeline({ config: site.configFile, write: false, log: (line) => log.push(line) });
    expect(result.errors.map((e) => e.message)).toEqual([]);
    // Next converted here, and both frozen versions checked from their snapshots after it.
    expect(log.some((line) => /^API next: TypeDoc converted/.test(line))).toBe(true);
    expect(result.snippets.filter((s) => s.from === "snapshot" && s.checked > s.cached).map((s) => s.version).sort()).toEqual(["4.1.0", "5.0.0"]);
    // The snapshot checks' libraries are ES2022 and the DOM's, as the sample viewer's: all but the DOM's iterables
    // were in TypeDoc's program. (Parsed by the checks themselves, they are about sixty files.)
    expect(libraryFilesParsed() - before).toBeLessThanOrEqual(2);
  }, 120_000);
});
