/**
 * The API stage: where the viewer source comes from, each version's API model (loaded once, then kept),
 * and the API pages built from the models.
 */
import fs from "node:fs";
import path from "node:path";
import type { ResolvedConfig } from "../config/load.ts";
import { Diagnostics } from "../util/diagnostics.ts";
import { parseFrontMatter } from "../content/frontMatter.ts";
import type { DocsVersion } from "../content/versions.ts";
import { renderMarkdown } from "../markdown/index.ts";
import { siteBoundary } from "../content/insideSite.ts";
import { defaultConversionThreads } from "../api/runConversion.ts";
import { loadApi, typedocRuns, type ApiStageOptions, type ApiVersionModel, type LoadedSource, type ModelRecipe } from "../api/index.ts";
import { dropCheckProgram, dropProgram } from "../api/programHandoff.ts";
import { sourceRoot } from "../api/sources.ts";
import type { Doc } from "../content/docs.ts";
import { allGlobalNames, checkVersionSnippets, extractSnippets, snippetDocs, versionSnippetSettings, type SnippetCheck, type SnippetSummary } from "../snippets/index.ts";
import type { VersionUses } from "../snippets/apiUses.ts";
import { countChanges, diffApi } from "../api/diff.ts";
import type { ApiChanges } from "../api/history.ts";
import { apiLinkResolver, apiRoute, buildApiPages, itemPageInputs, linkVersion, type ApiLinkResolver } from "../pages/apiPages.ts";
import { linkIndexOf } from "../api/resolveLink.ts";
import { inlineCodeIndexOf, inlineCodeTargets } from "../api/inlineCodeTargets.ts";
import { createLinkRewriter } from "../links/docLinks.ts";
import type { ApiPage } from "../pages/pages.ts";
import { twinLink, twinsOf } from "../output/twinUrls.ts";
import { createScope, mergeScope, type BuildCache, type StageScope } from "../cache/buildCache.ts";
import { FileDigests } from "../util/fileDigests.ts";
import { hasField } from "../cache/apartValues.ts";
import { mapLimit } from "../util/eachLimit.ts";
import { sha1 } from "../util/hash.ts";
import { collectGarbage } from "../util/collectGarbage.ts";
import type { SiteOptions } from "./options.ts";
import { linkContext, staticDirOf } from "./linkContext.ts";
import { readInputFile } from "../util/inputPaths.ts";
import { apiStageOptions, resolveViewer, viewerState, type ApiSiteConfig } from "./viewerSource.ts";

/** content/api/api.md, the overview shown on every version's API landing page. */
function overviewSource(config: ResolvedConfig, diagnostics: Diagnostics): { file: string; shown: string; body: string; lineOffset: number } | undefined {
  const file = path.join(config.siteDir, config.contentDir, "api", "api.md");
  const shown = path.relative(config.siteDir, file);
  const text = fs.existsSync(file) && siteBoundary(config).allows(file, diagnostics) ? readInputFile(file, shown, diagnostics) : undefined;
  if (!text) return undefined;
  const { body, bodyLineOffset } = parseFrontMatter(text.toString("utf8"), shown, new Diagnostics());
  return { file, shown, body, lineOffset: bodyLineOffset };
}

export interface ApiStage {
  models: Map<string, ApiVersionModel>;
  /**
   * What each model was built from, by version, where it is known: a build store keeps it apart with the model,
   * read only when a render thread is to build the model (renderPool.ts).
   */
  recipes: Map<string, { recipe?: ModelRecipe }>;
  resolve: ApiLinkResolver;
  /** Each version's API against the one before it. */
  changes: ApiChanges;
  /** Milliseconds this build spent diffing (pairs kept from an earlier build cost nothing). */
  diffMs: number;
  /**
   * Names the model the `api:` links of a page of `version` resolve in (see linkVersion), for the cache keys of
   * what is made from it: a change of one version's API makes again what that version's pages show, not what the
   * other versions' pages show (a viewer source change makes Next's model again; the frozen versions' pages stay).
   */
  modelIdentity: (version: string) => string;
  /**
   * A digest of what the `api:` links and the inline code of a page of `version` resolve by, in the model they
   * resolve in (resolveLink.ts `linkIndexOf`, inlineCodeTargets.ts `inlineCodeIndexOf`): a change of that model that
   * moves no link (a comment edited in the viewer) keeps the docs' markdown and the names of the item pages.
   */
  linkIndex: (version: string) => string;
  /** The snippet check of each version that has snippets, and its milliseconds (within the stage's time). */
  snippets: SnippetSummary[];
  snippetMs: number;
  /** The API each version's snippets use, by docs version name (see apiUses.ts). */
  uses: Map<string, VersionUses>;
}

/**
 * The API model of every docs version, each loaded once and then kept: a frozen version's snapshot is read
 * again when the file changes; a version made from code when a build store's build finds the viewer changed, or
 * when a watch session forgets it (a viewer source edit).
 */
export async function loadApiStage(
  config: ApiSiteConfig,
  versions: DocsVersion[],
  docs: ReadonlyMap<string, readonly Doc[]>,
  options: SiteOptions,
  cache: BuildCache,
  scope: StageScope,
  log: (line: string) => void,
): Promise<ApiStage> {
  const apiName = (v: DocsVersion) => (v.isCurrent ? config.docs.currentPath : v.name);
  const viewer = resolveViewer(config, options.viewer);
  // Loaded one version at a time, the stage would repeat its notes about the viewer checkout for each.
  const logged = new Set<string>();
  const logOnce = (line: string) => {
    if (!logged.has(line)) log(line);
    logged.add(line);
  };
  // A watch session converts one version at a time as its source changes: on this thread, where TypeDoc
  // stays loaded for the next one.
  const threads = options.conversionThreads ?? (cache.session ? 1 : defaultConversionThreads());
  const models = new Map<string, ApiVersionModel>();
  const recipes = new Map<string, { recipe?: ModelRecipe }>();
  const snippets: SnippetSummary[] = [];
  const uses = new Map<string, VersionUses>();
  let snippetMs = 0;
  const digests = FileDigests.of(config.siteDir);
  // A build store keeps the models from build to build (the TypeDoc JSON they are made from is 15 MB to parse and
  // build again on the real viewer's site, about 0.5 s of every edit). One made from code is named by the viewer as
  // a build reads it (every file's digest, its git refs), so it is made again whenever anything of the viewer
  // changed; one from a snapshot by the snapshot's digest. A watch session keeps them in memory, and forgets the
  // current version's on a source edit, without looking at the viewer on every rebuild. Taken here, not reused from
  // the up-to-date check's walk at the build's start: the key names the viewer as the conversion is about to read it.
  const viewerKey = cache.keeps && !cache.session ? sha1(await viewerState(viewer.dir, digests)) : "";
  // As many versions at once as may convert at once, as in loadApi; each version reports into a scope of
  // its own, joined in version order.
  const loads = await mapLimit(versions, threads, async (v) => {
    const conversionsBefore = typedocRuns();
    const name = apiName(v);
    const snapshot = v.isCurrent ? undefined : digests.digest(path.join(v.docsDir, "api-typedoc.json"));
    const fromCode = snapshot === undefined || snapshot === "-";
    const key = JSON.stringify([name, v.isCurrent, viewer, snapshot ?? true, fromCode ? viewerKey : ""]);
    const own = createScope(scope.baseUrl);
    const stageOptions = (s: StageScope) => apiStageOptions(config, viewer, [{ name, isCurrent: v.isCurrent }], s.diagnostics, logOnce, threads);
    const loaded = await cache.memoAsync("api", name, key, own, async (s) => {
      const made = new Map<string, ModelRecipe>();
      const sources = new Map<string, LoadedSource>();
      const model = (await loadApi(stageOptions(s), made, sources)).get(name);
      const recipe = made.get(name);
      const source = sources.get(name);
      // The model is made from its recipe alone (and the toolchain, which a build store's stamp names), so the
      // recipe names it across processes: its context and the identity of its text (a snapshot's digest, or
      // the commit or files' digest a conversion's text is kept by, with TypeDoc's settings in the store's
      // stamp), not the text hashed again (tens of megabytes on the real viewer). Without a recipe it keeps a
      // name of this process only.
      const token = model && recipe && source?.identity !== undefined ? sha1(cache.neutral(JSON.stringify([recipe.json.entry, recipe.context, source.identity]))) : undefined;
      // The recipe goes with a model a one-off build keeps (for the next build's render threads), not with one a
      // watch session keeps in memory (it renders on its own thread).
      return model && { model, source, ...(recipe && !cache.session && { recipe }), ...(token !== undefined && { token }) };
    });
    // Named as it was made (a model a build store kept is another object), with its recipe for the render threads.
    if (loaded?.token !== undefined) cache.name(loaded.model, loaded.token);
    if (loaded && hasField(loaded, "recipe")) recipes.set(v.name, loaded);
    // Right after the conversion, while TypeDoc's program of this version is still at hand.
    if (loaded) {
      const started = performance.now();
      const check = await snippetStage(config, v, name, docs.get(v.name) ?? [], loaded, stageOptions(own), cache, own);
      const summary = check?.summary;
      if (check?.uses) uses.set(v.name, check.uses);
      const ms = performance.now() - started;
      snippetMs += ms;
      // For people and the bench (bench/buildOnce.ts reads it): what a check that ran cost, by what it checked against.
      if (summary && summary.checked > summary.cached) {
        log(`Snippets ${name}: ${summary.checked - summary.cached} blocks checked from ${summary.from === "snapshot" ? "a snapshot" : "source"} in ${ms.toFixed(1)} ms`);
      }
      if (summary) snippets.push(summary);
    }
    dropProgram();
    // A one-off build lets the check's program go with its version, so the collection below frees it with the
    // conversion's files it shares (kept until the next conversion began, it was still live at the collection).
    // The price: a later version of the very same source, rare, parses it again.
    if (!cache.session) dropCheckProgram();
    // A conversion's garbage, collected before the next version loads, does not set how far the heap grows before
    // the next collection.
    if (!cache.session && typedocRuns() > conversionsBefore) await collectGarbage();
    return { v, own, model: loaded?.model };
  });
  for (const { v, own, model } of loads) {
    mergeScope(own, scope);
    if (model) models.set(v.name, model);
  }
  for (const { version, skipped } of snippets) if (skipped) log(`note: snippets of ${version} not type-checked: ${skipped}`);
  const names = versions.map(apiName);
  for (const version of Object.keys(config.api.snippets.versions ?? {})) {
    if (!names.includes(version)) {
      scope.diagnostics.error("snippet-globals", `api.snippets.versions.${version} names no docs version; the versions are ${names.join(", ")} (the current one as "${config.docs.currentPath}")`, {
        file: path.relative(config.siteDir, config.configFile) || config.configFile,
      });
    }
  }
  const diffStarted = performance.now();
  const changes = apiChanges(versions, models, apiName, cache, scope, log);
  const diffMs = performance.now() - diffStarted;
  // A build resolves links without what later versions did to their targets: a frozen page that links to API
  // its successor changed is right for its own version. `carta-docs version` asks for that list once.
  const resolve = apiLinkResolver(versions, models);
  /** The model the links of a page of version `name` resolve in, with its version's name; undefined without one. */
  const linkedModel = (name: string) => {
    const version = linkVersion(versions, name);
    const model = version && models.get(version.name);
    return model && { version: version.name, model };
  };
  const modelIdentity = (name: string) => {
    const linked = linkedModel(name);
    return linked ? `${linked.version}:${cache.identity(linked.model)}` : "";
  };
  const linkIndexes = new Map<string, string>();
  const linkIndex = (name: string) => {
    const linked = linkedModel(name);
    if (!linked) return "";
    let digest = linkIndexes.get(linked.version);
    if (digest === undefined) linkIndexes.set(linked.version, (digest = sha1(JSON.stringify([linkIndexOf(linked.model), inlineCodeIndexOf(linked.model)]))));
    return `${linked.version}:${digest}`;
  };
  return { models, recipes, resolve, changes, diffMs, modelIdentity, linkIndex, snippets, snippetMs, uses };
}

/**
 * The snippet check of one version (see cli/snippets), kept for a watch session until the model or the
 * version's docs change; undefined when the site checks no snippets.
 */
async function snippetStage(
  config: ApiSiteConfig,
  version: DocsVersion,
  /** The version as the API names it ("next"). */
  name: string,
  docs: readonly Doc[],
  loaded: { model: ApiVersionModel; source?: LoadedSource },
  options: ApiStageOptions,
  cache: BuildCache,
  scope: StageScope,
): Promise<SnippetCheck | undefined> {
  const settings = versionSnippetSettings(config.api.snippets, name);
  const source = loaded.source;
  if (settings.include.length === 0 || source?.identity === undefined) return undefined;
  // Only the docs that are checked: an edit elsewhere leaves the check's result as it was.
  const checked = snippetDocs(docs, settings.include);
  // A cache that keeps nothing needs no key (see BuildCache.keeps).
  const key = cache.keeps ? JSON.stringify([cache.identity(loaded.model), source.identity, settings.globals, config.api.links.snippets, checked.map((doc) => [doc.file, doc.dir, doc.bodyLineOffset, doc.body])]) : "";
  const { source: code } = source;
  const identity = source.identity;
  return cache.memoAsync("snippets", version.name, key, scope, (s) =>
    checkVersionSnippets({
      version: name,
      docs: checked,
      settings,
      otherGlobals: allGlobalNames(config.api.snippets),
      entryPoints: config.api.entryPoints,
      configuredPerVersion: config.api.snippets.versions?.[name] !== undefined,
      model: loaded.model,
      // A snapshot has no source: its version's snippets are checked against its model's declarations.
      source: code.kind === "snapshot" ? { kind: "snapshot", identity } : { kind: "source", identity, root: () => sourceRoot(code, options), tsconfig: config.api.tsconfig },
      cacheDir: options.cacheDir,
      configFile: path.relative(config.siteDir, config.configFile) || config.configFile,
      collectUses: config.api.links.snippets,
      diagnostics: s.diagnostics,
      // An edit of one doc lexes that doc alone for its blocks (the others' cold lexing was most of an edit's check).
      blocksOf: (doc) => cache.memo("snippetBlocks", doc.file, sha1(`${doc.bodyLineOffset}\n${doc.body}`), s, () => extractSnippets(doc.body, doc.bodyLineOffset)),
    }),
  );
}

/**
 * Each version's API against the one before it (next against the latest): one diff per pair of versions per
 * build, kept in watch mode for as long as both models are.
 */
function apiChanges(
  versions: DocsVersion[],
  models: Map<string, ApiVersionModel>,
  apiName: (v: DocsVersion) => string,
  cache: BuildCache,
  scope: StageScope,
  log: (line: string) => void,
): ApiChanges {
  const chain = [...versions].reverse();
  const diffs = chain.slice(1).map((v, i) => {
    const older = models.get(chain[i]!.name);
    const newer = models.get(v.name);
    if (!older || !newer) return undefined;
    return cache.memo("apiDiff", `${chain[i]!.name}..${v.name}`, `${cache.identity(older)} ${cache.identity(newer)}`, scope, () => {
      const started = performance.now();
      const diff = diffApi(older, newer);
      const { items, members } = countChanges(diff);
      const total = (counts: Record<string, number>, word: string) => {
        const n = Object.values(counts).reduce((a, b) => a + b, 0);
        return `${n} ${word}${n === 1 ? "" : "s"}`;
      };
      log(`API changes ${diff.from} → ${diff.to}: ${total(items, "item")}, ${total(members, "member")}, in ${(performance.now() - started).toFixed(1)} ms`);
      return diff;
    });
  });
  return { versions: chain.map((v) => v.name), labels: chain.map(apiName), diffs };
}

/** API pages of every version, built again only when a model, the versions or the overview changed. */
export function apiPagesStage(config: ResolvedConfig, versions: DocsVersion[], api: ApiStage, cache: BuildCache, scope: StageScope): ApiPage[] {
  const apiConfig = config.api!;
  const overview = overviewSource(config, scope.diagnostics);
  const pages: ApiPage[] = [];
  // A version's pages show its own model, and of the others only what the diffs between versions say (the badges of
  // an item's story, the changes pages): named by their content, a diff made again the same (a comment changed
  // in Next) leaves the other versions' pages as they were.
  const changesDigest = sha1(JSON.stringify(api.changes));
  for (const version of versions) {
    const model = api.models.get(version.name);
    if (!model) continue;
    // What every page of the version is rendered with besides the model, the diffs, the uses and the overview.
    const pageSettings = [version, versions.map((v) => v.name), apiConfig.repoUrl, apiConfig.links.inlineCode, config.url, config.llms === false, config.onBrokenMarkdownLinks];
    const key = JSON.stringify([...pageSettings, api.modelIdentity(version.name), changesDigest, overview?.body, sha1(JSON.stringify([...api.uses]))]);
    const built = cache.memo("apiPages", version.name, key, scope, (s) => {
      const seenFiles = new Set<string>();
      const ctx = { ...linkContext(s, config, { boundary: siteBoundary(config), staticDir: staticDirOf(config) }, new Map(), api.resolve), seenFiles };
      const twins = twinsOf(config);
      const twinUrl = twins && ((href: string) => twinLink(twins, version.apiPath, href));
      const rewriter = overview && createLinkRewriter({ source: overview.file, file: overview.shown, versionName: version.name }, ctx);
      // The overview's inline code names API as a doc's does: linked to this version's.
      const inlineCode = apiConfig.links.inlineCode ? inlineCodeTargets(model, (location) => apiRoute(version, location)) : undefined;
      const rendered = overview ? renderMarkdown(overview.body, { ...rewriter, lineOffset: overview.lineOffset, twinUrl, ...(inlineCode && { inlineCode }) }) : { html: "", markdown: undefined };
      const input = { version, versions, changes: api.changes, model, overviewHtml: rendered.html, overviewFile: overview?.shown ?? "API overview", resolveApi: api.resolve, repoUrl: apiConfig.repoUrl, diagnostics: cache.late, twins, uses: api.uses, inlineCode: apiConfig.links.inlineCode };
      const versionPages = buildApiPages(rendered.markdown === undefined ? input : { ...input, overviewMarkdown: rendered.markdown });
      s.diagnostics.items.push(...cache.late.items.splice(0));
      // What a page shows is made from these inputs (and the files the overview's images name, as they were
      // then): its name in render keys, across processes (see BuildCache.identity).
      const digests = FileDigests.of(config.siteDir);
      const token = sha1(cache.neutral(JSON.stringify([key, [...seenFiles].map((file) => [file, digests.digest(file)])])));
      // An item's page is named by what it shows (itemPageInputs) and the links its comments resolve by, not by its
      // version's whole model: a push that changes a comment renders that item's page, not all of Next's. Those
      // names (0.2 s of JSON for the real viewer's 1,378 pages) are kept by what the pages are made from, so a build
      // that changed none of it, such as a doc's edit, takes them as they were.
      const itemNames = new Map(
        cache.memo("apiItemNames", version.name, token, s, () => {
          const itemToken = sha1(cache.neutral(JSON.stringify([pageSettings, api.linkIndex(version.name)])));
          return versionPages.flatMap((page) => (page.kind === "apiItem" ? [[page.route, sha1(`${itemToken} ${cache.neutral(JSON.stringify(itemPageInputs(page)))}`)] as const] : []));
        }),
      );
      for (const page of versionPages) cache.name(page, itemNames.get(page.route) ?? sha1(`${token} ${page.route}`));
      return versionPages;
    });
    pages.push(...built);
  }
  return pages;
}
