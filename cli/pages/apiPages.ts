/**
 * The API reference's pages of one version: landing, changelog, one page per area and one per
 * class, interface, enum and function; plus the sidebar that lists them.
 */
import path from "node:path";
import { resolveApiLink } from "../api/resolveLink.ts";
import { changeEntryId, historyOf, type ApiChanges, type ApiHistoryEvent } from "../api/history.ts";
import { changeAreas } from "../../templates/api/ApiChangesArticle.tsx";
import { itemLocation, type ApiArea, type ApiKind, type ApiVersionModel } from "../api/model.ts";
import type { Diagnostics } from "../util/diagnostics.ts";
import type { SidebarItem } from "../content/sidebars.ts";
import type { DocsVersion } from "../content/versions.ts";
import { renderMarkdown, renderTwin } from "../markdown/index.ts";
import { apiAreaToc, apiToc } from "../../templates/api/toc.ts";
import { areaGroups } from "../../templates/api/ApiAreaArticle.tsx";
import { groupId } from "../../templates/api/labels.ts";
import { changelogAt } from "./changelog.ts";
import { changesWithUses, mostUsedMembers } from "./apiUsage.ts";
import { sitesByTarget, type VersionUses } from "../snippets/apiUses.ts";
import { inlineCodeTargets } from "../api/inlineCodeTargets.ts";
import { tocFromHeadings } from "./docPages.ts";
import type { ApiBadge, ApiChangesPage, ApiItemPage, ApiPage, ApiPageContext, ApiPageHistory, PageLink } from "./pages.ts";

/**
 * Resolves what follows `api:` for a docs version; undefined when the site has no API reference. `changedLater`
 * says how the next newer version changed the target, when it did.
 */
export type ApiLinkResolver = (versionName: string, target: string) => { href: string; changedLater?: string } | { error: string };
import { twinLink, type TwinSite } from "../output/twinUrls.ts";

export interface ApiPagesInput {
  version: DocsVersion;
  /** Every docs version of the site, for links to the other versions' changes pages. */
  versions: DocsVersion[];
  /** Each version's API against the one before it. */
  changes: ApiChanges;
  model: ApiVersionModel;
  /** The overview (content/api/api.md) already rendered for this version, and its markdown twin. */
  overviewHtml: string;
  overviewMarkdown?: string;
  overviewFile: string;
  resolveApi: ApiLinkResolver;
  repoUrl: string;
  diagnostics: Diagnostics;
  /** Where markdown twins link; undefined when the site writes none. */
  twins?: TwinSite;
  /** The API each version's snippets use, by docs version name (none: the site links no snippets). */
  uses?: ReadonlyMap<string, VersionUses>;
  /** Inline code of the changelog naming API links to it (config api.links.inlineCode). */
  inlineCode?: boolean;
}

/** Members the API landing page lists as the ones the tutorials use most. */
const MOST_USED = 12;

/** Route of a location relative to the version's API root ("" is the root itself). */
export function apiRoute(version: DocsVersion, location: string): string {
  return location === "" || location.startsWith("#") ? version.apiPath + location : `${version.apiPath}/${location}`;
}

/** The version whose API the `api:` links of a page of `versionName` resolve in: its own, the last one for a page of none. */
export function linkVersion(versions: readonly DocsVersion[], versionName: string): DocsVersion | undefined {
  return versions.find((v) => v.name === versionName) ?? versions.find((v) => v.isLast);
}

/**
 * Resolves `api:` links of a page of `versionName` (of the last version for pages of no version) in
 * that version's model. With `changes`, a link to what the next newer version changed says so (a docs page
 * of version X only: a page of no version stands for the latest).
 */
export function apiLinkResolver(versions: DocsVersion[], models: ReadonlyMap<string, ApiVersionModel>, changes?: ApiChanges): ApiLinkResolver {
  const history = changes && historyOf(changes);
  return (versionName, target) => {
    const version = linkVersion(versions, versionName);
    const model = version && models.get(version.name);
    if (!version || !model) return { error: `there is no API reference for version ${versionName || "(none)"}` };
    const found = resolveApiLink(model, target);
    if ("error" in found) return { error: found.candidates.length ? `${found.error}; candidates: ${found.candidates.join(", ")}` : found.error };
    const href = apiRoute(version, found.path) + (found.anchor ? `#${found.anchor}` : "");
    const later = version.name === versionName ? history?.nextChange(version.name, found.path, found.anchor) : undefined;
    if (!later) return { href };
    const label = changes!.labels[changes!.versions.indexOf(later.version)];
    const what = later.change === "moved" ? `moved to ${later.movedTo} in ${label}` : `${later.change} in ${label}${later.aspects.length ? ` (${later.aspects.join(", ")})` : ""}`;
    return { href, changedLater: `${target} was ${what}` };
  };
}

/**
 * Markdown of comments, with `api:` links resolved in this version. A broken `{@link}` in the viewer's
 * source is a warning, not an error: the comment is not the docs author's to fix, so it renders as text.
 */
function commentRenderer(input: ApiPagesInput, file: string): (markdown: string) => string {
  return (markdown) =>
    renderMarkdown(markdown, {
      rewriteLink: (href) => {
        if (!href.startsWith("api:")) return href;
        const result = input.resolveApi(input.version.name, href.slice(4));
        if ("href" in result) return result.href;
        input.diagnostics.warn("api-comment-link", `{@link ${href.slice(4)}} in a comment does not resolve: ${result.error}`, { file });
        return "";
      },
    }).html.replace(/<a href="">([\s\S]*?)<\/a>/g, "<code>$1</code>");
}

/**
 * Markdown of comments for a page's twin: `api:` links to the twin of their target, other relative links to
 * absolute URLs. A broken `{@link}` (warned about by the HTML's renderer) becomes code, as on the page.
 */
function commentTwin(input: ApiPagesInput, twins: TwinSite, route: string): (markdown: string) => string {
  return (markdown) =>
    renderTwin(markdown, {
      rewriteLink: (href) => {
        if (!href.startsWith("api:")) return href;
        const result = input.resolveApi(input.version.name, href.slice(4));
        return "href" in result ? result.href : "";
      },
      twinUrl: (href) => (href === "" ? "" : twinLink(twins, route, href)),
    }).replace(/\[([^\]]*)\]\(\)/g, "`$1`");
}

/**
 * The API sidebar: overview, changelog and the areas. The current area opens into its kinds, and only the
 * current item's kind lists its items: an area of a real code base has hundreds of items, and listing
 * them all on every page would make the sidebar most of each page's weight.
 */
function areaSidebar(input: ApiPagesInput, current: ApiArea | undefined, currentKind: ApiKind | undefined): SidebarItem[] {
  const { version, model } = input;
  const items: SidebarItem[] = [{ type: "link", label: "Overview", href: version.apiPath }];
  if (model.changelog) items.push({ type: "link", label: "Changelog", href: apiRoute(version, "changelog") });
  items.push({ type: "link", label: "API changes", href: apiRoute(version, CHANGES) });
  for (const area of model.areas) {
    const areaHref = apiRoute(version, area.slug);
    const groups: SidebarItem[] =
      area === current
        ? areaGroups(area).map(({ kind, title, items: groupItems }): SidebarItem => {
            const href = `${areaHref}#${groupId(title)}`;
            if (kind !== currentKind) return { type: "link", label: title, href };
            const links = groupItems.map((i): SidebarItem => ({ type: "link", label: i.name, href: apiRoute(version, i.path) }));
            return { type: "category", label: title, href, collapsed: false, collapsible: true, items: links };
          })
        : [];
    items.push({ type: "category", label: area.title, href: areaHref, collapsed: area !== current, collapsible: true, items: groups });
  }
  return items;
}

/** Route segment of each version's changes page, below its API root. */
const CHANGES = "changes";

const CHANGE_WORDS: Record<ApiBadge["change"], string> = { added: "Added", changed: "Changed", moved: "Moved", removed: "Removed", renamed: "Renamed" };

/** Badges of the items and members of `input.version`, each linked to the changes page of the version it names. */
function pageHistory(input: ApiPagesInput): ApiPageHistory {
  const { version, versions, changes } = input;
  const history = historyOf(changes);
  const index = changes.versions.indexOf(version.name);
  const badges = (events: ApiHistoryEvent[]): ApiBadge[] =>
    events.flatMap((event) => {
      const where = versions.find((v) => v.name === event.version);
      const label = changes.labels[changes.versions.indexOf(event.version)];
      return where ? [{ change: event.change, text: `${CHANGE_WORDS[event.change]} in ${label}`, href: `${apiRoute(where, CHANGES)}#${event.entry}` }] : [];
    });
  return {
    changes,
    changesHref: apiRoute(version, CHANGES),
    ...(index > 0 && changes.diffs[index - 1] && { previousLabel: changes.labels[index - 1] }),
    item: (item) => badges(history.item(version.name, itemLocation(item))),
    member: (item, member) => badges(history.member(version.name, item.path, member.anchor)),
  };
}

/** What changed in this version's API since the version before it. */
function changesPage(input: ApiPagesInput, context: ApiPageContext, root: PageLink): ApiChangesPage {
  const { version, versions, changes, model } = input;
  const index = changes.versions.indexOf(version.name);
  const bare = index > 0 ? changes.diffs[index - 1] : undefined;
  const previous = index > 0 ? versions.find((v) => v.name === changes.versions[index - 1]) : undefined;
  const label = changes.labels[index] ?? model.version;
  const base = {
    kind: "apiChanges" as const,
    version,
    section: "api" as const,
    route: apiRoute(version, CHANGES),
    title: `API changes in ${label}`,
    label,
    source: `API ${model.version} (changes)`,
    sidebar: areaSidebar(input, undefined, undefined),
    api: context,
    breadcrumbs: [root],
  };
  if (!bare || !previous) {
    const note = !previous
      ? `${label} is the oldest version documented here, so there is no earlier API to compare it with.`
      : `The API of ${changes.labels[index - 1]} could not be loaded, so this page cannot say what changed since then.`;
    return { ...base, description: note, toc: [], note };
  }
  const previousLabel = changes.labels[index - 1]!;
  const { diff, broken } = changesWithUses(bare, input.uses?.get(previous.name), input.uses?.get(version.name), (location) => apiRoute(version, location));
  const areas = changeAreas(diff);
  return {
    ...base,
    description: `What changed in the API of ${model.packageName} between ${previousLabel} and ${label}.`,
    toc: areas.flatMap(({ id, title, entries }) => [
      { depth: 2, text: title, id },
      ...entries.map((entry) => ({ depth: 3, text: entry.name, id: changeEntryId(entry) })),
    ]),
    diff,
    since: { label: previousLabel, href: (location) => apiRoute(previous, location) },
    ...(Object.keys(broken).length > 0 && { broken }),
  };
}

/**
 * What an item's page shows, as plain data: the page (its item with its members and comments, sidebar, table of
 * contents), the badges of the item and its members, and where the snippets use them. With the index its comments'
 * links resolve in (resolveLink.ts `linkIndexOf`) and the site's settings, it names the page's rendering, so a
 * change elsewhere in the code base renders the pages it shows on, not the version's every page.
 */
export function itemPageInputs(page: ApiItemPage): unknown {
  const { item, api } = page;
  const members = item.members.map((member) => [api.history.member(item, member), api.usedIn?.(`${item.path}#${member.anchor}`) ?? []]);
  return [{ ...page, version: page.version?.name, api: undefined }, api.history.item(item), api.usedIn?.(item.path) ?? [], members];
}

export function buildApiPages(input: ApiPagesInput): ApiPage[] {
  const { version, model } = input;
  const href = (location: string) => apiRoute(version, location);
  const history = pageHistory(input);
  const { twins } = input;
  const sites = sitesByTarget(input.uses?.get(version.name));
  const usedIn = (location: string) => sites.get(location) ?? [];
  const context = (file: string, route: string): ApiPageContext => ({ model, href, md: commentRenderer(input, file), history, usedIn, ...(twins && { twin: commentTwin(input, twins, route) }) });
  const sourceOf = (file: string | undefined) => (file ? `${path.posix.join("viewer", file)} (API ${model.version})` : `API ${model.version}`);
  const root: PageLink = { href: version.apiPath, label: "API" };
  const base = { version, section: "api" as const };
  const pages: ApiPage[] = [
    {
      ...base,
      kind: "apiLanding",
      route: version.apiPath,
      title: "API reference",
      description: `API reference of ${model.packageName} ${model.packageVersion}: components, dialogs, models, services, stores and utilities.`,
      source: input.overviewFile,
      sidebar: areaSidebar(input, undefined, undefined),
      toc: [],
      api: context(input.overviewFile, version.apiPath),
      overviewHtml: input.overviewHtml,
      mostUsed: mostUsedMembers(input.uses?.get(version.name), MOST_USED),
      ...(input.overviewMarkdown !== undefined && { overviewMarkdown: input.overviewMarkdown }),
    },
  ];
  if (model.changelog) {
    const markdown = version.isCurrent ? model.changelog.markdown : changelogAt(model.changelog.markdown, version.name);
    const route = href("changelog");
    const rendered = renderMarkdown(markdown, {
      ...(input.inlineCode && { inlineCode: inlineCodeTargets(model, href) }),
      rewriteLink: (link) => (/^[a-z][a-z0-9+.-]*:|^#|^\/\//i.test(link) ? link : `${input.repoUrl}/blob/${model.sourceRef ?? "HEAD"}/${link.replace(/^\.?\//, "")}`),
      ...(twins && { twinUrl: (link: string) => twinLink(twins, route, link) }),
    });
    pages.push({
      ...base,
      kind: "apiChangelog",
      route,
      title: "Changelog",
      description: `What changed in each release of ${model.packageName}, up to ${model.packageVersion}.`,
      source: sourceOf(model.changelog.file),
      sidebar: areaSidebar(input, undefined, undefined),
      toc: tocFromHeadings(rendered.headings, 2, 2),
      api: context(model.changelog.file, route),
      html: rendered.html,
      ...(rendered.markdown !== undefined && { markdown: rendered.markdown }),
    });
  }
  pages.push(changesPage(input, context("", apiRoute(input.version, CHANGES)), root));
  for (const area of model.areas) {
    const sidebar = areaSidebar(input, area, undefined);
    const sidebarOfKind = new Map<ApiKind, SidebarItem[]>();
    pages.push({
      ...base,
      kind: "apiArea",
      route: href(area.slug),
      title: area.title,
      description: `${area.title} of ${model.packageName} ${model.packageVersion}: ${area.items.length} documented items.`,
      source: sourceOf(area.items[0]?.sources[0]?.file),
      sidebar,
      toc: apiAreaToc(area),
      api: context(area.items[0]?.sources[0]?.file ?? "", href(area.slug)),
      area,
      breadcrumbs: [root],
    });
    for (const item of area.items) {
      if (item.anchor !== undefined) continue;
      const file = item.sources[0]?.file;
      const route = href(itemLocation(item));
      pages.push({
        ...base,
        kind: "apiItem",
        route,
        title: item.name,
        description: item.summary ? item.summary.replace(/[`*_[\]]/g, "").replace(/\([^)]*\)/g, "").slice(0, 160) : `${item.kind} ${item.name} in ${area.title}.`,
        source: sourceOf(file),
        sidebar: sidebarOfKind.get(item.kind) ?? sidebarOfKind.set(item.kind, areaSidebar(input, area, item.kind)).get(item.kind)!,
        toc: apiToc(item),
        api: context(file ?? "", route),
        item,
        breadcrumbs: [root, { href: href(area.slug), label: area.title }],
      });
    }
  }
  return pages;
}
