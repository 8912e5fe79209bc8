/**
 * Content stays inside the site. Every file the build reads from content (docs, sidebars, category files,
 * images, static files, the API snapshot) is resolved with realpath and must lie inside the site folder, or
 * inside the content folder when the config names one elsewhere. A docs pull request built in CI could
 * otherwise publish any file of the machine (an `.npmrc`, an SSH key) through a symbolic link, as a page,
 * in the search files or as an image. Links that stay inside the site keep working.
 *
 * A hard link cannot be told from the file it shares: a content file with more than one link is refused,
 * since its other name may lie outside (git never checks out hard links, so a checkout has none).
 */
import fs from "node:fs";
import path from "node:path";
import type { Diagnostics } from "../util/diagnostics.ts";
import { readInputFolder, specialFileMessage, specialKind } from "../util/inputPaths.ts";
import { joinUnder } from "../util/joinUnder.ts";

export type Leak =
  | { kind: "outside"; target: string }
  | { kind: "dangling"; target: string }
  | { kind: "loop" }
  | { kind: "hardlink"; links: number };

export type EntryKind = "file" | "dir";

export class SiteBoundary {
  /** Real paths of the folders content may come from. */
  private readonly roots: readonly string[];

  constructor(
    private readonly siteDir: string,
    /** The content folder: the only one images are published from (see links/docLinks.ts). */
    readonly contentDir: string,
    /**
     * How many names a plain file had when this build last stat'ed it (the up-to-date check's walk of the site,
     * FileDigests.linksSeen), so a listing does not stat it again; undefined for a file not looked at.
     */
    private readonly linksSeen: (file: string) => number | undefined = () => undefined,
  ) {
    const real = [...new Set([siteDir, contentDir].map(realOrResolved))];
    // A content folder inside the site folder adds nothing (and would only lengthen messages).
    this.roots = real.filter((dir) => !real.some((other) => other !== dir && isInside(dir, other)));
  }

  /** How `file` leaves the site, or undefined when it (after following every link) lies inside. */
  private leak(file: string): Leak | undefined {
    let real: string;
    try {
      real = fs.realpathSync.native(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ELOOP") return { kind: "loop" };
      if (code === "ENOENT" && fs.lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink()) return { kind: "dangling", target: linkTarget(file) };
      throw error;
    }
    if (!this.roots.some((root) => isInside(real, root))) return { kind: "outside", target: real };
    const stats = fs.statSync(real);
    if (stats.isFile() && stats.nlink > 1) return { kind: "hardlink", links: stats.nlink };
    return undefined;
  }

  /** The sentence naming `file` (shown as `shown`) and where it leads, for a leak. */
  private describe(file: string, shown: string, leak: Leak): string {
    const subject = fs.lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink() ? `${shown} is a symbolic link that` : `${shown} lies in a linked folder that`;
    switch (leak.kind) {
      case "outside":
        return `${subject} leads to ${leak.target}, outside the site folder ${this.roots.join(" and ")}; only files inside it are published: copy the file into the site or remove the link`;
      case "dangling":
        return `${subject} leads to ${leak.target}, which does not exist; fix or remove the link`;
      case "loop":
        return `${subject} loops back on itself; remove the link`;
      case "hardlink":
        return `${shown} has ${leak.links} hard links, and another name of the same file may lie outside the site; only plain files (or symbolic links inside the site) are published: replace it with a copy`;
    }
  }

  /**
   * True when `file` may be read; else records an error naming it and where it leads. Files and folders
   * that do not exist pass: the caller reports those its own way.
   */
  allows(file: string, diagnostics: Diagnostics, where: { file?: string; line?: number } = {}): boolean {
    if (!fs.lstatSync(file, { throwIfNoEntry: false })) return true;
    return this.passes(file, this.leak(file), diagnostics, where);
  }

  /** True without a leak; else records the error naming `file` and where it leads. */
  private passes(file: string, leak: Leak | undefined, diagnostics: Diagnostics, where: { file?: string; line?: number } = {}): boolean {
    if (!leak) return true;
    diagnostics.error("outside-site", this.describe(file, this.shown(file), leak), { file: where.file ?? this.shown(file), ...(where.line !== undefined && { line: where.line }) });
    return false;
  }

  /**
   * A folder entry seen through links: a file, a folder, or undefined for anything else and for links that
   * leave the site (reported elsewhere by `allows`, when the entry is read).
   */
  kindOf(entry: fs.Dirent, dir: string): EntryKind | undefined {
    if (entry.isFile()) return "file";
    if (entry.isDirectory()) return "dir";
    if (!entry.isSymbolicLink()) return undefined;
    const full = path.join(dir, entry.name);
    const leak = this.leak(full);
    if (leak) return leak.kind === "hardlink" ? "file" : undefined;
    const stats = fs.statSync(full);
    return stats.isDirectory() ? "dir" : stats.isFile() ? "file" : undefined;
  }

  /**
   * `allows` for a plain file (no link) listed in a folder whose real path is `realFolder`: when that folder lies
   * inside, the file's real path does too, so only its hard links are looked at (one stat, not three calls a file).
   */
  allowsListed(file: string, realFolder: string, diagnostics: Diagnostics): boolean {
    if (!this.roots.some((root) => isInside(realFolder, root))) return this.allows(file, diagnostics);
    let links = this.linksSeen(file);
    if (links === undefined) {
      const stats = fs.statSync(file, { throwIfNoEntry: false });
      links = stats?.isFile() ? stats.nlink : 1;
    }
    return this.passes(file, links > 1 ? { kind: "hardlink", links } : undefined, diagnostics);
  }

  /** Whether `file` (after following every link) lies inside the content folder. */
  inContent(file: string): boolean {
    return isInside(realOrResolved(file), realOrResolved(this.contentDir));
  }

  /** Path relative to the site folder, as diagnostics show files. */
  shown(file: string): string {
    return path.relative(this.siteDir, file) || ".";
  }
}

/**
 * The boundary of a site: its folder and its content folder (which the config may place elsewhere); `linksSeen`,
 * what this build's walk of the site found of its plain files' hard links (see SiteBoundary).
 */
export function siteBoundary(config: { siteDir: string; contentDir: string }, linksSeen?: (file: string) => number | undefined): SiteBoundary {
  return new SiteBoundary(config.siteDir, path.resolve(config.siteDir, config.contentDir), linksSeen);
}

/**
 * Every file under `dir` (whose name `only` accepts) as paths relative to it, through links that stay inside
 * the site. Anything that leaves it is reported and left out: every link that does, whatever its name, and
 * every listed file with hard links. A folder reached twice through links is walked once.
 */
export function listFilesInside(dir: string, boundary: SiteBoundary, diagnostics: Diagnostics, filter: { skip?: (name: string) => boolean; only?: RegExp } = {}): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const walk = (rel: string): void => {
    const folder = path.join(dir, rel);
    const real = realOrResolved(folder);
    if (seen.has(real)) return;
    seen.add(real);
    for (const entry of readInputFolder(folder, boundary.shown(folder), diagnostics).sort((a, b) => a.name.localeCompare(b.name))) {
      if (filter.skip?.(entry.name)) continue;
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      const full = joinUnder(dir, relPath);
      const link = entry.isSymbolicLink();
      if (link && !boundary.allows(full, diagnostics)) continue;
      const kind = boundary.kindOf(entry, folder);
      // A FIFO, socket or device that would be listed is an error at its path, never opened.
      const special = kind === undefined && (!filter.only || filter.only.test(entry.name)) && specialKind(link ? fs.statSync(full) : entry);
      if (special) diagnostics.error("special-file", specialFileMessage(special), { file: boundary.shown(full) });
      if (kind === "dir") walk(relPath);
      else if (kind === "file" && (!filter.only || filter.only.test(entry.name)) && (link || boundary.allowsListed(full, real, diagnostics))) files.push(relPath);
    }
  };
  walk("");
  return files;
}

/** The real path of `dir` when it exists, else the path resolved as written. */
export function realOrResolved(dir: string): string {
  try {
    return fs.realpathSync.native(dir);
  } catch {
    return path.resolve(dir);
  }
}

function linkTarget(file: string): string {
  return path.resolve(path.dirname(file), fs.readlinkSync(file));
}

/** Whether `file` is `root` or lies under it (paths compared as given: resolve links first where they matter). */
export function isInside(file: string, root: string): boolean {
  const rel = path.relative(root, file);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}
