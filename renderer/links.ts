/** Route helpers shared by the chrome components. */
import type { SiteData } from "../cli/pages/siteData.ts";
import type { DocsVersion } from "../cli/content/versions.ts";

/** Turns a site-root-relative href ("/docs/x") into a route under the base path; leaves others alone. */
export function withBase(site: SiteData, href: string): string {
  return underBase(site.config.baseUrl, href);
}

/** withBase for a base path alone (the link check of the config's own links has no SiteData). */
export function underBase(base: string, href: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("#") || href.startsWith("//")) return href;
  if (!href.startsWith("/")) return href;
  if (href === "/" || href === base.replace(/\/$/, "")) return base;
  if (href.startsWith(base)) return href;
  const joined = base + href.replace(/^\/+/, "");
  return joined.length > 1 ? joined.replace(/\/$/, "") : joined;
}

export function isExternal(href: string): boolean {
  return /^(https?:)?\/\//i.test(href);
}

/** Where the docs of a version begin (see docsEntries in siteData.ts): link there, not to its root. */
export function docsEntry(site: SiteData, version: DocsVersion): string {
  return site.docsEntries.get(version.name)!;
}

/** The version a page without one (home, not-found) links to: the latest. */
export function versionOf(site: SiteData, version: DocsVersion | undefined): DocsVersion {
  return version ?? site.lastVersion;
}
