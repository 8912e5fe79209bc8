/** Reads the markdown docs of one version: ids, routes, titles and front matter. */
import fs from "node:fs";
import path from "node:path";
import { whileProcessing, type Diagnostics } from "../util/diagnostics.ts";
import { readInputFile } from "../util/inputPaths.ts";
import { joinUnder } from "../util/joinUnder.ts";
import { parseFrontMatter, type FrontMatter, type SplitSource } from "./frontMatter.ts";
import { listFilesInside, type SiteBoundary } from "./insideSite.ts";
import { joinRoute, PLAIN_ROUTE, routeProblem, slugRoute } from "../util/routePath.ts";
import type { DocsVersion } from "./versions.ts";

export interface Doc {
  /** Docusaurus doc id: folder path plus file name (or front matter id), without number prefixes. */
  id: string;
  version: DocsVersion;
  /** Absolute path of the markdown file. */
  source: string;
  /** Path shown in diagnostics (relative to the site root). */
  file: string;
  /** Folder of the doc relative to the version root, "" at the top ("code-snippet-tutorial"). */
  dir: string;
  frontMatter: FrontMatter;
  /** Line of each front matter key in the file. */
  frontMatterLines: Record<string, number>;
  body: string;
  bodyLineOffset: number;
  title: string;
  description?: string;
  /** Route of the page, e.g. "/carta-frontend/docs/next/code-snippet-tutorial/basics". */
  permalink: string;
  /** From front matter, else from a number prefix of the file name ("01-intro.md"). */
  sidebarPosition?: number;
  draft: boolean;
  unlisted: boolean;
}

export const MARKDOWN = /\.mdx?$/;
/** Docusaurus strips "01-", "01_", "01." prefixes from file and folder names. */
const NUMBER_PREFIX = /^(\d+)[-_.]/;

export function stripNumberPrefix(name: string): { name: string; position?: number } {
  const match = NUMBER_PREFIX.exec(name);
  return match ? { name: name.slice(match[0].length), position: Number(match[1]) } : { name };
}

/**
 * The largest markdown file read: a doc is read whole and rendered in memory, so a larger one (a log or a
 * data dump committed by mistake) is refused before it is read.
 */
export const MAX_MARKDOWN_BYTES = 10 * 1024 * 1024;
/**
 * Characters that end or escape a URL path: a route made from file and folder names leaves them out, so that
 * every href to it works unencoded and the link checker finds the page under the route it was written to.
 */
const NOT_IN_ROUTES = /[#?%\\]/g;
/** A route segment becomes a file name with ".html" added; file systems allow 255 bytes. */
const MAX_SEGMENT_BYTES = 255 - ".html".length;

/** Title from the first `# heading` of the body, if the body starts with one. */
function leadingH1(body: string): string | undefined {
  const match = /^\s*#[ \t]+(.+?)[ \t]*#*[ \t]*$/m.exec(body);
  return match && body.slice(0, match.index).trim() === "" ? match[1]!.replace(/\s*\{#[^}]+\}$/, "") : undefined;
}

export interface LoadDocsOptions {
  siteDir: string;
  /** Drafts are left out of production builds. */
  includeDrafts: boolean;
  /** Where content may come from (see insideSite.ts). */
  boundary: SiteBoundary;
  /** Given the bytes of each markdown file as it is read. */
  onRead?: (source: string, bytes: Buffer) => void;
}

/** Files and folders named with a leading "_" or "." are no docs, and such folders no categories. */
export function isHidden(name: string): boolean {
  return name.startsWith("_") || name.startsWith(".");
}

/** What a slug's route lies under, for its error message: "the docs folder of its version", "content/pages". */
export interface SlugPlace {
  /** Where a slug may lead ("a route inside the docs"). */
  inside: string;
  /** What its ".." segments may not climb above. */
  top: string;
  /** What a valid slug looks like. */
  example: string;
}

const DOCS_SLUG: SlugPlace = { inside: "the docs", top: "the docs folder of its version", example: 'A slug is a path under the version\'s docs ("/guide/setup", or "setup" relative to the doc\'s folder)' };

/**
 * The route under `place` that a front matter slug gives (see util/routePath.ts), or undefined, with an error at
 * the slug's line, when it is not a plain path inside it: the page then keeps the route of its file, so nothing
 * else fails because of it.
 */
export function slugRouteOf(slug: string, routeDir: string, where: { file: string; line: number | undefined }, diagnostics: Diagnostics, place: SlugPlace = DOCS_SLUG): string | undefined {
  const route = slugRoute(slug, routeDir);
  const problem = route === undefined ? `its ".." segments climb above ${place.top}` : routeProblem(joinRoute("/", route));
  if (problem === undefined) return route;
  diagnostics.error("slug", `front matter slug ${JSON.stringify(slug)} is not a route inside ${place.inside}: ${problem}. ${place.example}; ${PLAIN_ROUTE}`, {
    file: where.file,
    ...(where.line !== undefined && { line: where.line }),
  });
  return undefined;
}

/** Reads one doc of a version from its file (`rel`, relative to the version's docs folder): readDoc, or a cache in front of it. */
export type DocReader = (version: DocsVersion, rel: string, options: LoadDocsOptions, diagnostics: Diagnostics) => Doc | undefined;

export function loadDocs(version: DocsVersion, options: LoadDocsOptions, diagnostics: Diagnostics, read: DocReader = readDoc): Doc[] {
  const docs: Doc[] = [];
  const byId = new Map<string, Doc>();
  const folder = path.relative(options.siteDir, version.docsDir);
  for (const rel of listFilesInside(version.docsDir, options.boundary, diagnostics, { skip: isHidden, only: MARKDOWN })) {
    const file = folder ? joinUnder(folder, rel) : rel;
    const doc = whileProcessing("reading", file, () => read(version, rel, options, diagnostics));
    if (!doc) continue;
    const { id } = doc;
    const existing = byId.get(id);
    if (existing) {
      diagnostics.error("duplicate-id", `doc id "${id}" is used by both ${existing.file} and ${file}; give one of them another file name or front matter id`, { file });
      continue;
    }
    if (doc.draft && !options.includeDrafts) continue;
    byId.set(id, doc);
    docs.push(doc);
  }
  return docs;
}

/** A markdown file's text split into front matter and body; undefined (with an error) when it is too large or not UTF-8. */
export function readMarkdownFile(source: string, file: string, diagnostics: Diagnostics, onRead?: LoadDocsOptions["onRead"]): SplitSource | undefined {
  const { size } = fs.statSync(source);
  if (size > MAX_MARKDOWN_BYTES) {
    diagnostics.error("file-too-large", `markdown file of ${size} bytes is larger than the limit of ${MAX_MARKDOWN_BYTES} bytes (10 MB); split it into several docs`, { file });
    return undefined;
  }
  const raw = readInputFile(source, file, diagnostics);
  if (!raw) return undefined;
  onRead?.(source, raw);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(raw);
  } catch {
    diagnostics.error("encoding", "file is not valid UTF-8; save it as UTF-8", { file });
    return undefined;
  }
  return parseFrontMatter(text.replace(/^\uFEFF/, ""), file, diagnostics);
}

/** The route of a file's folder (`dir`, "/"-separated) without the characters routes leave out. */
export function routeDirOf(dir: string): string {
  return dir.replace(NOT_IN_ROUTES, "");
}

/** A file's name as its route's last segment. */
export function routeNameOf(name: string): string {
  return name.replace(NOT_IN_ROUTES, "");
}

/** Whether a route made from file names can be a page's (an error naming `file` when not): no padded or overlong segment. */
export function routeFitsFile(route: string, file: string, diagnostics: Diagnostics): boolean {
  // A link cannot reach a route whose segment starts or ends with a space (`trail .md`): its own anchors would break.
  const padded = route.split("/").find((segment) => segment !== segment.trim());
  if (padded !== undefined) {
    diagnostics.error("file-name", `the page's route would have the segment "${padded}", which starts or ends with whitespace that links cannot keep; rename the file or folder without it, or set a slug`, { file });
    return false;
  }
  const longest = route.split("/").reduce((most, segment) => Math.max(most, Buffer.byteLength(segment)), 0);
  if (longest > MAX_SEGMENT_BYTES) {
    diagnostics.error("file-name-too-long", `the page's route has a segment of ${longest} bytes, too long for its output file (${MAX_SEGMENT_BYTES} bytes at most, as ".html" is added); shorten the file or folder name, or set a shorter slug`, { file });
    return false;
  }
  return true;
}

/** A page's title: its front matter `title`, else the `# heading` its body starts with, else `fallback`. */
export function titleOf(frontMatter: FrontMatter, body: string, fallback: string): string {
  return frontMatter.title ?? leadingH1(body) ?? fallback;
}

/** One doc of a version from its file (`rel`, relative to the version's docs folder); undefined when it cannot be a page. */
export function readDoc(version: DocsVersion, rel: string, options: LoadDocsOptions, diagnostics: Diagnostics): Doc | undefined {
  const source = joinUnder(version.docsDir, rel);
  const file = path.relative(options.siteDir, source);
  const split = readMarkdownFile(source, file, diagnostics, options.onRead);
  if (!split) return undefined;
  const { frontMatter, body, bodyLineOffset, keyLines } = split;
  const segments = rel.replace(MARKDOWN, "").split("/").map((s) => stripNumberPrefix(s).name);
  const fileName = segments.pop()!;
  const dir = segments.join("/");
  const baseName = frontMatter.id ?? fileName;
  const id = dir ? `${dir}/${baseName}` : baseName;
  const routeDir = routeDirOf(dir);
  const slug = frontMatter.slug === undefined ? undefined : slugRouteOf(frontMatter.slug, routeDir, { file, line: keyLines.slug }, diagnostics);
  let routeInVersion: string;
  if (slug !== undefined) routeInVersion = slug;
  else routeInVersion = fileName === "index" || fileName === "README" || fileName === dir.split("/").pop() ? routeDir : `${routeDir}/${routeNameOf(baseName)}`;
  if (!routeFitsFile(routeInVersion, file, diagnostics)) return undefined;
  const doc: Doc = {
    id,
    version,
    source,
    file,
    dir,
    frontMatter,
    frontMatterLines: keyLines,
    body,
    bodyLineOffset,
    title: titleOf(frontMatter, body, baseName),
    description: frontMatter.description,
    permalink: joinRoute(version.path, routeInVersion),
    sidebarPosition: frontMatter.sidebar_position ?? stripNumberPrefix(rel.split("/").pop()!).position,
    draft: frontMatter.draft ?? false,
    unlisted: frontMatter.unlisted ?? false,
  };
  return doc;
}
