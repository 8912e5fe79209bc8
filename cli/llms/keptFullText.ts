/**
 * The previous build's llms-full.txt files, for a build from a build store: each file's layout (llmsFiles.ts's
 * FullTextLayout) is kept in the store's render table, and the file is recorded with the pages, by size and
 * content digest, so the next build takes it from the output only when it holds what was written.
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
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

/** A previous llms-full.txt read ahead, with the stats it had before it was read. */
export interface FullTextRead {
  bytes: Buffer;
  stats: fs.Stats;
}

/**
 * Starts reading the previous build's llms-full.txt files `rels` that the store has a layout of, on libuv's threads,
 * while the build renders: an edit at 10,000 docs takes most of a 40 MB file from it, which read on this thread
 * when the file is made cost ~45 ms. What was read is used only if the file's stats are still those it had before
 * (see keptFullTexts).
 */
export function readKeptFullTexts(store: BuildStore, rels: readonly string[]): Map<string, Promise<FullTextRead | undefined>> {
  const reads = new Map<string, Promise<FullTextRead | undefined>>();
  const dir = store.filesDir;
  if (dir === undefined) return reads;
  for (const rel of rels) {
    if (!store.cache.peek("render", layoutId(rel))) continue;
    const file = path.join(dir, rel);
    const read = async () => {
      const stats = await fsp.lstat(file);
      return stats.isFile() ? { bytes: await fsp.readFile(file), stats } : undefined;
    };
    reads.set(rel, read().catch(() => undefined));
  }
  return reads;
}

/** Whether two stats are of one file unchanged between them. */
const sameFile = (a: fs.Stats, b: fs.Stats) => a.ino === b.ino && a.dev === b.dev && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;

/**
 * The store's llms-full.txt files: `keys`, this build's render keys; `statics`, files of content/static (which
 * take the place of a generated file of the same path, so are not its to record); `read`, those read ahead.
 */
export function keptFullTexts(store: BuildStore, keys: ReadonlyMap<string, string>, statics: readonly string[], baseUrl: string, read: ReadonlyMap<string, FullTextRead | undefined> = new Map()): KeptFullTexts {
  const scope = createScope(baseUrl);
  return {
    keys,
    previous(rel) {
      const layout = store.cache.peek<FullTextLayout>("render", layoutId(rel));
      const dir = store.filesDir;
      if (!layout || dir === undefined) return undefined;
      const file = path.join(dir, rel);
      const stats = store.holdsRecorded(rel, file);
      if (!stats || !fits(layout, stats.size)) return undefined;
      // Read ahead from the file as it is now (its stats unchanged since before the read), or read from it as it goes.
      const ahead = read.get(rel);
      return ahead && sameFile(ahead.stats, stats) && ahead.bytes.length === stats.size ? { file, layout, bytes: ahead.bytes } : { file, layout };
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
