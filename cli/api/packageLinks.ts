/**
 * A git ref of the viewer is extracted where carta-docs may write (the site's cache), not into the checkout,
 * which is another project's tree and may be read-only. Its imports must still resolve as the checkout's own
 * files do: TypeScript looks for a package in the node_modules of every folder above the importing file, so
 * the copy is given, at each of its folders, a link to the node_modules the checkout has at the same place:
 * its own, its repository's folders', and those above it (a workspace's hoisted packages). For the last, the
 * copy lies that many folders deep in the folder of its commit, named as the checkout's folders are.
 */
import { lstat, readlink, rm, stat, symlink } from "node:fs/promises";
import { basename, dirname, join, relative, sep } from "node:path";

/** The folders from `dir` up to the root of the file system, `dir` first. */
function foldersUp(dir: string): string[] {
  const up = [dir];
  while (dirname(up.at(-1)!) !== up.at(-1)) up.push(dirname(up.at(-1)!));
  return up;
}

async function isFolder(dir: string): Promise<boolean> {
  return stat(dir).then(
    (info) => info.isDirectory(),
    () => false,
  );
}

/**
 * Where, inside the folder of a commit, the copy of the repository at `repo` goes: as deep as the highest folder
 * above `repo` that has node_modules, so that each such folder has a place in the copy (folder names, relative).
 */
export async function copyPlace(repo: string): Promise<string> {
  const above = foldersUp(repo).slice(1);
  let highest = -1;
  for (const [i, dir] of above.entries()) if (await isFolder(join(dir, "node_modules"))) highest = i;
  return foldersUp(repo)
    .slice(0, highest + 1)
    .reverse()
    .map((dir) => basename(dir) || "root")
    .join(sep);
}

/**
 * Links into the copy at `copyOfRepo` (the repository at `repo` extracted, the viewer at `prefix` in it) the
 * node_modules the checkout finds above its viewer folder, at the same places; `top` is the folder of the
 * commit, above which nothing is linked. Links made for the checkout where it was (a cache restored into a
 * clone elsewhere) are made again for where it is.
 */
export async function linkPackages(repo: string, prefix: string, copyOfRepo: string, top: string): Promise<void> {
  const viewer = join(repo, prefix);
  for (const dir of foldersUp(viewer)) {
    const mirror = join(copyOfRepo, relative(repo, dir));
    if (relative(top, mirror).startsWith("..")) return;
    const modules = join(dir, "node_modules");
    const link = join(mirror, "node_modules");
    const present = await lstat(link).catch(() => undefined);
    // A node_modules the ref holds itself is its own.
    if (present && !present.isSymbolicLink()) continue;
    const wanted = (await isFolder(modules)) ? modules : undefined;
    if (present && (await readlink(link)) === wanted) continue;
    if (present) await rm(link, { force: true });
    if (wanted) await symlink(wanted, link, "junction");
  }
}
