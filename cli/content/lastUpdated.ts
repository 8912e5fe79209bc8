/**
 * When each doc was last changed, and by whom, from git: the latest commit touching its file. Docs whose
 * file is committed as it is (its blob id, computed here as git does, equals the one at HEAD) are cached by
 * path and blob id in `.carta-docs-cache/last-updated.json`, so a build whose docs are all known runs no git.
 * A doc that is new, edited or not in a git repository asks git again (two processes for all such docs);
 * content outside git, or no git at all, gives no dates and no error.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { Diagnostics } from "../util/diagnostics.ts";
import { saveInCache } from "../util/siteCache.ts";

export interface LastUpdate {
  /** Commit time, in seconds since the epoch. */
  time: number;
  author: string;
}

interface CacheEntry extends LastUpdate {
  blob: string;
}

const CACHE_FILE = "last-updated.json";
const CACHE_FORMAT = 1;
const run = promisify(execFile);

/** The id git gives a file's content: the SHA-1 of "blob <size>\0" and the bytes. */
export function gitBlobId(bytes: Buffer): string {
  return createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex");
}

async function git(cwd: string, args: string[]): Promise<string> {
  // File names are names, never glob patterns.
  const { stdout } = await run("git", ["-c", "core.quotePath=false", "--literal-pathspecs", ...args], { cwd, maxBuffer: 256 * 1024 * 1024 });
  return stdout;
}

/** The latest commit of each file under `dir` (paths relative to it), newest first as git log walks. */
function parseLog(log: string): Map<string, LastUpdate> {
  const latest = new Map<string, LastUpdate>();
  for (const record of log.split("\x1e").slice(1)) {
    const [header = "", ...files] = record.split("\n");
    const [time, author = ""] = header.split("\x1f");
    for (const file of files) if (file && !latest.has(file)) latest.set(file, { time: Number(time), author });
  }
  return latest;
}

/** Blob ids at HEAD of the files under `dir`, by path relative to it. */
function parseTree(tree: string): Map<string, string> {
  const blobs = new Map<string, string>();
  for (const line of tree.split("\0")) {
    const tab = line.indexOf("\t");
    if (tab > 0) blobs.set(line.slice(tab + 1), line.slice(0, tab).split(" ")[2]!);
  }
  return blobs;
}

/** Up to this many files are named to git one by one (a doc edited in watch mode); more, and git is asked about the folder. */
const NAMED_MAX = 100;

/**
 * What git knows of `files` (paths relative to `dir`); undefined when `dir` is not in a repository (or git
 * is missing).
 */
async function askGit(dir: string, files: string[]): Promise<{ latest: Map<string, LastUpdate>; head: Map<string, string> } | undefined> {
  const paths = files.length <= NAMED_MAX ? files : ["."];
  try {
    const [log, tree] = await Promise.all([
      git(dir, ["log", "--format=%x1e%ct%x1f%an", "--name-only", "--relative", "--", ...paths]),
      git(dir, ["ls-tree", "-r", "-z", "HEAD", "--", ...paths]),
    ]);
    return { latest: parseLog(log), head: parseTree(tree) };
  } catch {
    return undefined;
  }
}

function readCache(file: string): Map<string, CacheEntry> {
  try {
    const data = JSON.parse(fs.readFileSync(file, "utf8")) as { format?: number; entries?: Record<string, CacheEntry> };
    return data.format === CACHE_FORMAT && data.entries ? new Map(Object.entries(data.entries)) : new Map<string, CacheEntry>();
  } catch {
    return new Map(); // none yet, or unreadable: git will tell again
  }
}

export interface LastUpdatesResult {
  /** By absolute file path. */
  updates: Map<string, LastUpdate>;
  /** Whether git was run (false when every file was in the cache). */
  ranGit: boolean;
}

/** The last update of each of `files` (absolute paths under `contentDir`); a cache that cannot be saved is a warning in `diagnostics`. */
export async function lastUpdates(files: string[], contentDir: string, cacheDir: string, diagnostics: Diagnostics): Promise<LastUpdatesResult> {
  const cacheFile = path.join(cacheDir, CACHE_FILE);
  const cached = readCache(cacheFile);
  const kept = new Map<string, CacheEntry>();
  const updates = new Map<string, LastUpdate>();
  const missing: { file: string; key: string; blob: string }[] = [];
  for (const file of files) {
    const key = path.relative(contentDir, file).split(path.sep).join("/");
    const blob = gitBlobId(fs.readFileSync(file));
    const entry = cached.get(key);
    if (entry?.blob === blob) {
      kept.set(key, entry);
      updates.set(file, { time: entry.time, author: entry.author });
    } else missing.push({ file, key, blob });
  }
  const known = missing.length > 0 ? await askGit(contentDir, missing.map((m) => m.key)) : undefined;
  for (const { file, key, blob } of missing) {
    const update = known?.latest.get(key);
    if (!update) continue;
    updates.set(file, update);
    // Only a file committed as it is has a last commit that will not move under this blob id.
    if (known?.head.get(key) === blob) kept.set(key, { blob, ...update });
  }
  // Entries taken from the cache are the same objects: anything else is new.
  const changed = kept.size !== cached.size || [...kept].some(([key, entry]) => cached.get(key) !== entry);
  if (changed) await saveInCache(cacheDir, cacheFile, JSON.stringify({ format: CACHE_FORMAT, entries: Object.fromEntries(kept) }), diagnostics);
  return { updates, ranGit: missing.length > 0 };
}
