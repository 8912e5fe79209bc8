/**
 * A CI job's build (issue 40), as examples/ci/github-pages.yml runs it: the site cloned afresh at a new path
 * (every file with a new time and inode), the viewer checkout cloned again beside it (without the git refs a
 * build extracted into it), the cache and output of the previous commit's build restored, then one change and a
 * build. Each build gets a clone of its own, so none finds what another learnt of the files.
 */
import fs from "node:fs";
import path from "node:path";
import { buildInChild, type BuildRun } from "./builds.ts";
import type { CartaCopy } from "./cartaSite.ts";
import { editProse } from "./docEdit.ts";

export interface CiRound {
  /** Nothing changed since the previous commit: the restored cache's up-to-date answer. */
  unchanged: BuildRun;
  /** One tutorial's prose edited. */
  docsOnly: BuildRun;
  /** A source file of the viewer edited (a comment added): Next is converted again; with no checkout, not measured. */
  viewerChange?: BuildRun;
}

/** The viewer's folder of extracted git refs that earlier builds made (they extract into the site's cache now): not part of a clone. */
const EXTRACTED = ".carta-docs-sources";

/** A comment appended to a source file of the viewer: its files' digest changes, so Next is converted again. */
function editViewerSource(viewer: string): void {
  const file = ["src/stores/AppStore/AppStore.ts", "src/stores/AppStore.ts", "src/index.ts", "src/index.tsx"].map((rel) => path.join(viewer, rel)).find((f) => fs.existsSync(f));
  if (!file) throw new Error(`no source file to edit in the viewer ${viewer}`);
  fs.appendFileSync(file, "\n// A comment added by the benchmark's CI job.\n");
}

/**
 * The site `site` (built, its cache and output those of the previous commit) cloned to `dir/site` with its viewer
 * to `dir/viewer`, `change` applied, built once.
 */
async function ciBuild(site: CartaCopy, dir: string, change: (clone: CartaCopy, viewer: string | undefined) => void): Promise<BuildRun> {
  fs.rmSync(dir, { recursive: true, force: true });
  const siteDir = path.join(dir, "site");
  // A copy without kept times: new times and inodes, as a clone and a cache restore give (the config names its files by absolute URL, as the site's does).
  fs.cpSync(site.siteDir, siteDir, { recursive: true, verbatimSymlinks: true });
  const clone: CartaCopy = {
    ...site,
    siteDir,
    configFile: path.join(siteDir, path.relative(site.siteDir, site.configFile)),
    outDir: path.join(siteDir, path.relative(site.siteDir, site.outDir)),
    docFile: path.join(siteDir, path.relative(site.siteDir, site.docFile)),
  };
  let viewer: string | undefined;
  if (site.viewer) {
    viewer = path.join(dir, "viewer");
    fs.cpSync(site.viewer, viewer, { recursive: true, verbatimSymlinks: true, filter: (file) => path.basename(file) !== EXTRACTED });
    clone.viewer = viewer;
  }
  change(clone, viewer);
  try {
    return await buildInChild(clone, { cold: false });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The three CI jobs of a round after `site`'s warm build (the previous commit's cache), in folders under `tmp`. */
export async function ciRound(site: CartaCopy, tmp: string, sentence: string): Promise<CiRound> {
  const dir = path.join(tmp, "ci-job");
  const unchanged = await ciBuild(site, dir, () => {});
  const docsOnly = await ciBuild(site, dir, (clone) => fs.writeFileSync(clone.docFile, editProse(fs.readFileSync(clone.docFile, "utf8"), sentence)));
  const viewerChange = site.viewer ? await ciBuild(site, dir, (_clone, viewer) => editViewerSource(viewer!)) : undefined;
  return { unchanged, docsOnly, ...(viewerChange && { viewerChange }) };
}
