/**
 * Files identified by their content, so that a cache restored elsewhere (a CI job: a fresh clone at another
 * path, every file with a new time and inode) knows them again, and a same-size edit whose time was put back
 * (`touch -r`, `tar --mtime`) is still seen.
 *
 * Reading and hashing every file on every build would cost too much, so a local table maps a file's path (relative
 * to the site) and its stats to the digest last computed: a file whose size, modification time, inode and
 * change time are all as recorded is not read again. The change time cannot be set back by any tool, and a copy,
 * a clone or a restore gives every file a new inode, so the table never stands in for a file it did not read.
 * A file changed within the file system's clock tick of being hashed could keep all four: such a digest (of a file
 * changed in the last two seconds) is not recorded, and the file is read again next time (as git treats its index);
 * the output's files, which only the build writes, are recorded as they are.
 *
 * Within one build a file is looked at once: the up-to-date check walks the site's folder, and the digests it took
 * serve the stages after it (the content stage's docs) until the build ends (`newPass`), with no second stat; the
 * output's files the build learnt after its swap serve the walk that records the output, likewise.
 *
 * The table lives in `.carta-docs-cache/build/file-digests.v8` (with the build store: a failed build changes nothing else); a table of another machine (restored with the cache)
 * matches nothing and is dropped entry by entry as files are hashed again.
 */
import { hash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { joinUnder } from "./joinUnder.ts";
import { siteCacheDir } from "./siteCache.ts";
import { writeFileAtomic } from "./writeFileAtomic.ts";

/** What the table knows a file by besides its path. */
export type FileStats = Pick<fs.Stats, "size" | "mtimeMs" | "ino" | "ctimeMs">;

/**
 * The files known, by path relative to the root: each one's row of its size, modification time, inode and change
 * time (ms) in `stats`, and the digest of the content they were seen with. Columns, not an array a file: a 10,000-doc
 * site's table is 40,000 files, each one object less to make on every build and to carry through its collections.
 */
class KnownFiles {
  private readonly rows: Map<string, number>;
  private readonly stats: number[];
  private readonly digests: string[];

  constructor(paths: string[] = [], stats: ArrayLike<number> = [], digests: string[] = []) {
    this.rows = new Map(paths.map((rel, row) => [rel, row]));
    this.stats = Array.from(stats);
    this.digests = digests;
  }

  /** The digest known for `rel` when `stats` are those it was recorded with. */
  digestOf(rel: string, stats: FileStats): string | undefined {
    const row = this.rows.get(rel);
    return row !== undefined && this.matches(row, stats) ? this.digests[row] : undefined;
  }

  /** Whether `rel` is known with `stats` and `digest`. */
  has(rel: string, stats: FileStats, digest: string): boolean {
    return this.digestOf(rel, stats) === digest;
  }

  set(rel: string, stats: FileStats, digest: string): void {
    let row = this.rows.get(rel);
    if (row === undefined) this.rows.set(rel, (row = this.digests.length));
    [this.stats[4 * row], this.stats[4 * row + 1], this.stats[4 * row + 2], this.stats[4 * row + 3]] = [stats.size, stats.mtimeMs, stats.ino, stats.ctimeMs];
    this.digests[row] = digest;
  }

  /** Forgets `rel` (its row stays unused until the table is written); whether it was known. */
  delete(rel: string): boolean {
    return this.rows.delete(rel);
  }

  /** The table as written to disk (see StoredTable). */
  stored(): Omit<StoredTable, "format"> {
    const stats = new Float64Array(this.rows.size * 4);
    const digests: string[] = [];
    let at = 0;
    for (const row of this.rows.values()) {
      for (let i = 0; i < 4; i++) stats[at++] = this.stats[4 * row + i]!;
      digests.push(this.digests[row]!);
    }
    return { paths: [...this.rows.keys()].join("\0"), digests: digests.join("\0"), stats };
  }

  private matches(row: number, stats: FileStats): boolean {
    const at = 4 * row;
    return this.stats[at] === stats.size && this.stats[at + 1] === stats.mtimeMs && this.stats[at + 2] === stats.ino && this.stats[at + 3] === stats.ctimeMs;
  }
}

/** How recent a change may be for its digest to be recorded (see the module's comment). */
const RACY_MS = 2000;
/** 2: columns (paths and digests each one string, the stats one Float64Array), read in a few milliseconds where
 * 40,000 entries as JSON took 0.1-0.2 s to parse and as much to write, on every build of a 10,000-doc site. */
const FORMAT = 2;

/** The digest of bytes: what files are known by. */
export function contentDigest(bytes: Buffer | string): string {
  return hash("sha1", bytes, "base64url");
}

export class FileDigests {
  private readonly known: KnownFiles;
  private changed = false;
  /** The root with a separator: what the path of every file under it starts with. */
  private readonly under: string;
  /**
   * Digests this pass is sure of, by absolute path: the inputs its tree walks took (a stage asking again is answered
   * without a stat), and the output's files as the build left them (learnt or carried after its swap: the walk that
   * records the output takes them without a stat; at 10,000 docs, 28,000 files the build has just looked at).
   */
  private seen = new Map<string, string>();
  /**
   * The number of names (hard links) of each plain input file this pass's tree walks stat'ed, by absolute path: the
   * content stage's listing asks it instead of a stat of its own (see SiteBoundary.allowsListed).
   */
  private walked = new Map<string, number>();

  private constructor(
    /** Paths are recorded relative to this folder (the site's). */
    readonly root: string,
    private readonly file: string | undefined,
    known: KnownFiles,
  ) {
    this.known = known;
    this.under = path.resolve(root) + path.sep;
  }

  /** The table kept in the site's cache folder (one per process and site); `persist` false keeps it in memory only. */
  static of(siteDir: string, persist = true): FileDigests {
    const file = persist ? path.join(siteCacheDir(siteDir), "build", "file-digests.v8") : undefined;
    const id = `${file ?? ""}\0${siteDir}`;
    let table = open.get(id);
    if (!table) open.set(id, (table = new FileDigests(siteDir, file, file ? read(file) : new KnownFiles())));
    return table;
  }

  /**
   * The digest of `file`'s content, "-" when it is no readable regular file (missing, a folder, a loop). `ours`:
   * a file only this toolchain writes (the output), whose digest is recorded however recent its change.
   */
  digest(file: string, ours = false): string {
    const seen = this.seen.get(file);
    if (seen !== undefined) return seen;
    let stats: fs.Stats | undefined;
    try {
      stats = fs.statSync(file, { throwIfNoEntry: false });
    } catch {
      // A link that loops (ELOOP) has no content; the stage reading it reports it.
    }
    return stats?.isFile() ? this.digestOf(file, stats, ours) : "-";
  }

  /** The digest of `file`, whose stats are at hand (see digest). */
  digestOf(file: string, stats: FileStats, ours = false, rel = this.relative(file)): string {
    const known = this.recordedAt(rel, stats);
    if (known !== undefined) return known;
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(file);
    } catch {
      return "-";
    }
    const digest = contentDigest(bytes);
    this.remember(rel, stats, digest, ours);
    return digest;
  }

  /**
   * Tells the pass what a stage read of `file`: true when `bytes` are the content `named` (the digest the stage put
   * in its key) stands for. Else the file changed after it was looked at (saved, or checked out, while the build
   * ran), and from now on the pass names it by what was read: a later key names the content the build used.
   */
  readAs(file: string, bytes: Buffer, named: string): boolean {
    const digest = contentDigest(bytes);
    if (digest === named) return true;
    this.seen.set(file, digest);
    return false;
  }

  /** The digest recorded for `file` when `stats` are those it was recorded with (of `file`, or of another path of the same file); nothing is read. */
  recorded(file: string, stats: FileStats): string | undefined {
    return this.recordedAt(this.relative(file), stats);
  }

  /** The digest recorded for the file at `rel` (relative to the root) when `stats` are those it was recorded with. */
  private recordedAt(rel: string, stats: FileStats): string | undefined {
    return this.known.digestOf(rel, stats);
  }

  /**
   * Records that `file`, an output file as `stats` describe it after the build's swap, holds content of `digest`;
   * the walk of the output in this pass takes it as is.
   */
  learn(file: string, stats: FileStats, digest: string): void {
    this.remember(this.relative(file), stats, digest, true);
    this.seen.set(file, digest);
  }

  /**
   * Records that `file` is still the file the table knew at its path, as `before` describes it: moved or linked
   * there again by the build with its content unchanged (linking and unlinking change a file's change time). Its
   * digest is carried over when the table's record matched `before` in every stat and `now` shows the same file;
   * false when not, and its digest must be taken otherwise.
   */
  carry(file: string, before: FileStats, now: FileStats): boolean {
    const rel = this.relative(file);
    const known = this.known.digestOf(rel, before);
    if (known === undefined || now.ino !== before.ino || now.size !== before.size || now.mtimeMs !== before.mtimeMs) return false;
    this.learn(file, now, known);
    return true;
  }

  /**
   * Every entry under `dir` in a stable order, by path relative to `dir` and content digest; "-" when the folder
   * does not exist. `skip` leaves out an entry (and all below it) by its path and name.
   */
  tree(dir: string, skip?: (file: string, name: string) => boolean, ours = false): string {
    if (!fs.existsSync(dir)) return "-";
    const top = path.resolve(dir);
    const parts: string[] = [];
    // Paths are recorded relative to the root: the folder's own once, not path.relative per file.
    const base = path.relative(this.root, dir);
    const walk = (rel: string) => {
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(rel ? joinUnder(top, rel) : top, { withFileTypes: true });
      } catch (error) {
        // A folder that cannot be read (EACCES) is stamped as such; the stage that reads it reports it.
        parts.push(`${rel}/ !${(error as NodeJS.ErrnoException).code}`);
        return;
      }
      for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
        const child = rel ? `${rel}/${entry.name}` : entry.name;
        const file = joinUnder(top, child);
        if (skip?.(file, entry.name)) continue;
        if (entry.isDirectory()) {
          parts.push(`${child}/`);
          walk(child);
        } else {
          // A plain file's digest is kept for the pass; a link's target may be any file, so it is not.
          const digest = entry.isFile() ? this.fileDigest(file, base ? joinUnder(base, child) : child, ours) : this.digest(file, ours);
          parts.push(`${child} ${digest}`);
        }
      }
    };
    walk("");
    return parts.join("\n");
  }

  /** A plain file's digest, found by a tree walk: `rel` its path relative to the root; an input's kept for the pass. */
  private fileDigest(file: string, rel: string, ours: boolean): string {
    const settled = ours ? this.seen.get(file) : undefined;
    if (settled !== undefined) return settled;
    let stats: fs.Stats | undefined;
    try {
      stats = fs.statSync(file, { throwIfNoEntry: false });
    } catch {
      // Gone or unreadable since the folder was read: no content, as digest() says.
    }
    const digest = stats?.isFile() ? this.digestOf(file, stats, ours, rel) : "-";
    // The output's files (ours) change during a build: only inputs are kept for the pass.
    if (!ours) {
      this.seen.set(file, digest);
      if (stats?.isFile()) this.walked.set(file, stats.nlink);
    }
    return digest;
  }

  /** How many names `file` had when a tree walk of this pass found it a plain file; undefined when none did. */
  linksSeen(file: string): number | undefined {
    return this.walked.get(file);
  }

  /** `file`'s path relative to the root: cut from the front when it lies under it (path.relative resolves both again). */
  private relative(file: string): string {
    return file.startsWith(this.under) ? file.slice(this.under.length) : path.relative(this.root, file);
  }

  /** Starts a pass (a build): what earlier tree walks found may have changed since. */
  newPass(): void {
    this.seen = new Map();
    this.walked = new Map();
  }

  /** Writes the table when it learnt something; a table that cannot be written only costs the next build some reading. */
  async save(): Promise<void> {
    this.newPass();
    if (!this.file || !this.changed) return;
    this.changed = false;
    const table: StoredTable = { format: FORMAT, ...this.known.stored() };
    await writeFileAtomic(this.file, v8.serialize(table)).catch(() => {});
  }

  private remember(rel: string, stats: FileStats, digest: string, ours: boolean): void {
    if (!ours && Date.now() - Math.max(stats.mtimeMs, stats.ctimeMs) < RACY_MS) {
      if (this.known.delete(rel)) this.changed = true;
      return;
    }
    // A file linked or kept as it was is learnt again as it is recorded: the table need not be written for it.
    if (this.known.has(rel, stats, digest)) return;
    this.known.set(rel, stats, digest);
    this.changed = true;
  }
}

const open = new Map<string, FileDigests>();

/** The table on disk: the i-th path's stats are stats[4i..4i+3] and its digest the i-th digest (NUL-separated: no path holds one). */
interface StoredTable {
  format: number;
  paths: string;
  digests: string;
  stats: Float64Array;
}

function read(file: string): KnownFiles {
  try {
    const data = v8.deserialize(fs.readFileSync(file)) as Partial<StoredTable> | null;
    if (data?.format !== FORMAT || typeof data.paths !== "string" || typeof data.digests !== "string" || !(data.stats instanceof Float64Array)) return new KnownFiles();
    const { stats } = data;
    const paths = data.paths === "" ? [] : data.paths.split("\0");
    const digests = data.digests === "" ? [] : data.digests.split("\0");
    if (digests.length !== paths.length || stats.length !== paths.length * 4) return new KnownFiles();
    return new KnownFiles(paths, stats, digests);
  } catch {
    return new KnownFiles(); // none yet, or torn: every file is read once
  }
}
