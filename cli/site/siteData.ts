/** What every template needs besides its page: the site-wide data of one build. */
import type { ResolvedConfig } from "../config/load.ts";
import type { Sidebars } from "../content/sidebars.ts";
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
  assets: SiteAssets;
}
