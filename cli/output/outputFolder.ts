/**
 * The folder a build writes is replaced whole (see writeOutput.ts), so it must be one the build owns, like the
 * guards bundlers have before emptying theirs. Refused, before anything is touched: the site folder itself,
 * a folder holding the config, the content or the templates (any ancestor of them), a folder inside the
 * content or the templates, a file, and an existing folder with files no build wrote. Every output carries
 * OUTPUT_MARKER, so the next build knows the folder as its own; an output of a build from before the marker
 * is known by its `.nojekyll` and a home page carta-docs generated.
 */
import fs from "node:fs";
import path from "node:path";
import { isInside, realOrResolved } from "../content/insideSite.ts";
import { CartaDocsError } from "../util/diagnostics.ts";

/** Written into every output folder: the proof that a folder may be replaced. */
export const OUTPUT_MARKER = ".carta-docs-output";
export const OUTPUT_MARKER_TEXT = "This folder is written by carta-docs: every build replaces all of it, so keep no files of your own here.\n";

/** What an output folder must never hold or lie in. */
export interface SiteFolders {
  siteDir: string;
  configFile: string;
  contentDir: string;
  templatesDir?: string | undefined;
}

/** The folders of a resolved config, as absolute paths. */
export function siteFoldersOf(config: { siteDir: string; configFile: string; contentDir: string; templatesDir?: string | undefined }): SiteFolders {
  return {
    siteDir: config.siteDir,
    configFile: config.configFile,
    contentDir: path.resolve(config.siteDir, config.contentDir),
    ...(config.templatesDir !== undefined && { templatesDir: path.resolve(config.siteDir, config.templatesDir) }),
  };
}

/** The real path of `file`, through the links of the part that exists (a new output folder does not yet). */
function realPath(file: string): string {
  let existing = path.resolve(file);
  const rest: string[] = [];
  while (!fs.existsSync(existing) && path.dirname(existing) !== existing) {
    rest.unshift(path.basename(existing));
    existing = path.dirname(existing);
  }
  return path.join(realOrResolved(existing), ...rest);
}

/** Whether an existing folder holds only what a carta-docs build wrote (or nothing at all). */
function isOwnOutput(dir: string): boolean {
  const names = fs.readdirSync(dir);
  if (names.length === 0 || names.includes(OUTPUT_MARKER)) return true;
  if (!names.includes(".nojekyll") || !names.includes("index.html")) return false;
  const head = Buffer.alloc(4096);
  const fd = fs.openSync(path.join(dir, "index.html"), "r");
  try {
    const read = fs.readSync(fd, head, 0, head.length, 0);
    return head.subarray(0, read).toString("utf8").includes('<meta name="generator" content="carta-docs ');
  } finally {
    fs.closeSync(fd);
  }
}

/** Why `outDir` may not be written, or undefined when it may. */
function outputFolderProblem(outDir: string, site: SiteFolders, shown: (file: string) => string): string | undefined {
  const out = realPath(outDir);
  const siteDir = realPath(site.siteDir);
  const kept = [
    { what: "the site's config", dir: realPath(site.configFile) },
    { what: "the content folder", dir: realPath(site.contentDir) },
    ...(site.templatesDir ? [{ what: "the templates folder", dir: realPath(site.templatesDir) }] : []),
  ];
  const replaced = "a build replaces its output folder whole";
  if (out === siteDir) return `is the site folder itself; ${replaced}, which would delete ${shown(site.configFile)} and the content`;
  const held = kept.find(({ dir }) => isInside(dir, out));
  if (held) return `${held.dir === out ? "is" : "holds"} ${held.what} (${shown(held.dir)}); ${replaced}, which would delete it`;
  const within = kept.find(({ dir }) => dir !== kept[0]!.dir && isInside(out, dir));
  if (within) return `lies inside ${within.what} (${shown(within.dir)}); the output would be read back as a source of the site and overwrite it`;
  const stats = fs.statSync(out, { throwIfNoEntry: false });
  if (!stats) return undefined;
  if (!stats.isDirectory()) return "is a file, not a folder";
  if (!isOwnOutput(out)) {
    const names = fs.readdirSync(out).sort();
    const listed = `${names.slice(0, 3).join(", ")}${names.length > 3 ? `, and ${names.length - 3} more` : ""}`;
    return `already holds files no carta-docs build wrote (${listed}, without ${OUTPUT_MARKER}); ${replaced}, which would delete them`;
  }
  return undefined;
}

/**
 * Refuses an output folder that a build must not replace (see the top of this file), with an error that says
 * what was refused, why and what is valid; nothing is touched. `option` names where the folder was given.
 */
export function checkOutputFolder(outDir: string, site: SiteFolders, option = "--out"): void {
  const shown = (file: string) => path.relative(process.cwd(), file) || ".";
  const problem = outputFolderProblem(outDir, site, shown);
  if (!problem) return;
  const message = `refused to write the output into ${option} ${shown(outDir)}: it ${problem}. Pass a folder of its own: a new or empty one, or one an earlier build wrote (such as build, the default)`;
  throw new CartaDocsError(message, [{ severity: "error", code: "output-folder", message, file: shown(outDir) }]);
}

/**
 * The folder the output path `outDir` names: a symbolic link's target (the usual `build -> /var/www/site`), which
 * the build writes, keeping the link, after the same checks as any output folder. A link to nothing is refused.
 */
export function outputTarget(outDir: string, option = "--out"): string {
  if (!fs.lstatSync(outDir, { throwIfNoEntry: false })?.isSymbolicLink()) return outDir;
  try {
    return fs.realpathSync.native(outDir);
  } catch {
    const shown = path.relative(process.cwd(), outDir) || ".";
    const message = `refused to write the output into ${option} ${shown}: it is a symbolic link to ${path.resolve(path.dirname(outDir), fs.readlinkSync(outDir))}, which does not exist (or loops); create that folder or remove the link`;
    throw new CartaDocsError(message, [{ severity: "error", code: "output-folder", message, file: shown }]);
  }
}
