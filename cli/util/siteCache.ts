/**
 * The site's cache folder, `.carta-docs-cache` beside the config: what a build keeps for the next (the build
 * store, TypeDoc's output, snippet results, last-update dates). A cache only saves work, so a cache that
 * cannot be written (a file in its place, a read-only checkout, a full disk) is a warning naming it and the
 * way out, once per build, and the build goes on without it; never a failure of the build.
 */
import fs from "node:fs";
import path from "node:path";
import type { Diagnostics } from "./diagnostics.ts";
import { writeFileAtomic } from "./writeFileAtomic.ts";

const SITE_CACHE = ".carta-docs-cache";

/** The cache folder of the site at `siteDir`. */
export const siteCacheDir = (siteDir: string): string => path.join(siteDir, SITE_CACHE);

/** What a write that failed with these codes ran into. */
const WRITE_FAILURES: Record<string, string> = {
  ENOSPC: "there is no space left on the device",
  EDQUOT: "the disk quota is exceeded",
  EROFS: "the file system is read-only",
  EACCES: "permission is denied",
  EPERM: "permission is denied",
};

/** A cache folder (or one of its folders) replaced by a file: the save cannot make its folder. */
const NOT_A_FOLDER = new Set(["ENOTDIR", "EEXIST"]);

/** Why a write failed with `error`, in words, when it is one of the file system's refusals; else undefined. */
export function writeFailureReason(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === undefined ? undefined : WRITE_FAILURES[code];
}

/** What keeps a cache from being used, and what the user may do about it, in words. */
export interface CacheProblem {
  problem: string;
  way: string;
}

/**
 * Why the cache folder of `siteDir` cannot be written, or undefined when it can (or may be made). Nothing is
 * made: a build that caches nothing leaves the site as it was.
 */
export function cacheFolderProblem(siteDir: string): CacheProblem | undefined {
  const dir = siteCacheDir(siteDir);
  let stats: fs.Stats | undefined;
  try {
    stats = fs.statSync(dir, { throwIfNoEntry: false });
  } catch (error) {
    return { problem: `it cannot be reached (${(error as NodeJS.ErrnoException).code ?? String(error)})`, way: `remove ${SITE_CACHE}` };
  }
  if (stats && !stats.isDirectory()) return { problem: "it is a file, not a folder", way: `remove the file ${SITE_CACHE}` };
  try {
    // A missing folder is made in the site's folder, which must then be writable.
    fs.accessSync(stats ? dir : siteDir, fs.constants.W_OK);
  } catch (error) {
    const why = `${writeFailureReason(error) ?? "it is refused"} (${(error as NodeJS.ErrnoException).code})`;
    return stats
      ? { problem: `it cannot be written: ${why}`, way: `make ${SITE_CACHE} writable or remove it` }
      : { problem: `it does not exist and the site's folder cannot be written to make it: ${why}`, way: "make the site's folder writable" };
  }
  return undefined;
}

/**
 * Cache folders this build found unusable: their saves are skipped, and so warned of once (the stages report into
 * diagnostics of their own). A build starts afresh (cacheUnusable, forget).
 */
const unusable = new Set<string>();

/** Forgets what an earlier build found of the cache at `cacheDir`: a build begins. */
export function cacheUsable(cacheDir: string): void {
  unusable.delete(cacheDir);
}

/**
 * Reports that the cache at `cacheDir` cannot be used, once per build: a warning at the cache folder with the
 * way out, and its later saves skipped. `warn` false keeps the build quiet about it (a build asked not to use
 * the build cache, `--no-cache`, on a checkout it may not write).
 */
export function cacheUnusable(diagnostics: Diagnostics, cacheDir: string, { problem, way }: CacheProblem, warn = true): void {
  if (unusable.has(cacheDir)) return;
  unusable.add(cacheDir);
  if (!warn) return;
  const name = path.basename(cacheDir);
  diagnostics.warn("cache", `the cache folder ${name} cannot be used: ${problem}; this build goes on without it (${way}, or pass --no-cache to build without the build cache)`, { file: name });
}

/** A failed write into the cache at `cacheDir` as a CacheProblem: what happened, its code and where. */
export function cacheWriteProblem(error: unknown, cacheDir: string): CacheProblem {
  const failure = error as NodeJS.ErrnoException;
  const where = failure.path === undefined ? "" : ` at ${path.relative(path.dirname(cacheDir), failure.path) || failure.path}`;
  const notAFolder = NOT_A_FOLDER.has(failure.code ?? "");
  const reason = notAFolder ? "a file stands where a folder is needed" : writeFailureReason(error);
  return {
    problem: `a file could not be saved in it: ${reason ?? (error instanceof Error ? error.message : String(error))}${failure.code ? ` (${failure.code}${where})` : ""}`,
    way: notAFolder ? "remove that file" : failure.code === "ENOSPC" || failure.code === "EDQUOT" ? "free some space" : `make ${path.basename(cacheDir)} writable or remove it`,
  };
}

/**
 * Saves `text` at `file` in the cache at `cacheDir`, whole or not at all (writeFileAtomic, which removes its
 * temporary file when the write fails); a failure is the build's cache warning, not its failure, and the
 * build's later saves are skipped (a full disk is not filled again and again).
 */
export async function saveInCache(cacheDir: string, file: string, text: string | Uint8Array, diagnostics: Diagnostics): Promise<void> {
  if (unusable.has(cacheDir)) return;
  try {
    await writeFileAtomic(file, text);
  } catch (error) {
    cacheUnusable(diagnostics, cacheDir, cacheWriteProblem(error, cacheDir));
  }
}
