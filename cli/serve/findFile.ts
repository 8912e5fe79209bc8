/** Finds the first candidate that is a regular file whose real path lies inside the served folder. */
import type { Stats } from "node:fs";
import { realpath, stat } from "node:fs/promises";
import { join, sep } from "node:path";

export interface FoundFile {
  /** Real path on disk, symbolic links resolved. */
  path: string;
  /** The candidate as requested, relative to the served folder with "/" separators. */
  relativePath: string;
  stats: Stats;
}

export async function findFile(root: string, candidates: readonly string[]): Promise<FoundFile | undefined> {
  // Resolved on every call: the build may swap a new folder in while the server runs.
  const realRoot = await realpathOrUndefined(root);
  if (!realRoot) return undefined;
  for (const relativePath of candidates) {
    const real = await realpathOrUndefined(join(realRoot, relativePath));
    // A symbolic link may point anywhere; only its target's real path tells whether it stays inside.
    if (!real || !(real === realRoot || real.startsWith(realRoot + sep))) continue;
    const stats = await stat(real).catch(() => undefined);
    if (stats?.isFile()) return { path: real, relativePath, stats };
  }
  return undefined;
}

function realpathOrUndefined(path: string): Promise<string | undefined> {
  return realpath(path).catch(() => undefined);
}
