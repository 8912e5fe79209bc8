/**
 * One build as data flowing through plain stages: config → content → (API) → markdown → routes →
 * render → links → search → output. `build` and `check` are compositions of the same stages.
 */
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
import { loadApi, resolveApiLink, type ApiVersionModel } from "./api/index.ts";
import { apiRoute, buildApiPages } from "./site/apiPages.ts";
import { AssetRegistry } from "./site/assets.ts";
import { checkLinks } from "./site/checkLinks.ts";
import { buildDocPages, type RenderedDoc } from "./site/docPages.ts";
import { createLinkRewriter, type ApiLinkResolver, type LinkContext } from "./site/docLinks.ts";
import { fileOfRoute, writeOutput, type OutputFiles } from "./site/output.ts";
import type { HomePage, NotFoundPage, Page } from "./site/pages.ts";
import { loadTemplates, renderPages } from "./site/render.ts";
import { buildSearchFiles } from "./site/search.ts";
import { buildSitemap } from "./site/sitemap.ts";
import type { SiteData } from "./site/siteData.ts";
import { buildStyles } from "./site/styles.ts";
import { buildRuntime } from "./site/runtime.ts";
import { addVersionTargets } from "./site/versionTargets.ts";
import { checkNavbar } from "./site/navbarCheck.ts";

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
  /** HTML added before </body> on every page (watch mode's live-reload client). */
  bodyExtra?: string;
  /** Root of the viewer checkout (--viewer); else CARTA_FRONTEND_DIR, else the config's api.viewerDir. */
  viewer?: string;
}

export interface PipelineResult {
  config: ResolvedConfig;
  pages: Page[];
  /** Rendered HTML by route. */
  html: Map<string, string>;
  diagnostics: Diagnostic[];
  errors: Diagnostic[];
  warnings: Diagnostic[];
  /** Milliseconds per stage. */
  timings: Record<string, number>;
  /** Set when the output was written. */
  outDir?: string;
  filesWritten: number;
}

interface Content {
  versions: DocsVersion[];
  docs: Map<string, Doc[]>;
  sidebars: Map<string, Sidebars>;
}

function loadContent(config: ResolvedConfig, includeDrafts: boolean, diagnostics: Diagnostics): Content {
  const contentDir = path.resolve(config.siteDir, config.contentDir);
  const versions = loadVersions(config, contentDir, diagnostics);
  const docs = new Map<string, Doc[]>();
  const sidebars = new Map<string, Sidebars>();
  for (const version of versions) {
    const versionDocs = loadDocs(version, { siteDir: config.siteDir, includeDrafts }, diagnostics);
    docs.set(version.name, versionDocs);
    sidebars.set(version.name, loadSidebars(version, versionDocs, config.docs.defaultSidebarId, config.siteDir, diagnostics));
  }
  return { versions, docs, sidebars };
}

function renderDocs(version: DocsVersion, docs: Doc[], ctx: LinkContext): RenderedDoc[] {
  return docs.map((doc) => {
    const rewriter = createLinkRewriter({ source: doc.source, file: doc.file, versionName: version.name, docsDir: version.docsDir }, ctx);
    const result = renderMarkdown(doc.body, { ...rewriter, lineOffset: doc.bodyLineOffset });
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

const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Runs the API stage for every docs version and returns the models with a resolver for `api:` links. */
async function loadApiStage(
  config: ResolvedConfig,
  versions: DocsVersion[],
  options: PipelineOptions,
  diagnostics: Diagnostics,
  log: (line: string) => void,
): Promise<{ models: Map<string, ApiVersionModel>; resolve: ApiLinkResolver }> {
  const apiConfig = config.api!;
  const apiName = (v: DocsVersion) => (v.isCurrent ? config.docs.currentPath : v.name);
  const viewer = options.viewer
    ? { dir: path.resolve(options.viewer), from: "flag" as const }
    : process.env.CARTA_FRONTEND_DIR
      ? { dir: path.resolve(process.env.CARTA_FRONTEND_DIR), from: "env" as const }
      : { dir: path.resolve(config.siteDir, apiConfig.viewerDir), from: "config" as const };
  const byApiName = await loadApi({
    siteDir: config.siteDir,
    contentDir: path.resolve(config.siteDir, config.contentDir),
    cacheDir: path.join(config.siteDir, ".carta-docs-cache"),
    versions: versions.map((v) => ({ name: apiName(v), isCurrent: v.isCurrent })),
    viewer,
    exampleDir: path.join(PACKAGE_ROOT, "examples", "viewer"),
    api: apiConfig,
    log,
    diagnostics,
  });
  const models = new Map<string, ApiVersionModel>();
  for (const v of versions) {
    const model = byApiName.get(apiName(v));
    if (model) models.set(v.name, model);
  }
  const resolve: ApiLinkResolver = (versionName, target) => {
    const version = versions.find((v) => v.name === versionName) ?? versions.find((v) => v.isLast);
    const model = version && models.get(version.name);
    if (!version || !model) return { error: `there is no API reference for version ${versionName || "(none)"}` };
    const found = resolveApiLink(model, target);
    if ("error" in found) return { error: found.candidates.length ? `${found.error}; candidates: ${found.candidates.join(", ")}` : found.error };
    return { href: apiRoute(version, found.path) + (found.anchor ? `#${found.anchor}` : "") };
  };
  return { models, resolve };
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

export async function runPipeline(options: PipelineOptions): Promise<PipelineResult> {
  const log = options.log ?? (() => {});
  const timings: Record<string, number> = {};
  const time = async <T>(stage: string, work: () => T | Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await work();
    } finally {
      timings[stage] = (timings[stage] ?? 0) + performance.now() - start;
    }
  };
  const config = await time("config", () =>
    typeof options.config === "object" ? options.config : loadConfig(options.config, options.cwd),
  );
  for (const note of config.notes) log(`note: ${note}`);
  const diagnostics = new Diagnostics();
  const content = await time("content", () => loadContent(config, options.includeDrafts ?? false, diagnostics));
  const lastVersion = content.versions.find((v) => v.isLast) ?? content.versions[0];
  const assets = new AssetRegistry(config.baseUrl);
  const unresolvedMarkdownLinks = new Set<string>();

  const api = config.api ? await time("api", () => loadApiStage(config, content.versions, options, diagnostics, log)) : undefined;
  const resolveApi = api?.resolve;
  const pages: Page[] = [];
  await time("markdown", () => {
    for (const version of content.versions) {
      const docs = content.docs.get(version.name) ?? [];
      const ctx: LinkContext = { baseUrl: config.baseUrl, docsBySource: new Map(docs.map((d) => [d.source, d])), resolveApi, assets, diagnostics, unresolvedMarkdownLinks };
      const rendered = renderDocs(version, docs, ctx);
      const descriptions = new Map(rendered.map((r) => [r.doc.id, r.doc.description]));
      pages.push(...buildDocPages(version, rendered, content.sidebars.get(version.name) ?? {}, config.tableOfContents, descriptions));
    }
    const homeCtx: LinkContext = { baseUrl: config.baseUrl, docsBySource: new Map(), resolveApi, assets, diagnostics, unresolvedMarkdownLinks };
    pages.unshift(homePage(config, homeCtx, diagnostics));
  });
  if (api && config.api) {
    const apiConfig = config.api;
    await time("apiPages", () => {
      const overview = overviewSource(config);
      for (const version of content.versions) {
        const model = api.models.get(version.name);
        if (!model) continue;
        const ctx: LinkContext = { baseUrl: config.baseUrl, docsBySource: new Map(), resolveApi: api.resolve, assets, diagnostics, unresolvedMarkdownLinks };
        const overviewHtml = overview ? renderMarkdown(overview.body, { ...createLinkRewriter({ source: overview.file, file: overview.shown, versionName: version.name }, ctx), lineOffset: overview.lineOffset }).html : "";
        pages.push(...buildApiPages({ version, model, overviewHtml, overviewFile: overview?.shown ?? "API overview", resolveApi: api.resolve, repoUrl: apiConfig.repoUrl, diagnostics }));
      }
    });
  }
  const notFound: NotFoundPage = { kind: "notFound", route: `${config.baseUrl}404`, title: "Page not found", source: "not-found page", toc: [], unlisted: true };
  pages.push(notFound);

  const routed = warnDuplicateRoutes(pages, diagnostics);
  addVersionTargets(routed, content.versions);
  if (!lastVersion) throw new Error("no docs version could be loaded");
  const site: SiteData = {
    config,
    versions: content.versions,
    lastVersion,
    sidebars: content.sidebars,
    assets: await time("assets", async () => ({ ...buildStyles(assets), ...(await buildRuntime(assets)) })),
    bodyExtra: options.bodyExtra,
  };
  checkNavbar(site, diagnostics);

  const html = await time("render", async () => {
    const templates = await loadTemplates(routed.map((p) => p.kind), config.templatesDir && path.resolve(config.siteDir, config.templatesDir));
    return renderPages(site, routed, templates, diagnostics);
  });
  log(`rendered ${html.size} pages`);

  const search = await time("search", () => buildSearchFiles(routed, html));
  const files: OutputFiles = new Map();
  const routeFiles = new Set<string>([...assets.files.keys()].map((rel) => config.baseUrl + rel));
  for (const extra of ["search-doc.json", "search-index.json", "sitemap.xml"]) routeFiles.add(config.baseUrl + extra);
  const staticDir = path.join(config.siteDir, config.contentDir, "static");
  if (fs.existsSync(staticDir)) {
    for (const entry of fs.readdirSync(staticDir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) routeFiles.add(config.baseUrl + path.relative(staticDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
    }
  }
  await time("links", () =>
    checkLinks(
      { baseUrl: config.baseUrl, html, sources: new Map(routed.map((p) => [p.route, p.source])), files: routeFiles, ignore: unresolvedMarkdownLinks },
      diagnostics,
    ),
  );

  const result: PipelineResult = {
    config,
    pages: routed,
    html,
    diagnostics: diagnostics.items,
    errors: diagnostics.errors,
    warnings: diagnostics.warnings,
    timings,
    filesWritten: 0,
  };
  if (!options.write || diagnostics.errors.length > 0) return result;

  await time("output", () => {
    for (const [route, pageHtml] of html) files.set(route === notFound.route ? "404.html" : fileOfRoute(route, config.baseUrl), pageHtml);
    for (const [rel, data] of assets.files) files.set(rel, data);
    files.set("search-doc.json", search.docs);
    files.set("search-index.json", search.index);
    files.set("sitemap.xml", buildSitemap(routed, config.url));
    files.set(".nojekyll", "");
    const outDir = path.resolve(config.siteDir, options.outDir ?? "build");
    writeOutput(outDir, files, fs.existsSync(staticDir) ? staticDir : undefined);
    result.outDir = outDir;
    result.filesWritten = files.size;
  });
  return result;
}
