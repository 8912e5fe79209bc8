/**
 * One build as data flowing through plain stages: config → content → (API) → markdown → routes →
 * render → links → search → llms (markdown twins and llms files) → output. `build`, `check` and watch mode
 * are compositions of the same stages. With render threads, the twins are made on them after the pages,
 * while this thread checks links and builds the search files; the llms stage waits for them.
 *
 * The stages live beside it (docsStage, apiStage, renderStage, linksStage); this file composes them.
 *
 * Every expensive stage goes through a BuildCache. A one-off build uses a fresh one (everything is
 * computed); a watch session keeps its cache between builds, so a rebuild recomputes only what changed.
 */
import fs from "node:fs";
import path from "node:path";
import { withSafeAnnouncement } from "../config/announcement.ts";
import { loadConfig, type ResolvedConfig } from "../config/load.ts";
import { CartaDocsError, type Diagnostic, type Diagnostics } from "../util/diagnostics.ts";
import { buildDocPages } from "../pages/docPages.ts";
import { fileOfRoute, linkRecordedFile, OutputStaging, outputFailure, writeStagedFile, type OutputFiles, type StagingFolders, type StaticFiles } from "../output/writeOutput.ts";
import { listFilesInside } from "../content/insideSite.ts";
import { PLAIN_ROUTE, routeProblem } from "../util/routePath.ts";
import { checkOutputFolder, OUTPUT_MARKER, OUTPUT_MARKER_TEXT, outputTarget, siteFoldersOf } from "../output/outputFolder.ts";
import { outsideProblem } from "../output/outputGate.ts";
import { spareFolder } from "../output/spareOutput.ts";
import type { NotFoundPage, Page, SearchPage } from "../pages/pages.ts";
import type { RenderedHtml, RenderedPage } from "../render/renderPages.ts";
import { keptSearch } from "../search/keptSearch.ts";
import { buildSearchFiles, type SearchFiles } from "../search/searchFiles.ts";
import { searchFileList } from "../search/searchIndex.ts";
import { buildSitemap } from "../output/sitemap.ts";
import { docsEntries, type SiteAssets, type SiteData } from "../pages/siteData.ts";
import type { SnippetSummary } from "../snippets/index.ts";
import { buildStyles } from "../render/styles.ts";
import { buildRuntime } from "../render/runtime.ts";
import { addVersionTargets } from "../pages/versionTargets.ts";
import { hasTwin, twinFileOf, twinRoute, twinsOf } from "../output/twinUrls.ts";
import { buildLlmsFiles, type LlmsFiles } from "../llms/llmsFiles.ts";
import { keptFullTexts } from "../llms/keptFullText.ts";
import { sidebarFileOf, sidebarFiles } from "../../renderer/sidebarFile.ts";
import { sha1 } from "../util/hash.ts";
import { contentDigest, FileDigests } from "../util/fileDigests.ts";
import { checkNavbar } from "../links/navbarCheck.ts";
import { apiPagesStage, loadApiStage, type ApiStage } from "./apiStage.ts";
import { docFooters, homePage, loadContent, renderDocs, standalonePages, type Content } from "./docsStage.ts";
import { redirectPages } from "../pages/redirects.ts";
import { apiAliasPages } from "../pages/apiAliases.ts";
import { linkContext } from "./linkContext.ts";
import { fileRoutes, linksStage } from "./linksStage.ts";
import { renderStage, startRenderPool, type Rendered } from "./renderStage.ts";
import { apiRenderSetup, type RenderPool } from "./renderPool.ts";
import { BuildCache, createScope, type StageScope } from "../cache/buildCache.ts";
import { BuildStore } from "../cache/buildStore.ts";
import { hasField } from "../cache/apartValues.ts";
import { viewerFolder } from "./viewerSource.ts";
import { cacheFolderProblem, cacheUnusable, cacheUsable, cacheWriteProblem, siteCacheDir, type CacheProblem } from "../util/siteCache.ts";
import type { PipelineOptions, SiteOptions } from "./options.ts";

export type { PipelineOptions, SiteOptions } from "./options.ts";

/** The site as data: everything up to and including the link check, nothing written. */
export interface SiteBuild {
  config: ResolvedConfig;
  pages: Page[];
  /** Rendered HTML by route, of the pages not written straight into `staging`. */
  html: RenderedHtml;
  /** Each rendered page's links, ids and search documents, by route. */
  rendered: ReadonlyMap<string, RenderedPage>;
  /** Each page's render key, by route ("" when the cache keeps nothing). */
  renderKeys: ReadonlyMap<string, string>;
  /** The page files and twins this build wrote, with their content's digest, for the build store to record (see Rendered.written). */
  written: ReadonlyMap<string, string>;
  /** The staging output folder holding the pages, when `outputDir` was given. */
  staging?: OutputStaging;
  /** Every output file except the search files, by path relative to the output folder. */
  files: OutputFiles;
  /** content/static, copied into the output as it is, when the site has one. */
  statics?: StaticFiles;
  /** Names of the docs versions, and of the one searched by default (the latest): each has its search files. */
  versions: { names: string[]; latest: string };
  diagnostics: Diagnostics;
  /** What the snippet check did, per version with snippets. */
  snippets: SnippetSummary[];
  /** Settles when every twin is made (see Rendered.twins); completeTwins waits for it. */
  twins: Promise<void>;
  /** What the llms files are made from besides the pages. */
  docs: Pick<Content, "versions" | "sidebars">;
  /** Milliseconds per stage. */
  timings: Record<string, number>;
  /** The build store the cache came from (an incremental one-off build), to save once the build succeeded. */
  store?: BuildStore;
  /** Pages the build store kept (not rendered again): their files are the previous build's. */
  pagesKept: number;
}

export interface PipelineResult {
  config: ResolvedConfig;
  pages: Page[];
  /**
   * Rendered HTML by route. A build that writes its output writes each page as it renders and keeps
   * none here; a check (write: false) keeps every page.
   */
  html: RenderedHtml;
  /** Pages rendered. */
  pageCount: number;
  diagnostics: Diagnostic[];
  errors: Diagnostic[];
  warnings: Diagnostic[];
  /** What the snippet check did, per version with snippets. */
  snippets: SnippetSummary[];
  /** Each version's llms-full.txt and its size (none when `llms` is off). */
  llmsFull: LlmsFiles["full"];
  /** Milliseconds per stage. */
  timings: Record<string, number>;
  /** Set when the output was written. */
  outDir?: string;
  filesWritten: number;
  /** The search files by name, written or not (a build with errors writes nothing). */
  search: OutputFiles;
}

async function timed<T>(timings: Record<string, number>, stage: string, work: () => T | Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    timings[stage] = (timings[stage] ?? 0) + performance.now() - start;
  }
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
 * Pages whose route is no plain path or whose output file would not lie inside the output folder are errors
 * naming the page's file, and left out, before anything is written. The routes authors write (slugs, the
 * config's route keys) are refused where they are written; this catches any other, and outputGate.ts any
 * file still.
 */
function keepRoutesInside(pages: Page[], baseUrl: string, diagnostics: Diagnostics): Page[] {
  return pages.filter((page) => {
    const problem = routeProblem(page.route) ?? outsideProblem(fileOfRoute(page.route, baseUrl));
    if (problem) diagnostics.error("outside-output", `the route ${JSON.stringify(page.route)} cannot be written: ${problem}; ${PLAIN_ROUTE}`, { file: page.source });
    return problem === undefined;
  });
}

/** Config to link check: the whole site as data, with every diagnostic; nothing is written. */
export async function buildSite(options: SiteOptions): Promise<SiteBuild> {
  const log = options.log ?? (() => {});
  const timings: Record<string, number> = {};
  const time = <T>(stage: string, work: () => T | Promise<T>) => timed(timings, stage, work);
  const loaded = await time("config", () => (typeof options.config === "object" ? options.config : loadConfig(options.config, options.cwd)));
  const config = withSafeAnnouncement(loaded);
  for (const note of config.notes) log(`note: ${note}`);
  const outDir = options.outputDir === undefined ? undefined : outputTarget(path.resolve(config.siteDir, options.outputDir));
  let staging: OutputStaging | undefined;
  try {
    if (outDir !== undefined) checkOutputFolder(outDir, siteFoldersOf(config));
    // A cache that cannot be written is passed over (buildInto warns of it): it only saves work.
    const cacheProblem = cacheFolderProblem(config.siteDir);
    const keeps = !options.cache && options.incremental === true && cacheProblem === undefined;
    // An incremental build starts its staging folder from the output before the last (see spareOutput.ts).
    staging = outDir === undefined ? undefined : OutputStaging.open(outDir, keeps ? spareFolder(config.siteDir, outDir) : undefined);
    cacheUsable(siteCacheDir(config.siteDir));
    const storeOptions = { config, outDir, includeDrafts: options.includeDrafts ?? false, ...(config.api && { viewerDir: viewerFolder({ ...config, api: config.api }, options.viewer).dir }), ...(staging?.reused && { staged: staging.dir }), log };
    const store = keeps ? await time("cache", () => BuildStore.open(storeOptions)) : undefined;
    const cache = options.cache ?? store?.cache ?? new BuildCache(false);
    return { ...(await buildInto(options, config, cache, timings, staging, store, cacheProblem)), ...(store && { store }) };
  } catch (error) {
    await staging?.discard();
    throw outDir === undefined ? error : outputFailure(error, outDir);
  }
}

/** buildSite after the config: every stage up to the link check, pages written into `staging` if any. */
async function buildInto(
  options: SiteOptions,
  config: ResolvedConfig,
  cache: BuildCache,
  timings: Record<string, number>,
  staging: OutputStaging | undefined,
  store: BuildStore | undefined,
  cacheProblem: CacheProblem | undefined,
): Promise<SiteBuild> {
  const log = options.log ?? (() => {});
  const time = <T>(stage: string, work: () => T | Promise<T>) => timed(timings, stage, work);
  const scope = createScope(config.baseUrl);
  const { diagnostics } = scope;
  diagnostics.items.push(...config.warnings);
  // A build asked to keep its work (the command line's default) is told; one that keeps none (--no-cache) only passes the cache over.
  if (cacheProblem !== undefined) cacheUnusable(diagnostics, siteCacheDir(config.siteDir), cacheProblem, options.incremental === true);
  const content = await time("content", () => loadContent(config, options.includeDrafts ?? false, cache, scope));
  const lastVersion = content.versions.find((v) => v.isLast) ?? content.versions[0];
  // Without a version there is no site to build: stop with what the content stage found.
  if (!lastVersion) throw new CartaDocsError(diagnostics.errors.map((d) => d.message).join("\n") || "no docs version could be loaded", diagnostics.errors);

  const apiConfig = config.api;
  const api = apiConfig ? await time("api", () => loadApiStage({ ...config, api: apiConfig }, content.versions, content.docs, options, cache, scope, log)) : undefined;
  if (api && api.snippets.length > 0) {
    // Checked inside the API stage, right after each conversion; shown as a stage of its own.
    timings.snippets = api.snippetMs;
    timings.api! -= api.snippetMs;
  }
  const pool = startRenderPool(options, content, api, store?.keepsRenderings);
  let routed: Page[];
  let site: SiteData;
  let rendered: Rendered;
  let twins: Promise<void>;
  try {
    routed = await routeTable(config, content, api, pool, cache, scope, time);
    const entries = docsEntries(content.versions, content.sidebars);
    addVersionTargets(routed, content.versions, entries);
    const assets = await time("assets", () =>
      cache.memoAsync("assets", "site", "", scope, async (s): Promise<SiteAssets> => ({ ...buildStyles(s.assets), ...(await buildRuntime(s.assets)) })),
    );
    site = { config, versions: content.versions, lastVersion, sidebars: content.sidebars, docsEntries: entries, assets };
    checkNavbar(site, diagnostics);
    // A build store keeps each version's sidebar lists by its sidebars, so a build that renders a page of the version
    // (or writes its sidebar file) does not draw every deferred category again.
    if (store) for (const version of content.versions) sidebarFileOf(site, version.name, (make) => cache.memo("render", `sidebar lists ${version.name}`, sha1(cache.neutral(JSON.stringify([content.sidebars.get(version.name), config.baseUrl]))), scope, make));

    const writeTo = staging && { dir: staging.dir, outDir: staging.outDir, reused: staging.reused, noPrevious: staging.noPrevious, digests: store !== undefined };
    // The kept pages' files are linked by the stats the thread took: a wait for it is the render stage's.
    rendered = await time("render", async () => {
      await store?.stagedStatsTaken();
      return renderStage(site, routed, cache, scope, options, pool, writeTo, writeTo && store && keptPageRestorer(store, writeTo, config.baseUrl));
    });
    // The threads go on making the twins while this thread checks links and builds the search files.
    twins = rendered.twins.finally(() => pool?.close());
    twins.catch(() => {}); // awaited by completeTwins; a build that fails before that has its own error
  } catch (error) {
    await pool?.close();
    throw error;
  }

  const unchanged = routed.length - rendered.renderedCount;
  log(`rendered ${rendered.renderedCount} pages${unchanged > 0 ? ` (${unchanged} unchanged)` : ""}`);

  try {
    const { staticDir } = content;
    const statics = fs.existsSync(staticDir) && content.boundary.allows(staticDir, diagnostics) ? { dir: staticDir, files: listFilesInside(staticDir, content.boundary, diagnostics) } : undefined;
    const versions = { names: content.versions.map((v) => v.name), latest: lastVersion.name };
    const extraFiles = [...searchFileList(versions.names, versions.latest), ...(config.url ? ["sitemap.xml"] : [])];
    const builtFiles = fileRoutes(config, [...scope.assets.files.keys(), ...extraFiles], statics?.files ?? []);
    // Pages link their markdown twins (<link rel="alternate">): the twins are files of the build too.
    if (twinsOf(config)) for (const page of routed) if (hasTwin(page) && rendered.pages.has(page.route)) builtFiles.add(twinRoute(page.route, config.baseUrl));
    await time("links", () => linksStage(config, routed, rendered, builtFiles, cache, scope));

    const files = outputFilesOf(site, routed, rendered, scope);
    diagnostics.dropRepeats();
    return {
      config,
      pages: routed,
      html: rendered.html,
      rendered: rendered.pages,
      renderKeys: rendered.keys,
      written: rendered.written,
      ...(staging && { staging }),
      files,
      ...(statics && { statics }),
      versions,
      diagnostics,
      snippets: api?.snippets ?? [],
      twins,
      docs: content,
      timings,
      pagesKept: unchanged,
    };
  } catch (error) {
    // The threads may still be writing twins into the staging folder, which the caller then removes.
    await twins.catch(() => {});
    throw error;
  }
}

/**
 * The route table: API pages first (render threads rebuild them from the models while this thread renders the
 * docs' markdown), then each version's doc pages, the home page, the not-found and search pages, the standalone
 * markdown pages and the redirects; duplicate routes and routes that cannot be written left out with their diagnostics.
 */
async function routeTable(
  config: ResolvedConfig,
  content: Content,
  api: ApiStage | undefined,
  pool: RenderPool | undefined,
  cache: BuildCache,
  scope: StageScope,
  time: <T>(stage: string, work: () => T | Promise<T>) => Promise<T>,
): Promise<Page[]> {
  const { diagnostics } = scope;
  const apiPages = api ? await time("apiPages", () => apiPagesStage(config, content.versions, api, cache, scope)) : [];
  if (pool && api) pool.sendApi(apiRenderSetup(config.configFile, content.versions, apiPages, api.recipes, api.uses));
  api?.recipes.clear(); // TypeDoc's JSON text, of no more use here (a build store keeps its own apart, unread)
  const footers = await time("docFooters", () => docFooters(config, [...content.docs.values()].flat(), diagnostics));
  const pages: Page[] = [];
  await time("markdown", () => {
    for (const version of content.versions) {
      const docs = content.docs.get(version.name) ?? [];
      const rendered = renderDocs(version, docs, content, api, config, cache, scope, twinsOf(config));
      const descriptions = new Map(rendered.map((r) => [r.doc.id, r.doc.description]));
      pages.push(...buildDocPages(version, rendered, content.sidebars.get(version.name) ?? {}, config.tableOfContents, descriptions, footers, diagnostics));
    }
    pages.unshift(homePage(config, linkContext(scope, config, content, new Map(), api?.resolve), diagnostics));
  });
  const notFound: NotFoundPage = { kind: "notFound", route: `${config.baseUrl}404`, title: "Page not found", source: "not-found page", toc: [], unlisted: true };
  const searchPage: SearchPage = { kind: "search", route: `${config.baseUrl}search`, title: "Search", source: "search page", toc: [], unlisted: true };
  // The standalone pages come after every generated one: a clash leaves the page out, with a warning naming its file.
  const standalone = await time("markdown", () => standalonePages(content, api, config, cache, scope, twinsOf(config)));
  pages.push(...apiPages, notFound, searchPage, ...standalone);
  const routed = warnDuplicateRoutes(pages, diagnostics);
  // Redirects keep old URLs that no page has: one that would replace a page is an error (redirects.ts).
  const redirects = redirectPages(config, new Map(routed.map((page) => [page.route, page.source])), diagnostics);
  const taken = new Set([...routed, ...redirects].map((page) => page.route));
  const aliases = api ? apiAliasPages(content.versions, api.models, config.url, taken) : [];
  return keepRoutesInside([...routed, ...redirects, ...aliases], config.baseUrl, diagnostics);
}

/** Links file `rel` of folder `from` into the staging folder when it still holds what the build store recorded of it (see placeLink). */
const linkKeptFile = (store: BuildStore, from: string, writeTo: StagingFolders, rel: string) =>
  linkRecordedFile(from, writeTo, rel, { holds: (file) => store.holdsRecorded(rel, file), isRecorded: (file, staged) => store.isRecordedFile(rel, file, staged) });

/**
 * For a page the build store kept: links its file (and twin) from the previous build's (its output, or the pages
 * it kept when it had errors), or says it must render again.
 */
function keptPageRestorer(store: BuildStore, writeTo: StagingFolders, baseUrl: string): (page: Page, kept: RenderedPage) => boolean {
  const from = store.filesDir ?? writeTo.outDir;
  return (page, kept) => {
    const rel = fileOfRoute(page.route, baseUrl);
    if (!linkKeptFile(store, from, writeTo, rel)) return false;
    const twinRel = twinFileOf(page.route, baseUrl);
    // A twin the previous build no longer holds as written is written from the store.
    if (hasField(kept, "twin") && !linkKeptFile(store, from, writeTo, twinRel)) writeStagedFile(writeTo, twinRel, kept.twin!);
    return true;
  };
}

/**
 * The output files besides pages written as they rendered and the search and llms files: kept pages, assets, the
 * sidebar files of large sidebars, sitemap.
 */
function outputFilesOf(site: SiteData, routed: Page[], rendered: Rendered, scope: StageScope): OutputFiles {
  const { config } = site;
  const files: OutputFiles = new Map();
  for (const file of sidebarFiles(site)) files.set(file.rel, file.text);
  for (const [route, pageHtml] of rendered.html) files.set(fileOfRoute(route, config.baseUrl), pageHtml);
  for (const [rel, data] of scope.assets.files) files.set(rel, data);
  // A sitemap lists absolute URLs: without the site's url there is none to write.
  if (config.url) files.set("sitemap.xml", buildSitemap(routed, config.url));
  files.set(".nojekyll", "");
  return files;
}

/**
 * Waits for the markdown twins, then adds to `site.files` the twins of pages kept in memory (those of pages
 * written as they rendered are in the staging folder already) and the llms files made of them. Returns each
 * version's llms-full.txt and its size (none when `llms` is off).
 */
export async function completeTwins(site: SiteBuild): Promise<LlmsFiles["full"]> {
  return timed(site.timings, "llms", async () => {
    await site.twins;
    const { config, files, rendered, diagnostics } = site;
    for (const [route, page] of rendered) if (site.html.has(route) && page.twin) files.set(twinFileOf(route, config.baseUrl), page.twin);
    const kept = site.store && keptFullTexts(site.store, site.renderKeys, site.statics?.files ?? [], config.baseUrl);
    const llms = buildLlmsFiles({ config, versions: site.docs.versions, sidebars: site.docs.sidebars, pages: site.pages, rendered, ...(kept && { kept }) });
    for (const [rel, data] of llms.files) files.set(rel, data);
    // A file of content/static replaces a generated one of the same path (an llms.txt, sitemap.xml or 404.html of
    // the author's own): the output, and watch mode's updates of it, leave it as written.
    for (const rel of site.statics?.files ?? []) files.delete(rel);
    diagnostics.dropRepeats(); // twins made on threads report what their pages did
    return llms.full;
  });
}

/** The search files of a built site: search-doc.json and search-index.json for the latest version, a pair per other version. */
export async function searchFiles(site: SiteBuild): Promise<SearchFiles> {
  const { store, renderKeys } = site;
  // A build store keeps each page's terms by its render key (its search documents come with its rendering), so an
  // edit tokenizes the edited page alone, and each version's files as assembled, which an edit patches.
  const keeper = store && keptSearch(store.cache, renderKeys, createScope(site.config.baseUrl));
  return timed(site.timings, "search", () => {
    const search = buildSearchFiles(site.pages, site.rendered, site.versions.names, site.versions.latest, undefined, keeper);
    // The kept terms stand for a page's search documents from now on: its kept rendering lets them go (at 10,000
    // docs, 43 MB of text and 240,000 objects the store no longer loads). Both are saved, and used, together.
    if (store) for (const page of site.rendered.values()) if (page.search?.length) delete page.search;
    return search;
  });
}

/**
 * Saves the build store, with the page files the build wrote (`kept`: into the folder a build with errors keeps
 * them in); failing to is the build's cache warning (added to `result`), as the build itself went as it reports.
 */
async function saveStore(site: SiteBuild, written: string[], result: PipelineResult, kept = false): Promise<void> {
  if (!site.store) return;
  try {
    await timed(site.timings, "cache", () => site.store!.save(written, kept, site.written));
  } catch (error) {
    const cacheDir = siteCacheDir(site.config.siteDir);
    cacheUnusable(site.diagnostics, cacheDir, cacheWriteProblem(error, cacheDir));
    result.warnings = site.diagnostics.warnings;
  }
}

/** The page files (and twins) written into the staging folder as they rendered or linked from before: not in `site.files`. */
function stagedPageFiles(site: SiteBuild): string[] {
  const { baseUrl } = site.config;
  return [...site.rendered]
    .filter(([route]) => !site.html.has(route))
    .flatMap(([route, page]) => [fileOfRoute(route, baseUrl), ...(hasField(page, "twin") ? [twinFileOf(route, baseUrl)] : [])]);
}

/**
 * Tells the file-digest table what the output's generated files hold: the up-to-date record's walk of the output
 * after the build (upToDate.ts) then reads none of them again. Linking a file from the previous output changes its
 * change time, so without this the walk read every unchanged one (at 10,000 docs, 8,500 search files: half a second
 * of an edit). A file linked keeps the digest the table had for it (hashing the bytes again cost as much); one
 * written is hashed from its bytes. After the swap: removing the previous output (unless it is kept as the spare)
 * changed the linked ones again.
 * The page files are the build store's to record (BuildStore.save).
 */
function learnOutputFiles(outDir: string, siteDir: string, files: OutputFiles, linked: ReadonlyMap<string, fs.Stats>, statics: ReadonlySet<string>): void {
  const digests = FileDigests.of(siteDir);
  for (const [rel, content] of [...files, [OUTPUT_MARKER, OUTPUT_MARKER_TEXT] as const]) {
    if (statics.has(rel)) continue;
    const file = path.join(outDir, rel);
    const stats = fs.lstatSync(file, { throwIfNoEntry: false });
    if (!stats?.isFile()) continue;
    const before = linked.get(rel);
    if (before === undefined || !digests.carry(file, before, stats)) digests.learn(file, stats, contentDigest(content));
  }
}

/**
 * Links the search files the search stage left as the last build made them from that build's output, when it still
 * holds them as the build store recorded them (size and digest, known by their stats): unlike the other files,
 * these are not turned into bytes and compared (at 10,000 docs, some 8,500 files). Returns those linked.
 */
function linkUnchangedSearchFiles(site: SiteBuild, staging: OutputStaging, unchanged: ReadonlySet<string>): string[] {
  const { store } = site;
  if (!store) return [];
  return [...unchanged].filter((rel) => linkKeptFile(store, staging.outDir, staging, rel));
}

export async function runPipeline(options: PipelineOptions): Promise<PipelineResult> {
  const site = await buildSite({ ...options, ...(options.write && { outputDir: options.outDir ?? "build" }) });
  const { diagnostics, config, staging } = site;
  try {
    const search = await searchFiles(site);
    const llmsFull = await completeTwins(site); // after it, the build's diagnostics are complete
    const result: PipelineResult = {
      config,
      pages: site.pages,
      html: site.html,
      pageCount: site.rendered.size,
      diagnostics: diagnostics.items,
      errors: diagnostics.errors,
      warnings: diagnostics.warnings,
      snippets: site.snippets,
      llmsFull,
      timings: site.timings,
      filesWritten: 0,
      search: search.files,
    };
    if (!staging) {
      await saveStore(site, [], result);
      return result;
    }
    if (diagnostics.errors.length > 0) {
      // The output stays as it was; the pages written go to the cache, for the next build to link (see BuildStore).
      const keptAt = site.store?.keptPages;
      const kept = keptAt !== undefined && (await staging.keepAt(keptAt));
      if (!kept) await staging.discard();
      await saveStore(site, kept ? stagedPageFiles(site) : [], result, kept);
      return result;
    }
    let written: string[] = [];
    await timed(site.timings, "output", async () => {
      const files = new Map([...site.files, ...search.files]);
      const searchLinked = linkUnchangedSearchFiles(site, staging, search.unchanged);
      for (const rel of searchLinked) files.delete(rel);
      const linked = new Map<string, fs.Stats>();
      const staged = stagedPageFiles(site);
      // Most pages kept: the output replaced shares most files with this one, and is kept as the spare.
      await staging.finish(files, site.statics, { linked, staged: [...staged, ...searchLinked], keepSpare: site.pagesKept * 2 > site.pages.length });
      result.outDir = staging.outDir;
      result.filesWritten = files.size + searchLinked.length + staged.length;
      // Recorded for the next build, unless a static file took their place.
      const statics = new Set(site.statics?.files);
      written = [...staged, ...search.files.keys()].filter((rel) => !statics.has(rel));
      if (site.store) learnOutputFiles(staging.outDir, config.siteDir, files, linked, statics);
    });
    await saveStore(site, written, result);
    return result;
  } catch (error) {
    await site.twins.catch(() => {}); // no thread may write into the staging folder once it is removed
    await staging?.discard();
    throw staging ? outputFailure(error, staging.outDir) : error;
  }
}
