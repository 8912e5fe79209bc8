/**
 * A viewer repository whose API changes from version to version, for the API diff tests: a git copy of the
 * fixture viewer with tags v1.0.0 and v2.0.0 and uncommitted work that only the current version (next) sees.
 *
 * 1.0.0 → 2.0.0: midpoint2D removed, distance2D added, tileKey moved from utilities to models,
 * AppStore.openFile's `hdu` made required with a new optional `append`, AppStore.getFrame returns `null`
 * rather than `undefined`, AppStore.requestMoment removed, AppStore.frameCount added,
 * AppStore.closeCurrentFile deprecated for closeFile.
 * 2.0.0 → next: FrequencyUnit gains THZ, scale2D's `factor` becomes required, TileCoordinate removed.
 */
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { API_SETTINGS, fixtureViewerRepo } from "./helpers.ts";
import { copyFixtureSite, read, write } from "../helpers/site.ts";

function edit(dir: string, file: string, pattern: RegExp | string, replacement: string): void {
  const full = path.join(dir, file);
  const text = readFileSync(full, "utf8");
  const changed = text.replace(pattern, replacement);
  if (changed === text) throw new Error(`changing viewer: ${String(pattern)} not found in ${file}`);
  writeFileSync(full, changed);
}

/** Makes the repository at `dir` (which must not exist) and returns `dir`. */
export function makeChangingViewer(dir: string): string {
  const git = fixtureViewerRepo(dir);

  const utilities = "src/utilities/index.ts";
  edit(dir, utilities, /\/\*\* Point halfway[\s\S]*?\n}\n/, "/** Distance between `a` and `b`. */\nexport function distance2D(a: Point2D, b: Point2D): number {\n    return Math.hypot(a.x - b.x, a.y - b.y);\n}\n");
  edit(dir, utilities, /\/\*\* Key of the tile at[\s\S]*?\n}\n/, "");
  edit(dir, utilities, 'import type { Point2D } from "../models/index.js";', 'import { tileKey, type Point2D } from "../models/index.js";');
  edit(dir, "src/models/index.ts", /$/, "\n/** Key of the tile at `column`, `row`. */\nexport function tileKey(column: number, row: number): string {\n    return `${column}:${row}`;\n}\n");
  const appStore = "src/stores/AppStore.ts";
  edit(dir, appStore, "hdu?: string): Promise", "hdu: string, append?: boolean): Promise");
  edit(dir, appStore, "getFrame(id: number): FrameStore | undefined {\n        return this.frames[id];", "getFrame(id: number): FrameStore | null {\n        return this.frames[id] ?? null;");
  edit(dir, appStore, /\n {4}\/\*\*\n {5}\* Asks the backend for moment images\.[\s\S]*?\n {4}}\n/, "\n    /** How many frames are open. */\n    get frameCount(): number {\n        return this.frames.length;\n    }\n");
  edit(dir, appStore, "/** Closes the active frame. */", "/**\n     * Closes the active frame.\n     *\n     * @deprecated Use {@link AppStore.closeFile} with the active frame.\n     */");
  git("commit", "--quiet", "-am", "2.0.0");
  git("tag", "v2.0.0");

  edit(dir, utilities, 'GHZ = "GHz"', 'GHZ = "GHz",\n    THZ = "THz"');
  edit(dir, utilities, "factor = 1): Point2D", "factor: number): Point2D");
  edit(dir, utilities, /\/\*\* Position of a tile[\s\S]*?\n}\n/, "");
  return dir;
}

/**
 * A copy of the fixture site (2.0.0 the latest, 1.0.0, next) whose config file documents a changing viewer
 * beside it; 2.0.0's introduction links to scale2D, which next changes, and to tileKey, which it does not.
 */
export function siteWithChangingViewer(): string {
  const site = copyFixtureSite();
  makeChangingViewer(path.join(site, "viewer"));
  const api = { viewerDir: "viewer", repoUrl: API_SETTINGS.repoUrl, entryPoints: API_SETTINGS.entryPoints };
  const config = read(site, "site.config.ts").replace('docs: { lastVersion: "2.0.0" },', "").replace("export default {", `export default {\n  api: ${JSON.stringify(api)},`);
  write(site, "site.config.ts", config);
  appendFileSync(path.join(site, "content/versioned_docs/version-2.0.0/intro.md"), "\nScale with [scale2D](api:scale2D); key tiles with [tileKey](api:tileKey).\n");
  return site;
}
