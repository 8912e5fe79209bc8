/**
 * Writes the site into a temporary sibling folder and swaps it into place only when complete, so a
 * failed or killed build leaves the previous output as it was. Leftovers of a killed build are
 * cleaned up (or, if it died mid-swap, the previous output restored) on the next run.
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { CartaDocsError, InternalError } from "../util/diagnostics.ts";
import { contentDigest } from "../util/fileDigests.ts";
import { joinUnder } from "../util/joinUnder.ts";
import { eachLimit } from "../util/eachLimit.ts";
import { removeTree } from "../util/removeTree.ts";
import { writeOnThread, writerBehind } from "./writerThread.ts";
import { writeFailureReason } from "../util/siteCache.ts";
import { inPlaceFolder, mustUpdateInPlace, removeInPlaceLeftovers, swapEntries } from "./inPlace.ts";
import { OUTPUT_MARKER, OUTPUT_MARKER_TEXT } from "./outputFolder.ts";
import { insideOutput } from "./outputGate.ts";
import { keepAsSpare, removeStrays, takeSpare, type SpareNames } from "./spareOutput.ts";

export type OutputFiles = Map<string, string | Buffer>;

/** content/static: its files (relative paths, already checked to lie inside the site), copied as they are. */
export interface StaticFiles {
  dir: string;
  files: readonly string[];
}

/**
 * Copies one static file, through links (checked beforehand): the output holds no links, so neither a
 * static host nor an archive of the output can follow one out of it. `overwrite` false leaves an existing file.
 */
export function copyStaticFile(statics: StaticFiles, rel: string, outDir: string, overwrite: boolean): void {
  const target = insideOutput(outDir, rel, true);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // A generated file there may be a hard link to an earlier build's (see linkUnchanged): copying onto it would change that one too.
  if (overwrite) fs.rmSync(target, { force: true });
  try {
    fs.copyFileSync(path.join(statics.dir, rel), target, overwrite ? 0 : fs.constants.COPYFILE_EXCL);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

/** What a folder beside `dir` is for: being written (tmp), or the one it replaced until that is removed (old). */
type SiblingKind = "tmp" | "old";

/** The name of a folder beside `dir` (`.build.tmp-<stamp>`), which `siblings` finds again after a killed build. */
function siblingOf(dir: string, kind: SiblingKind, stamp: string): string {
  return path.join(path.dirname(dir), `.${path.basename(dir)}.${kind}-${stamp}`);
}

function siblings(dir: string, kind: SiblingKind): string[] {
  const parent = path.dirname(dir);
  if (!fs.existsSync(parent)) return [];
  const prefix = path.basename(siblingOf(dir, kind, ""));
  return fs
    .readdirSync(parent)
    .filter((name) => name.startsWith(prefix))
    .map((name) => path.join(parent, name));
}

/** Removes temporary folders of earlier builds; restores the output if a swap was interrupted. */
export function recoverOutput(outDir: string): void {
  const old = siblings(outDir, "old");
  if (!fs.existsSync(outDir) && old.length > 0) {
    const newest = old.sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0]!;
    fs.renameSync(newest, outDir);
  }
  for (const dir of [...siblings(outDir, "tmp"), ...siblings(outDir, "old")]) {
    if (fs.existsSync(dir)) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Output path of a route: "/base/docs/next" → "docs/next.html", "/base/" → "index.html". */
export function fileOfRoute(route: string, baseUrl: string): string {
  const rel = route.startsWith(baseUrl) ? route.slice(baseUrl.length) : route.replace(/^\//, "");
  return rel === "" || route === baseUrl.replace(/\/$/, "") ? "index.html" : `${rel}.html`;
}

/**
 * A failure to write the output (a full disk, a read-only folder) as an error of the build that says what
 * happened and that the previous output is unchanged; other errors are returned as they are.
 */
export function outputFailure(error: unknown, outDir: string): unknown {
  // A write that failed while a page was rendered arrives wrapped, naming the page.
  const failure = (error instanceof InternalError ? error.cause : error) as NodeJS.ErrnoException | undefined;
  const reason = writeFailureReason(failure);
  if (!failure || !reason) return error;
  const { code } = failure;
  const where = failure.path;
  const shown = path.relative(process.cwd(), outDir) || outDir;
  const message = `could not write the output: ${reason} (${code}${where ? ` at ${where}` : ""}); the previous output in ${shown} was left as it was`;
  return new CartaDocsError(message, [{ severity: "error", code: "output", message, file: shown }]);
}

/** Files written at once: enough to keep libuv's threads busy with small files. */
const PARALLEL_WRITES = 32;

/** Where a build writes: its staging folder, beside the output folder it will replace. */
export interface StagingFolders {
  dir: string;
  outDir: string;
  /**
   * The staging folder was made from the spare (spareOutput.ts): a file may be there already, maybe a hard link
   * to the live output's, so every file is placed as a new inode or is found to be the file it should be.
   */
  reused?: boolean;
  /**
   * There was no output folder when the build began (a first build, or every build so far had errors): no file is
   * looked for there to link (a failed open per page and twin was ~0.2 s of a cold build of the real viewer's site).
   */
  noPrevious?: boolean;
  /**
   * A build store records the files written (size and content digest): each staged file's digest is taken from its
   * bytes as it is written (writeStagedFile), so the store's save does not read every file back (at 10,000 docs,
   * 28,000 files and 760 MB read and hashed after a cold build), and render threads take it beside their pages.
   */
  digests?: boolean;
}

/**
 * Clears the way for a new file at `file` in a staging folder made from the spare: what is there may be a hard
 * link to a file of the live output, which writing into would change (or a folder the spare had).
 */
function makeWay(file: string): void {
  try {
    fs.unlinkSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return;
    if (code !== "EISDIR" && code !== "EPERM") throw error;
    removeTree(file);
  }
}

/** Makes `folder` of staging folder `root`; in one made from the spare, a file standing where a folder is needed goes first. */
function makeFolder(root: string, folder: string, reused: boolean | undefined): void {
  try {
    fs.mkdirSync(folder, { recursive: true });
  } catch (error) {
    if (!reused) throw error;
    let at = root;
    for (const name of path.relative(root, folder).split(path.sep)) {
      at = path.join(at, name);
      const stats = fs.lstatSync(at, { throwIfNoEntry: false });
      if (!stats) break;
      if (!stats.isDirectory()) {
        fs.unlinkSync(at);
        break;
      }
    }
    fs.mkdirSync(folder, { recursive: true });
  }
}

/** Folders made in the staging folder being written (one at a time per thread), so each is made once. */
let made = { staging: "", folders: new Set<string>() };

/** The path of `rel` in the staging folder, proven inside it, its folder made (once per folder). */
function stagedPath(staging: StagingFolders, rel: string): string {
  if (made.staging !== staging.dir) made = { staging: staging.dir, folders: new Set() };
  const file = insideOutput(staging.dir, rel);
  const folder = path.dirname(file);
  if (!made.folders.has(folder)) {
    makeFolder(staging.dir, folder, staging.reused);
    made.folders.add(folder);
  }
  return file;
}

/** Files of a staging folder still being written by this thread (see writeStagedFile), and the first failure. */
interface WritesInFlight {
  count: number;
  /** Files begun since the folder's first, written or not. */
  begun: number;
  failure?: unknown;
  settled: (() => void)[];
}

const inFlight = new Map<string, WritesInFlight>();

/** Files of a staging folder written through libuv's threads before the writer thread takes the rest: an edit's few do not start it (some 30 ms of CPU). */
const BEFORE_WRITER_THREAD = 64;

/**
 * Writes one file of a staging folder, making its folder first (render threads write pages so). A file
 * whose bytes equal the same file of the previous output is linked to it instead: a rebuild with little
 * changed then writes almost nothing (on this 2-core VM, writing the large site's 355 MB of pages again
 * was up to a fifth of a warm build, with the disk still busy with the previous one). The previous output
 * is removed after the swap (or kept as the spare), and nothing writes into a file in place, so the shared file
 * cannot change.
 *
 * A new file is written in the background while rendering goes on: creating a file took 0.3-0.8 ms of this
 * thread's time on this VM's disk, a third of rendering the real viewer's 2,900 pages and twins. A folder's first
 * files go through fs.writeFile (libuv's threads: three jobs a file, each calling back into this thread), the rest
 * of a build that writes many to a thread of its own (writerThread.ts), except while that thread is behind.
 * `stagedWritesDone` waits for them. Returns the digest of the file's content when the staging folder asks for
 * them (`digests`).
 */
export function writeStagedFile(staging: StagingFolders, rel: string, content: string | Buffer): string | undefined {
  const file = stagedPath(staging, rel);
  const buffer = typeof content === "string" ? Buffer.from(content) : content;
  const digest = staging.digests ? contentDigest(buffer) : undefined;
  const bytes = bytesUnlessLinked(staging, rel, buffer);
  if (!bytes) return digest;
  if (staging.reused) makeWay(file);
  const writes = inFlight.get(staging.dir) ?? { count: 0, begun: 0, settled: [] };
  inFlight.set(staging.dir, writes);
  writes.count++;
  const write = ++writes.begun <= BEFORE_WRITER_THREAD || writerBehind() ? fs.writeFile : writeOnThread;
  write(file, bytes, (error) => {
    if (error && writes.failure === undefined) writes.failure = error;
    if (--writes.count === 0) for (const settle of writes.settled.splice(0)) settle();
  });
  return digest;
}

/**
 * Settles when every file this thread began writing into staging folder `dir` is written; rejects with the first
 * failure. `more`: this thread writes more files there afterwards (a render thread waits after each chunk), so the
 * count of files begun is kept, and a failure is reported once.
 */
export async function stagedWritesDone(dir: string, more = false): Promise<void> {
  const writes = inFlight.get(dir);
  if (!writes) return;
  if (writes.count > 0) await new Promise<void>((resolve) => writes.settled.push(resolve));
  if (!more) inFlight.delete(dir);
  const { failure } = writes;
  writes.failure = undefined;
  if (failure !== undefined) throw failure;
}

/**
 * Links the staged file `rel` to the previous output's when that holds the same bytes; else the bytes to write.
 * `linked` gets the stats the previous file had when it was found the same.
 */
function bytesUnlessLinked(staging: StagingFolders, rel: string, content: string | Buffer, linked?: Map<string, fs.Stats>): Buffer | undefined {
  const bytes = typeof content === "string" ? Buffer.from(content) : content;
  const previous = staging.noPrevious ? undefined : linkUnchanged(path.join(staging.outDir, rel), path.join(staging.dir, rel), bytes, staging.reused);
  if (!previous) return bytes;
  linked?.set(rel, previous);
  return undefined;
}

/** What a build store records of a file it wrote, to know it again wherever the folder is: size and content digest. */
export type FileRecord = [size: number, digest: string];

/** How a build store knows a file it recorded: by its content, or (`isRecorded`) by its stats alone. */
export interface RecordedFiles {
  /** The stats of `file` when it holds what the store recorded for it. */
  holds: (file: string) => fs.Stats | undefined;
  /** Whether `staged` is, by its stats, the file recorded at `file`, unchanged since (nothing is read). */
  isRecorded: (file: string, staged: string) => boolean;
}

/**
 * Links the staged file `rel` to the one of folder `from` (the previous output, or the pages a failed build kept)
 * when that still holds what a build store recorded (a page kept, written by an earlier build and not changed
 * since); false when it does not, or linking fails (a file system without hard links: the page renders again). In a
 * staging folder made from the spare, a staged file that is the recorded one by its stats needs nothing: the
 * previous output's is not even looked at (at 10,000 docs, 28,000 files of an edit's build).
 */
export function linkRecordedFile(from: string, staging: StagingFolders, rel: string, recorded: RecordedFiles): boolean {
  const previous = joinUnder(from, rel);
  const file = stagedPath(staging, rel);
  if (staging.reused && recorded.isRecorded(previous, file)) return true;
  const stats = recorded.holds(previous);
  return stats !== undefined && placeLink(previous, file, stats, staging.reused);
}

/**
 * Puts `previous` (of stats `stats`) at `file` as a hard link. In a staging folder made from the spare, a file
 * that is `previous` already (the same inode) needs nothing, and another is removed first. False when linking fails.
 */
function placeLink(previous: string, file: string, stats: fs.Stats, reused: boolean | undefined): boolean {
  if (reused) {
    const there = fs.lstatSync(file, { throwIfNoEntry: false });
    if (there && there.ino === stats.ino && there.dev === stats.dev) return true;
    if (there) makeWay(file);
  }
  try {
    fs.linkSync(previous, file);
    return true;
  } catch {
    return false;
  }
}

/** Where previous files are read for comparing, reused: a fresh buffer per page weighed on the build. */
let scratch = Buffer.alloc(64 * 1024);

/** The stats of the file open as `fd` when it holds exactly `bytes`. */
function holds(fd: number, bytes: Buffer): fs.Stats | undefined {
  const stats = fs.fstatSync(fd);
  const { size } = stats;
  if (size !== bytes.length) return undefined;
  if (scratch.length < size + 1) scratch = Buffer.alloc(size + 1);
  // One byte more than expected is asked for, so a file that grew since fstat shows.
  return fs.readSync(fd, scratch, 0, size + 1, 0) === size && scratch.subarray(0, size).equals(bytes) ? stats : undefined;
}

/**
 * Links `file` to `previous` when that is a regular file holding `bytes`, and gives its stats as they were then;
 * undefined when it is not, or linking fails.
 */
function linkUnchanged(previous: string, file: string, bytes: Buffer, reused: boolean | undefined): fs.Stats | undefined {
  let fd: number;
  try {
    fd = fs.openSync(previous, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  let stats: fs.Stats | undefined;
  try {
    stats = holds(fd, bytes);
    if (!stats) return undefined;
  } finally {
    fs.closeSync(fd);
  }
  return placeLink(previous, file, stats, reused) ? stats : undefined; // a file system without hard links: write it
}

/** What OutputStaging.finish is told besides the files. */
export interface FinishOptions {
  /** Gets each file of `files` linked to the previous output's, with the stats that one had when it was found the same. */
  linked?: Map<string, fs.Stats>;
  /** Files already in the staging folder (pages written as they rendered, files linked from before): the build's too. */
  staged?: Iterable<string>;
  /** Keep the replaced output as the spare (see spareOutput.ts), when the staging folder was opened with one. */
  keepSpare?: boolean;
}

/**
 * An output folder being written beside the real one (`.build.tmp-*`): swapped into place when complete,
 * removed when the build fails. Pages may be written into `dir` while they render; the rest comes with
 * `finish`.
 */
export class OutputStaging implements StagingFolders {
  /** Made from the spare (see StagingFolders). */
  readonly reused: boolean;
  /** No output folder to compare with (see StagingFolders). */
  readonly noPrevious: boolean;
  private constructor(
    readonly outDir: string,
    readonly dir: string,
    private readonly stamp: string,
    /** Staged inside the output, whose entries are swapped one by one (see inPlace.ts). */
    private readonly inPlace: boolean,
    /** Where the spare of this output is kept (spareOutput.ts); none for a build that keeps none. */
    private readonly spare: string | undefined,
    /** What the folder held when it was taken from the spare. */
    private readonly held: SpareNames | undefined,
  ) {
    this.reused = held !== undefined;
    this.noPrevious = !fs.existsSync(outDir);
  }

  /**
   * A staging folder for `outDir`: with `spare` (an incremental build's), made from the spare kept there when there
   * is one (see spareOutput.ts), else empty. A folder updated in place keeps no spare.
   */
  static open(outDir: string, spare?: string): OutputStaging {
    recoverOutput(outDir);
    removeInPlaceLeftovers(outDir);
    const parent = path.dirname(outDir);
    fs.mkdirSync(parent, { recursive: true });
    const stamp = `${process.pid}-${Date.now().toString(36)}`;
    const inPlace = mustUpdateInPlace(outDir);
    const dir = inPlace ? inPlaceFolder(outDir, "staging", stamp) : siblingOf(outDir, "tmp", stamp);
    const kept = inPlace ? undefined : spare;
    const held = kept === undefined ? undefined : takeSpare(kept, dir);
    if (!held) fs.mkdirSync(dir);
    return new OutputStaging(outDir, dir, stamp, inPlace, kept, held);
  }

  /**
   * Writes `files` (many at a time: one after another, each waits for its own open, write and close; a
   * file unchanged since the previous output is linked to it, see writeStagedFile), then content/static, whose
   * files replace generated ones of the same path (see completeTwins), and the output marker (see
   * outputFolder.ts), then swaps the folder into place. Every path is proven inside the folder before the first
   * is written. A folder made from the spare loses, before the swap, what the spare held that this build did not
   * produce: `files`, the statics, the marker and `staged`.
   * On failure the staging folder is removed and the previous output stays. The replaced output is removed, or
   * kept as the spare with `keepSpare` (an incremental build's, which shares most files with it).
   */
  async finish(files: OutputFiles, statics?: StaticFiles, options: FinishOptions = {}): Promise<void> {
    const { linked, staged = [], keepSpare = false } = options;
    try {
      await stagedWritesDone(this.dir);
      const entries = [...files, [OUTPUT_MARKER, OUTPUT_MARKER_TEXT] as const].map(([rel, content]) => ({ rel, content, file: insideOutput(this.dir, rel) }));
      for (const dir of new Set(entries.map(({ file }) => path.dirname(file)))) makeFolder(this.dir, dir, this.reused);
      await eachLimit(entries, PARALLEL_WRITES, async ({ rel, content, file }) => {
        const bytes = bytesUnlessLinked(this, rel, content, linked);
        if (!bytes) return;
        if (this.reused) makeWay(file);
        await fsp.writeFile(file, bytes);
      });
      // The author's static files win over generated ones of the same path (a page or twin written as it rendered).
      for (const rel of statics?.files ?? []) {
        if (this.reused) {
          const target = insideOutput(this.dir, rel);
          makeFolder(this.dir, path.dirname(target), true);
          makeWay(target);
        }
        copyStaticFile(statics!, rel, this.dir, true);
      }
      if (this.held) removeStrays(this.dir, this.held, new Set([...files.keys(), OUTPUT_MARKER, ...(statics?.files ?? []), ...staged]));
    } catch (error) {
      await this.discard();
      throw error;
    }
    if (this.inPlace) return swapEntries(this.dir, this.outDir, inPlaceFolder(this.outDir, "old", this.stamp));
    const old = siblingOf(this.outDir, "old", this.stamp);
    const hadOutput = fs.existsSync(this.outDir);
    if (hadOutput) fs.renameSync(this.outDir, old);
    fs.renameSync(this.dir, this.outDir);
    if (!hadOutput) return;
    if (keepSpare && this.spare !== undefined) keepAsSpare(old, this.spare);
    else removeTree(old);
  }

  /**
   * Moves the folder, once every file being written into it is, to `dir` in place of what is there: a build
   * with errors keeps the pages it wrote for the next build to link (see BuildStore). False, and the folder
   * removed, when a write failed (a page may be cut short) or it cannot be moved (`dir` on another file system).
   */
  async keepAt(dir: string): Promise<boolean> {
    const old = siblingOf(dir, "old", this.stamp);
    try {
      await stagedWritesDone(this.dir);
      fs.mkdirSync(path.dirname(dir), { recursive: true });
      // What a build killed between the two renames below left.
      for (const leftover of siblings(dir, "old")) fs.rmSync(leftover, { recursive: true, force: true });
      if (fs.existsSync(dir)) fs.renameSync(dir, old);
      fs.renameSync(this.dir, dir);
      return true;
    } catch {
      await this.discard();
      return false;
    } finally {
      removeTree(old);
    }
  }

  /** Removes the folder once the files being written into it are (what failed to be written does not matter now). */
  async discard(): Promise<void> {
    await stagedWritesDone(this.dir).catch(() => {});
    removeTree(this.dir);
  }
}

/** Writes a whole output folder and swaps it into place (see OutputStaging). */
export async function writeOutput(outDir: string, files: OutputFiles, statics?: StaticFiles): Promise<void> {
  await OutputStaging.open(outDir).finish(files, statics);
}

function sameContent(a: string | Buffer, b: string | Buffer | undefined): boolean {
  if (a === b) return true; // the usual case: a result reused from the previous build
  if (b === undefined || (typeof a === "string" && typeof b === "string")) return false;
  return Buffer.from(a).equals(Buffer.from(b));
}

/**
 * Brings an output folder written from `previous` up to `files` in place: writes only the files whose
 * content differs and removes those that are gone (watch mode, where a full swap per edit would be too
 * slow). Each file is replaced by a rename, so a reader sees its old or its new content, never a part.
 * Returns the paths written or removed.
 */
export function updateOutput(outDir: string, files: OutputFiles, previous: OutputFiles): string[] {
  const touched: string[] = [];
  for (const [rel, content] of files) {
    if (sameContent(content, previous.get(rel))) continue;
    const file = insideOutput(outDir, rel, true);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.tmp-${process.pid}`;
    try {
      fs.writeFileSync(tmp, content);
      fs.renameSync(tmp, file);
    } catch (error) {
      fs.rmSync(tmp, { force: true }); // a full disk is not left fuller by half a file
      throw error;
    }
    touched.push(rel);
  }
  for (const rel of previous.keys()) {
    if (files.has(rel)) continue;
    fs.rmSync(insideOutput(outDir, rel, true), { force: true });
    touched.push(rel);
  }
  return touched;
}
