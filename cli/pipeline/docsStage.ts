/** The docs stage: versions, docs and sidebars, each doc's markdown, and the home page. */
import fs from "node:fs";
import path from "node:path";
import type { ResolvedConfig } from "../config/load.ts";
import { whileProcessing, type Diagnostics } from "../util/diagnostics.ts";
import { isStackOverflow, lineNestedMost, TOO_DEEP_TO_READ } from "../markdown/nesting.ts";
import { loadDocs, type Doc } from "../content/docs.ts";
import { siteBoundary } from "../content/insideSite.ts";
import { editUrlOf } from "../content/editUrl.ts";
import { lastUpdates, type LastUpdate } from "../content/lastUpdated.ts";
import { parseFrontMatter } from "../content/frontMatter.ts";
import { loadSidebars, type Sidebars } from "../content/sidebars.ts";
import { loadVersions, type DocsVersion } from "../content/versions.ts";
import { renderMarkdown } from "../markdown/index.ts";
import { firstEsmLine, mdxToMarkdown, type MdxOptions } from "../markdown/mdx.ts";
import type { RenderedDoc } from "../pages/docPages.ts";
import { createLinkRewriter, type LinkContext } from "../links/docLinks.ts";
import type { DocFooterData, HomePage } from "../pages/pages.ts";
import { twinLink, twinsOf, type TwinSite } from "../output/twinUrls.ts";
import type { BuildCache, StageScope } from "../cache/buildCache.ts";
import { FileDigests } from "../util/fileDigests.ts";
import type { ApiStage } from "./apiStage.ts";
import { linkContext, staticDirOf, type ContentPlace } from "./linkContext.ts";

export interface Content extends ContentPlace {
  versions: DocsVersion[];
  docs: Map<string, Doc[]>;
  sidebars: Map<string, Sidebars>;
}

/** Versions every build (cheap); each version's docs and sidebars again only when a file under it changed. */
export function loadContent(config: ResolvedConfig, includeDrafts: boolean, cache: BuildCache, scope: StageScope): Content {
  const contentDir = path.resolve(config.siteDir, config.contentDir);
  const boundary = siteBoundary(config);
  const versions = loadVersions(config, contentDir, boundary, scope.diagnostics);
  const docs = new Map<string, Doc[]>();
  const sidebars = new Map<string, Sidebars>();
  const digests = FileDigests.of(config.siteDir);
  for (const version of versions) {
    const key = JSON.stringify([version, includeDrafts, digests.tree(version.docsDir), version.sidebarFile && digests.digest(version.sidebarFile)]);
    const loaded = cache.memo("content", version.name, key, scope, (s) => {
      const versionDocs = loadDocs(version, { siteDir: config.siteDir, includeDrafts, boundary }, s.diagnostics);
      const sidebarFile = version.sidebarFile ? path.relative(config.siteDir, version.sidebarFile) : `the docs of version ${version.name}`;
      const versionSidebars = whileProcessing("reading the sidebars of", sidebarFile, () => loadSidebars(version, versionDocs, config.docs.defaultSidebarId, boundary, s.diagnostics));
      return { docs: versionDocs, sidebars: versionSidebars };
    });
    docs.set(version.name, loaded.docs);
    sidebars.set(version.name, loaded.sidebars);
  }
  return { boundary, staticDir: staticDirOf(config), versions, docs, sidebars };
}

/**
 * Markdown of one version's docs, and each doc's markdown twin unless `twins` is undefined; a doc is
 * rendered again only when its text or what its links resolve to changed.
 */
export function renderDocs(
  version: DocsVersion,
  docs: Doc[],
  place: ContentPlace,
  api: ApiStage | undefined,
  config: Pick<ResolvedConfig, "onBrokenMarkdownLinks" | "mdx" | "siteDir">,
  cache: BuildCache,
  scope: StageScope,
  twins: TwinSite | undefined,
): RenderedDoc[] {
  const docsBySource = new Map(docs.map((d) => [d.source, d]));
  const digests = FileDigests.of(config.siteDir);
  const { linkComponents } = config.mdx;
  // A cache that keeps nothing needs no keys (see BuildCache.keeps).
  const linkTargets = cache.keeps ? JSON.stringify([docs.map((d) => [d.source, d.permalink]), api?.identity]) : "";
  return docs.map((doc) => {
    // Docusaurus shows a doc's own h1 when its front matter has a title too (the title is then only the page's name).
    const keepTitle = doc.frontMatter.title !== undefined;
    const key = cache.keeps ? JSON.stringify([version.name, version.docsDir, doc.file, doc.bodyLineOffset, linkTargets, linkComponents, config.onBrokenMarkdownLinks, twins, keepTitle, doc.body]) : "";
    // The images a doc names are files its key cannot see (a page names an image by a hash of its content):
    // a kept result whose image files changed since is made again.
    const kept = cache.peek<{ files?: [string, string][] }>("markdown", doc.source);
    if (kept?.files?.some(([file, digest]) => digests.digest(file) !== digest)) cache.forget("markdown", doc.source);
    const result = whileProcessing("rendering the markdown of", doc.file, () => cache.memo("markdown", doc.source, key, scope, (s) => {
      const seenFiles = new Set<string>();
      const files = (): [string, string][] => [...seenFiles].map((file) => [file, digests.digest(file)]);
      const rewriter = createLinkRewriter({ source: doc.source, file: doc.file, versionName: version.name, docsDir: version.docsDir }, { ...linkContext(s, config, place, docsBySource, api?.resolve), seenFiles });
      const { lines, ...rewrite } = rewriter;
      const mdxImage = (src: string, line: number) => rewrite.rewriteImage(src, line + doc.bodyLineOffset);
      const twinUrl = twins && ((href: string) => twinLink(twins, doc.permalink, href));
      try {
        // A .md doc with import or export statements is MDX too, as Docusaurus reads it.
        const esm = MDX.test(doc.source) ? undefined : firstEsmLine(doc.body);
        const mdx = MDX.test(doc.source) || esm !== undefined;
        const body = mdx ? markdownOfMdx(doc, { linkComponents, docsRoot: version.path, rewriteImage: mdxImage }, s.diagnostics, esm) : doc.body;
        const { html, headings, title, markdown } = renderMarkdown(body, { ...rewrite, lineOffset: doc.bodyLineOffset, twinUrl, keepTitle });
        return { html, headings, title, markdown, linkLines: [...lines], files: files() };
      } catch (error) {
        // Inline markup and MDX elements can nest past what the parsers' recursion takes, too.
        if (!isStackOverflow(error)) throw error;
        s.diagnostics.error("nesting-too-deep", TOO_DEEP_TO_READ, { file: doc.file, line: lineNestedMost(doc.body) + doc.bodyLineOffset });
        return { html: "", headings: [], title: undefined, markdown: twinUrl && "", linkLines: [], files: files() };
      }
    }));
    if (!doc.frontMatter.title && result.title) doc.title = result.title;
    return { doc, html: result.html, headings: result.headings, markdown: result.markdown, linkLines: result.linkLines, titleInBody: keepTitle && result.title !== undefined };
  });
}

const MDX = /\.mdx$/i;

/**
 * An .mdx doc (or a .md doc with an import or export on body line `esmLine`) as markdown; what cannot be rendered
 * is an error at its line of the file.
 */
function markdownOfMdx(doc: Doc, options: MdxOptions, diagnostics: Diagnostics, esmLine?: number): string {
  const { markdown, problems } = mdxToMarkdown(doc.body, options);
  const why = esmLine === undefined ? "" : ` (this .md file is read as MDX, as Docusaurus reads it, for its import or export on line ${esmLine + doc.bodyLineOffset})`;
  for (const problem of problems) diagnostics.error("mdx", problem.message + why, { file: doc.file, line: problem.line + doc.bodyLineOffset });
  return markdown;
}

/**
 * Edit links and last-update dates of every doc, by source file; empty when the site shows neither. A
 * failing editUrl function is reported against the doc, which then has no link.
 */
export async function docFooters(config: ResolvedConfig, docs: Doc[], diagnostics: Diagnostics): Promise<Map<string, DocFooterData>> {
  const { editUrl, showLastUpdateTime, showLastUpdateAuthor } = config.docs;
  const footers = new Map<string, DocFooterData>();
  if (editUrl === undefined && !showLastUpdateTime && !showLastUpdateAuthor) return footers;
  const contentDir = path.resolve(config.siteDir, config.contentDir);
  const { updates } =
    showLastUpdateTime || showLastUpdateAuthor
      ? await lastUpdates(
          docs.map((doc) => doc.source),
          contentDir,
          path.join(config.siteDir, ".carta-docs-cache"),
        )
      : { updates: new Map<string, LastUpdate>() };
  for (const doc of docs) {
    const footer: DocFooterData = {};
    try {
      footer.editUrl = editUrlOf(editUrl, doc, contentDir);
    } catch (error) {
      diagnostics.error("edit-url", error instanceof Error ? error.message : String(error), { file: doc.file });
    }
    const update = updates.get(doc.source);
    if (update) footer.lastUpdate = { time: showLastUpdateTime ? update.time : undefined, author: showLastUpdateAuthor ? update.author : undefined };
    footers.set(doc.source, footer);
  }
  return footers;
}

/** The home page: hero from the config, body from content/pages/index.md when present. */
export function homePage(config: ResolvedConfig, ctx: LinkContext, diagnostics: Diagnostics): HomePage {
  const file = path.join(config.siteDir, config.contentDir, "pages", "index.md");
  const route = config.baseUrl;
  if (!fs.existsSync(file) || !ctx.boundary.allows(file, diagnostics)) return { kind: "home", route, title: config.title, description: config.tagline, source: "home page", toc: [], html: "" };
  const shown = path.relative(config.siteDir, file);
  const { frontMatter, body, bodyLineOffset } = parseFrontMatter(fs.readFileSync(file, "utf8"), shown, diagnostics);
  // As for a doc: links rewritten, and raw HTML removed with a warning.
  const { lines, ...rewrite } = createLinkRewriter({ source: file, file: shown, versionName: "" }, ctx);
  const twins = twinsOf(config);
  const twinUrl = twins && ((href: string) => twinLink(twins, route, href));
  const result = renderMarkdown(body, { ...rewrite, lineOffset: bodyLineOffset, twinUrl });
  return { kind: "home", route, title: frontMatter.title ?? config.title, description: frontMatter.description ?? config.tagline, source: shown, linkLines: lines, toc: [], html: result.html, markdown: result.markdown };
}
