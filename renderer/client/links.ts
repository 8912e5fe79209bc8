/** Which links lead to pages of this site, and the one spelling of each page's route. */

/** A final segment with a file extension holding a letter is a file: "4.1.0" is a version, "logo.svg" a file. */
const FILE = /\.(?=[a-z0-9]*[a-z])[a-z0-9]{1,8}$/i;

/**
 * The route of a page of this site, with `/x/index.html`, `/x.html` and `/x/` all written `/x` (the
 * home page keeps its slash); null for other origins, paths outside the base URL and files.
 */
export function pageRoute(target: URL, origin: string, baseUrl: string): URL | null {
  if (target.origin !== origin) return null;
  const home = baseUrl.replace(/\/$/, "");
  const path = target.pathname.replace(/\/index\.html$/, "/").replace(/\.html$/, "").replace(/\/+$/, "");
  if (path !== home && !path.startsWith(baseUrl)) return null;
  if (FILE.test(path.slice(path.lastIndexOf("/") + 1))) return null;
  const route = new URL(target.href);
  route.pathname = path === home ? baseUrl : path;
  return route;
}

/** The route a link leads to when the runtime may follow it itself: not a download, not for another window. */
export function linkRoute(link: HTMLAnchorElement, baseUrl: string): URL | null {
  if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return null;
  return pageRoute(new URL(link.href), location.origin, baseUrl);
}
