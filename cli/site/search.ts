/**
 * Search files: `search-doc.json` holds one document per page section, `search-index.json` a
 * fuse.js index of them built at build time, so the browser only parses it on first use.
 */
import Fuse from "fuse.js";
import { decodeEntities } from "../markdown/html.ts";
import { SEARCH_KEYS } from "../../renderer/client/searchKeys.ts";
import type { Page } from "./pages.ts";

export interface SearchDoc {
  /** Route plus anchor of the section. */
  u: string;
  /** Page title. */
  t: string;
  /** Section heading ("" for the page's opening). */
  s: string;
  /** Plain text of the section, shortened. */
  x: string;
  /** Docs version name, or "" for pages of no version. */
  v: string;
  /** "docs" or "api". */
  k: string;
}

/** The files the search stage adds to the output. */
export const SEARCH_FILES = ["search-doc.json", "search-index.json"] as const;

const MAX_TEXT = 600;
/**
 * Where a section starts: a heading with an id, or (API members) a <section id> whose first child is
 * its heading. Groups: the id, then the heading's inner HTML.
 */
const HEADING = /<section\b[^>]*\sid="([^"]+)"[^>]*>\s*<h[2-4]\b[^>]*>([\s\S]*?)<\/h[2-4]>|<h([2-4])\b[^>]*\sid="([^"]+)"[^>]*>([\s\S]*?)<\/h\3>/g;
/** Flags shown beside a member's name ("readonly", "static") are not part of its title. */
const BADGES = /<span class="api-badges">[\s\S]*?<\/span><\/span>/g;

function text(html: string): string {
  const stripped = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, " ")
    .replace(/<a class="hash-link"[\s\S]*?<\/a>/g, "")
    .replace(/<[^>]+>/g, " ");
  return decodeEntities(stripped).replace(/\s+/g, " ").trim();
}

/** Where the page's own text ends: the doc's footer (edit link, last update), the pagination links. */
const ENDS = ['<div class="doc-footer"', '<nav class="pagination"'];

/**
 * The searchable part of a page: from the element marked data-search-body (else the <article>) to the
 * first of ENDS or the article's end, without the page's own <h1> (the title is indexed apart).
 */
function article(html: string): string {
  const marked = html.indexOf("data-search-body");
  const start = marked !== -1 ? html.indexOf(">", marked) + 1 : html.indexOf("<article");
  if (start <= 0) return "";
  const ends = ENDS.map((marker) => html.indexOf(marker, start)).filter((at) => at !== -1);
  const end = ends.length ? Math.min(...ends) : html.lastIndexOf("</article>");
  return end === -1 ? "" : html.slice(start, end).replace(/<h1\b[\s\S]*?<\/h1>/, "");
}

export function searchDocsOf(page: Page, html: string): SearchDoc[] {
  const body = article(html);
  const base = { t: page.title, v: page.version?.name ?? "", k: page.section ?? "docs" };
  const docs: SearchDoc[] = [];
  let last = 0;
  let section = { s: "", u: page.route };
  for (const match of body.matchAll(HEADING)) {
    docs.push({ ...base, ...section, x: text(body.slice(last, match.index)).slice(0, MAX_TEXT) });
    const id = match[1] ?? match[4]!;
    const heading = (match[2] ?? match[5]!).replace(BADGES, "");
    section = { s: text(heading), u: `${page.route}#${id}` };
    last = match.index! + match[0].length;
  }
  docs.push({ ...base, ...section, x: text(body.slice(last)).slice(0, MAX_TEXT) });
  // The breadcrumb and header text of the opening section repeats the title: drop empty openings.
  return docs.filter((d, i) => i > 0 || d.x.length > 0 || docs.length === 1);
}

/** Pages that search finds: not the not-found page, not unlisted docs. */
export function isSearchable(page: Page): boolean {
  return !page.unlisted && page.kind !== "notFound";
}

/** The search files of `pages`, from each page's documents taken when it was rendered. */
export function buildSearchFiles(pages: Page[], rendered: ReadonlyMap<string, { search: SearchDoc[] }>): { docs: string; index: string; count: number } {
  const docs: SearchDoc[] = [];
  for (const page of pages) docs.push(...(rendered.get(page.route)?.search ?? []));
  const index = Fuse.createIndex(SEARCH_KEYS, docs);
  return { docs: JSON.stringify(docs), index: JSON.stringify(index.toJSON()), count: docs.length };
}
