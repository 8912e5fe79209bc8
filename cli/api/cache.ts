/** Content hashing for the TypeDoc cache. */
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { eachLimit } from "../util/eachLimit.ts";
import { notInput } from "../util/inputPaths.ts";

/** Files whose content decides TypeDoc's output. */
function isInput(name: string): boolean {
  return /\.(ts|tsx)$/.test(name) || /^tsconfig.*\.json$/.test(name) || name === "package.json";
}

/**
 * Hash of every TypeScript file, tsconfig and package.json under `root`, by path and content.
 * node_modules and dot-folders (.git, caches) are skipped: they are not the viewer's source.
 */
export async function hashTree(root: string): Promise<string> {
  const files: { name: string; path: string }[] = [];
  const walk = async (dir: string, prefix: string): Promise<void> => {
    const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      if (notInput(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path, `${prefix}${entry.name}/`);
      else if (entry.isFile() && isInput(entry.name)) files.push({ name: `${prefix}${entry.name}`, path });
    }
  };
  await walk(root, "");
  // Read many at a time (one after another, each read waits its turn on libuv's threads), hashed in path order.
  const contents: Buffer[] = [];
  await eachLimit([...files.keys()], PARALLEL_READS, async (i) => {
    contents[i] = await readFile(files[i]!.path);
  });
  const hash = createHash("sha256");
  files.forEach(({ name }, i) => hash.update(`${name}\0`).update(contents[i]!).update("\0"));
  return hash.digest("hex");
}

const PARALLEL_READS = 16;
