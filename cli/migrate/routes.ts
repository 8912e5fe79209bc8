/**
 * The routes the Docusaurus site served and where each is in the migrated site. Docs and their category
 * pages are read from the migrated content with carta-docs' own loaders (the in-version rules, number
 * prefixes, slugs, index docs and category slugs, are Docusaurus'); what differs is the version's path (a
 * frozen version's `versions.X.path`, the current version's path), so each doc's old route is the new one with
 * the Docusaurus version path in place of carta-docs'. Blog and markdown pages keep their routes (blog.ts, the
 * pages folder). The API's routes follow the plugin's rules by construction (apiSection.ts), and the search
 * files keep their names. Every old route whose new one differs gets a redirect (the config's `redirects`).
 */
import path from "node:path";
import { validateConfig } from "../config/load.ts";
import type { SiteConfigInput } from "../config/schema.ts";
import { loadDocs } from "../content/docs.ts";
import { siteBoundary } from "../content/insideSite.ts";
import { flattenSidebar, loadSidebars } from "../content/sidebars.ts";
import { loadVersions } from "../content/versions.ts";
import { Diagnostics } from "../util/diagnostics.ts";
import { joinRoute } from "../util/routePath.ts";
import type { MigrationReport } from "./report.ts";
import type { SitePlugins } from "./mapConfig.ts";
import { filesUnder } from "./content.ts";

type Data = Record<string, unknown>;

export interface OldRoute {
  /** The Docusaurus route, under the base path ("/carta-frontend/docs/4.1.0/intro"). */
  route: string;
  /** Its route in the migrated site, when it differs. */
  movedTo?: string;
}

export interface RoutesInput {
  config: SiteConfigInput & Data;
  /** The frozen versions, newest first. */
  versions: string[];
  plugins: SitePlugins;
  /** The blog's routes (blog.ts), under the base path. */
  blog: string[];
}

/** Docusaurus' path of a docs version under the docs root: the version's `path` option, else "", "next" or its name. */
function docusaurusVersionPath(name: string, plugins: SitePlugins, lastVersion: string): string {
  const options = ((plugins.docs.versions as Data | undefined)?.[name] ?? {}) as Data;
  if (typeof options.path === "string") return options.path.replace(/^\/+|\/+$/g, "");
  return name === lastVersion ? "" : name === "current" ? "next" : name;
}

/**
 * The Docusaurus site's routes, each with its route in the migrated site where that differs. `stagedDir` is the
 * migrated site's folder, holding its content (its config is `input.config`, not yet written).
 */
export function docusaurusRoutesOf(input: RoutesInput, stagedDir: string): OldRoute[] {
  const { redirects: _, ...withoutRedirects } = input.config;
  const config = validateConfig(withoutRedirects, path.join(stagedDir, "site.config.ts"));
  const diagnostics = new Diagnostics();
  const boundary = siteBoundary(config);
  const contentDir = path.join(stagedDir, config.contentDir);
  const versions = loadVersions(config, contentDir, boundary, diagnostics);
  const lastVersion = typeof input.plugins.docs.lastVersion === "string" ? input.plugins.docs.lastVersion : (input.versions[0] ?? "current");
  const docsBase = joinRoute(config.baseUrl, config.docs.routeBasePath);
  const routes: OldRoute[] = [{ route: joinRoute(config.baseUrl, "/") }];
  const add = (route: string, movedTo: string) => routes.push(route === movedTo ? { route } : { route, movedTo });
  for (const version of versions) {
    const oldPath = joinRoute(docsBase, docusaurusVersionPath(version.name, input.plugins, lastVersion));
    const moved = (route: string) => (route === version.path ? oldPath : route.startsWith(`${version.path}/`) ? oldPath + route.slice(version.path.length) : route);
    const docs = loadDocs(version, { siteDir: stagedDir, includeDrafts: false, boundary }, diagnostics);
    for (const doc of docs) add(moved(doc.permalink), doc.permalink);
    for (const sidebar of Object.values(loadSidebars(version, docs, config.docs.defaultSidebarId, boundary, diagnostics))) {
      for (const page of flattenSidebar(sidebar)) if (!page.docId) add(moved(page.href), page.href);
    }
  }
  for (const rel of filesUnder(path.join(contentDir, "pages"))) {
    if (!/\.mdx?$/.test(rel)) continue;
    const route = rel.replace(/\.mdx?$/, "").replace(/(^|\/)index$/, "");
    if (route) routes.push({ route: joinRoute(config.baseUrl, route) });
  }
  for (const route of input.blog) routes.push({ route });
  return dedupe(routes);
}

function dedupe(routes: OldRoute[]): OldRoute[] {
  const seen = new Map<string, OldRoute>();
  for (const route of routes) if (!seen.has(route.route)) seen.set(route.route, route);
  return [...seen.values()];
}

/** The config's `redirects` (paths under the base path) for the routes that moved. */
export function redirectsFor(routes: OldRoute[], baseUrl: string, report: MigrationReport): { from: string; to: string }[] {
  const base = baseUrl.replace(/\/+$/, "");
  const under = (route: string) => route.slice(base.length) || "/";
  const redirects = routes.filter((r) => r.movedTo !== undefined).map((r) => ({ from: under(r.route), to: under(r.movedTo!) }));
  if (redirects.length > 0) report.count("redirects written for moved routes", redirects.length);
  return redirects;
}
