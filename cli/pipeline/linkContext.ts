/**
 * The link context of a stage's pages: where their links and images may lead, and what the build has for them.
 * Shared by the docs stage and the API stage (overview pages), so neither imports the other.
 */
import path from "node:path";
import type { ResolvedConfig } from "../config/load.ts";
import type { Doc } from "../content/docs.ts";
import type { SiteBoundary } from "../content/insideSite.ts";
import type { LinkContext } from "../links/docLinks.ts";
import type { ApiLinkResolver } from "../pages/apiPages.ts";
import type { StageScope } from "../cache/buildCache.ts";

/** Where a page's links and images may lead: what LinkContext needs of the content. */
export interface ContentPlace {
  /** Where content files may come from; images are checked against it as the markdown names them. */
  boundary: SiteBoundary;
  /** content/static: copied into the output as it is, and where root-absolute image paths (`/img/logo.png`) lead. */
  staticDir: string;
}

export function staticDirOf(config: Pick<ResolvedConfig, "siteDir" | "contentDir">): string {
  return path.join(config.siteDir, config.contentDir, "static");
}

export function linkContext(
  scope: StageScope,
  config: Pick<ResolvedConfig, "onBrokenMarkdownLinks">,
  place: ContentPlace,
  docsBySource: Map<string, Doc>,
  resolveApi: ApiLinkResolver | undefined,
): LinkContext {
  const { onBrokenMarkdownLinks } = config;
  return { baseUrl: scope.baseUrl, ...place, docsBySource, resolveApi, assets: scope.assets, diagnostics: scope.diagnostics, onBrokenMarkdownLinks, unresolvedMarkdownLinks: scope.unresolvedLinks };
}
