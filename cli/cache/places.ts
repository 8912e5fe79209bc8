/**
 * Where a build's paths start: the site's folder and the viewer checkout's. A CI job clones both again, elsewhere;
 * a build store must serve there as where it was made. Its keys name files relative to these folders
 * (`neutralPaths`: `<site>/content/docs/intro.md`), and the paths its entries hold (a doc's file, a version's folder,
 * the ids of tables kept by file) are moved to the folders' new places when it is loaded (`rebasePaths`).
 */
import type { CacheTable, Entry } from "./buildCache.ts";

export interface Places {
  site: string;
  /** The viewer checkout (or the sample code base) documented; none for a site without an API reference. */
  viewer?: string;
}

const TOKENS: Record<keyof Places, string> = { site: "<site>", viewer: "<viewer>" };

/** The folders of `places` by name, the longest first, so that a folder inside another is matched first. */
function folders(places: Places): [keyof Places, string][] {
  return (Object.entries(places) as [keyof Places, string | undefined][])
    .filter((entry): entry is [keyof Places, string] => entry[1] !== undefined)
    .sort((a, b) => b[1].length - a[1].length);
}

/** Each folder of `places` as written in JSON strings, with its token; made once per Places (every key goes through neutralPaths). */
const quotedFolders = new WeakMap<Places, [quoted: string, token: string][]>();

/** `text` (a key's JSON, or what a key is hashed from) with each folder of `places` written as its token, in strings. */
export function neutralPaths(text: string, places: Places): string {
  let quoted = quotedFolders.get(places);
  if (!quoted) quotedFolders.set(places, (quoted = folders(places).map(([name, dir]) => [JSON.stringify(dir).slice(1, -1), TOKENS[name]])));
  let neutral = text;
  // Most keys name no file: a look for the folder spares two replacements.
  for (const [dir, token] of quoted) if (neutral.includes(dir)) neutral = neutral.replaceAll(`"${dir}"`, `"${token}"`).replaceAll(`${dir}/`, `${token}/`);
  return neutral;
}

/** Whether a store made at `from` holds paths that are not where the folders are now, at `to`. */
export function moved(from: Places, to: Places): boolean {
  return from.site !== to.site || (from.viewer !== undefined && to.viewer !== undefined && from.viewer !== to.viewer);
}

/**
 * The tables with every path that starts with a folder of `from` starting with the same folder of `to`. Entries
 * are plain data (v8.serialize's), freshly deserialized and so changed in place; only a store made elsewhere pays
 * for the walk.
 */
export function rebasePaths(tables: Map<CacheTable, Map<string, Entry>>, from: Places, to: Places): Map<CacheTable, Map<string, Entry>> {
  const pairs = folders(from).flatMap(([name, dir]) => (to[name] === undefined ? [] : [[dir, to[name]] as const]));
  const rebased = (text: string) => {
    for (const [old, now] of pairs) if (text === old || text.startsWith(`${old}/`)) return now + text.slice(old.length);
    return text;
  };
  const seen = new Set<object>();
  const walk = (value: unknown): unknown => {
    if (typeof value === "string") return rebased(value);
    if (typeof value !== "object" || value === null || ArrayBuffer.isView(value) || seen.has(value)) return value;
    seen.add(value);
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) value[i] = walk(value[i]);
    } else if (value instanceof Map) {
      const entries = [...(value as Map<unknown, unknown>)];
      value.clear();
      for (const [key, item] of entries) value.set(walk(key), walk(item));
    } else if (value instanceof Set) {
      const items = [...(value as Set<unknown>)];
      value.clear();
      for (const item of items) value.add(walk(item));
    } else {
      const record = value as Record<string, unknown>;
      for (const key of Object.keys(record)) record[key] = walk(record[key]);
    }
    return value;
  };
  walk(tables);
  return tables;
}
