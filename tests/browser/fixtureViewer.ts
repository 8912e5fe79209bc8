/**
 * The viewer code base behind the browser site's API reference: a git copy of the API tests' fixture
 * viewer with two tagged releases, so the frozen versions are read from their tags and differ.
 * v1.0.0 is the fixture as it is; v2.0.0 removes one class, adds a changelog section and bumps the
 * package version (shown on the API landing page); the working tree (next) stays at v2.0.0.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fixtureViewerRepo } from "../api/helpers.ts";

/** The class v2.0.0 removes, at its route below a version's API root. */
export const REMOVED_CLASS = ".-utilities/class/TileCoordinate";
/** The line v2.0.0 adds to the changelog. */
export const CHANGELOG_2_0_0 = "Removed TileCoordinate; use tileKey.";

/** Replaces `pattern` in a file of the copy, failing when it matches nothing (the fixture changed under us). */
function edit(file: string, pattern: RegExp | string, replacement: string): void {
  const text = readFileSync(file, "utf8");
  const changed = text.replace(pattern, replacement);
  if (changed === text) throw new Error(`the browser fixture viewer: ${pattern} not found in ${file}`);
  writeFileSync(file, changed);
}

/** Makes the viewer repository at `dir` and returns `dir`. */
export function makeViewerRepo(dir: string): string {
  const git = fixtureViewerRepo(dir);

  edit(path.join(dir, "src/utilities/index.ts"), /\/\*\* Position of a tile[\s\S]*?\n}\n/, "");
  edit(path.join(dir, "package.json"), '"version": "1.0.0"', '"version": "2.0.0"');
  edit(path.join(dir, "CHANGELOG.md"), "## [1.0.0]", `## [2.0.0]\n\n### Removed\n- ${CHANGELOG_2_0_0}\n\n## [1.0.0]`);
  git("commit", "--quiet", "-am", "2.0.0");
  git("tag", "v2.0.0");
  return dir;
}
