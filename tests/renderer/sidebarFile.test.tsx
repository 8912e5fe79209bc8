/**
 * Large docs sidebars (renderer/sidebarFile.ts): drawn whole up to WHOLE_SIDEBAR_MAX entries; above, a page holds
 * its path and the categories' entries, the deferred categories' items sitting in the version's sidebar file.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SidebarItem, Sidebars } from "../../cli/content/sidebars.ts";
import type { SiteData } from "../../cli/pages/siteData.ts";
import { Sidebar } from "../../renderer/components/Sidebar.tsx";
import { sidebarFileOf, WHOLE_SIDEBAR_MAX } from "../../renderer/sidebarFile.ts";

const doc = (href: string): SidebarItem => ({ type: "doc", id: href, label: `Doc ${href}`, href });

/** A sidebar of `categories` collapsed categories of `perCategory` docs, each linked to its index page. */
function sidebar(categories: number, perCategory: number, extra: Partial<Extract<SidebarItem, { type: "category" }>> = {}): SidebarItem[] {
  return [
    doc("/docs/intro"),
    ...Array.from({ length: categories }, (_, c): SidebarItem => ({
      type: "category",
      label: `Topic ${c}`,
      collapsed: true,
      collapsible: true,
      href: `/docs/category/topic-${c}`,
      items: Array.from({ length: perCategory }, (_, p) => doc(`/docs/topic-${c}/page-${p}`)),
      ...extra,
    })),
  ];
}

function siteWith(items: SidebarItem[]): SiteData {
  const sidebars: Sidebars = { docsSidebar: items };
  return { config: { baseUrl: "/base/" }, versions: [{ name: "current" }], sidebars: new Map([["current", sidebars]]) } as unknown as SiteData;
}

function page(items: SidebarItem[], current: string): string {
  const file = sidebarFileOf(siteWith(items), "current");
  return renderToStaticMarkup(<Sidebar items={items} current={current} deferTo={file?.sidebars.has(items) ? file : undefined} />);
}

describe("the sidebar file", () => {
  it("is not made for a sidebar of at most the threshold's entries, which every page draws whole", () => {
    const small = sidebar(4, 10);
    expect(4 * 11 + 1).toBeLessThanOrEqual(WHOLE_SIDEBAR_MAX);
    expect(sidebarFileOf(siteWith(small), "current")).toBeUndefined();
    const html = page(small, "/docs/topic-0/page-0");
    expect(html).not.toContain("data-deferred");
    expect(html).toContain('href="/docs/topic-3/page-9"');
  });

  it("holds the items of every category of a large sidebar, by its link, as the page would draw them", () => {
    const items = sidebar(20, 10);
    const file = sidebarFileOf(siteWith(items), "current")!;
    expect(file.rel).toMatch(/^sidebar-current\.[\w-]{12}\.json$/);
    expect(file.route).toBe(`/base/${file.rel}`);
    const lists = JSON.parse(file.text) as Record<string, string>;
    expect(Object.keys(lists)).toHaveLength(20);
    expect(lists["/docs/category/topic-7"]).toMatch(/^<ul class="menu__list menu__list--nested">/);
    expect(lists["/docs/category/topic-7"]).toContain('href="/docs/topic-7/page-9"');
    // The category drawn open on one of its pages holds the same entries as the file.
    const open = page(items, "/docs/category/topic-7");
    for (let p = 0; p < 10; p++) expect(open).toContain(`href="/docs/topic-7/page-${p}"`);
  });

  it("draws the page's path with its items and the other categories without theirs, marking the page", () => {
    const items = sidebar(20, 10);
    const html = page(items, "/docs/topic-3/page-4");
    expect(html).toContain(`data-sidebar-file="${sidebarFileOf(siteWith(items), "current")!.route}"`);
    expect(html).toContain('<a class="menu__link menu__link--active" href="/docs/topic-3/page-4" aria-current="page">');
    expect(html).toContain('href="/docs/category/topic-3">Topic 3</a><details open="">');
    expect(html).toContain('href="/docs/topic-3/page-9"');
    expect(html).not.toContain('href="/docs/topic-4/page-0"');
    expect(html.match(/data-deferred=""/g)).toHaveLength(19);
    // A deferred category is its entry, label link and toggle: the label written in the link and the toggle's name only.
    expect(html).toContain(
      '<li class="menu__item menu__category menu__category--linked"><a class="menu__link menu__link--category" href="/docs/category/topic-4">Topic 4</a><details data-deferred=""><summary class="menu__caret" aria-label="Toggle the category Topic 4"></summary></details></li>',
    );
    // Every category keeps its entry and its link, the way to its items without JavaScript.
    for (let c = 0; c < 20; c++) expect(html).toContain(`href="/docs/category/topic-${c}"`);
  });

  it("makes a page's sidebar as large for categories of 100 docs as of 10, but for the open category's own items", () => {
    const [few, many] = [10, 100].map((perCategory) => page(sidebar(20, perCategory), "/docs/topic-0/page-1"));
    const openItem = /<li class="menu__item"><a class="menu__link(?: menu__link--active)?" href="\/docs\/topic-0\/page-\d+"(?: aria-current="page")?>[^<]*<\/a><\/li>/g;
    const rest = (html: string) => html.replace(openItem, "").replace(/sidebar-current\.[\w-]+\.json/, "");
    expect(few!.match(openItem)).toHaveLength(10);
    expect(many!.match(openItem)).toHaveLength(100);
    expect(rest(many!)).toBe(rest(few!));
  }, 20_000);

  it("draws whole the categories it cannot defer: open by default, without a link, or sharing their link", () => {
    const open = sidebar(20, 10, { collapsed: false });
    expect(page(open, "/docs/intro")).not.toContain("data-deferred");
    const unlinked = sidebar(20, 10).map((item) => (item.type === "category" ? { ...item, href: undefined } : item));
    expect(page(unlinked, "/docs/intro")).not.toContain("data-deferred");
    const shared = sidebar(20, 10).map((item) => (item.type === "category" && item.label === "Topic 1" ? { ...item, href: "/docs/category/topic-0" } : item));
    const html = page(shared, "/docs/intro");
    expect(html.match(/data-deferred=""/g)).toHaveLength(18);
    expect(html).toContain('href="/docs/topic-1/page-9"');
  });
});
