/**
 * Nothing is written outside the folder being written. Every file that a build (pages, markdown twins,
 * assets, llms files, the sitemap, static and search files), watch mode and `version` write is named by a
 * path relative to its folder and passes `insideOutput` first, on the main thread and on render threads
 * alike: a route made of front matter or config (a slug "/../../README") could otherwise name any file the
 * process may write. Routes are checked earlier, where the file and line that made them are known (see
 * util/routePath.ts); this is the last proof, so a route missed there fails the build instead of escaping.
 */
import fs from "node:fs";
import path from "node:path";
import { isInside, realOrResolved } from "../content/insideSite.ts";
import { CartaDocsError } from "../util/diagnostics.ts";

/**
 * Why `rel` does not name a file inside its folder, or undefined when it does. Backslashes count as
 * separators on every system, so a path refused on Windows is refused everywhere.
 */
export function outsideProblem(rel: string): string | undefined {
  if (rel.includes("\0")) return "it holds a NUL character";
  if (path.posix.isAbsolute(rel) || path.win32.isAbsolute(rel)) return "it is an absolute path";
  const segments = rel.split(/[\\/]/);
  if (segments.includes("..")) return 'it has a ".." segment';
  if (segments.every((s) => s === "" || s === ".")) return "it names the folder itself, not a file in it";
  return undefined;
}

/** A write refused by the gate: exit 1 with what was refused, like any error of the site. */
export class OutsideOutputError extends CartaDocsError {
  constructor(root: string, rel: string, problem: string) {
    const message = `refused to write ${JSON.stringify(rel)}: ${problem}, so it would not lie inside ${root}; every file is written inside the folder being written, and nothing was written outside it`;
    super(message, [{ severity: "error", code: "outside-output", message }]);
    this.name = "OutsideOutputError";
  }
}

/** A relative path of plain names: none empty, "." or "..", and none holding a backslash, a NUL or a colon. */
const PLAIN = /^(?:(?!\.\.?(?:\/|$))[^/\\\0:]+\/)*(?!\.\.?$)[^/\\\0:]+$/;

/** The last folder resolved, with a separator at its end: a build proves its paths inside one folder, path after path. */
let resolved = { root: "", folder: "" };

function resolvedFolder(root: string): string {
  if (resolved.root !== root) {
    const folder = path.resolve(root);
    resolved = { root, folder: folder.endsWith(path.sep) ? folder : folder + path.sep };
  }
  return resolved.folder;
}

/**
 * The absolute path of `rel` inside `root`, proven to lie under it; throws OutsideOutputError otherwise.
 * For a folder this process has just made (a staging folder) the path is enough; `onDisk` also follows the
 * folders that exist on the way, for writes into a folder that was there before (watch mode's output, the
 * content folder), where a linked folder could lead elsewhere.
 */
export function insideOutput(root: string, rel: string, onDisk = false): string {
  // Plain names joined to the folder are the resolved path already: one test instead of the checks and two
  // resolves below (at 10,000 docs, 28,000 paths of an edit's build, 0.14 s on the 2-core VM).
  if (!onDisk && path.sep === "/" && PLAIN.test(rel)) return `${resolvedFolder(root)}${rel}`;
  const problem = outsideProblem(rel);
  if (problem) throw new OutsideOutputError(root, rel, problem);
  const file = path.resolve(root, rel);
  // The folder's own path with a separator starts every path inside it (path.relative, resolving both again, cost
  // a tenth of a second per 10,000 files written).
  if (!file.startsWith(resolvedFolder(root))) throw new OutsideOutputError(root, rel, "it resolves to another place");
  if (onDisk) {
    let existing = path.dirname(file);
    while (existing !== root && !fs.existsSync(existing)) existing = path.dirname(existing);
    if (!isInside(realOrResolved(existing), realOrResolved(root))) throw new OutsideOutputError(root, rel, `${existing} is a link that leads to ${realOrResolved(existing)}`);
  }
  return file;
}
