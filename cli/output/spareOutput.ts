/**
 * Double buffering of the output (issue 40). After an incremental build's whole-folder swap, the output it
 * replaced shares almost every file with the new one (hard links: a kept page, twin or search file is linked from
 * the previous output). It is not removed but kept as the **spare**, in the site's cache folder, and the next build
 * starts its staging folder from it by one rename: a file already the one the build would link (the same inode)
 * needs nothing, so only what changed in the last two builds takes a file operation, and the replaced output is
 * moved, not removed (at 10,000 docs, 28,000 links into an empty folder and 28,000 removals after the swap).
 *
 * What the spare holds is never trusted. Every file the build produces is either written as a new inode (the one
 * there removed first: it may be a hard link to a live file, which writing into would change), or is the very file
 * of the previous output (or of the store's kept pages) the build verified, by inode; what the build did not produce
 * is removed before the swap. So a spare changed since, or left half-updated, can cost work but never show. Its names
 * are listed by a walk when it is taken (names and types only, no file is read or stat'ed), which also removes
 * any entry that is neither a file nor a folder: a link in it could lead the build's writes out of the folder.
 */
import fs from "node:fs";
import path from "node:path";
import { sha1 } from "../util/hash.ts";
import { removeTree } from "../util/removeTree.ts";
import { siteCacheDir } from "../util/siteCache.ts";

/** What a staging folder made from the spare held when it was taken, by path relative to it ("/"-separated). */
export interface SpareNames {
  files: string[];
  /** Every folder under it, each before the folders inside it. */
  folders: string[];
  /** Folders that held nothing. */
  empty: Set<string>;
}

/**
 * Where the spare of output folder `outDir` is kept: in the site's cache (never where authors would commit or
 * serve it), one per output folder (named by its path relative to the site, which holds for a cache restored
 * into a clone elsewhere).
 */
export function spareFolder(siteDir: string, outDir: string): string {
  return path.join(siteCacheDir(siteDir), "spare", `${path.basename(outDir)}-${sha1(path.relative(siteDir, outDir)).slice(0, 12)}`);
}

/**
 * Moves the spare to `dir` (the staging folder, which must not exist) and lists its names; undefined, with `dir`
 * not made, when there is none. A spare that cannot be moved there (another file system than the output's) can
 * never serve it and is removed, as is anything but a folder in its place.
 */
export function takeSpare(spare: string, dir: string): SpareNames | undefined {
  const stats = fs.lstatSync(spare, { throwIfNoEntry: false });
  if (!stats) return undefined;
  if (!stats.isDirectory()) {
    fs.rmSync(spare, { force: true });
    return undefined;
  }
  try {
    fs.renameSync(spare, dir);
  } catch {
    removeTree(spare);
    return undefined;
  }
  return listNames(dir);
}

/** The files and folders under `dir`; any other entry (a link, a socket) is removed: a build makes none. */
function listNames(dir: string): SpareNames {
  const names: SpareNames = { files: [], folders: [], empty: new Set() };
  const walk = (rel: string) => {
    const entries = fs.readdirSync(rel ? path.join(dir, rel) : dir, { withFileTypes: true });
    if (entries.length === 0 && rel) names.empty.add(rel);
    for (const entry of entries) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isFile()) names.files.push(child);
      else if (entry.isDirectory()) {
        names.folders.push(child);
        walk(child);
      } else fs.unlinkSync(path.join(dir, child));
    }
  };
  walk("");
  return names;
}

/**
 * Removes from staging folder `dir` the files the spare held that this build did not produce (`produced`, by
 * path relative to it), then the folders that left empty, deepest first.
 */
export function removeStrays(dir: string, held: SpareNames, produced: ReadonlySet<string>): void {
  const emptied = new Set(held.empty);
  for (const rel of held.files) {
    if (produced.has(rel)) continue;
    try {
      fs.unlinkSync(path.join(dir, rel));
    } catch (error) {
      // Gone already: a folder of the build's took its place (see makeWay).
      if (!["ENOENT", "ENOTDIR"].includes((error as NodeJS.ErrnoException).code ?? "")) throw error;
    }
    emptied.add(path.posix.dirname(rel));
  }
  for (let i = held.folders.length - 1; i >= 0; i--) {
    const rel = held.folders[i]!;
    if (!emptied.has(rel)) continue;
    try {
      fs.rmdirSync(path.join(dir, rel));
      emptied.add(path.posix.dirname(rel));
    } catch {
      // Not empty: it holds what this build produced.
    }
  }
}

/**
 * Keeps `old` (the output a swap just replaced) as the spare at `spare`, or removes it when it cannot be moved
 * there (another file system, a spare there already).
 */
export function keepAsSpare(old: string, spare: string): void {
  try {
    fs.mkdirSync(path.dirname(spare), { recursive: true });
    fs.renameSync(old, spare);
  } catch {
    removeTree(old);
  }
}
