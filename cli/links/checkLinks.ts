/**
 * Checks every internal link of every rendered page against the route table, anchors included.
 * A missing page or anchor is an error (reported for every source page at once). A sidebar's links are
 * the same on every page showing it: pages may leave them out, to be checked once per sidebar.
 */
import { whileProcessing, type Diagnostics } from "../util/diagnostics.ts";
import { decodeEntities } from "../markdown/html.ts";

/**
 * What the link check needs of a rendered page: the URLs of its href and src attributes (decoded, each
 * once) and the ids of its elements. Each list is one string joined with NUL, a character HTML
 * attributes cannot hold: a large site has millions of links, and one string per page keeps them
 * from weighing on the heap until the check.
 */
export interface PageAnchors {
  links: string;
  ids: string;
}

const SEPARATOR = "\0";

/** The entries of a PageAnchors list. */
export function splitList(list: string): string[] {
  return list === "" ? [] : list.split(SEPARATOR);
}

export interface LinkCheckInput {
  baseUrl: string;
  /** Every rendered page by route. */
  pages: ReadonlyMap<string, PageAnchors>;
  /** Source file of each route, for messages. */
  sources: Map<string, string>;
  /** Other files the build writes (assets, search files), as routes. */
  files: Set<string>;
  /** Hrefs already reported as unresolved markdown links (warnings); not reported again. */
  ignore: Set<string>;
  /** Line in its source of each href a page's own text wrote, by route: a broken link's error names it. */
  lines?: (route: string) => ReadonlyMap<string, number> | undefined;
  /**
   * Site-absolute hrefs of the config's own links (navbar, footer): the same on every page, so pages skip
   * them and `checkConfigLinks` checks each once, against the config file.
   */
  configHrefs?: ReadonlySet<string>;
  /** Routes whose links to check; every page when left out (watch mode checks only what changed). */
  only?: Iterable<string>;
  /** Shared by the calls of one build, so each page's ids are scanned and each href resolved once. */
  cache?: LinkCheckCache;
}

export interface LinkCheckCache {
  ids: Map<string, Set<string>>;
  /** Site-absolute hrefs (the same from every page) and what they point to. */
  targets: Map<string, Resolved>;
}

export function newLinkCheckCache(): LinkCheckCache {
  return { ids: new Map(), targets: new Map() };
}

/** Where an href leads: a route plus anchor, or why it leads nowhere. */
type Resolved = { target: string; hash: string } | { reason: string };

/**
 * href, src and id attributes, values still entity-encoded. One pass over the page: this runs over every
 * byte the site renders. A literal `name="` after whitespace occurs only inside tags: React and marked
 * escape quotes in text.
 */
const LINK_OR_ID = /\s(href|src|id)="([^"]*)"/g;

/** Part of a page left out of its anchors (a sidebar, whose links are checked once for every page showing it). */
export interface Span {
  start: number;
  end: number;
}

/** The links and ids of a page's HTML, but for those inside `skip`. */
export function pageAnchors(html: string, skip?: Span): PageAnchors {
  const links = new Set<string>();
  const ids: string[] = [];
  LINK_OR_ID.lastIndex = 0;
  for (let match; (match = LINK_OR_ID.exec(html)); ) {
    if (skip && match.index >= skip.start && match.index < skip.end) {
      LINK_OR_ID.lastIndex = skip.end;
      continue;
    }
    if (match[1] === "id") ids.push(decodeEntities(match[2]!));
    else links.add(decodeEntities(match[2]!));
  }
  return { links: [...links].join(SEPARATOR), ids: ids.join(SEPARATOR) };
}

/** `/x/index.html` and `/x.html` name the route `/x`, as on the static host. */
export function normaliseRoute(pathname: string): string {
  let route = pathname.replace(/\/index\.html$/, "").replace(/\.html$/, "");
  if (route.length > 1) route = route.replace(/\/$/, "");
  return route || "/";
}

export interface BrokenLink {
  from: string;
  href: string;
  reason: string;
}

/** Resolves an href written on page `route` to a route of the site and an anchor. */
function resolveHref(raw: string, route: string, input: LinkCheckInput, root: string): Resolved {
  const url = new URL(raw, `http://site${route}`);
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return { reason: "malformed percent-encoding" };
  }
  let target = input.files.has(pathname) ? pathname : normaliseRoute(pathname);
  // The home page is the base path itself, with its slash.
  if (target === root) target = input.baseUrl;
  if (!target.startsWith(input.baseUrl)) return { reason: `it is outside the site's base path ${input.baseUrl}` };
  let hash = url.hash.slice(1);
  try {
    hash = decodeURIComponent(hash);
  } catch {
    /* keep the raw hash */
  }
  return { target, hash };
}

/** `#id` on a page that resolved to `page`; undefined when the id is not valid percent-encoding (resolveHref keeps it raw). */
function anchorHere(raw: string, page: Resolved): Resolved | undefined {
  if ("reason" in page) return page;
  try {
    return { target: page.target, hash: decodeURIComponent(raw.slice(1)) };
  } catch {
    return undefined;
  }
}

export function checkLinks(input: LinkCheckInput, diagnostics: Diagnostics): BrokenLink[] {
  const cache = input.cache ?? newLinkCheckCache();
  const broken: BrokenLink[] = [];
  for (const route of input.only ?? input.pages.keys()) {
    broken.push(...whileProcessing("checking the links of", input.sources.get(route) ?? route, () => brokenLinks(route, splitList(input.pages.get(route)?.links ?? ""), input, cache)));
  }
  for (const link of broken) {
    diagnostics.error("broken-link", `broken link on ${link.from} to "${link.href}": ${link.reason}`, { file: input.sources.get(link.from), line: lineOf(input, link) });
  }
  return broken;
}

/** Where the page's source wrote a link; hrefs are compared as written and as marked escapes them (encodeURI). */
function lineOf(input: LinkCheckInput, link: BrokenLink): number | undefined {
  const lines = input.lines?.(link.from);
  if (!lines) return undefined;
  const line = lines.get(link.href);
  if (line !== undefined) return line;
  try {
    return lines.get(decodeURI(link.href));
  } catch {
    return undefined;
  }
}

/** A link the config writes on every page: its rendered href, the key holding it and the line of the config file. */
export interface ConfigLink {
  href: string;
  key: string;
  line?: number;
  /** Where it is shown, when not on every page. */
  shown?: string;
}

/** The config's own links, checked once from the home page and reported against the config file with their key. */
export function checkConfigLinks(links: ConfigLink[], file: string, input: LinkCheckInput, diagnostics: Diagnostics): BrokenLink[] {
  const byHref = new Map(links.map((link) => [link.href, link]));
  const broken = brokenLinks(input.baseUrl, byHref.keys(), { ...input, configHrefs: undefined }, input.cache ?? newLinkCheckCache());
  for (const link of broken) {
    const { key, line, shown } = byHref.get(link.href)!;
    diagnostics.error("broken-link", `broken link in ${key} to "${link.href}" ${shown ?? "(shown on every page)"}: ${link.reason}`, { file, line });
  }
  return broken;
}

/**
 * Checks a sidebar's links, which the pages showing it leave out of their own (pageAnchors' skip): once
 * per sidebar rather than once per page. `route` is the first page showing it; the hrefs are absolute.
 */
export function checkSidebarLinks(route: string, hrefs: Iterable<string>, file: string, input: LinkCheckInput, diagnostics: Diagnostics): BrokenLink[] {
  const broken = brokenLinks(route, hrefs, input, input.cache ?? newLinkCheckCache());
  for (const link of broken) {
    diagnostics.error("broken-link", `broken link in the sidebar shown on ${link.from} (and the other pages of that sidebar) to "${link.href}": ${link.reason}`, { file });
  }
  return broken;
}

/** What makes an href differ from the route it names: escapes, a query or hash, dot segments. */
const NEEDS_RESOLVING = /[%?#]|\/\.\.?(\/|$)/;

function brokenLinks(route: string, links: Iterable<string>, input: LinkCheckInput, cache: LinkCheckCache): BrokenLink[] {
  const ids = (target: string) => {
    let set = cache.ids.get(target);
    if (!set) cache.ids.set(target, (set = new Set(splitList(input.pages.get(target)?.ids ?? ""))));
    return set;
  };
  const root = input.baseUrl.replace(/\/$/, "") || "/";
  const broken: BrokenLink[] = [];
  let here: Resolved | undefined;
  for (const raw of links) {
    if (input.ignore.has(raw) || input.configHrefs?.has(raw)) continue;
    if (/^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith("//")) continue;
    // A site-absolute href means the same from every page: resolve it once per build.
    const absolute = raw.startsWith("/");
    // A file the build writes, named exactly (each page's markdown twin, assets): nothing to resolve.
    if (absolute && input.files.has(raw) && !NEEDS_RESOLVING.test(raw)) continue;
    let resolved = absolute ? cache.targets.get(raw) : undefined;
    // An anchor on the page itself (a TOC entry): the page is resolved once, the id decoded.
    if (raw.startsWith("#")) resolved = anchorHere(raw, (here ??= resolveHref("", route, input, root)));
    if (!resolved) {
      resolved = resolveHref(raw, route, input, root);
      if (absolute) cache.targets.set(raw, resolved);
    }
    if ("reason" in resolved) {
      broken.push({ from: route, href: raw, reason: resolved.reason });
      continue;
    }
    const { target, hash } = resolved;
    const isPage = input.pages.has(target);
    if (!isPage && !input.files.has(target)) broken.push({ from: route, href: raw, reason: "no page or file has this route" });
    else if (hash && isPage && !ids(target).has(hash)) broken.push({ from: route, href: raw, reason: `the page ${target} has no element with id "${hash}"` });
  }
  return broken;
}
