/** The docs stage: versions, docs and sidebars, each doc's markdown, and the home page. */
import fs from "node:fs";
import path from "node:path";
import type { ResolvedConfig } from "../config/load.ts";
import { whileProcessing, type Diagnostics } from "../diagnostics.ts";
import { isStackOverflow, lineNestedMost, TOO_DEEP_TO_READ } from "../markdown/nesting.ts";
import { loadDocs, type Doc } from "../content/docs.ts";
import { siteBoundary, type SiteBoundary } from "../content/insideSite.ts";
import { editUrlOf } from "../content/editUrl.ts";
import { lastUpdates } from "../content/lastUpdated.ts";
import { parseFrontMatter } from "../content/frontMatter.ts";
import { loadSidebars, type Sidebars } from "../content/sidebars.ts";
import { loadVersions, type DocsVersion } from "../content/versions.ts";
import { renderMarkdown } from "../markdown/index.ts";
import { mdxToMarkdown, type MdxOptions } from "../markdown/mdx.ts";
import type { RenderedDoc } from "../site/docPages.ts";
import { createLinkRewriter, type ApiLinkResolver, type LinkContext } from "../site/docLinks.ts";
import type { DocFooterData, HomePage } from "../site/pages.ts";
import { twinLink, twinsOf, type TwinSite } from "../site/twinUrls.ts";
import type { BuildCache, StageScope } from "../watch/buildCache.ts";
import { fileStamp, treeStamp } from "../watch/treeStamp.ts";
import type { ApiStage } from "./api.ts";

export interface Content {
  /** Where content files may come from; images are checked against it as the markdown names them. */
  boundary: SiteBoundary;
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
  for (const version of versions) {
    const key = JSON.stringify([version, includeDrafts, treeStamp(version.docsDir), version.sidebarFile && fileStamp(version.sidebarFile)]);
    const loaded = cache.memo("content", version.name, key, scope, (s) => {
      const versionDocs = loadDocs(version, { siteDir: config.siteDir, includeDrafts, boundary }, s.diagnostics);
      const sidebarFile = version.sidebarFile ? path.relative(config.siteDir, version.sidebarFile) : `the docs of version ${version.name}`;
      const versionSidebars = whileProcessing("reading the sidebars of", sidebarFile, () => loadSidebars(version, versionDocs, config.docs.defaultSidebarId, boundary, s.diagnostics));
      return { docs: versionDocs, sidebars: versionSidebars };
    });
    docs.set(version.name, loaded.docs);
    sidebars.set(version.name, loaded.sidebars);
  }
  return { boundary, versions, docs, sidebars };
}

export function linkContext(scope: StageScope, boundary: SiteBoundary, docsBySource: Map<string, Doc>, resolveApi: ApiLinkResolver | undefined): LinkContext {
  return { baseUrl: scope.baseUrl, boundary, docsBySource, resolveApi, assets: scope.assets, diagnostics: scope.diagnostics, unresolvedMarkdownLinks: scope.unresolvedLinks };
}

/**
 * Markdown of one version's docs, and each doc's markdown twin unless `twins` is undefined; a doc is
 * rendered again only when its text or what its links resolve to changed.
 */
export function renderDocs(
  version: DocsVersion,
  docs: Doc[],
  boundary: SiteBoundary,
  api: ApiStage | undefined,
  linkComponents: MdxOptions["linkComponents"],
  cache: BuildCache,
  scope: StageScope,
  twins: TwinSite | undefined,
): RenderedDoc[] {
  const docsBySource = new Map(docs.map((d) => [d.source, d]));
  // A cache that keeps nothing needs no keys (see BuildCache.keeps).
  const linkTargets = cache.keeps ? JSON.stringify([docs.map((d) => [d.source, d.permalink]), api?.identity]) : "";
  return docs.map((doc) => {
    const key = cache.keeps ? JSON.stringify([version.name, version.docsDir, doc.file, doc.bodyLineOffset, linkTargets, linkComponents, twins, doc.body]) : "";
    const result = whileProcessing("rendering the markdown of", doc.file, () => cache.memo("markdown", doc.source, key, scope, (s) => {
      const rewriter = createLinkRewriter({ source: doc.source, file: doc.file, versionName: version.name, docsDir: version.docsDir }, linkContext(s, boundary, docsBySource, api?.resolve));
      const { lines, ...rewrite } = rewriter;
      const mdxImage = (src: string, line: number) => rewrite.rewriteImage(src, line + doc.bodyLineOffset);
      const twinUrl = twins && ((href: string) => twinLink(twins, doc.permalink, href));
      try {
        const body = MDX.test(doc.source) ? markdownOfMdx(doc, { linkComponents, docsRoot: version.path, rewriteImage: mdxImage }, s.diagnostics) : doc.body;
        const { html, headings, title, markdown } = renderMarkdown(body, { ...rewrite, lineOffset: doc.bodyLineOffset, twinUrl });
        return { html, headings, title, markdown, linkLines: [...lines] };
      } catch (error) {
        // Inline markup and MDX elements can nest past what the parsers' recursion takes, too.
        if (!isStackOverflow(error)) throw error;
        s.diagnostics.error("nesting-too-deep", TOO_DEEP_TO_READ, { file: doc.file, line: lineNestedMost(doc.body) + doc.bodyLineOffset });
        return { html: "", headings: [], title: undefined, markdown: twinUrl && "", linkLines: [] };
      }
    }));
    if (!doc.frontMatter.title && result.title) doc.title = result.title;
    return { doc, html: result.html, headings: result.headings, markdown: result.markdown, linkLines: result.linkLines };
  });
}

const MDX = /\.mdx$/i;

/** An .mdx doc as markdown; what cannot be rendered is an error at its line of the .mdx file. */
function markdownOfMdx(doc: Doc, options: MdxOptions, diagnostics: Diagnostics): string {
  const { markdown, problems } = mdxToMarkdown(doc.body, options);
  for (const problem of problems) diagnostics.error("mdx", problem.message, { file: doc.file, line: problem.line + doc.bodyLineOffset });
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
      : { updates: new Map() };
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
