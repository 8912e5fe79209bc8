/** What every template needs besides its page: the site-wide data of one build. */
import type { ResolvedConfig } from "../config/load.ts";
import { flattenSidebar, type Sidebars } from "../content/sidebars.ts";
import type { DocsVersion } from "../content/versions.ts";

export interface SiteAssets {
  /** Route of the stylesheet. */
  css: string;
  /** Route of the browser runtime, when it is built. */
  js?: string;
  /** Route of the search UI bundle, loaded by the runtime on first use of the search box. */
  searchJs?: string;
  /** Inline script run before first paint (colour mode, base URL check), kept tiny. */
  headScript?: string;
}

export interface SiteData {
  config: ResolvedConfig;
  /** In dropdown order: current (Next) first, then versions.json order. */
  versions: DocsVersion[];
  lastVersion: DocsVersion;
  /** Sidebars per version name. */
  sidebars: Map<string, Sidebars>;
  /** Where each version's docs begin, per version name: see docsEntries. */
  docsEntries: Map<string, string>;
  assets: SiteAssets;
}

/**
 * Where the docs of each version begin, per version name: its root when a doc is served there, else the
 * first page of its sidebars. A site whose docs have no `slug: /` doc then still links only to pages that
 * exist. Made once per build: it flattens every sidebar.
 */
export function docsEntries(versions: DocsVersion[], sidebars: Map<string, Sidebars>): Map<string, string> {
  return new Map(versions.map((version) => [version.name, docsEntry(version, sidebars.get(version.name) ?? {})]));
}

function docsEntry(version: DocsVersion, sidebars: Sidebars): string {
  const pages = Object.values(sidebars).flatMap((sidebar) => flattenSidebar(sidebar));
  return pages.some((p) => p.href === version.path) ? version.path : (pages[0]?.href ?? version.path);
}
