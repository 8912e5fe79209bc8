/**
 * Standalone markdown pages, as Docusaurus' src/pages: every `.md` and `.mdx` file under content/pages but
 * content/pages/index.md (the home page's body) is a page at the route of its path under the base path
 * (`pages/markdown-page.md` is `/markdown-page`, `pages/a/index.md` is `/a`); a front matter `slug` overrides it
 * under the same rules as a doc's. They belong to no docs version.
 */
import path from "node:path";
import { whileProcessing, type Diagnostics } from "../util/diagnostics.ts";
import { joinRoute } from "../util/routePath.ts";
import type { FrontMatter } from "./frontMatter.ts";
import { isHidden, MARKDOWN, readMarkdownFile, routeDirOf, routeFitsFile, routeNameOf, slugRouteOf, titleOf, type LoadDocsOptions, type SlugPlace } from "./docs.ts";
import { listFilesInside } from "./insideSite.ts";

export interface StandalonePage {
  /** Absolute path of the markdown file. */
  source: string;
  /** Path shown in diagnostics (relative to the site root). */
  file: string;
  frontMatter: FrontMatter;
  body: string;
  bodyLineOffset: number;
  title: string;
  route: string;
  unlisted: boolean;
}

/** The home page's body, read by the home page (docsStage.ts), not a page of its own. */
export const HOME_BODY = "index.md";

const PAGES_SLUG: SlugPlace = { inside: "the site", top: "the pages folder", example: 'A slug is a path under the site ("/about", or "about" relative to the page\'s folder)' };

/** The standalone pages of `pagesDir` (content/pages), routed under `baseUrl`; drafts left out unless asked for. */
export function loadStandalonePages(pagesDir: string, baseUrl: string, options: LoadDocsOptions, diagnostics: Diagnostics): StandalonePage[] {
  const pages: StandalonePage[] = [];
  for (const rel of listFilesInside(pagesDir, options.boundary, diagnostics, { skip: isHidden, only: MARKDOWN })) {
    if (rel === HOME_BODY) continue;
    const source = path.join(pagesDir, rel);
    const file = path.relative(options.siteDir, source);
    const page = whileProcessing("reading", file, () => readPage(source, rel, file, baseUrl, diagnostics));
    if (page && (options.includeDrafts || page.frontMatter.draft !== true)) pages.push(page);
  }
  return pages;
}

function readPage(source: string, rel: string, file: string, baseUrl: string, diagnostics: Diagnostics): StandalonePage | undefined {
  const split = readMarkdownFile(source, file, diagnostics);
  if (!split) return undefined;
  const { frontMatter, body, bodyLineOffset, keyLines } = split;
  const segments = rel.replace(MARKDOWN, "").split("/");
  const name = segments.pop()!;
  const dir = routeDirOf(segments.join("/"));
  const slug = frontMatter.slug === undefined ? undefined : slugRouteOf(frontMatter.slug, dir, { file, line: keyLines.slug }, diagnostics, PAGES_SLUG);
  const route = slug ?? (name === "index" ? dir : `${dir}/${routeNameOf(name)}`);
  if (!routeFitsFile(route, file, diagnostics)) return undefined;
  // A page at the base path itself takes the home page's route, whose clash is then a duplicate route like any other.
  const full = joinRoute(baseUrl, route);
  return { source, file, frontMatter, body, bodyLineOffset, title: titleOf(frontMatter, body, name), route: `${full}/` === baseUrl ? baseUrl : full, unlisted: frontMatter.unlisted ?? false };
}
