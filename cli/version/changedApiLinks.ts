/**
 * After `carta-docs version <name>`: the docs of the version it superseded that link with `api:` to API the
 * new version changed. Their copies in the new version (and in next) are the pages to revisit. Only the two
 * versions' API models are loaded and only the older version's docs rendered, with a link resolver that tells
 * what the newer version did to each target (a build's does not: there the older page is right for its version).
 */
import type { ApiSiteConfig } from "../pipeline/viewerSource.ts";
import { loadApiStage } from "../pipeline/apiStage.ts";
import { loadContent, renderDocs } from "../pipeline/docsStage.ts";
import { apiLinkResolver } from "../pages/apiPages.ts";
import type { Diagnostic } from "../util/diagnostics.ts";
import { BuildCache, createScope } from "../cache/buildCache.ts";

/** The links (warnings, with file and line), and what kept the API of either version from loading. */
export async function changedApiLinks(config: ApiSiteConfig, older: string, newer: string, viewer: string | undefined, log: (line: string) => void): Promise<{ links: Diagnostic[]; errors: Diagnostic[] }> {
  const scope = createScope(config.baseUrl);
  const cache = new BuildCache(false);
  const content = loadContent(config, false, cache, scope);
  const pair = content.versions.filter((v) => v.name === older || v.name === newer);
  const olderVersion = pair.find((v) => v.name === older);
  if (pair.length !== 2 || !olderVersion) return { links: [], errors: scope.diagnostics.errors };
  // The docs are only rendered for their api: links; their snippets are the build's business.
  const api = await loadApiStage(config, pair, new Map(), { viewer }, cache, scope, log);
  const revisit = { ...api, resolve: apiLinkResolver(pair, api.models, api.changes) };
  renderDocs(olderVersion, content.docs.get(older) ?? [], content, revisit, config, cache, scope, undefined);
  return { links: scope.diagnostics.warnings.filter((d) => d.code === "api-link-changed"), errors: scope.diagnostics.errors.filter((d) => d.code.startsWith("api") || d.code === "typedoc") };
}
