/**
 * `carta-docs migrate <docusaurus-dir>`: a Docusaurus site becomes a carta-docs site, written to a new folder
 * (by default `<name>-carta-docs` beside it). Steps: evaluate the config (siteCode.ts), map it (mapConfig.ts,
 * apiSection.ts), find the site's link components (linkComponents.ts), copy the content (content.ts, blog.ts),
 * write the config with redirects for the routes that moved (routes.ts), move the site into place, then check
 * it. Nothing is written into the Docusaurus folder; a failure before the move leaves nothing.
 */
import fs from "node:fs";
import path from "node:path";
import type { Diagnostic } from "../util/diagnostics.ts";
import { SNAPSHOT_CHANGELOG } from "../api/sources.ts";
import { apiSection } from "./apiSection.ts";
import { freezeBlog } from "./blog.ts";
import { readConfigSource } from "./configSource.ts";
import { convertMarkdown, copyDocs, copyFolder, copyPages, type ConvertContext } from "./content.ts";
import { isStub } from "./evaluateModule.ts";
import { linkComponentTarget, registeredComponents, resolveSiteModule } from "./linkComponents.ts";
import { mapConfig } from "./mapConfig.ts";
import { MigrationReport, reportMarkdown } from "./report.ts";
import { docusaurusRoutesOf, redirectsFor } from "./routes.ts";
import { normaliseBaseUrl } from "../config/load.ts";
import { joinRoute } from "../util/routePath.ts";
import { evaluateSiteFile, findDocusaurusConfig, migrateError } from "./siteCode.ts";
import { SiteWriter } from "./siteWriter.ts";

export interface MigrateOptions {
  /** The Docusaurus site's folder. */
  from: string;
  /** The new site's folder (default: `<from>-carta-docs` beside it). */
  out?: string;
  /** The code base checkout for the check at the end (as `--viewer`). */
  viewer?: string;
  cwd?: string;
  /** Skip the check at the end (tests that check the site themselves). */
  check?: boolean;
}

export interface MigrateResult {
  outDir: string;
  /** The base path of both sites ("/carta-frontend/"). */
  baseUrl: string;
  report: MigrationReport;
  /** Routes of the Docusaurus site (under its base path), as migrate computed them. */
  docusaurusRoutes: string[];
  redirects: { from: string; to: string }[];
  /** The check of the new site (undefined with check: false). */
  check?: MigratedCheck;
}

/** What `check` found in the new site. */
export interface MigratedCheck {
  ok: boolean;
  pages: number;
  /** Every page's route. */
  routes: string[];
  errors: Diagnostic[];
  warnings: Diagnostic[];
}

type Data = Record<string, unknown>;

const SIDEBAR_NAMES = ["sidebars.js", "sidebars.ts", "sidebars.mjs", "sidebars.cjs"];

/** The Docusaurus routes that neither a page of the new site (`routes`, as a build reports them) nor a redirect keeps. */
export function lostRoutes(result: Pick<MigrateResult, "baseUrl" | "docusaurusRoutes" | "redirects">, routes: string[]): string[] {
  const bare = (route: string) => route.replace(/\/+$/, "");
  const kept = new Set([...routes, ...result.redirects.map((r) => joinRoute(result.baseUrl, r.from))].map(bare));
  return result.docusaurusRoutes.filter((route) => !kept.has(bare(route)));
}

/** The frozen versions of versions.json, newest first. */
function readVersions(siteDir: string): string[] {
  const file = path.join(siteDir, "versions.json");
  if (!fs.existsSync(file)) return [];
  const versions: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
  if (!Array.isArray(versions) || versions.some((v) => typeof v !== "string")) throw migrateError("versions.json", 'expected an array of version names, newest first (["2.0.0", "1.0.0"])');
  return versions as string[];
}

/** Whether a value is plain JSON data (no stub, function or class instance inside). */
function isPlainData(value: unknown): boolean {
  if (value === null || ["string", "number", "boolean"].includes(typeof value)) return true;
  if (isStub(value) || typeof value !== "object") return false;
  return Object.values(value).every(isPlainData);
}

export async function migrate(options: MigrateOptions): Promise<MigrateResult> {
  const cwd = options.cwd ?? process.cwd();
  const siteDir = path.resolve(cwd, options.from);
  const shownSite = path.relative(cwd, siteDir) || ".";
  const configFile = findDocusaurusConfig(siteDir, shownSite);
  const outDir = path.resolve(cwd, options.out ?? path.join(path.dirname(siteDir), `${path.basename(siteDir)}-carta-docs`));
  const shownOut = path.relative(cwd, outDir) || outDir;
  const shownConfig = path.relative(siteDir, configFile);
  const report = new MigrationReport();

  const evaluated = await evaluateSiteFile(configFile, path.relative(cwd, configFile));
  for (const name of evaluated.stubbed) report.stubbed.add(name);
  if (!evaluated.value || typeof evaluated.value !== "object") throw migrateError(path.relative(cwd, configFile), "its export is not a config object");
  const docusaurus = evaluated.value as Data;
  const source = readConfigSource(configFile);
  const { config, plugins } = mapConfig(docusaurus, source, shownConfig, report);

  // Made before anything is written: it refuses an output that exists and is not empty.
  const writer = new SiteWriter(outDir, shownOut, siteDir);
  try {
    const api = plugins.api ? apiSection(plugins.api, docusaurus, outDir, shownConfig, source.lineOf("projectRoot"), report, options.viewer && path.resolve(cwd, options.viewer)) : undefined;
    if (api) config.api = api.api;

    const docsRoute = typeof plugins.docs.routeBasePath === "string" ? plugins.docs.routeBasePath.replace(/^\/+|\/+$/g, "") : "docs";
    const linkComponents = findLinkComponents(siteDir, docsRoute, api?.api.routeBasePath ?? (api ? "api" : undefined), report);
    if (Object.keys(linkComponents).length > 0) config.mdx = { linkComponents };
    const baseUrl = normaliseBaseUrl(config.baseUrl ?? "/");
    const versionNames = readVersions(siteDir);
    const latest = typeof plugins.docs.lastVersion === "string" ? plugins.docs.lastVersion : (versionNames[0] ?? "current");
    const currentPath = config.docs?.currentPath ?? "next";
    const docsRootOf = (version: string) => joinRoute(baseUrl, docsRoute, version === latest ? "" : version === "current" ? currentPath : version);
    const context: ConvertContext = { siteDir, writer, report, linkComponents, docsRootOf, latest, ...(config.url && { siteUrl: config.url }) };

    if (api?.overview) writer.write("content/api/api.md", convertMarkdown(fs.readFileSync(api.overview, "utf8"), "api.md", path.relative(siteDir, api.overview), context));
    const docsPath = typeof plugins.docs.path === "string" ? plugins.docs.path : "docs";
    const versions = copyDocs(docsPath, versionNames, context);
    if (api?.changelog) keepChangelogs(api.changelog, versions, writer, report);
    await writeSidebars(siteDir, plugins.docs.sidebarPath, writer, report, cwd);
    report.count("static files", copyFolder("static", "content/static", context));
    copyPages(typeof plugins.pages.path === "string" ? plugins.pages.path : "src/pages", context);
    const blog = plugins.blog ? freezeBlog(plugins.blog, context, baseUrl) : [];
    // docusaurus-lunr-search's index file keeps resolving, naming the index that replaced it.
    if (plugins.search?.includes("lunr") && !writer.has("content/static/lunr-index.json")) {
      writer.write("content/static/lunr-index.json", `${JSON.stringify({ replacedBy: "search-index.json", note: "This site's search is carta-docs' own: search-doc.json and search-index.json" })}\n`);
    }
    if (!writer.has("content/pages/index.md")) writer.write("content/pages/index.md", "");

    const oldRoutes = docusaurusRoutesOf({ config, versions, plugins, blog }, writer.staging);
    const redirects = redirectsFor(oldRoutes, baseUrl, report);
    if (redirects.length > 0) config.redirects = redirects;
    writer.write("site.config.ts", configText(config, shownSite));
    writer.write("MIGRATION.md", reportMarkdown(report, shownSite));
    writer.commit();
    const result: MigrateResult = { outDir, baseUrl, report, docusaurusRoutes: oldRoutes.map((r) => r.route), redirects };
    if (options.check === false) return result;
    const { runBuild } = await import("../pipeline/upToDate.ts");
    const { report: checked } = await runBuild({ config: path.join(outDir, "site.config.ts"), cwd: outDir, viewer: options.viewer, write: false, incremental: true });
    const errors = checked.diagnostics.filter((d) => d.severity === "error");
    const warnings = checked.diagnostics.filter((d) => d.severity === "warning");
    return { ...result, check: { ok: errors.length === 0, pages: checked.pages, routes: checked.routes, errors, warnings } };
  } catch (error) {
    writer.discard();
    throw error;
  }
}

/**
 * The plugin shows the code base's changelog on the API of every version, frozen ones too (read at build time);
 * carta-docs reads a frozen version's from beside its snapshot, so it is kept there.
 */
function keepChangelogs(changelog: string, versions: string[], writer: SiteWriter, report: MigrationReport): void {
  const text = fs.readFileSync(changelog);
  let kept = 0;
  for (const version of versions) {
    const folder = `content/versioned_docs/version-${version}`;
    if (!writer.has(`${folder}/api-typedoc.json`) || writer.has(`${folder}/${SNAPSHOT_CHANGELOG}`)) continue;
    writer.write(`${folder}/${SNAPSHOT_CHANGELOG}`, text);
    kept++;
  }
  if (kept > 0) report.note(`API changelog: the code base's ${path.basename(changelog)} kept beside ${kept} frozen version's snapshot (${SNAPSHOT_CHANGELOG}), as the plugin showed it for every version; each version's page shows the releases up to its own`);
}

/** Components of the site's own that only make links, as mdx.linkComponents (the report says which). */
function findLinkComponents(siteDir: string, docsRoute: string, apiRoute: string | undefined, report: MigrationReport): Record<string, string> {
  const { file, components } = registeredComponents(siteDir);
  const found: Record<string, string> = {};
  for (const component of components) {
    const module = file && resolveSiteModule(siteDir, file, component.from);
    if (!module) continue;
    const link = linkComponentTarget(module, component.exported, docsRoute, apiRoute);
    const shown = path.relative(siteDir, module);
    if (link) {
      found[component.name] = link.target;
      report.note(`<${component.name}> (${shown}:${link.line}) only makes a link: mapped in mdx.linkComponents as "${link.target}", a checked link of the page's own version`);
    } else report.needsPerson(shown, undefined, `<${component.name}> (registered in ${path.relative(siteDir, file)}) is not a plain link: its uses are taken out of the docs, their text kept`);
  }
  return found;
}

/** content/sidebars.json from the docs plugin's sidebarPath (or sidebars.js beside the config). */
async function writeSidebars(siteDir: string, sidebarPath: unknown, writer: SiteWriter, report: MigrationReport, cwd: string): Promise<void> {
  if (sidebarPath === false) return;
  const file = typeof sidebarPath === "string" ? path.resolve(siteDir, sidebarPath) : SIDEBAR_NAMES.map((name) => path.join(siteDir, name)).find((f) => fs.existsSync(f));
  if (!file || !fs.existsSync(file)) return;
  const shown = path.relative(siteDir, file);
  const value = file.endsWith(".json") ? (JSON.parse(fs.readFileSync(file, "utf8")) as unknown) : await evaluateSidebars(file, cwd, report);
  if (!isPlainData(value)) {
    report.needsPerson(shown, undefined, "the sidebars hold code (a function or a package's value), which carta-docs cannot keep: the sidebar is generated from the folders; write content/sidebars.json by hand");
    return;
  }
  writer.write("content/sidebars.json", `${JSON.stringify(value, null, 2)}\n`);
  report.count("sidebars", Object.keys(value as object).length);
}

async function evaluateSidebars(file: string, cwd: string, report: MigrationReport): Promise<unknown> {
  const evaluated = await evaluateSiteFile(file, path.relative(cwd, file));
  for (const name of evaluated.stubbed) report.stubbed.add(name);
  return evaluated.value;
}

/** The new site's config file: the mapped config as data (it needs no package to load). */
function configText(config: Data, from: string): string {
  return `// Written by carta-docs migrate from the Docusaurus site ${from}; see MIGRATION.md for what needs a person.
// Every key is described in carta-docs' docs/config.md. With carta-docs installed beside this file you may wrap
// the object in defineConfig (import { defineConfig } from "carta-docs") for types.
export default ${JSON.stringify(config, null, 2)};
`;
}
