/**
 * The site's cache (`.carta-docs-cache`) as it really is (issue 43): a file in its place, a read-only checkout, a
 * full disk. Each is a `cache` warning naming the folder and the way out, the build goes on without it, and the
 * site's tree (checksummed before and after) is unchanged but for the output; a save that fails leaves nothing of
 * itself behind. Where permissions matter, the command runs as a user without privileges.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import { syncBuiltinESMExports } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runPipeline } from "../../cli/pipeline/pipeline.ts";
import { cleanTemp, runCli, smallSite, tempDir, treeChecksum, write } from "../helpers/site.ts";
import { siteBesideViewer } from "../helpers/apiSite.ts";
import { commitAll, gitIn } from "../helpers/git.ts";
import { handOver, permissionsUntestable, runCliUnprivileged } from "../helpers/unprivileged.ts";

afterAll(cleanTemp);

/** The site's tree but its output folder. */
const outsideBuild = (site: string) => Object.fromEntries(Object.entries(treeChecksum(site)).filter(([rel]) => !/^build(\/|$)/.test(rel.replaceAll(path.sep, "/"))));

const CACHE_WARNING = /^\.carta-docs-cache\n +warning the cache folder \.carta-docs-cache cannot be used: (.*); this build goes on without it \((.*), or pass --no-cache to build without the build cache\) \[cache\]$/m;

describe("a .carta-docs-cache that is a file", () => {
  for (const command of ["build", "check"]) {
    it(`${command}: a cache warning naming it and the way out, exit 0, nothing else changed`, () => {
      const site = smallSite();
      write(site, ".carta-docs-cache", "not a folder\n");
      const before = outsideBuild(site);
      const run = runCli([command], site);
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).toMatch(CACHE_WARNING);
      expect(CACHE_WARNING.exec(run.stderr)!.slice(1)).toEqual(["it is a file, not a folder", "remove the file .carta-docs-cache"]);
      expect(run.stderr).not.toMatch(/could not load the config|note: the build cache/);
      expect(outsideBuild(site)).toEqual(before);
    }, 60_000);
  }

  it("with --no-cache: no warning, nothing written but the output", () => {
    const site = smallSite();
    write(site, ".carta-docs-cache", "not a folder\n");
    const before = outsideBuild(site);
    const run = runCli(["build", "--no-cache"], site);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/0 errors, 0 warnings/);
    expect(outsideBuild(site)).toEqual(before);
  }, 60_000);
});

describe.skipIf(permissionsUntestable)("a read-only site checkout (run without privileges)", () => {
  /** A site made read-only for the user who builds it, and a writable folder elsewhere for the output. */
  function readOnlySite(): { site: string; out: string } {
    const site = smallSite();
    const out = tempDir("carta-docs-out-");
    handOver(out);
    fs.chmodSync(site, 0o555);
    for (const entry of fs.readdirSync(site, { recursive: true, withFileTypes: true })) {
      const file = path.join(entry.parentPath, entry.name);
      fs.chmodSync(file, entry.isDirectory() ? 0o555 : 0o444);
    }
    // Reachable by the unprivileged user, owned by root: `nobody` may read it, never write.
    fs.chmodSync(path.dirname(site), fs.statSync(path.dirname(site)).mode | 0o111);
    return { site, out };
  }

  const CASES: { args: (out: string) => string[]; warns: boolean }[] = [
    { args: () => ["check"], warns: true },
    { args: () => ["check", "--no-cache"], warns: false },
    { args: (out) => ["build", "--out", path.join(out, "site")], warns: true },
    { args: (out) => ["build", "--no-cache", "--out", path.join(out, "site")], warns: false },
  ];
  for (const c of CASES) {
    it(`${c.args("<elsewhere>").join(" ")}: exit 0${c.warns ? ", a cache warning" : ", no warning"}, the checkout unchanged`, () => {
      const { site, out } = readOnlySite();
      const before = treeChecksum(site);
      const run = runCliUnprivileged(c.args(out), site);
      expect(run.status, run.stderr).toBe(0);
      if (c.warns) expect(CACHE_WARNING.exec(run.stderr)?.slice(1)).toEqual(["it does not exist and the site's folder cannot be written to make it: permission is denied (EACCES)", "make the site's folder writable"]);
      else expect(run.stderr).toMatch(/0 errors, 0 warnings/);
      expect(treeChecksum(site)).toEqual(before);
      if (c.args(out)[0] === "build") expect(fs.existsSync(path.join(out, "site", "docs", "guide", "a.html"))).toBe(true);
    }, 60_000);
  }
});

/**
 * Makes every write into a file under `cacheDir` after the first `allowed` fail as a full disk fails: half the
 * bytes written, then ENOSPC. Writes elsewhere (the output) go through.
 */
async function withFullCacheDisk<T>(cacheDir: string, allowed: number, work: () => Promise<T>): Promise<T> {
  const original = fsp.writeFile;
  let writes = 0;
  fsp.writeFile = (async (file: Parameters<typeof original>[0], data: Parameters<typeof original>[1], ...rest: unknown[]) => {
    if (typeof file !== "string" || !file.startsWith(cacheDir + path.sep) || writes++ < allowed) return (original as (...args: unknown[]) => Promise<void>)(file, data, ...rest);
    const bytes = typeof data === "string" ? Buffer.from(data) : (data as Uint8Array);
    await original(file, bytes.subarray(0, bytes.length >> 1));
    throw Object.assign(new Error(`ENOSPC: no space left on device, write '${file}'`), { code: "ENOSPC", path: file });
  }) as typeof original;
  syncBuiltinESMExports();
  try {
    return await work();
  } finally {
    fsp.writeFile = original;
    syncBuiltinESMExports();
  }
}

describe("a cache save on a full disk", () => {
  for (const allowed of [0, 1]) {
    it(`failing after ${allowed} file${allowed === 1 ? "" : "s"}: a cache warning at the file, the build done, the cache as it was (no temporary file, no part left)`, async () => {
      const site = smallSite();
      // A store on disk, then a change that makes the next build save again.
      expect((await runPipeline({ config: path.join(site, "site.config.ts"), write: true, incremental: true })).errors).toEqual([]);
      const cacheDir = path.join(site, ".carta-docs-cache");
      write(site, "content/docs/guide/b.md", "# B\n\nA new page.\n");
      const before = treeChecksum(cacheDir);
      const result = await withFullCacheDisk(cacheDir, allowed, () => runPipeline({ config: path.join(site, "site.config.ts"), write: true, incremental: true }));
      expect(result.errors).toEqual([]);
      const warning = result.warnings.find((d) => d.code === "cache");
      expect(warning, JSON.stringify(result.warnings)).toMatchObject({ file: ".carta-docs-cache" });
      expect(warning!.message).toMatch(/a file could not be saved in it: there is no space left on the device \(ENOSPC at \.carta-docs-cache\/build\/\S+\); this build goes on without it \(free some space,/);
      expect(treeChecksum(cacheDir)).toEqual(before);
      expect(fs.existsSync(path.join(site, "build", "docs", "guide", "b.html"))).toBe(true);
    }, 60_000);
  }
});

describe.skipIf(permissionsUntestable)("a read-only viewer checkout (run without privileges)", () => {
  /** A site beside a viewer checkout whose tag v1.0.0 documents the site's version 1.0.0; the checkout made read-only, and the site too when `siteReadOnly`. */
  function sites(siteReadOnly: boolean): { site: string; viewer: string; commit: string } {
    const root = tempDir("carta-docs-viewer-");
    const site = siteBesideViewer(root);
    const viewer = path.join(root, "viewer");
    commitAll(viewer, "1.0.0");
    gitIn(viewer)("tag", "v1.0.0");
    const commit = gitIn(viewer)("rev-parse", "HEAD");
    write(site, "content/versions.json", '["1.0.0"]\n');
    write(site, "content/versioned_docs/version-1.0.0/intro.md", "---\nslug: /\n---\n# Intro 1.0.0\n\nSee [openFile](api:AppStore#openFile).\n");
    write(site, "content/versioned_sidebars/version-1.0.0-sidebars.json", '{ "docsSidebar": [{ "type": "autogenerated", "dirName": "." }] }\n');
    // Owned by the user who builds (git refuses a repository of another owner), who may not write it.
    handOver(root);
    for (const dir of siteReadOnly ? [viewer, site] : [viewer]) spawnSync("chmod", ["-R", "a-w", dir]);
    return { site, viewer, commit };
  }

  it("build: the tag is extracted into the site's cache, the checkout unchanged", () => {
    const { site, viewer, commit } = sites(false);
    const before = treeChecksum(viewer);
    const run = runCliUnprivileged(["build"], site, 120_000);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/API 1\.0\.0: TypeDoc converted git tag v1\.0\.0/);
    expect(run.stderr).toMatch(/^0 errors/m);
    expect(treeChecksum(viewer)).toEqual(before);
    expect(fs.readdirSync(path.join(site, ".carta-docs-cache", "sources"))).toEqual([commit]);
    expect(fs.readFileSync(path.join(site, "build", "api", ".-stores", "class", "AppStore.html"), "utf8")).toContain("openFile");
  }, 120_000);

  it("check of a read-only site too: the tag extracted into a temporary folder, removed after; a cache warning; neither tree changed", () => {
    const { site, viewer } = sites(true);
    const before = [treeChecksum(viewer), treeChecksum(site)];
    const temporary = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith("carta-docs-sources-"));
    const already = temporary();
    const run = runCliUnprivileged(["check"], site, 120_000);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/API 1\.0\.0: TypeDoc converted git tag v1\.0\.0/);
    expect(run.stderr).toMatch(CACHE_WARNING);
    // One warning of the cache, though several stages found it unusable.
    expect(run.stderr.match(/\[cache\]/g)).toHaveLength(1);
    expect(run.stderr).toMatch(/^0 errors/m);
    expect([treeChecksum(viewer), treeChecksum(site)]).toEqual(before);
    expect(temporary().filter((name) => !already.includes(name))).toEqual([]);
  }, 120_000);
});
