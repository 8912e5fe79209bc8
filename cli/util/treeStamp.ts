/**
 * A cheap stamp of files on disk (names, sizes, modification times), to tell whether a folder changed
 * without reading it. Used in cache keys, so a reused result can never be older than its files.
 */
import fs from "node:fs";
import path from "node:path";

export function fileStamp(file: string): string {
  let stats: fs.Stats | undefined;
  try {
    stats = fs.statSync(file, { throwIfNoEntry: false });
  } catch {
    // A link that loops (ELOOP) has no stamp; the content stage reports it.
  }
  return stats ? statsStamp(stats) : "-";
}

/** The stamp of a file whose stats are at hand (see fileStamp). */
export function statsStamp(stats: fs.Stats): string {
  return `${stats.size}:${stats.mtimeMs}`;
}

/**
 * Every entry under `dir`, in a stable order, with its stamp; "-" when the folder does not exist. `skip` leaves
 * out an entry (and all below it) by its path and name.
 */
export function treeStamp(dir: string, skip?: (file: string, name: string) => boolean): string {
  if (!fs.existsSync(dir)) return "-";
  const parts: string[] = [];
  const walk = (rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(dir, rel), { withFileTypes: true });
    } catch (error) {
      // A folder that cannot be read (EACCES) is stamped as such; the stage that reads it reports it.
      parts.push(`${rel}/ !${(error as NodeJS.ErrnoException).code}`);
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (skip?.(path.join(dir, child), entry.name)) continue;
      if (entry.isDirectory()) {
        parts.push(`${child}/`);
        walk(child);
      } else parts.push(`${child} ${fileStamp(path.join(dir, child))}`);
    }
  };
  walk("");
  return parts.join("\n");
}
