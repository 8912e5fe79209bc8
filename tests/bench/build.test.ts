// The bench's own pipeline end to end on a small synthetic site: generated links all resolve, so the
// build has no errors, and the second build finds every TypeDoc conversion in the cache.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildInChild, cacheDirOf, repeat } from "../../bench/builds.ts";
import { FROZEN_VERSIONS, writeSite, writeViewerRepo } from "../../bench/syntheticSite.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "bench-build-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("builds in a child process", () => {
  it("builds the synthetic site cold, then warm without TypeDoc", { timeout: 240_000 }, async () => {
    const viewer = path.join(root, "viewer");
    writeViewerRepo(viewer, 140);
    const site = { configFile: writeSite(path.join(root, "site"), { pagesPerVersion: 12, declarations: 140, viewerDir: "../viewer" }), outDir: path.join(root, "out"), viewer };

    const cold = await buildInChild(site, { cold: true });
    expect(cold.typedocRuns).toBe(3);
    expect(Object.keys(cold.typedocSeconds).sort()).toEqual(["next", ...FROZEN_VERSIONS].sort());
    expect(fs.existsSync(cacheDirOf(site))).toBe(true);
    expect(cold.apiPages).toBeGreaterThan(100);
    // 3 versions x (12 docs pages + 1 category page), home, not-found and search pages, besides the API pages.
    expect(cold.pages - cold.apiPages).toBe(3 * 12 + 3 * 1 + 3);
    expect(cold.maxRSS).toBeGreaterThan(10_000);
    expect(cold.wallMs).toBeGreaterThan(cold.timings.render!);
    expect(fs.existsSync(path.join(site.outDir, "docs", "topic-00", "page-001.html"))).toBe(true);

    const warm = await buildInChild(site, { cold: false });
    expect(warm.typedocRuns).toBe(0);
    expect(warm.typedocSeconds).toEqual({});
    expect(warm.pages).toBe(cold.pages);
  });

  it("reports a failed build with its errors", { timeout: 60_000 }, async () => {
    const dir = path.join(root, "broken");
    fs.mkdirSync(path.join(dir, "content", "docs"), { recursive: true });
    fs.writeFileSync(path.join(dir, "content", "docs", "intro.md"), "---\nslug: /\n---\n\n[gone](/docs/missing)\n");
    fs.writeFileSync(path.join(dir, "site.config.ts"), `export default { title: "B", url: "https://example.org", navbar: { items: [] } };\n`);
    await expect(buildInChild({ configFile: path.join(dir, "site.config.ts"), outDir: path.join(dir, "out") }, { cold: true })).rejects.toThrow(/^build failed \(exit code 1\): .*missing/);
    // Measured all the same when asked, with its errors counted; nothing is written.
    const measured = await buildInChild({ configFile: path.join(dir, "site.config.ts"), outDir: path.join(dir, "out"), allowErrors: true }, { cold: true });
    expect(measured.errors).toBe(1);
    expect(measured.firstError).toMatch(/^content\/docs\/intro\.md:\d+: .*\/docs\/missing/);
    expect(measured.pages).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(dir, "out"))).toBe(false);
  });
});

describe("repeat", () => {
  it("runs the requested number of times within the budget", async () => {
    expect(await repeat(3, 60_000, async (i) => i)).toEqual([0, 1, 2]);
  });

  it("stops after the first run once the budget is spent, but always runs once", async () => {
    expect(await repeat(3, 1, async (i) => (await new Promise((done) => setTimeout(done, 5)), i))).toEqual([0]);
  });
});
