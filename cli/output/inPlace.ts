/**
 * An output folder that cannot be replaced whole: a mount point (a Docker volume, a bind mount), whose rename
 * fails with EBUSY, or a folder whose parent the user may not write (a web root `build -> /var/www/site`).
 * Such a folder is updated in place: the build stages inside it (a dot-folder, on the same file system, so every
 * move is a rename), then swaps its entries one by one, each by one rename, with undo on failure. A reader sees
 * every file whole, old or new; only during the swap's renames (milliseconds) may the site mix old and new
 * pages, where a whole-folder swap shows none.
 */
import fs from "node:fs";
import path from "node:path";
import { moveIntoPlace, type Move } from "../util/moveIntoPlace.ts";
import { OUTPUT_MARKER } from "./outputFolder.ts";

/** A folder an in-place build keeps inside the output while it runs: its pages being written, or what they replace. */
export function inPlaceFolder(outDir: string, kind: "staging" | "old", stamp: string): string {
  return path.join(outDir, `.carta-docs-${kind}-${stamp}`);
}

/** A mount point's path as /proc/self/mountinfo writes it: space, tab, newline and backslash as octal escapes. */
const unescapeMountPath = (field: string) => field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));

/** Whether `dir` is a mount point: on another device than its parent, or (a bind mount of the same file system) listed by Linux. */
export function isMountPoint(dir: string): boolean {
  const stats = fs.statSync(dir, { throwIfNoEntry: false });
  if (!stats?.isDirectory()) return false;
  const real = fs.realpathSync.native(dir);
  if (stats.dev !== fs.statSync(path.dirname(real)).dev) return true;
  let mounts: string;
  try {
    mounts = fs.readFileSync("/proc/self/mountinfo", "utf8");
  } catch {
    return false; // not Linux: a mount of the same device cannot be told
  }
  return mounts.split("\n").some((line) => line.split(" ")[4] !== undefined && unescapeMountPath(line.split(" ")[4]!) === real);
}

/** Whether the output `dir` must be updated in place: an existing mount point, or a folder whose parent may not be written. */
export function mustUpdateInPlace(dir: string): boolean {
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return false;
  if (isMountPoint(dir)) return true;
  try {
    fs.accessSync(path.dirname(dir), fs.constants.W_OK);
    return false;
  } catch {
    return true;
  }
}

/**
 * Replaces the entries of `outDir` with those of `staged` (a folder inside it), moving what it replaces or
 * leaves out into `backup` (inside it too), then removes both. The output marker moves last, as the commit;
 * a failed move undoes the earlier ones (moveIntoPlace), so the output stays as it was.
 */
export function swapEntries(staged: string, outDir: string, backup: string): void {
  fs.mkdirSync(backup);
  const own = new Set([path.basename(staged), path.basename(backup)]);
  const next = fs.readdirSync(staged).sort((a, b) => Number(a === OUTPUT_MARKER) - Number(b === OUTPUT_MARKER));
  const gone = fs.readdirSync(outDir).filter((name) => !own.has(name) && !next.includes(name));
  const moves: Move[] = [
    ...gone.map((name, i) => ({ from: path.join(outDir, name), to: path.join(backup, `gone-${i}`) })),
    // A folder cannot be renamed over a folder that holds files: what is there moves into the backup first.
    ...next.map((name) => ({ from: path.join(staged, name), to: path.join(outDir, name) })),
  ];
  try {
    moveIntoPlace(moves, backup);
  } finally {
    fs.rmSync(backup, { recursive: true, force: true });
    fs.rmSync(staged, { recursive: true, force: true });
  }
}

/** Removes what an in-place build killed before its end left inside `outDir`. */
export function removeInPlaceLeftovers(outDir: string): void {
  if (!fs.statSync(outDir, { throwIfNoEntry: false })?.isDirectory()) return;
  for (const name of fs.readdirSync(outDir)) {
    if (/^\.carta-docs-(staging|old)-/.test(name)) fs.rmSync(path.join(outDir, name), { recursive: true, force: true });
  }
}
