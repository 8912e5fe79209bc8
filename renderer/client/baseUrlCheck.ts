/**
 * A site opened under another path than the base URL it was built for (a misconfigured host or
 * proxy) half-works at best: links and assets point elsewhere, and often the stylesheet and this
 * runtime do not load at all. The head script says so (styled inline, as the stylesheet may be
 * missing) and suggests the base URL that would fit where the page actually is.
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

/** True when the page is under the base URL it was built for. */
export function underBaseUrl(meta: PageMeta): boolean {
  return location.pathname.startsWith(meta.baseUrl);
}

const BANNER_STYLE = "padding:.75rem 1.25rem;border-bottom:2px solid #e6a700;background:#fff8e6;color:#1c1e21;font:16px/1.5 system-ui,sans-serif";

export function showBaseUrlBanner(meta: PageMeta): void {
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
  banner.style.cssText = BANNER_STYLE;
  document.body.prepend(banner);
}
