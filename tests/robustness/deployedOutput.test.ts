/**
 * Outputs as deployments have them (issue 43): a symbolic link (`build -> /var/www/site`) is written through,
 * the link kept; a mount point (a Docker volume, a bind mount), which cannot be renamed (EBUSY), and a folder
 * whose parent the user may not write are updated in place, their entries swapped. Each build leaves the site's
 * other files as they were (checksummed) and the output complete, with no staging folder left inside it.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { OUTPUT_MARKER } from "../../cli/output/outputFolder.ts";
import { isMountPoint } from "../../cli/output/inPlace.ts";
import { cleanTemp, runCli, smallSite, tempDir, treeChecksum, write } from "../helpers/site.ts";
import { handOver, permissionsUntestable, runCliUnprivileged } from "../helpers/unprivileged.ts";

afterAll(cleanTemp);

/** The site's tree but its output link or folder and its cache. */
function sourcesOf(site: string): Record<string, string> {
  return Object.fromEntries(Object.entries(treeChecksum(site)).filter(([rel]) => !/^(build|\.carta-docs-cache)(\/|$)/.test(rel.replaceAll(path.sep, "/"))));
}

/** What a complete output of the small site holds, and nothing a build keeps while it runs. */
function expectCompleteOutput(dir: string, title: string): void {
  const names = fs.readdirSync(dir);
  expect(names).toContain(OUTPUT_MARKER);
  expect(names.filter((name) => name.startsWith(".carta-docs-") && name !== OUTPUT_MARKER)).toEqual([]);
  expect(fs.readFileSync(path.join(dir, "docs/guide/a.html"), "utf8")).toContain(`<h1>${title}</h1>`);
}

const canMount = process.getuid?.() === 0 && spawnSync("mount", ["--version"]).status === 0;

describe("a symbolic-link output", () => {
  it("writes into the link's target and keeps the link, build after build", () => {
    const site = smallSite();
    const target = path.join(tempDir("carta-docs-www-"), "site");
    fs.mkdirSync(target);
    fs.symlinkSync(target, path.join(site, "build"));
    for (const title of ["A", "A again"]) {
      write(site, "content/docs/guide/a.md", `# ${title}\n\nText.\n`);
      const before = sourcesOf(site);
      const run = runCli(["build"], site);
      expect(run.status, run.stderr).toBe(0);
      expect(fs.lstatSync(path.join(site, "build")).isSymbolicLink()).toBe(true);
      expectCompleteOutput(target, title);
      expect(sourcesOf(site)).toEqual(before);
    }
    expect(fs.readdirSync(path.dirname(target))).toEqual(["site"]);
  }, 60_000);

  it("to nothing is refused with the target named, and nothing is written", () => {
    const site = smallSite();
    fs.symlinkSync(path.join(site, "gone"), path.join(site, "build"));
    const before = sourcesOf(site);
    const run = runCli(["build"], site);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/refused to write the output into --out build: it is a symbolic link to \S+gone, which does not exist \(or loops\); create that folder or remove the link/);
    expect(sourcesOf(site)).toEqual(before);
    expect(fs.readlinkSync(path.join(site, "build"))).toBe(path.join(site, "gone"));
  }, 60_000);
});

describe.skipIf(!canMount)("an output folder that is a mount point (a bind mount, made as root)", () => {
  it("is updated in place, the mount kept, build after build; a failed build leaves it as it was", () => {
    const site = smallSite();
    const volume = tempDir("carta-docs-volume-");
    const out = path.join(site, "build");
    fs.mkdirSync(out);
    expect(spawnSync("mount", ["--bind", volume, out]).status).toBe(0);
    try {
      expect(isMountPoint(out)).toBe(true);
      for (const title of ["A", "A again"]) {
        write(site, "content/docs/guide/a.md", `# ${title}\n\nText.\n`);
        const before = sourcesOf(site);
        const run = runCli(["build"], site);
        expect(run.status, run.stderr).toBe(0);
        expect(isMountPoint(out)).toBe(true);
        expectCompleteOutput(out, title);
        expect(sourcesOf(site)).toEqual(before);
      }
      // The volume holds the output: it is the folder mounted.
      expect(fs.readdirSync(volume)).toContain(OUTPUT_MARKER);
      const built = treeChecksum(out);
      write(site, "content/docs/guide/a.md", "# A\n\n[x](./nowhere)\n");
      expect(runCli(["build"], site).status).toBe(1);
      expect(treeChecksum(out)).toEqual(built);
      // A doc removed is removed from the mounted output too.
      fs.rmSync(path.join(site, "content/docs/guide/a.md"));
      expect(runCli(["build"], site).status).toBe(0);
      expect(fs.existsSync(path.join(out, "docs/guide/a.html"))).toBe(false);
    } finally {
      spawnSync("umount", [out]);
    }
  }, 120_000);
});

describe.skipIf(permissionsUntestable)("an output folder whose parent the user may not write (run without privileges)", () => {
  it("is updated in place through its link, as a web root owned by the user under a folder of root's", () => {
    const site = smallSite();
    const www = tempDir("carta-docs-www-");
    const target = path.join(www, "site");
    fs.mkdirSync(target);
    fs.symlinkSync(target, path.join(site, "build"));
    handOver(site);
    handOver(www);
    // The parent is the other user's (root's, when the test runs as root): only the web root is the builder's.
    if (process.getuid?.() === 0) fs.chownSync(www, 0, 0);
    fs.chmodSync(www, 0o755);
    for (const title of ["A", "A again"]) {
      write(site, "content/docs/guide/a.md", `# ${title}\n\nText.\n`);
      if (process.getuid?.() === 0) fs.chownSync(path.join(site, "content/docs/guide/a.md"), 65534, 65534);
      const run = runCliUnprivileged(["build"], site);
      expect(run.status, run.stderr).toBe(0);
      expectCompleteOutput(target, title);
    }
    expect(fs.readdirSync(www)).toEqual(["site"]);
  }, 60_000);
});
