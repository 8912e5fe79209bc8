/**
 * Where a site's API comes from: the viewer checkout a build reads (chosen by --viewer, CARTA_FRONTEND_DIR or
 * the config) and the API stage's options. Light to import: `carta-docs version` and a build that finds
 * nothing changed (upToDate.ts) use it without loading the stages.
 */
import fs from "node:fs";
import path from "node:path";
import { CHOSEN_BY } from "../api/sources.ts";
import { CartaDocsError, type Diagnostics } from "../util/diagnostics.ts";
import type { ResolvedConfig } from "../config/load.ts";
import type { ApiStageOptions } from "../api/index.ts";
import { PACKAGE_ROOT } from "../util/packageRoot.ts";
import { siteCacheDir } from "../util/siteCache.ts";
import { gitOrUndefined } from "../api/git.ts";
import type { FileDigests } from "../util/fileDigests.ts";
import { notInput } from "../util/inputPaths.ts";

/** The sample code base documented when there is no viewer checkout. */
export const SAMPLE_VIEWER = path.join(PACKAGE_ROOT, "examples", "viewer");

/**
 * The viewer checkout as a build reads it, by content: every file's digest (the table's, so a file looked at in
 * this pass is not read again) and its git refs.
 */
export async function viewerState(dir: string, digests: FileDigests): Promise<string> {
  return `${digests.tree(dir, (_file, name) => notInput(name))}\0${(await gitOrUndefined(dir, ["show-ref", "--head"])) ?? ""}`;
}

/** A config with an API reference. */
export type ApiSiteConfig = ResolvedConfig & { api: NonNullable<ResolvedConfig["api"]> };

/**
 * Where the viewer checkout is and which setting chose it: --viewer, else CARTA_FRONTEND_DIR, else the config.
 * A path that exists must be a code base's folder (checked before anything walks it, see viewerProblem).
 */
export function resolveViewer(config: ApiSiteConfig, flag: string | undefined): ApiStageOptions["viewer"] {
  const viewer: ApiStageOptions["viewer"] = flag
    ? { dir: path.resolve(flag), from: "flag" }
    : process.env.CARTA_FRONTEND_DIR
      ? { dir: path.resolve(process.env.CARTA_FRONTEND_DIR), from: "env" }
      : { dir: path.resolve(config.siteDir, config.api.viewerDir), from: "config" };
  const problem = viewerProblem(viewer.dir, config.api.tsconfig);
  if (problem) {
    const message = `the viewer folder ${viewer.dir} (from ${CHOSEN_BY[viewer.from]}) ${problem}; point it at a carta-frontend checkout`;
    throw new CartaDocsError(message, [{ severity: "error", code: "api-source", message, file: viewer.dir }]);
  }
  return viewer;
}

/**
 * Why an existing `dir` cannot be a viewer checkout, or undefined (an absent one is reported by the API stage,
 * or stands for the sample). The build stamps and walks the checkout: a file would fail there, and the file
 * system's root (or any large folder) would be walked whole.
 */
function viewerProblem(dir: string, tsconfig: string): string | undefined {
  const stats = fs.statSync(dir, { throwIfNoEntry: false });
  if (!stats) return undefined;
  if (!stats.isDirectory()) return "is a file, not a folder";
  if (path.parse(dir).root === dir) return "is the root of the file system";
  const marks = ["package.json", tsconfig];
  if (!marks.some((name) => fs.existsSync(path.join(dir, name)))) return `holds neither ${marks.join(" nor ")}, so it is no TypeScript code base`;
  return undefined;
}

/** The folder of the code a build documents: the viewer checkout, or the sample code base when there is none. */
export function viewerFolder(config: ApiSiteConfig, flag: string | undefined): { dir: string; sample: boolean } {
  const { dir } = resolveViewer(config, flag);
  return fs.existsSync(dir) ? { dir, sample: false } : { dir: SAMPLE_VIEWER, sample: true };
}

/** Options of the API stage for `versions` (names as the API uses them: "next", "5.0.0"). */
export function apiStageOptions(
  config: ApiSiteConfig,
  viewer: ApiStageOptions["viewer"],
  versions: ApiStageOptions["versions"],
  diagnostics: Diagnostics,
  log: (line: string) => void,
  conversionThreads = 1,
): ApiStageOptions {
  return {
    siteDir: config.siteDir,
    contentDir: path.resolve(config.siteDir, config.contentDir),
    cacheDir: siteCacheDir(config.siteDir),
    versions,
    viewer,
    exampleDir: SAMPLE_VIEWER,
    api: config.api,
    log,
    diagnostics,
    conversionThreads,
  };
}
