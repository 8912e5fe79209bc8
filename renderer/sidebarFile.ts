/**
 * Pages that do not grow with the site. A docs sidebar of at most WHOLE_SIDEBAR_MAX entries (every level
 * counted) is drawn whole on each page, so a small site's pages fetch nothing to show it. A larger one shows
 * the page's path (the categories holding it, open with their items) and every category's entry, but a
 * collapsed category off that path is drawn without its items: those sit in the version's sidebar file
 * (`sidebar-<version>.<hash>.json` at the site root, beside the search files; the hash of its text, so a
 * cached copy is never stale), which the runtime fetches once when a reader opens such a category. Without
 * JavaScript such a category is its link, to its own doc or generated index page, which lists its items.
 *
 * A category is deferred only when it can be: collapsible, collapsed by default (one open by default shows its
 * items on every page), with a link of its own (where a reader without JavaScript goes; the file's key) that no
 * other category of the version shares. The others are drawn as they are, each deferring its own subcategories.
 */
import type { SidebarItem, Sidebars } from "../cli/content/sidebars.ts";
import type { SiteData } from "../cli/pages/siteData.ts";
import { sha1 } from "../cli/util/hash.ts";
import { categoryListHtml, type DeferredSidebar } from "./components/Sidebar.tsx";

/** Sidebars with more entries than this are drawn as the page's path and the categories' entries. */
export const WHOLE_SIDEBAR_MAX = 150;

export interface SidebarFile extends DeferredSidebar {
  /** Path of the file in the output folder. */
  rel: string;
  /** The file: the HTML of each deferred category's list of items, by the category's link. */
  text: string;
  /** The version's sidebars drawn with deferred categories (its large ones). */
  sidebars: ReadonlySet<SidebarItem[]>;
}

function entryCount(items: readonly SidebarItem[]): number {
  return items.reduce((n, item) => n + 1 + (item.type === "category" ? entryCount(item.items) : 0), 0);
}

type Category = Extract<SidebarItem, { type: "category" }>;

/** Every category of `items` that could be drawn without its items, with the level of its items' list. */
function* deferrable(items: readonly SidebarItem[], level: number): Generator<{ category: Category & { href: string }; level: number }> {
  for (const item of items) {
    if (item.type !== "category") continue;
    if (item.collapsible && item.collapsed && item.href !== undefined && item.items.length > 0) yield { category: { ...item, href: item.href }, level: level + 1 };
    yield* deferrable(item.items, level + 1);
  }
}

/** What a sidebar file holds: each deferred category's list of items as HTML, by the category's link. */
type SidebarLists = Record<string, string>;

/** Makes the lists, the costly part of a sidebar file (10,000 docs: 0.15 s of React), or takes them as kept. */
type ListsMaker = (make: () => SidebarLists) => SidebarLists;

const makeLists: ListsMaker = (make) => make();

function fileOf(version: string, sidebars: Sidebars, baseUrl: string, lists: ListsMaker): SidebarFile | undefined {
  const large = Object.values(sidebars).filter((items) => entryCount(items) > WHOLE_SIDEBAR_MAX);
  if (large.length === 0) return undefined;
  const kept = lists(() => {
    const found = large.flatMap((items) => [...deferrable(items, 1)]);
    const uses = new Map<string, number>();
    for (const { category } of found) uses.set(category.href, (uses.get(category.href) ?? 0) + 1);
    const made: SidebarLists = {};
    for (const { category, level } of found) if (uses.get(category.href) === 1) made[category.href] = categoryListHtml(category.items, level);
    return made;
  });
  const text = JSON.stringify(kept);
  const rel = `sidebar-${version}.${sha1(text).slice(0, 12)}.json`;
  return { rel, route: `${baseUrl}${rel}`, text, categories: new Set(Object.keys(kept)), sidebars: new Set(large) };
}

/** Made once per version's sidebars (and base URL): every page of the version names the file. */
const made = new WeakMap<Sidebars, { baseUrl: string; file: SidebarFile | undefined }>();

/**
 * The sidebar file of a docs version; undefined when all its sidebars are drawn whole. `lists`: a build store's
 * keeper of the lists (the first call for a version's sidebars makes the file; later ones take it as made).
 */
export function sidebarFileOf(site: SiteData, version: string, lists = makeLists): SidebarFile | undefined {
  const sidebars = site.sidebars.get(version);
  if (!sidebars) return undefined;
  const { baseUrl } = site.config;
  let entry = made.get(sidebars);
  if (!entry || entry.baseUrl !== baseUrl) made.set(sidebars, (entry = { baseUrl, file: fileOf(version, sidebars, baseUrl, lists) }));
  return entry.file;
}

/** The sidebar files of every docs version that has one. */
export function sidebarFiles(site: SiteData): SidebarFile[] {
  return site.versions.flatMap((version) => sidebarFileOf(site, version.name) ?? []);
}
