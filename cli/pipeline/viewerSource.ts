/**
 * Where a site's API comes from: the viewer checkout a build reads (chosen by --viewer, CARTA_FRONTEND_DIR or
 * the config) and the API stage's options. Light to import: `carta-docs version` and a build that finds
 * nothing changed (upToDate.ts) use it without loading the stages.
 */
import fs from "node:fs";
import path from "node:path";
import type { ResolvedConfig } from "../config/load.ts";
import type { Diagnostics } from "../util/diagnostics.ts";
import type { ApiStageOptions } from "../api/index.ts";
import { PACKAGE_ROOT } from "../util/packageRoot.ts";

/** The sample code base documented when there is no viewer checkout. */
export const SAMPLE_VIEWER = path.join(PACKAGE_ROOT, "examples", "viewer");

/** A config with an API reference. */
export type ApiSiteConfig = ResolvedConfig & { api: NonNullable<ResolvedConfig["api"]> };

/** Where the viewer checkout is and which setting chose it: --viewer, else CARTA_FRONTEND_DIR, else the config. */
export function resolveViewer(config: ApiSiteConfig, flag: string | undefined): ApiStageOptions["viewer"] {
  if (flag) return { dir: path.resolve(flag), from: "flag" };
  if (process.env.CARTA_FRONTEND_DIR) return { dir: path.resolve(process.env.CARTA_FRONTEND_DIR), from: "env" };
  return { dir: path.resolve(config.siteDir, config.api.viewerDir), from: "config" };
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
    cacheDir: path.join(config.siteDir, ".carta-docs-cache"),
    versions,
    viewer,
    exampleDir: SAMPLE_VIEWER,
    api: config.api,
    log,
    diagnostics,
    conversionThreads,
  };
}
