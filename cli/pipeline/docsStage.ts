/** The docs stage: versions, docs and sidebars, each doc's markdown, and the home page. */
import fs from "node:fs";
import path from "node:path";
import type { ResolvedConfig } from "../config/load.ts";
import { whileProcessing, type Diagnostics } from "../util/diagnostics.ts";
import { isStackOverflow, lineNestedMost, TOO_DEEP_TO_READ } from "../markdown/nesting.ts";
import { loadDocs, readDoc, type Doc, type DocReader } from "../content/docs.ts";
import { siteBoundary } from "../content/insideSite.ts";
import { editUrlOf } from "../content/editUrl.ts";
import { lastUpdates, type LastUpdate } from "../content/lastUpdated.ts";
import { parseFrontMatter } from "../content/frontMatter.ts";
import { readInputFile } from "../util/inputPaths.ts";
import { joinUnder } from "../util/joinUnder.ts";
import { loadSidebars, type Sidebars } from "../content/sidebars.ts";
import { loadVersions, type DocsVersion } from "../content/versions.ts";
import { renderMarkdown } from "../markdown/index.ts";
import { firstEsmLine, mdxToMarkdown, type MdxOptions } from "../markdown/mdx.ts";
import { firstSentence, tocFromHeadings, type RenderedDoc } from "../pages/docPages.ts";
import { HOME_BODY, loadStandalonePages, type StandalonePage } from "../content/standalonePages.ts";
import type { Heading } from "../markdown/types.ts";
import { createLinkRewriter, type LinkContext } from "../links/docLinks.ts";
import type { DocFooterData, HomePage, MarkdownPage } from "../pages/pages.ts";
import { twinLink, twinsOf, type TwinSite } from "../output/twinUrls.ts";
import type { BuildCache, StageScope } from "../cache/buildCache.ts";
import { withFields } from "../cache/apartValues.ts";
import { FileDigests } from "../util/fileDigests.ts";
import { sha1 } from "../util/hash.ts";
import { siteCacheDir } from "../util/siteCache.ts";
import type { ApiStage } from "./apiStage.ts";
import { codeLinksOf, usedApiMarkdown } from "../snippets/apiUses.ts";
import { inlineCodeTargets } from "../api/inlineCodeTargets.ts";
import { apiRoute } from "../pages/apiPages.ts";
import { linkContext, staticDirOf, type ContentPlace } from "./linkContext.ts";

export interface Content extends ContentPlace {
  versions: DocsVersion[];
  docs: Map<string, Doc[]>;
  sidebars: Map<string, Sidebars>;
  /** The standalone markdown pages of content/pages. */
  pages: StandalonePage[];
}

/** Versions and sidebars every build (cheap); each doc again only when its file changed, the standalone pages when a file under them changed. */
export function loadContent(config: ResolvedConfig, includeDrafts: boolean, cache: BuildCache, scope: StageScope): Content {
  const contentDir = path.resolve(config.siteDir, config.contentDir);
  const digests = FileDigests.of(config.siteDir);
  // The docs' listing takes what the up-to-date check's walk saw of each file's hard links, without a stat of its own.
  const boundary = siteBoundary(config, (file) => digests.linksSeen(file));
  const versions = loadVersions(config, contentDir, boundary, scope.diagnostics);
  const docs = new Map<string, Doc[]>();
  const sidebars = new Map<string, Sidebars>();
  // Each doc is kept by its file's content, so an edit reads and keeps that doc alone (a version's docs kept as
  // one entry made an entry of tens of megabytes at 10,000 docs, saved again on every edit). A copy of the kept
  // doc carries this build's version object, and the markdown stage's title may be set on it.
  // A version's part of its docs' keys, made once: its digest (written out, it was most of each doc's key).
  const versionTokens = new Map<DocsVersion, string>();
  const versionToken = (version: DocsVersion) => {
    let token = versionTokens.get(version);
    if (token === undefined) versionTokens.set(version, (token = sha1(cache.neutral(JSON.stringify(version)))));
    return token;
  };
  const readKept: DocReader = (version, rel, options, diagnostics) => {
    const source = joinUnder(version.docsDir, rel);
    // What the doc is read from: its version, its path in it and its file's content (a relative path and two digests).
    const digest = cache.keeps ? digests.digest(source) : "";
    const key = cache.keeps ? `${versionToken(version)} ${digest} ${rel}` : "";
    let changed = false;
    const read = (s: StageScope) => readDoc(version, rel, { ...options, onRead: (file, bytes) => (changed = cache.keeps && !digests.readAs(file, bytes, digest)) }, s.diagnostics);
    // By its path alone, as the markdown table: a store moved with the site moves its ids too (rebasePaths).
    const doc = cache.memo("content", source, key, { ...scope, diagnostics }, read);
    // Changed since its digest was taken: what was read is kept under no key of other content (see FileDigests.readAs).
    if (changed) cache.forget("content", source);
    if (!doc) return undefined;
    // A copy that leaves a kept body unread (its markdown is kept too: see apartValues.ts), named by its key, which
    // its page's render key names it by (a doc written out in every key was a third of their text).
    const copy = withFields(doc, { version });
    if (cache.keeps) cache.name(copy, key);
    return copy;
  };
  for (const version of versions) {
    const versionDocs = loadDocs(version, { siteDir: config.siteDir, includeDrafts, boundary }, scope.diagnostics, readKept);
    // The sidebars are made again by every build: from the docs at hand and the category files, in milliseconds.
    const sidebarFile = version.sidebarFile ? path.relative(config.siteDir, version.sidebarFile) : `the docs of version ${version.name}`;
    docs.set(version.name, versionDocs);
    sidebars.set(version.name, whileProcessing("reading the sidebars of", sidebarFile, () => loadSidebars(version, versionDocs, config.docs.defaultSidebarId, boundary, scope.diagnostics)));
  }
  // The standalone pages, again only when a file under content/pages changed. Their folder is walked again here
  // (a file changed since the up-to-date check's walk is read again), so the key names what is read next.
  const pagesDir = path.join(contentDir, "pages");
  const pagesKey = cache.keeps ? JSON.stringify([config.baseUrl, includeDrafts, digests.tree(pagesDir)]) : "";
  const loadPages = (s: StageScope) => (boundary.allows(pagesDir, s.diagnostics) ? loadStandalonePages(pagesDir, config.baseUrl, { siteDir: config.siteDir, includeDrafts, boundary }, s.diagnostics) : []);
  const pages = fs.statSync(pagesDir, { throwIfNoEntry: false })?.isDirectory() ? cache.memo("content", "content/pages", pagesKey, scope, loadPages) : [];
  return { boundary, staticDir: staticDirOf(config), versions, docs, sidebars, pages };
}

/** A markdown file to render: a doc, or a standalone page. */
interface MarkdownSource {
  source: string;
  file: string;
  body: string;
  bodyLineOffset: number;
  /** The page's route, which its twin's `#anchor` links lead to. */
  route: string;
  /** The body's own h1 stays in the HTML (a front matter title names the page), as in Docusaurus. */
  keepTitle: boolean;
}

/** What a file's links resolve against: the docs of a version (a standalone page: the latest) and the API. */
interface MarkdownPlace {
  version: DocsVersion;
  docsDir: string;
  /** The docs root `{docs}` of MDX link components names. */
  docsRoot: string;
  docs: Doc[];
}

/** A markdown file rendered: what the markdown stage keeps of it. */
interface MarkdownResult {
  html: string;
  headings: Heading[];
  title: string | undefined;
  markdown: string | undefined;
  linkLines: [string, number][];
  /** A digest of the body and the rest, when the cache keeps results (see DocPage.rendering). */
  rendering?: string;
  /** The HTML's first sentence: the description of a doc without one, known without its kept HTML. */
  lead: string | undefined;
}

type MarkdownConfig = Pick<ResolvedConfig, "onBrokenMarkdownLinks" | "mdx" | "api" | "siteDir">;

/** What the markdown stage renders with: where links may lead, the API, the config, the cache, and where twins link (none: no twins). */
type MarkdownStage = [place: ContentPlace, api: ApiStage | undefined, config: MarkdownConfig, cache: BuildCache, scope: StageScope, twins: TwinSite | undefined];

/**
 * Markdown of the files of one place (a version's docs, or the standalone pages), each file's markdown twin
 * unless `twins` is undefined; a file is rendered again only when its text or what its links resolve to changed.
 */
function renderMarkdownFiles(files: MarkdownSource[], at: MarkdownPlace, ...[place, api, config, cache, scope, twins]: MarkdownStage): MarkdownResult[] {
  const versionName = at.version.name;
  const docsBySource = new Map(at.docs.map((d) => [d.source, d]));
  const digests = FileDigests.of(config.siteDir);
  const { linkComponents } = config.mdx;
  // A cache that keeps nothing needs no keys (see BuildCache.keeps). The routes are hashed once: in every key,
  // they would make the keys grow with the square of the docs. Their files' paths are written relative to the site
  // first, as every key's are: hashed as they were, a copy of the site elsewhere (a CI job's clone) had every doc's
  // markdown made again.
  const linkTargets = cache.keeps ? sha1(cache.neutral(JSON.stringify([at.docs.map((d) => [d.source, d.permalink]), api?.linkIndex(versionName)]))) : "";
  // What every file of the place renders with, hashed once too: its routes, the API, the settings, the folder.
  const placeKey = cache.keeps ? sha1(cache.neutral(JSON.stringify([versionName, at.docsDir, linkTargets, linkComponents, config.onBrokenMarkdownLinks, twins]))) : "";
  // The API names each snippet page uses (links in its code, a list in its twin), and what inline code may name.
  const usingPages = new Map(api?.uses.get(versionName)?.pages.map((page) => [page.file, page]));
  const apiHref = (location: string) => apiRoute(at.version, location);
  const model = config.api?.links.inlineCode ? api?.models.get(versionName) : undefined;
  const inlineCode = model && inlineCodeTargets(model, apiHref);
  return files.map((item) => {
    const using = usingPages.get(item.file);
    // The body is named by its file's digest (taken once a build, see FileDigests): written into the key, 10,000
    // bodies were 45 MB to hash on every build. Hashed: the key is kept in the build store.
    const key = cache.keeps ? sha1(`${placeKey} ${JSON.stringify([item.file, item.bodyLineOffset, item.keepTitle, using, inlineCode !== undefined, digests.digest(item.source)])}`) : "";
    // The images a file names are files its key cannot see (a page names an image by a hash of its content):
    // a kept result whose image files changed since is made again.
    const kept = cache.peek<{ files?: [string, string][] }>("markdown", item.source);
    if (kept?.files?.some(([file, digest]) => digests.digest(file) !== digest)) cache.forget("markdown", item.source);
    const made = (result: Omit<MarkdownResult, "rendering" | "lead">, files: [string, string][]) => ({ ...result, files, ...(cache.keeps && { rendering: sha1(JSON.stringify([item.body, result])) }), lead: firstSentence(result.html) });
    return whileProcessing("rendering the markdown of", item.file, () => cache.memo("markdown", item.source, key, scope, (s): MarkdownResult & { files: [string, string][] } => {
      const seenFiles = new Set<string>();
      const files = (): [string, string][] => [...seenFiles].map((file) => [file, digests.digest(file)]);
      const rewriter = createLinkRewriter({ source: item.source, file: item.file, versionName, docsDir: at.docsDir }, { ...linkContext(s, config, place, docsBySource, api?.resolve), seenFiles });
      const { lines, ...rewrite } = rewriter;
      const mdxImage = (src: string, line: number) => rewrite.rewriteImage(src, line + item.bodyLineOffset);
      const twinUrl = twins && ((href: string) => twinLink(twins, item.route, href));
      try {
        // A .md file with import or export statements is MDX too, as Docusaurus reads it.
        const esm = MDX.test(item.source) ? undefined : firstEsmLine(item.body);
        const mdx = MDX.test(item.source) || esm !== undefined;
        const body = mdx ? markdownOfMdx(item, { linkComponents, docsRoot: at.docsRoot, rewriteImage: mdxImage }, s.diagnostics, esm) : item.body;
        const codeLinks = using && codeLinksOf(using, apiHref);
        const { html, headings, title, markdown } = renderMarkdown(body, { ...rewrite, lineOffset: item.bodyLineOffset, twinUrl, keepTitle: item.keepTitle, ...(codeLinks && { codeLinks }), ...(inlineCode && { inlineCode }) });
        // The twin keeps its code plain, and lists the API its snippets use below.
        const twin = markdown !== undefined && using && twinUrl ? markdown.trimEnd() + usedApiMarkdown(using, (location) => twinUrl(apiHref(location))) : markdown;
        return made({ html, headings, title, markdown: twin, linkLines: [...lines] }, files());
      } catch (error) {
        // Inline markup and MDX elements can nest past what the parsers' recursion takes, too.
        if (!isStackOverflow(error)) throw error;
        s.diagnostics.error("nesting-too-deep", TOO_DEEP_TO_READ, { file: item.file, line: lineNestedMost(item.body) + item.bodyLineOffset });
        return made({ html: "", headings: [], title: undefined, markdown: twinUrl && "", linkLines: [] }, files());
      }
    }));
  });
}

/**
 * Markdown of one version's docs, and each doc's markdown twin unless `twins` is undefined; a doc is
 * rendered again only when its text or what its links resolve to changed.
 */
export function renderDocs(version: DocsVersion, docs: Doc[], ...stage: MarkdownStage): RenderedDoc[] {
  // Docusaurus shows a doc's own h1 when its front matter has a title too (the title is then only the page's name).
  // A kept body, HTML and twin stay unread until the doc or its page renders again (see apartValues.ts).
  const files = docs.map((doc): MarkdownSource => ({
    source: doc.source,
    file: doc.file,
    get body() {
      return doc.body;
    },
    bodyLineOffset: doc.bodyLineOffset,
    route: doc.permalink,
    keepTitle: doc.frontMatter.title !== undefined,
  }));
  const results = renderMarkdownFiles(files, { version, docsDir: version.docsDir, docsRoot: version.path, docs }, ...stage);
  return docs.map((doc, i) => {
    const result = results[i]!;
    if (!doc.frontMatter.title && result.title) doc.title = result.title;
    return { doc, result, titleInBody: files[i]!.keepTitle && result.title !== undefined };
  });
}

/**
 * The standalone pages (content/pages), rendered as docs are; their links resolve as a page of the latest
 * version's would (`.md` links to its docs, `api:` links to its API).
 */
export function standalonePages(
  content: Content,
  api: ApiStage | undefined,
  config: MarkdownConfig & Pick<ResolvedConfig, "tableOfContents">,
  cache: BuildCache,
  scope: StageScope,
  twins: TwinSite | undefined,
): MarkdownPage[] {
  const latest = content.versions.find((v) => v.isLast) ?? content.versions[0]!;
  const files = content.pages.map((page) => ({ ...page, keepTitle: page.frontMatter.title !== undefined }));
  const at = { version: latest, docsDir: latest.docsDir, docsRoot: latest.path, docs: content.docs.get(latest.name) ?? [] };
  const results = renderMarkdownFiles(files, at, content, api, config, cache, scope, twins);
  return content.pages.map((page, i): MarkdownPage => {
    const { html, headings, title, markdown, linkLines } = results[i]!;
    const fm = page.frontMatter;
    const { minHeadingLevel, maxHeadingLevel } = config.tableOfContents;
    return {
      kind: "markdownPage",
      route: page.route,
      title: fm.title ?? title ?? page.title,
      description: fm.description ?? firstSentence(html),
      source: page.file,
      linkLines: new Map(linkLines),
      toc: tocFromHeadings(headings, fm.toc_min_heading_level ?? minHeadingLevel, fm.toc_max_heading_level ?? maxHeadingLevel),
      html,
      ...(files[i]!.keepTitle && title !== undefined && { titleInBody: true }),
      ...(fm.hide_title && { hideTitle: true }),
      ...(fm.hide_table_of_contents && { hideTableOfContents: true }),
      ...(page.unlisted && { unlisted: true }),
      ...(markdown !== undefined && { markdown }),
    };
  });
}

const MDX = /\.mdx$/i;

/**
 * An .mdx file (or a .md file with an import or export on body line `esmLine`) as markdown; what cannot be rendered
 * is an error at its line of the file.
 */
function markdownOfMdx(doc: Pick<MarkdownSource, "body" | "bodyLineOffset" | "file">, options: MdxOptions, diagnostics: Diagnostics, esmLine?: number): string {
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
          siteCacheDir(config.siteDir),
          diagnostics,
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
  const file = path.join(config.siteDir, config.contentDir, "pages", HOME_BODY);
  const route = config.baseUrl;
  const shown = path.relative(config.siteDir, file);
  const text = fs.existsSync(file) && ctx.boundary.allows(file, diagnostics) ? readInputFile(file, shown, diagnostics) : undefined;
  if (!text) return { kind: "home", route, title: config.title, description: config.tagline, source: "home page", toc: [], html: "" };
  const { frontMatter, body, bodyLineOffset } = parseFrontMatter(text.toString("utf8"), shown, diagnostics);
  // As for a doc: links rewritten, and raw HTML removed with a warning.
  const { lines, ...rewrite } = createLinkRewriter({ source: file, file: shown, versionName: "" }, ctx);
  const twins = twinsOf(config);
  const twinUrl = twins && ((href: string) => twinLink(twins, route, href));
  const result = renderMarkdown(body, { ...rewrite, lineOffset: bodyLineOffset, twinUrl });
  return { kind: "home", route, title: frontMatter.title ?? config.title, description: frontMatter.description ?? config.tagline, source: shown, linkLines: lines, toc: [], html: result.html, markdown: result.markdown };
}
