/** The links stage: every page's links checked against the routes and files of the build. */
import path from "node:path";
import type { ResolvedConfig } from "../config/load.ts";
import type { SidebarItem } from "../content/sidebars.ts";
import { checkConfigLinks, checkLinks, checkSidebarLinks, newLinkCheckCache, type LinkCheckInput } from "../links/checkLinks.ts";
import { configLinks } from "../links/configLinks.ts";
import { sidebarHrefs } from "../../renderer/components/Sidebar.tsx";
import type { Page } from "../pages/pages.ts";
import { sha1 } from "../util/hash.ts";
import type { BuildCache, StageScope } from "../cache/buildCache.ts";
import type { Rendered } from "./renderStage.ts";

/**
 * Checks each page's links, again only when the page changed, the set of routes and files changed, or a
 * page it links into with an anchor lost or gained ids. (An anchor link is found by its absolute href,
 * which is how every rendered link is written.) A sidebar's links, the same on every page showing it, are
 * checked once per sidebar.
 */
export function linksStage(config: ResolvedConfig, pages: Page[], rendered: Rendered, files: Set<string>, cache: BuildCache, scope: StageScope): void {
  const shape = cache.keeps ? sha1(JSON.stringify([[...rendered.pages.keys()].sort(), [...files].sort(), [...scope.unresolvedLinks].sort()])) : "";
  const reanchored = [...rendered.changed]
    .filter(([route, previous]) => previous !== undefined && previous.ids !== rendered.pages.get(route)?.ids)
    .map(([route]) => route);
  for (const [route, page] of rendered.pages) {
    if (!rendered.changed.has(route) && reanchored.some((target) => page.links.includes(`${target}#`))) cache.forget("links", route);
  }
  const sources = new Map(pages.map((p) => [p.route, p.source]));
  // A page's link lines are asked for when one of its links is broken (made then: see buildDocPages).
  const byRoute = new Map(pages.map((p) => [p.route, p]));
  const lines = (route: string) => byRoute.get(route)?.linkLines;
  const fromConfig = configLinks(config, new Set(pages.flatMap((p) => (p.version ? [p.version] : []))), new Set(pages.flatMap((p) => (p.kind === "redirect" && p.index !== undefined ? [p.index] : []))));
  const input: Omit<LinkCheckInput, "only"> = {
    baseUrl: config.baseUrl,
    pages: rendered.pages,
    cache: newLinkCheckCache(),
    sources,
    lines,
    files,
    ignore: scope.unresolvedLinks,
    configHrefs: new Set(fromConfig.map((l) => l.href)),
  };
  // The navbar's and footer's links, on every page: checked once, each error naming the config file and key.
  const configFile = path.relative(config.siteDir, config.configFile);
  cache.memo("links", "config links", cache.keeps ? `${shape} ${sha1(JSON.stringify(fromConfig))}` : "", scope, (s) => checkConfigLinks(fromConfig, configFile, input, s.diagnostics));
  for (const route of rendered.pages.keys()) {
    cache.memo("links", route, `${shape} ${rendered.keys.get(route)}`, scope, (s) => checkLinks({ ...input, only: [route] }, s.diagnostics));
  }
  // Sidebars whose links their pages left out: each checked once, on behalf of the first page showing it.
  const sidebars = new Map<SidebarItem[], Page>();
  for (const page of pages) {
    if (page.sidebar && !sidebars.has(page.sidebar) && rendered.pages.get(page.route)?.sidebarLinksApart) sidebars.set(page.sidebar, page);
  }
  for (const [items, page] of sidebars) {
    const hrefs = sidebarHrefs(items);
    const id = `sidebar of ${page.route}`;
    // A docs sidebar comes from its version's sidebars file, when it has one; an API sidebar from the API pages.
    const sidebarFile = page.section !== "api" && page.version?.sidebarFile;
    const file = sidebarFile ? path.relative(config.siteDir, sidebarFile) : page.source;
    if (reanchored.some((target) => hrefs.some((href) => href.startsWith(`${target}#`)))) cache.forget("links", id);
    cache.memo("links", id, cache.keeps ? `${shape} ${sha1(hrefs.join("\n"))}` : "", scope, (s) => checkSidebarLinks(page.route, hrefs, file, input, s.diagnostics));
  }
}

/** Routes of the files the build writes besides pages (assets, search files, sitemap: `files`) and of content/static. */
export function fileRoutes(config: ResolvedConfig, files: Iterable<string>, staticFiles: readonly string[]): Set<string> {
  const routes = new Set<string>([...files].map((rel) => config.baseUrl + rel));
  for (const rel of staticFiles) routes.add(config.baseUrl + rel);
  return routes;
}
