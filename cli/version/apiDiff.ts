/**
 * `carta-docs api-diff <from> <to>` and `apiDiff()`: what changed in the API between two docs versions of a
 * site, for release scripts, with the tutorial lines each removal or rename breaks, as the changes pages show them.
 * The two versions' models come from the API stage as a build gets them (snapshot, git tag or working tree, through
 * TypeDoc's cache), and their snippets' uses from the snippet check (its results on disk when the snippets did not
 * change since the last build); nothing else of the site is built.
 */
import path from "node:path";
import { countChanges, diffApi, type ApiDiff, type ApiDiffCounts } from "../api/diff.ts";
import { loadConfig } from "../config/load.ts";
import { siteBoundary } from "../content/insideSite.ts";
import { loadVersions, type DocsVersion } from "../content/versions.ts";
import { CartaDocsError } from "../util/diagnostics.ts";
import { apiRoute } from "../pages/apiPages.ts";
import { changesWithUses, reportedUses } from "../pages/apiUsage.ts";
import type { ReportedUse } from "../api/diffReport.ts";
import { loadDocs } from "../content/docs.ts";
import { loadApiStage } from "../pipeline/apiStage.ts";
import { BuildCache, createScope } from "../cache/buildCache.ts";

export interface ApiDiffOptions {
  /** Docs version names as in versions.json, or the current version's path ("next"). */
  from: string;
  to: string;
  /** Path of site.config.ts (default: ./site.config.ts). */
  config?: string;
  cwd?: string;
  /** Root of the viewer checkout; else CARTA_FRONTEND_DIR, else the config's api.viewerDir. */
  viewer?: string;
  /** Progress lines (TypeDoc runs). */
  log?: (line: string) => void;
}

export interface ApiVersionsDiff {
  diff: ApiDiff;
  counts: ApiDiffCounts;
  /** Absolute URL of a location in either version's API reference, for links in reports. */
  urls: { from: (location: string) => string; to: (location: string) => string };
  /** By the older location of each removed or renamed item or member, the `from` tutorial lines using it. */
  broken: Record<string, ReportedUse[]>;
  /** Milliseconds: loading both models (TypeDoc or its cache), and the diff itself. */
  timings: { api: number; diff: number };
}

/** The changes from version `from` to version `to`. Throws a CartaDocsError naming the problem when a version is unknown or its API cannot be loaded. */
export async function apiDiff(options: ApiDiffOptions): Promise<ApiVersionsDiff> {
  const config = await loadConfig(options.config, options.cwd);
  const apiConfig = config.api;
  if (!apiConfig) throw new CartaDocsError(`${path.relative(process.cwd(), config.configFile)} configures no API reference (api), so there is no API to compare`, []);
  const scope = createScope(config.baseUrl);
  const versions = loadVersions(config, path.resolve(config.siteDir, config.contentDir), siteBoundary(config), scope.diagnostics);
  const pick = (name: string) => findVersion(versions, name, config.docs.currentPath);
  const from = pick(options.from);
  const to = pick(options.to);

  const started = performance.now();
  // In the site's order, so the stage's own diff of the pair is the one asked for when `from` is the older.
  const pair = versions.filter((v) => v === from || v === to);
  // The pair's docs, for their snippets' uses; problems of the docs or snippets are the build's to report, not the diff's.
  const boundary = siteBoundary(config);
  const docs = new Map(pair.map((v) => [v.name, loadDocs(v, { siteDir: config.siteDir, includeDrafts: false, boundary }, scope.diagnostics)] as const));
  const api = await loadApiStage({ ...config, api: apiConfig }, pair, docs, { viewer: options.viewer }, new BuildCache(false), scope, options.log ?? (() => {}));
  const [fromModel, toModel] = [api.models.get(from.name), api.models.get(to.name)];
  if (!fromModel || !toModel) {
    const missing = [fromModel ? undefined : options.from, toModel ? undefined : options.to].filter(Boolean).join(" and ");
    throw new CartaDocsError(`the API of ${missing} could not be loaded`, scope.diagnostics.errors);
  }
  const loaded = performance.now();
  const inOrder = pair.length === 2 && pair[1] === from;
  const bare = inOrder ? api.changes.diffs[0]! : diffApi(fromModel, toModel);
  const diffMs = inOrder ? api.diffMs : performance.now() - loaded;
  const { diff, broken } = changesWithUses(bare, api.uses.get(from.name), api.uses.get(to.name), (location) => apiRoute(to, location));
  const siteUrl = (route: string) => `${(config.url ?? "").replace(/\/$/, "")}${route}`;
  const url = (version: DocsVersion) => (location: string) => siteUrl(apiRoute(version, location));
  return { diff, counts: countChanges(diff), urls: { from: url(from), to: url(to) }, broken: reportedUses(broken, siteUrl), timings: { api: loaded - started - api.diffMs, diff: diffMs } };
}

function findVersion(versions: DocsVersion[], name: string, currentPath: string): DocsVersion {
  const found = versions.find((v) => v.name === name || (v.isCurrent && (name === currentPath || name === "current")));
  if (found) return found;
  const names = versions.map((v) => (v.isCurrent ? currentPath : v.name));
  throw new CartaDocsError(`there is no docs version "${name}"; the versions are ${names.join(", ")}`, [{ severity: "error", code: "api-diff", message: `unknown version "${name}"; valid: ${names.join(", ")}` }]);
}
