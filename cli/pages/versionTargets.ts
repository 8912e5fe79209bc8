/**
 * For every versioned page, where the version dropdown leads: the same page in each version, else that version's
 * root, or where its docs begin when no page is there.
 */
import type { DocsVersion } from "../content/versions.ts";
import type { Page } from "./pages.ts";

function rootOf(page: Page, version: DocsVersion): string {
  return page.section === "api" ? version.apiPath : version.path;
}

/** `docsEntries`: where each version's docs begin, per version name (see siteData.ts). */
export function addVersionTargets(pages: Page[], versions: DocsVersion[], docsEntries: Map<string, string>): void {
  const byRoute = new Map(pages.map((p) => [p.route, p]));
  // A version whose API reference failed to build has no API pages: its docs are the next best place.
  const fallbackOf = (page: Page, version: DocsVersion) => {
    const root = rootOf(page, version);
    return byRoute.has(root) ? root : docsEntries.get(version.name)!;
  };
  for (const page of pages) {
    const own = page.version;
    if (!own) continue;
    const relative = page.route.slice(rootOf(page, own).length);
    page.versionTargets = versions.map((version) => {
      const candidate = rootOf(page, version) + relative;
      const target = byRoute.get(candidate);
      const samePage = target !== undefined && target.version?.name === version.name && target.kind === page.kind;
      return { version, href: samePage ? candidate : fallbackOf(page, version), samePage };
    });
  }
}
