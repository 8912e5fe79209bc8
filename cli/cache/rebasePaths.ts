/**
 * A build store's entries moved with their site: the paths they hold (a doc's file, a version's folder, the ids
 * of tables kept by file) start with the folder the site was in when the store was made; loaded into a clone of
 * the site elsewhere (a CI job), they must start with the new one. Entries are plain data (v8.serialize's), freshly
 * deserialized and so changed in place; only a store made elsewhere pays for the walk.
 */
import type { CacheTable, Entry } from "./buildCache.ts";

export function rebasePaths(tables: Map<CacheTable, Map<string, Entry>>, from: string, to: string): Map<CacheTable, Map<string, Entry>> {
  const prefix = `${from}/`;
  const moved = (text: string) => (text === from ? to : text.startsWith(prefix) ? to + text.slice(from.length) : text);
  const seen = new Set<object>();
  const walk = (value: unknown): unknown => {
    if (typeof value === "string") return moved(value);
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
