import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SidebarItem } from "../../cli/content/sidebars.ts";
import { Sidebar } from "../../renderer/components/Sidebar.tsx";

const doc = (id: string): SidebarItem => ({ type: "doc", id, label: `Doc ${id}`, href: `/docs/${id}` });
const category = (label: string, items: SidebarItem[], extra: Partial<Extract<SidebarItem, { type: "category" }>> = {}): SidebarItem => ({
  type: "category",
  label,
  collapsed: true,
  collapsible: true,
  items,
  ...extra,
});

const items: SidebarItem[] = [
  doc("intro"),
  category("Guides", [doc("a"), category("Deep", [doc("b"), doc("c")]), doc("d")], { href: "/docs/guides" }),
  category("Reference", [doc("e"), doc("b")]),
  { type: "link", label: "Elsewhere", href: "https://example.org/" },
];

function render(current: string): string {
  return renderToStaticMarkup(<Sidebar items={items} current={current} />);
}

/**
 * The labels of the collapsible categories that start open, in order. A category's label is its link beside its
 * <details> or, unlinked, the label in its summary: the runtime keys its state by that text.
 */
function openCategories(html: string): string[] {
  const link = /(?:<a class="menu__link menu__link--category[^"]*" href="[^"]*"(?: aria-current="page")?>([^<]+)<\/a>)?/.source;
  const summary = /<summary class="menu__caret"[^>]*>(?:<span class="menu__link menu__link--category">([^<]+)<\/span>)?/.source;
  return [...html.matchAll(new RegExp(`${link}<details( open="")?>${summary}`, "g"))].flatMap(([, linked, open, unlinked]) => {
    const label = linked ?? unlinked;
    if (label === undefined) throw new Error("a category drawn without its label");
    return open ? [label] : [];
  });
}

describe("sidebar", () => {
  it("opens the categories on the current page's path and marks the page, whatever page was drawn before", () => {
    render("/docs/intro");
    const html = render("/docs/c");
    expect(openCategories(html)).toEqual(["Guides", "Deep"]);
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
    expect(html).toContain('<a class="menu__link menu__link--active" href="/docs/c" aria-current="page">Doc c</a>');
    // The same sidebar drawn for another page afterwards carries none of the first page's state.
    const intro = render("/docs/intro");
    expect(openCategories(intro)).toEqual([]);
    expect(intro).toContain('href="/docs/intro" aria-current="page"');
    expect(intro).not.toContain('href="/docs/c" aria-current');
  });

  it("marks a page listed twice in both places, and a category's own page on its label", () => {
    const twice = render("/docs/b");
    expect(openCategories(twice)).toEqual(["Guides", "Deep", "Reference"]);
    expect(twice.match(/href="\/docs\/b" aria-current="page"/g)).toHaveLength(2);
    const label = render("/docs/guides");
    expect(openCategories(label)).toEqual(["Guides"]);
    expect(label).toContain('class="menu__link menu__link--category menu__link--active" href="/docs/guides" aria-current="page"');
  });

  it("writes a category's label in its label element and its toggle's name only, its <details> a child of its entry", () => {
    const html = render("/docs/intro");
    expect(html).toContain(
      '<li class="menu__item menu__category menu__category--linked"><a class="menu__link menu__link--category" href="/docs/guides">Guides</a><details><summary class="menu__caret" aria-label="Toggle the category Guides"></summary>',
    );
    expect(html).toContain('<li class="menu__item menu__category"><details><summary class="menu__caret"><span class="menu__link menu__link--category">Reference</span></summary>');
    expect(html.match(/Guides/g)).toHaveLength(2);
    expect(html.match(/Reference/g)).toHaveLength(1);
  });

  it("keeps every entry in order whatever the current page", () => {
    const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    const expected = ["/docs/intro", "/docs/guides", "/docs/a", "/docs/b", "/docs/c", "/docs/d", "/docs/e", "/docs/b", "https://example.org/"];
    for (const current of ["/docs/intro", "/docs/c", "/docs/e", "/nowhere"]) expect(hrefs(render(current))).toEqual(expected);
  });
});
