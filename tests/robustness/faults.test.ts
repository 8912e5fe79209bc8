/** A build killed at any moment leaves a complete output (the previous one, or the new one) and no leftovers after the next run. */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, cleanTemp, copyFixtureSite, runCli, snapshotTree } from "../helpers/site.ts";

afterAll(cleanTemp);

function killAfter(site: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, "build"], { cwd: site, stdio: "ignore" });
    const timer = setTimeout(() => child.kill("SIGKILL"), ms);
    child.on("exit", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

describe("a killed build", () => {
  it("never leaves a half-written output, and the next run removes its temporary folders", async () => {
    const site = copyFixtureSite();
    expect(runCli(["build"], site).status).toBe(0);
    const out = path.join(site, "build");
    const previous = snapshotTree(out);
    // A change every page shows, so the old and the new output differ everywhere.
    fs.writeFileSync(path.join(site, "site.config.ts"), fs.readFileSync(path.join(site, "site.config.ts"), "utf8").replace("Copyright © 2025 Fixture team.", "Copyright © 2026 Fixture team."));
    expect(runCli(["build", "--out", "next-build"], site).status).toBe(0);
    const next = snapshotTree(path.join(site, "next-build"));
    expect(next).not.toEqual(previous);

    const seen = new Set<string>();
    for (const ms of [150, 400, 700, 900, 1100, 1300, 1600, 2000]) {
      await killAfter(site, ms);
      const now = snapshotTree(out);
      const state = JSON.stringify(now) === JSON.stringify(previous) ? "previous" : JSON.stringify(now) === JSON.stringify(next) ? "next" : "broken";
      seen.add(state);
      expect(state, `output after a kill at ${ms} ms`).not.toBe("broken");
    }
    expect(runCli(["build"], site).status).toBe(0);
    expect(fs.readdirSync(site).filter((name) => name.startsWith(".build."))).toEqual([]);
    expect(snapshotTree(out)).toEqual(next);
  }, 60_000);
});
