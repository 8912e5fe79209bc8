/**
 * Checks every internal link of every rendered page against the route table, anchors included.
 * A missing page or anchor is an error (reported for every source page at once).
 */
import type { Diagnostics } from "../diagnostics.ts";

export interface LinkCheckInput {
  baseUrl: string;
  /** Rendered HTML by route. */
  html: Map<string, string>;
  /** Source file of each route, for messages. */
  sources: Map<string, string>;
  /** Other files the build writes (assets, search files), as routes. */
  files: Set<string>;
  /** Hrefs already reported as unresolved markdown links (warnings); not reported again. */
  ignore: Set<string>;
}

const ATTRIBUTE = /<(a|img|link|script|source)\b[^>]*?\s(href|src)="([^"]*)"/g;
const ID = /\sid="([^"]*)"/g;

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" })[e]!);
}

/** Ids of the elements of a page, computed once per page. */
function idsOf(html: string): Set<string> {
  const ids = new Set<string>();
  for (const match of html.matchAll(ID)) ids.add(decodeEntities(match[1]!));
  return ids;
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

export function checkLinks(input: LinkCheckInput, diagnostics: Diagnostics): BrokenLink[] {
  const idCache = new Map<string, Set<string>>();
  const ids = (route: string) => {
    let set = idCache.get(route);
    if (!set) idCache.set(route, (set = idsOf(input.html.get(route) ?? "")));
    return set;
  };
  const root = input.baseUrl.replace(/\/$/, "") || "/";
  const broken: BrokenLink[] = [];
  for (const [route, html] of input.html) {
    const seen = new Set<string>();
    for (const match of html.matchAll(ATTRIBUTE)) {
      const raw = decodeEntities(match[3]!);
      if (seen.has(raw) || input.ignore.has(raw)) continue;
      seen.add(raw);
      if (/^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith("//")) continue;
      const url = new URL(raw, `http://site${route}`);
      let pathname: string;
      try {
        pathname = decodeURIComponent(url.pathname);
      } catch {
        broken.push({ from: route, href: raw, reason: "malformed percent-encoding" });
        continue;
      }
      let target = input.files.has(pathname) ? pathname : normaliseRoute(pathname);
      // The home page is the base path itself, with its slash.
      if (target === root) target = input.baseUrl;
      if (!target.startsWith(input.baseUrl)) {
        broken.push({ from: route, href: raw, reason: `it is outside the site's base path ${input.baseUrl}` });
        continue;
      }
      const isPage = input.html.has(target);
      if (!isPage && !input.files.has(target)) {
        broken.push({ from: route, href: raw, reason: "no page or file has this route" });
        continue;
      }
      const hash = url.hash.slice(1);
      if (hash && isPage) {
        let id = hash;
        try {
          id = decodeURIComponent(hash);
        } catch {
          /* keep the raw hash */
        }
        if (!ids(target).has(id)) broken.push({ from: route, href: raw, reason: `the page ${target} has no element with id "${id}"` });
      }
    }
  }
  for (const link of broken) {
    diagnostics.error("broken-link", `broken link on ${link.from} to "${link.href}": ${link.reason}`, { file: input.sources.get(link.from) });
  }
  return broken;
}
