/** The render stage: every page whose inputs changed, on this thread or shared out to render threads. */
import { loadedFromItsFile } from "../config/load.ts";
import path from "node:path";
import { allItems } from "../api/model.ts";
import type { DocsVersion } from "../content/versions.ts";
import { whileProcessing, type Diagnostics } from "../util/diagnostics.ts";
import type { StagingFolders } from "../output/writeOutput.ts";
import type { Page } from "../pages/pages.ts";
import { loadTemplates, makeTwin, renderOnePage, sameBytes, type PageRendering, type RenderedHtml, type RenderedPage, type Templates } from "../render/renderPages.ts";
import { hasTwin, twinsOf } from "../output/twinUrls.ts";
import { defaultRenderThreads, PARALLEL_MIN_PAGES, RenderPool, renderSetup } from "./renderPool.ts";
import type { SiteData } from "../pages/siteData.ts";
import { sha1 } from "../util/hash.ts";
import type { BuildCache, StageScope } from "../cache/buildCache.ts";
import type { SiteOptions } from "./options.ts";
import type { ApiStage } from "./apiStage.ts";
import type { Content } from "./docsStage.ts";

/**
 * What a page's HTML depends on besides the site-wide data, as JSON. An API page stands for itself by
 * identity: the API pages stage hands out the same page objects until their inputs change, and names each
 * by those inputs (BuildCache.name), so that the name holds across processes; only their version targets
 * are set again by every build.
 */
function pageInputs(page: Page, cache: BuildCache): string {
  if (page.section === "api") return JSON.stringify([cache.identity(page), page.versionTargets?.map((t) => [t.version.name, t.href])]);
  // A doc's sidebar is one of its version's sidebars, which the key holds once (sidebarTokens): written out in
  // every page's key, it made the keys grow with the square of the docs. Versions are named, not written out;
  // done on a copy rather than by a replacer, which keeps JSON.stringify off its fast path (half the key's cost).
  const named = (version: DocsVersion | undefined) => version?.name;
  const targets = page.versionTargets?.map((target) => ({ ...target, version: named(target.version) }));
  const common = { version: named(page.version), sidebar: undefined, ...(targets && { versionTargets: targets }) };
  if (page.kind !== "doc") return JSON.stringify({ ...page, ...common });
  // A doc's body and what the markdown stage made of it are named by the digest made with them (DocPage.rendering):
  // written out, they made the keys of 10,000 docs 150 MB of JSON to hash on every build. The doc is named by what
  // it was read from (its file's digest, its version: loadContent), and the table of contents by the headings, the
  // doc's front matter and the config it is made from.
  if (page.rendering !== undefined) return JSON.stringify({ ...page, ...common, doc: cache.identity(page.doc), toc: undefined, html: undefined, markdown: undefined, headings: undefined });
  // Without a rendering digest, written out (its table of contents and headings are read when asked for: docPages.ts).
  return JSON.stringify({ ...page, ...common, doc: { ...page.doc, version: named(page.doc.version) }, toc: page.toc, headings: page.headings });
}

/** Pages rendered between two looks at the event loop (see writeStagedFile). */
const YIELD_EVERY = 32;

export interface Rendered {
  /** HTML of the pages kept in memory: all of them, unless they went straight into a staging folder. */
  html: RenderedHtml;
  /** Each page with its links, ids and search documents. */
  pages: Map<string, RenderedPage>;
  /** Key of each page's render inputs. */
  keys: Map<string, string>;
  /**
   * The files this build wrote into the staging folder for the pages it rendered (and their twins, once `twins`
   * settles), with their content's digest, when the staging folder asks for them (StagingFolders.digests).
   */
  written: Map<string, string>;
  /**
   * Routes whose HTML differs from the previous build's, with that build's rendering (undefined for a new page);
   * a page rendered again whose HTML either build did not keep counts as changed.
   */
  changed: Map<string, RenderedPage | undefined>;
  /** Pages rendered by this build (the others were unchanged). */
  renderedCount: number;
  /**
   * Settles when every page's twin is in `pages`: at once, unless render threads make the twins after the
   * pages (see renderPool.ts); their diagnostics are added to the build's then. Rejects when writing one failed.
   */
  twins: Promise<void>;
}

/** Key of each page's render inputs: the page, the site-wide data and the sidebars of its version. */
function renderKeys(site: SiteData, pages: Page[], cache: BuildCache): string[] {
  // Every page's metadata names where each version's docs begin, which hangs on every version's sidebars.
  // Inputs name files relative to the site (BuildCache.neutral), so the keys hold in a clone elsewhere.
  const siteToken = sha1(cache.neutral(JSON.stringify([site.config, site.versions, site.lastVersion.name, [...site.docsEntries], site.assets])));
  const sidebarTokens = new Map([...site.sidebars].map(([name, sidebars]) => [name, sha1(cache.neutral(JSON.stringify(sidebars)))]));
  return pages.map((page) => sha1(`${siteToken} ${sidebarTokens.get((page.version ?? site.lastVersion).name)} ${cache.neutral(pageInputs(page, cache))}`));
}

/**
 * Renders each page whose inputs changed: the page, the site-wide data every template sees, and the
 * sidebars of its version (the navbar links the first page of a sidebar). Templates cannot change within a
 * watch session: the session restarts for that. With a render pool, the pages to render are shared out
 * across threads first; results are filed in page order either way. With `writeTo` (a staging output
 * folder), each page is written there as it renders and its HTML is not kept.
 */
export async function renderStage(
  site: SiteData,
  pages: Page[],
  cache: BuildCache,
  scope: StageScope,
  options: SiteOptions,
  pool: RenderPool | undefined,
  writeTo: StagingFolders | undefined,
  /**
   * For a kept rendering whose HTML was written, not kept (a build store's): puts the page's files into
   * `writeTo`, or says it cannot (the previous output no longer holds that build's file), and the page renders again.
   */
  restore?: (page: Page, kept: RenderedPage) => boolean,
): Promise<Rendered> {
  const { config } = site;
  const keys = cache.keeps ? renderKeys(site, pages, cache) : undefined;
  if (keys && writeTo) {
    pages.forEach((page, i) => {
      if (!cache.holds("render", page.route, keys[i]!)) return;
      const kept = cache.peek<RenderedPage | undefined>("render", page.route);
      if (kept && !kept.html && !restore?.(page, kept)) cache.forget("render", page.route);
    });
  }
  const pending = keys ? pages.filter((page, i) => !cache.holds("render", page.route, keys[i]!)) : pages;
  // Threads not started yet (a build store keeps most renderings) start for many pages only: a few render here.
  const threads = pool && (pool.started || pending.length >= PARALLEL_MIN_PAGES) ? pool : undefined;
  // Loading the templates loads React and the chrome: a build that renders nothing need not.
  const templates: Templates = pending.length > 0 ? await loadTemplates(pending.map((p) => p.kind), config.templatesDir && path.resolve(config.siteDir, config.templatesDir)) : new Map<Page["kind"], { file: string }>();
  let done = 0;
  const progress = () => options.onProgress?.("rendering pages", ++done, pending.length);
  // With threads, the twins are made after the pages, on the threads (see RenderPool.twins).
  const renderHere = (page: Page) => whileProcessing("rendering the page of", page.source, () => renderOnePage(site, page, templates, cache.late, { writeTo, twin: !threads }));
  const early = threads ? await renderInParallel(site, pending, threads, renderHere, progress, options.log, writeTo) : new Map<string, PageRendering>();
  const rendered: Rendered = { html: new Map(), pages: new Map(), keys: new Map(), written: new Map(), changed: new Map(), renderedCount: 0, twins: Promise.resolve() };
  for (const [index, page] of pages.entries()) {
    // Now and then, let the writes begun in the background finish, so their bytes are let go as they go.
    if (writeTo && index % YIELD_EVERY === YIELD_EVERY - 1) await new Promise(setImmediate);
    const key = keys?.[index] ?? "";
    const previous = cache.peek<RenderedPage>("render", page.route);
    let again = false;
    const result = cache.memo("render", page.route, key, scope, (s) => {
      rendered.renderedCount++;
      again = true;
      let fresh = early.get(page.route);
      if (!fresh) {
        fresh = renderHere(page);
        progress();
      }
      const { rendered: out, diagnostics, written } = fresh;
      s.diagnostics.items.push(...diagnostics);
      for (const [rel, digest] of written ?? []) rendered.written.set(rel, digest);
      return out;
    });
    rendered.keys.set(page.route, key);
    if (result) {
      if (result.html) rendered.html.set(page.route, result.html);
      rendered.pages.set(page.route, result);
    }
    const unknown = again && (result?.html === undefined || previous?.html === undefined);
    if (unknown || !sameBytes(result?.html, previous?.html)) rendered.changed.set(page.route, previous);
  }
  reportNavbarFailuresOnce(scope.diagnostics);
  if (threads && twinsOf(config)) rendered.twins = twinsOnThreads(site, pending, rendered, threads, cache, scope, options.log, writeTo);
  return rendered;
}

/**
 * Has the pool's threads make the twins of the pages rendered (`into`), while this thread goes on; files
 * them and their diagnostics in page order when all are made.
 */
async function twinsOnThreads(site: SiteData, pending: Page[], into: Pick<Rendered, "pages" | "written">, pool: RenderPool, cache: BuildCache, scope: StageScope, log: SiteOptions["log"], writeTo: StagingFolders | undefined): Promise<void> {
  const pages = pending.filter((page) => hasTwin(page) && into.pages.has(page.route));
  const { results, failures } = await pool.twins(pages, (page) => makeTwin(site, page, cache.late, writeTo));
  for (const failure of failures) log?.(`note: a render thread failed, so the main thread made its markdown twins: ${failure}`);
  for (const page of pages) {
    const made = results.get(page.route)!;
    Object.assign(into.pages.get(page.route)!, made.twin);
    scope.diagnostics.items.push(...made.diagnostics);
    for (const [rel, digest] of made.written ?? []) into.written.set(rel, digest);
  }
}

/** Renders `pending` on the pool's threads and this one; a failed thread's pages are rendered here. */
async function renderInParallel(
  site: SiteData,
  pending: Page[],
  pool: RenderPool,
  renderPage: (page: Page) => PageRendering,
  onPage: () => void,
  log: SiteOptions["log"],
  writeTo: StagingFolders | undefined,
): Promise<Map<string, PageRendering>> {
  const { results, failures } = await pool.render(renderSetup(site, pending, writeTo), pending, renderPage, onPage);
  for (const failure of failures) log?.(`note: a render thread failed, so the main thread rendered its pages: ${failure}`);
  return results;
}

/**
 * Render threads for a one-off build of a large site, started before the pages are ready so they load
 * their modules meanwhile; with `keptRenderings` (a build store keeps renderings, so few pages may render), when
 * given work, if ever. Not for a watch session, which renders only what changed, nor by default for a config
 * handed over as an object: the threads load the config from its file.
 */
export function startRenderPool(options: SiteOptions, content: Content, api: ApiStage | undefined, keptRenderings = false): RenderPool | undefined {
  const estimate = [...content.docs.values()].reduce((n, docs) => n + docs.length, 0) + [...(api?.models.values() ?? [])].reduce((n, model) => n + allItems(model).length, 0);
  const auto = !options.cache?.session && (typeof options.config !== "object" || loadedFromItsFile(options.config)) && estimate >= PARALLEL_MIN_PAGES;
  const threads = options.renderThreads ?? (auto ? defaultRenderThreads() : 0);
  // With renderings kept by a build store, the threads start when given work (renderStage), if at all.
  return threads > 0 ? RenderPool.start(threads, !keptRenderings) : undefined;
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
