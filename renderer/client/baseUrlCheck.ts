/**
 * A site opened under another path than the base URL it was built for (a misconfigured host or
 * proxy) half-works at best: links and assets point elsewhere. Say so, and suggest the base URL
 * that would fit where the page actually is.
 */
import { el } from "./dom.ts";
import type { PageMeta } from "./meta.ts";

/** The base URL that maps the page's built route onto its current path, from the canonical link. */
export function suggestedBaseUrl(pathname: string, route: string, baseUrl: string): string {
  const rest = route.startsWith(baseUrl) ? route.slice(baseUrl.length) : "";
  const path = pathname.replace(/(\/index)?\.html$/, "").replace(/\/+$/, "");
  if (!rest) return `${path}/`;
  return path.endsWith(`/${rest}`) ? path.slice(0, path.length - rest.length) : "/";
}

/** True when the page is under its base URL; otherwise shows the banner and returns false. */
export function checkBaseUrl(meta: PageMeta): boolean {
  if (location.pathname.startsWith(meta.baseUrl)) return true;
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  const route = canonical ? new URL(canonical.href).pathname : meta.baseUrl;
  const suggestion = suggestedBaseUrl(location.pathname, route, meta.baseUrl);
  const banner = el(
    "div",
    "base-url-banner",
    el("strong", "", "This site did not load properly."),
    ` It was built for the base URL ${meta.baseUrl}, but this page is at ${location.pathname}. `,
    `If the site is published here, set baseUrl to ${suggestion} in the site configuration and build it again.`,
  );
  banner.setAttribute("role", "alert");
  document.body.prepend(banner);
  return false;
}
