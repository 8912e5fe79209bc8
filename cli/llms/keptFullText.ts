/**
 * The previous build's llms-full.txt files, for a build from a build store: each file's layout (llmsFiles.ts's
 * FullTextLayout) is kept in the store's render table, and the file is recorded with the pages, by size and
 * content digest, so the next build takes it from the output only when it holds what was written.
 */
import fs from "node:fs";
import path from "node:path";
import type { BuildStore } from "../cache/buildStore.ts";
import { createScope } from "../cache/buildCache.ts";
import { sha1 } from "../util/hash.ts";
import type { FullTextLayout, KeptFullTexts } from "./llmsFiles.ts";

const layoutId = (rel: string) => `llms layout ${rel}`;

/** Whether a layout read from a store fits its file (a store is trusted only as far as it is checked). */
function fits(layout: FullTextLayout, size: number): boolean {
  const { routes, keys, starts, lengths } = layout;
  if (![routes, keys, starts, lengths].every(Array.isArray)) return false;
  const count = routes.length;
  return keys.length === count && starts.length === count && lengths.length === count && starts.every((start, i) => Number.isInteger(start) && Number.isInteger(lengths[i]) && start >= 0 && start + lengths[i]! <= size);
}

/**
 * The store's llms-full.txt files: `keys`, this build's render keys; `statics`, files of content/static (which
 * take the place of a generated file of the same path, so are not its to record).
 */
export function keptFullTexts(store: BuildStore, keys: ReadonlyMap<string, string>, statics: readonly string[], baseUrl: string): KeptFullTexts {
  const scope = createScope(baseUrl);
  return {
    keys,
    previous(rel) {
      const layout = store.cache.peek<FullTextLayout>("render", layoutId(rel));
      const dir = store.filesDir;
      if (!layout || dir === undefined) return undefined;
      const file = path.join(dir, rel);
      if (!store.holdsRecorded(rel, file)) return undefined;
      return fits(layout, fs.statSync(file).size) ? { file, layout } : undefined;
    },
    made(rel, layout) {
      if (statics.includes(rel)) return;
      // The file is recorded by its content digest when the store is saved (which the output, writing it, may have
      // taught the file-digest table already); the layout is kept by its own.
      store.cache.memo("render", layoutId(rel), sha1(JSON.stringify(layout)), scope, () => layout);
      store.writes(rel);
    },
  };
}
