/**
 * One build as data flowing through plain stages: config → content → (API) → markdown → routes →
 * render → links → search → output. `build`, `check` and watch mode are compositions of the same stages.
 *
 * Every expensive stage goes through a BuildCache. A one-off build uses a fresh one (everything is
 * computed); a watch session keeps its cache between builds, so a rebuild recomputes only what changed.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig, type ResolvedConfig } from "./config/load.ts";
import { Diagnostics, type Diagnostic } from "./diagnostics.ts";
import { loadDocs, type Doc } from "./content/docs.ts";
import { loadSidebars, type Sidebars } from "./content/sidebars.ts";
import { loadVersions, type DocsVersion } from "./content/versions.ts";
import { parseFrontMatter } from "./content/frontMatter.ts";
import { renderMarkdown } from "./markdown/index.ts";
import { loadApi, type ApiStageOptions, type ApiVersionModel } from "./api/index.ts";
import { allItems } from "./api/model.ts";
import { apiLinkResolver, buildApiPages } from "./site/apiPages.ts";
import { checkLinks, newLinkCheckCache } from "./site/checkLinks.ts";
import { buildDocPages, type RenderedDoc } from "./site/docPages.ts";
import { createLinkRewriter, type ApiLinkResolver, type LinkContext } from "./site/docLinks.ts";
import { fileOfRoute, writeOutput, type OutputFiles } from "./site/output.ts";
import type { ApiPage, HomePage, NotFoundPage, Page } from "./site/pages.ts";
import { loadTemplates, renderOnePage, sameBytes, type PageRendering, type RenderedHtml, type RenderedPage } from "./site/render.ts";
import { defaultRenderThreads, PARALLEL_MIN_PAGES, RenderPool, renderSetup } from "./site/renderPool.ts";
import { buildSearchFiles } from "./site/search.ts";
import { buildSitemap } from "./site/sitemap.ts";
import type { SiteAssets, SiteData } from "./site/siteData.ts";
import { buildStyles } from "./site/styles.ts";
import { buildRuntime } from "./site/runtime.ts";
import { addVersionTargets } from "./site/versionTargets.ts";
import { checkNavbar } from "./site/navbarCheck.ts";
import { BuildCache, createScope, type StageScope } from "./watch/buildCache.ts";
import { fileStamp, treeStamp } from "./watch/treeStamp.ts";

export interface PipelineOptions {
  /** Path of site.config.ts (default: ./site.config.ts), or an already loaded config. */
  config?: string | ResolvedConfig;
  cwd?: string;
  /** Output folder; default `build` beside the config. */
  outDir?: string;
  /** Write the output (build) or stop after checking (check). */
  write: boolean;
  includeDrafts?: boolean;
  /** Progress lines. */
  log?: (line: string) => void;
  /** Progress of long stages, e.g. ("render", 120, 427). */
  onProgress?: (stage: string, done: number, total: number) => void;
  /** Root of the viewer checkout (--viewer); else CARTA_FRONTEND_DIR, else the config's api.viewerDir. */
  viewer?: string;
  /** Stage results of earlier builds (watch mode); without it everything is computed. */
  cache?: BuildCache;
  /**
   * Threads that render pages beside the main thread; they load the config from its file. Default: one per
   * further core (at most three) for a build without a cache, of a config file, of a site of about
   * PARALLEL_MIN_PAGES pages or more; else none.
   */
  renderThreads?: number;
}

export type SiteOptions = Omit<PipelineOptions, "write" | "outDir">;

/** The site as data: everything up to and including the link check, nothing written. */
export interface SiteBuild {
  config: ResolvedConfig;
  pages: Page[];
  html: RenderedHtml;
  /** Each page's links, ids and search documents, by route. */
  rendered: ReadonlyMap<string, RenderedPage>;
  /** Every output file except the search files, by path relative to the output folder. */
  files: OutputFiles;
  /** content/static, copied into the output as it is, when the site has one. */
  staticDir?: string;
  diagnostics: Diagnostics;
  /** Milliseconds per stage. */
  timings: Record<string, number>;
}

export interface PipelineResult {
  config: ResolvedConfig;
  pages: Page[];
  html: RenderedHtml;
  diagnostics: Diagnostic[];
  errors: Diagnostic[];
  warnings: Diagnostic[];
  /** Milliseconds per stage. */
  timings: Record<string, number>;
  /** Set when the output was written. */
  outDir?: string;
  filesWritten: number;
}

const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The files the search stage adds to the output. */
const SEARCH_FILES = ["search-doc.json", "search-index.json"] as const;

async function timed<T>(timings: Record<string, number>, stage: string, work: () => T | Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    timings[stage] = (timings[stage] ?? 0) + performance.now() - start;
  }
}

function sha1(text: string): string {
  return createHash("sha1").update(text).digest("base64url");
}

/** A config with an API reference. */
export type ApiSiteConfig = ResolvedConfig & { api: NonNullable<ResolvedConfig["api"]> };

/** Where the viewer checkout is and which setting chose it: --viewer, else CARTA_FRONTEND_DIR, else the config. */
export function resolveViewer(config: ApiSiteConfig, flag: string | undefined): ApiStageOptions["viewer"] {
  if (flag) return { dir: path.resolve(flag), from: "flag" };
  if (process.env.CARTA_FRONTEND_DIR) return { dir: path.resolve(process.env.CARTA_FRONTEND_DIR), from: "env" };
  return { dir: path.resolve(config.siteDir, config.api.viewerDir), from: "config" };
}

/** Options of the API stage for `versions` (names as the API uses them: "next", "5.0.0"). */
export function apiStageOptions(
  config: ApiSiteConfig,
  viewer: ApiStageOptions["viewer"],
  versions: ApiStageOptions["versions"],
  diagnostics: Diagnostics,
  log: (line: string) => void,
): ApiStageOptions {
  return {
    siteDir: config.siteDir,
    contentDir: path.resolve(config.siteDir, config.contentDir),
    cacheDir: path.join(config.siteDir, ".carta-docs-cache"),
    versions,
    viewer,
    exampleDir: path.join(PACKAGE_ROOT, "examples", "viewer"),
    api: config.api,
    log,
    diagnostics,
  };
}

interface Content {
  versions: DocsVersion[];
  docs: Map<string, Doc[]>;
  sidebars: Map<string, Sidebars>;
}

/** Versions every build (cheap); each version's docs and sidebars again only when a file under it changed. */
function loadContent(config: ResolvedConfig, includeDrafts: boolean, cache: BuildCache, scope: StageScope): Content {
  const contentDir = path.resolve(config.siteDir, config.contentDir);
  const versions = loadVersions(config, contentDir, scope.diagnostics);
  const docs = new Map<string, Doc[]>();
  const sidebars = new Map<string, Sidebars>();
  for (const version of versions) {
    const key = JSON.stringify([version, includeDrafts, treeStamp(version.docsDir), version.sidebarFile && fileStamp(version.sidebarFile)]);
    const loaded = cache.memo("content", version.name, key, scope, (s) => {
      const versionDocs = loadDocs(version, { siteDir: config.siteDir, includeDrafts }, s.diagnostics);
      return { docs: versionDocs, sidebars: loadSidebars(version, versionDocs, config.docs.defaultSidebarId, config.siteDir, s.diagnostics) };
    });
    docs.set(version.name, loaded.docs);
    sidebars.set(version.name, loaded.sidebars);
  }
  return { versions, docs, sidebars };
}

function linkContext(scope: StageScope, docsBySource: Map<string, Doc>, resolveApi: ApiLinkResolver | undefined): LinkContext {
  return { baseUrl: scope.baseUrl, docsBySource, resolveApi, assets: scope.assets, diagnostics: scope.diagnostics, unresolvedMarkdownLinks: scope.unresolvedLinks };
}

/** Markdown of one version's docs; a doc is rendered again only when its text or what its links resolve to changed. */
function renderDocs(version: DocsVersion, docs: Doc[], api: ApiStage | undefined, cache: BuildCache, scope: StageScope): RenderedDoc[] {
  const docsBySource = new Map(docs.map((d) => [d.source, d]));
  const linkTargets = JSON.stringify([docs.map((d) => [d.source, d.permalink]), api?.identity]);
  return docs.map((doc) => {
    const key = JSON.stringify([version.name, version.docsDir, doc.file, doc.bodyLineOffset, linkTargets, doc.body]);
    const result = cache.memo("markdown", doc.source, key, scope, (s) => {
      const rewriter = createLinkRewriter({ source: doc.source, file: doc.file, versionName: version.name, docsDir: version.docsDir }, linkContext(s, docsBySource, api?.resolve));
      const { html, headings, title } = renderMarkdown(doc.body, { ...rewriter, lineOffset: doc.bodyLineOffset });
      return { html, headings, title };
    });
    if (!doc.frontMatter.title && result.title) doc.title = result.title;
    return { doc, html: result.html, headings: result.headings };
  });
}

/** The home page: hero from the config, body from content/pages/index.md when present. */
function homePage(config: ResolvedConfig, ctx: LinkContext, diagnostics: Diagnostics): HomePage {
  const file = path.join(config.siteDir, config.contentDir, "pages", "index.md");
  const route = config.baseUrl;
  if (!fs.existsSync(file)) return { kind: "home", route, title: config.title, description: config.tagline, source: "home page", toc: [], html: "" };
  const shown = path.relative(config.siteDir, file);
  const { frontMatter, body, bodyLineOffset } = parseFrontMatter(fs.readFileSync(file, "utf8"), shown, diagnostics);
  const rewriter = createLinkRewriter({ source: file, file: shown, versionName: "" }, ctx);
  const result = renderMarkdown(body, { ...rewriter, lineOffset: bodyLineOffset });
  return { kind: "home", route, title: frontMatter.title ?? config.title, description: frontMatter.description ?? config.tagline, source: shown, toc: [], html: result.html };
}

/** content/api/api.md, the overview shown on every version's API landing page. */
function overviewSource(config: ResolvedConfig): { file: string; shown: string; body: string; lineOffset: number } | undefined {
  const file = path.join(config.siteDir, config.contentDir, "api", "api.md");
  if (!fs.existsSync(file)) return undefined;
  const shown = path.relative(config.siteDir, file);
  const { body, bodyLineOffset } = parseFrontMatter(fs.readFileSync(file, "utf8"), shown, new Diagnostics());
  return { file, shown, body, lineOffset: bodyLineOffset };
}

interface ApiStage {
  models: Map<string, ApiVersionModel>;
  resolve: ApiLinkResolver;
  /** Names the models of this build, for cache keys of what depends on them. */
  identity: string;
}

/**
 * The API model of every docs version, each loaded once and then kept: a frozen version's snapshot is read
 * again when the file changes; the current version when a watch session forgets it (a viewer source edit).
 */
async function loadApiStage(
  config: ApiSiteConfig,
  versions: DocsVersion[],
  options: SiteOptions,
  cache: BuildCache,
  scope: StageScope,
  log: (line: string) => void,
): Promise<ApiStage> {
  const apiName = (v: DocsVersion) => (v.isCurrent ? config.docs.currentPath : v.name);
  const viewer = resolveViewer(config, options.viewer);
  // Loaded one version at a time, the stage would repeat its notes about the viewer checkout for each.
  const logged = new Set<string>();
  const logOnce = (line: string) => {
    if (!logged.has(line)) log(line);
    logged.add(line);
  };
  const models = new Map<string, ApiVersionModel>();
  for (const v of versions) {
    const name = apiName(v);
    const snapshot = path.join(v.docsDir, "api-typedoc.json");
    const key = JSON.stringify([name, v.isCurrent, viewer, v.isCurrent || fileStamp(snapshot)]);
    const model = await cache.memoAsync("api", name, key, scope, async (s) => {
      const loaded = await loadApi(apiStageOptions(config, viewer, [{ name, isCurrent: v.isCurrent }], s.diagnostics, logOnce));
      return loaded.get(name);
    });
    if (model) models.set(v.name, model);
  }
  const resolve = apiLinkResolver(versions, models);
  return { models, resolve, identity: [...models].map(([name, model]) => `${name}:${cache.identity(model)}`).join(",") };
}

/** API pages of every version, built again only when a model, the versions or the overview changed. */
function apiPagesStage(config: ResolvedConfig, versions: DocsVersion[], api: ApiStage, cache: BuildCache, scope: StageScope): ApiPage[] {
  const apiConfig = config.api!;
  const overview = overviewSource(config);
  const pages: ApiPage[] = [];
  for (const version of versions) {
    const model = api.models.get(version.name);
    if (!model) continue;
    const key = JSON.stringify([version, versions.map((v) => v.name), api.identity, apiConfig.repoUrl, overview?.body]);
    const built = cache.memo("apiPages", version.name, key, scope, (s) => {
      const ctx = linkContext(s, new Map(), api.resolve);
      const overviewHtml = overview ? renderMarkdown(overview.body, { ...createLinkRewriter({ source: overview.file, file: overview.shown, versionName: version.name }, ctx), lineOffset: overview.lineOffset }).html : "";
      const versionPages = buildApiPages({ version, model, overviewHtml, overviewFile: overview?.shown ?? "API overview", resolveApi: api.resolve, repoUrl: apiConfig.repoUrl, diagnostics: cache.late });
      s.diagnostics.items.push(...cache.late.items.splice(0));
      return versionPages;
    });
    pages.push(...built);
  }
  return pages;
}

function warnDuplicateRoutes(pages: Page[], diagnostics: Diagnostics): Page[] {
  const byRoute = new Map<string, Page>();
  for (const page of pages) {
    const existing = byRoute.get(page.route);
    if (existing) {
      diagnostics.warn("duplicate-route", `two pages claim the route ${page.route}: ${existing.source} and ${page.source}; the second one is ignored`, { file: page.source });
      continue;
    }
    byRoute.set(page.route, page);
  }
  return [...byRoute.values()];
}

/**
 * What a page's HTML depends on besides the site-wide data, as JSON. An API page stands for itself by
 * identity: the API pages stage hands out the same page objects until their inputs change, and only their
 * version targets are set again by every build.
 */
function pageInputs(page: Page, cache: BuildCache): string {
  if (page.section === "api") return JSON.stringify([cache.identity(page), page.versionTargets?.map((t) => [t.version.name, t.href])]);
  return JSON.stringify(page, (key, value: unknown) => (key === "version" && value !== null && typeof value === "object" ? (value as DocsVersion).name : value));
}

interface Rendered {
  html: RenderedHtml;
  /** Each page with its links, ids and search documents. */
  pages: Map<string, RenderedPage>;
  /** Key of each page's render inputs. */
  keys: Map<string, string>;
  /** Routes whose HTML differs from the previous build's, with that HTML (undefined for a new page). */
  changed: Map<string, RenderedPage | undefined>;
  /** Pages rendered by this build (the others were unchanged). */
  renderedCount: number;
}

/**
 * Renders each page whose inputs changed: the page, the site-wide data every template sees, and the
 * sidebars of its version (the navbar links the first page of a sidebar). Templates cannot change within a
 * watch session: the session restarts for that. With a render pool, the pages to render are shared out
 * across threads first; results are filed in page order either way.
 */
async function renderStage(site: SiteData, pages: Page[], cache: BuildCache, scope: StageScope, options: SiteOptions, pool: RenderPool | undefined): Promise<Rendered> {
  const { config } = site;
  const templates = await loadTemplates(pages.map((p) => p.kind), config.templatesDir && path.resolve(config.siteDir, config.templatesDir));
  const siteToken = sha1(JSON.stringify([config, site.versions, site.lastVersion.name, site.assets]));
  const sidebarTokens = new Map([...site.sidebars].map(([name, sidebars]) => [name, sha1(JSON.stringify(sidebars))]));
  const keys = pages.map((page) => sha1(`${siteToken} ${sidebarTokens.get((page.version ?? site.lastVersion).name)} ${pageInputs(page, cache)}`));
  const pending = pages.filter((page, i) => !cache.holds("render", page.route, keys[i]!));
  let done = 0;
  const progress = () => options.onProgress?.("rendering pages", ++done, pending.length);
  const renderHere = (page: Page) => renderOnePage(site, page, templates, cache.late);
  const early = pool ? await renderInParallel(site, pending, pages, pool, renderHere, progress, options.log) : new Map<string, PageRendering>();
  const rendered: Rendered = { html: new Map(), pages: new Map(), keys: new Map(), changed: new Map(), renderedCount: 0 };
  pages.forEach((page, index) => {
    const key = keys[index]!;
    const previous = cache.peek<RenderedPage>("render", page.route);
    const result = cache.memo("render", page.route, key, scope, (s) => {
      rendered.renderedCount++;
      let fresh = early.get(page.route);
      if (!fresh) {
        fresh = renderHere(page);
        progress();
      }
      const { rendered: out, diagnostics } = fresh;
      s.diagnostics.items.push(...diagnostics);
      return out;
    });
    rendered.keys.set(page.route, key);
    if (result) {
      rendered.html.set(page.route, result.html);
      rendered.pages.set(page.route, result);
    }
    if (!sameBytes(result?.html, previous?.html)) rendered.changed.set(page.route, previous);
  });
  reportNavbarFailuresOnce(scope.diagnostics);
  return rendered;
}

/** Renders `pending` on the pool's threads and this one; a failed thread's pages are rendered here. */
async function renderInParallel(
  site: SiteData,
  pending: Page[],
  allPages: Page[],
  pool: RenderPool,
  renderPage: (page: Page) => PageRendering,
  onPage: () => void,
  log: SiteOptions["log"],
): Promise<Map<string, PageRendering>> {
  const { results, failures } = await pool.render(renderSetup(site, pending, allPages), pending, renderPage, onPage);
  for (const failure of failures) log?.(`note: a render thread failed, so the main thread rendered its pages: ${failure}`);
  return results;
}

/**
 * Render threads for a one-off build of a large site, started before the pages are ready so they load
 * their modules meanwhile. Not for a watch session, which renders only what changed, nor by default for
 * a config handed over as an object: the threads load the config from its file.
 */
function startRenderPool(options: SiteOptions, content: Content, api: ApiStage | undefined): RenderPool | undefined {
  const estimate = [...content.docs.values()].reduce((n, docs) => n + docs.length, 0) + [...(api?.models.values() ?? [])].reduce((n, model) => n + allItems(model).length, 0);
  const auto = !options.cache && typeof options.config !== "object" && estimate >= PARALLEL_MIN_PAGES;
  const threads = options.renderThreads ?? (auto ? defaultRenderThreads() : 0);
  return threads > 0 ? RenderPool.start(threads) : undefined;
}

/** A failing navbar item fails every page; rendered page by page, it would be reported once per page. */
function reportNavbarFailuresOnce(diagnostics: Diagnostics): void {
  const seen = new Set<string>();
  const kept = diagnostics.items.filter((d) => {
    if (d.code !== "navbar-item") return true;
    const item = d.message.replace(/ \(first seen on .*\)$/, "");
    if (seen.has(item)) return false;
    seen.add(item);
    return true;
  });
  diagnostics.items.splice(0, diagnostics.items.length, ...kept);
}

/**
 * Checks each page's links, again only when the page changed, the set of routes and files changed, or a
 * page it links into with an anchor lost or gained ids. (An anchor link is found by its absolute href,
 * which is how every rendered link is written.)
 */
function linksStage(config: ResolvedConfig, pages: Page[], rendered: Rendered, files: Set<string>, cache: BuildCache, scope: StageScope): void {
  const shape = sha1(JSON.stringify([[...rendered.pages.keys()].sort(), [...files].sort(), [...scope.unresolvedLinks].sort()]));
  const reanchored = [...rendered.changed]
    .filter(([route, previous]) => previous !== undefined && previous.ids !== rendered.pages.get(route)?.ids)
    .map(([route]) => route);
  for (const [route, page] of rendered.pages) {
    if (!rendered.changed.has(route) && reanchored.some((target) => page.links.includes(`${target}#`))) cache.forget("links", route);
  }
  const sources = new Map(pages.map((p) => [p.route, p.source]));
  const linkCache = newLinkCheckCache();
  for (const route of rendered.pages.keys()) {
    cache.memo("links", route, `${shape} ${rendered.keys.get(route)}`, scope, (s) =>
      checkLinks({ baseUrl: config.baseUrl, pages: rendered.pages, only: [route], cache: linkCache, sources, files, ignore: scope.unresolvedLinks }, s.diagnostics),
    );
  }
}

/** Routes of the files the build writes besides pages: assets, search files, sitemap, content/static. */
function fileRoutes(config: ResolvedConfig, assetFiles: Iterable<string>, staticDir: string | undefined): Set<string> {
  const routes = new Set<string>([...assetFiles].map((rel) => config.baseUrl + rel));
  for (const extra of [...SEARCH_FILES, "sitemap.xml"]) routes.add(config.baseUrl + extra);
  if (staticDir) {
    for (const entry of fs.readdirSync(staticDir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) routes.add(config.baseUrl + path.relative(staticDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
    }
  }
  return routes;
}

/** Config to link check: the whole site as data, with every diagnostic; nothing is written. */
export async function buildSite(options: SiteOptions): Promise<SiteBuild> {
  const log = options.log ?? (() => {});
  const cache = options.cache ?? new BuildCache();
  const timings: Record<string, number> = {};
  const time = <T>(stage: string, work: () => T | Promise<T>) => timed(timings, stage, work);
  const config = await time("config", () => (typeof options.config === "object" ? options.config : loadConfig(options.config, options.cwd)));
  for (const note of config.notes) log(`note: ${note}`);
  const scope = createScope(config.baseUrl);
  const { diagnostics } = scope;
  const content = await time("content", () => loadContent(config, options.includeDrafts ?? false, cache, scope));
  const lastVersion = content.versions.find((v) => v.isLast) ?? content.versions[0];

  const apiConfig = config.api;
  const api = apiConfig ? await time("api", () => loadApiStage({ ...config, api: apiConfig }, content.versions, options, cache, scope, log)) : undefined;
  const notFound: NotFoundPage = { kind: "notFound", route: `${config.baseUrl}404`, title: "Page not found", source: "not-found page", toc: [], unlisted: true };
  const pool = startRenderPool(options, content, api);
  const pages: Page[] = [];
  let routed: Page[];
  let site: SiteData;
  let rendered: Rendered;
  try {
    await time("markdown", () => {
      for (const version of content.versions) {
        const docs = content.docs.get(version.name) ?? [];
        const rendered = renderDocs(version, docs, api, cache, scope);
        const descriptions = new Map(rendered.map((r) => [r.doc.id, r.doc.description]));
        pages.push(...buildDocPages(version, rendered, content.sidebars.get(version.name) ?? {}, config.tableOfContents, descriptions));
      }
      pages.unshift(homePage(config, linkContext(scope, new Map(), api?.resolve), diagnostics));
    });
    if (api) pages.push(...(await time("apiPages", () => apiPagesStage(config, content.versions, api, cache, scope))));
    pages.push(notFound);

    routed = warnDuplicateRoutes(pages, diagnostics);
    addVersionTargets(routed, content.versions);
    if (!lastVersion) throw new Error("no docs version could be loaded");
    const assets = await time("assets", () =>
      cache.memoAsync("assets", "site", "", scope, async (s): Promise<SiteAssets> => ({ ...buildStyles(s.assets), ...(await buildRuntime(s.assets)) })),
    );
    site = { config, versions: content.versions, lastVersion, sidebars: content.sidebars, assets };
    checkNavbar(site, diagnostics);

    rendered = await time("render", () => renderStage(site, routed, cache, scope, options, pool));
  } finally {
    await pool?.close();
  }

  const unchanged = routed.length - rendered.renderedCount;
  log(`rendered ${rendered.renderedCount} pages${unchanged > 0 ? ` (${unchanged} unchanged)` : ""}`);

  const staticDir = path.join(config.siteDir, config.contentDir, "static");
  const hasStatic = fs.existsSync(staticDir);
  await time("links", () => linksStage(config, routed, rendered, fileRoutes(config, scope.assets.files.keys(), hasStatic ? staticDir : undefined), cache, scope));

  const files: OutputFiles = new Map();
  for (const [route, pageHtml] of rendered.html) files.set(route === notFound.route ? "404.html" : fileOfRoute(route, config.baseUrl), pageHtml);
  for (const [rel, data] of scope.assets.files) files.set(rel, data);
  files.set("sitemap.xml", buildSitemap(routed, config.url));
  files.set(".nojekyll", "");
  return { config, pages: routed, html: rendered.html, rendered: rendered.pages, files, staticDir: hasStatic ? staticDir : undefined, diagnostics, timings };
}

/** search-doc.json and search-index.json of a built site. */
export async function searchFiles(site: SiteBuild): Promise<OutputFiles> {
  const search = await timed(site.timings, "search", () => buildSearchFiles(site.pages, site.rendered));
  return new Map([
    [SEARCH_FILES[0], search.docs],
    [SEARCH_FILES[1], search.index],
  ]);
}

export async function runPipeline(options: PipelineOptions): Promise<PipelineResult> {
  const site = await buildSite(options);
  const search = await searchFiles(site);
  const { diagnostics, config } = site;
  const result: PipelineResult = {
    config,
    pages: site.pages,
    html: site.html,
    diagnostics: diagnostics.items,
    errors: diagnostics.errors,
    warnings: diagnostics.warnings,
    timings: site.timings,
    filesWritten: 0,
  };
  if (!options.write || diagnostics.errors.length > 0) return result;
  await timed(site.timings, "output", async () => {
    const files = new Map([...site.files, ...search]);
    const outDir = path.resolve(config.siteDir, options.outDir ?? "build");
    await writeOutput(outDir, files, site.staticDir);
    result.outDir = outDir;
    result.filesWritten = files.size;
  });
  return result;
}
