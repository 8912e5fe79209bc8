/**
 * Where markdown twins live and how their links are written. Every page but the not-found, search and redirect pages has a twin
 * at its route plus `.md` (the home page's is `index.md`), and every link inside a twin is absolute: the
 * site's origin, then the route, to the target's twin when the target is a page.
 */
import { fileOfRoute } from "./writeOutput.ts";

/** What twin URLs are made of: the site's origin ("https://cartavis.org") and base path ("/carta-frontend/"). */
export interface TwinSite {
  origin: string;
  baseUrl: string;
}

/** The site's twin URLs, or undefined when the config turns twins off (`llms: false`). */
export function twinsOf(config: { url?: string | undefined; baseUrl: string; llms: false | object }): TwinSite | undefined {
  if (config.llms === false) return undefined;
  let site = SITES.get(config);
  // Without the site's url (it is optional), links in twins are site-absolute paths.
  if (!site) SITES.set(config, (site = { origin: config.url ? new URL(config.url).origin : "", baseUrl: config.baseUrl }));
  return site;
}

/** Every page asks; a config does not change once loaded. */
const SITES = new WeakMap<object, TwinSite>();

const STAND_IN_ORIGIN = "http://site.invalid";

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/**
 * A route's last segment ending in a dot and letters names a file (an asset, the sitemap), not a page.
 * Pages never do: doc and API routes are names and slugs, version segments are numbers ("4.1.0").
 */
const FILE_NAME = /\.[a-z][a-z0-9]*$/i;

/** Route of a page's twin: "/base/docs/next/intro" → "/base/docs/next/intro.md", "/base/" → "/base/index.md". */
export function twinRoute(route: string, baseUrl: string): string {
  return route === baseUrl || `${route}/` === baseUrl ? `${baseUrl}index.md` : `${route}.md`;
}

/** Output file of a page's twin, relative to the output folder ("docs/next/intro.md", "index.md"). */
export function twinFileOf(route: string, baseUrl: string): string {
  return fileOfRoute(route, baseUrl).replace(/\.html$/, ".md");
}

/** The absolute URL of a page's twin. */
export function twinUrlOf(site: TwinSite, route: string): string {
  return site.origin + twinRoute(route, site.baseUrl);
}

/**
 * The absolute URL a link of a twin gets, given the href the page's HTML has (site-absolute, `#anchor`,
 * relative to the page, or external). A link to a page of the site leads to that page's twin; a link to
 * a file (an image, the sitemap) to the file.
 */
export function twinLink(site: TwinSite, pageRoute: string, href: string): string {
  if (SCHEME.test(href)) return href;
  // The usual case, a route of the site as every rendered link is written: no URL to parse.
  if (href.startsWith(site.baseUrl) && !/[?%]|\/\.\.?(\/|#|$)/.test(href)) {
    const hash = href.indexOf("#");
    const route = hash < 0 ? href : href.slice(0, hash);
    return site.origin + twinPath(route, site.baseUrl) + (hash < 0 ? "" : href.slice(hash));
  }
  if (href.startsWith("#") || href === "") return twinUrlOf(site, pageRoute) + href;
  // Without the site's url, a stand-in origin resolves the href; it never reaches the twin.
  const origin = site.origin || STAND_IN_ORIGIN;
  const url = URL.parse(href, origin + pageRoute);
  // An href no URL can be made of (a bad port, a bad host) stays as the page's HTML has it.
  if (!url) return href;
  if (url.origin !== origin) return url.href;
  const { pathname, search, hash } = url;
  const inSite = pathname.startsWith(site.baseUrl) || `${pathname}/` === site.baseUrl;
  return site.origin + (inSite ? twinPath(pathname, site.baseUrl) : pathname) + search + hash;
}

/** A path of the site as a twin links it: a file as it is, a page's route as that page's twin. */
function twinPath(path: string, baseUrl: string): string {
  return FILE_NAME.test(path) ? path : twinRoute(path.replace(/\/$/, "") || "/", baseUrl);
}

/** Whether a page has a twin when the site writes twins: not the not-found page, the no-JavaScript search page or a redirect. */
export function hasTwin(page: { kind: string }): boolean {
  return page.kind !== "notFound" && page.kind !== "search" && page.kind !== "redirect";
}
