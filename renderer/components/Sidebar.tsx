/**
 * The docs sidebar. Categories are <details> elements, so they open and close without JavaScript;
 * the one holding the current page starts open and the page's link carries aria-current.
 *
 * Every page of a version shares its sidebar, and most of it does not depend on the page: a branch that
 * does not hold the current page renders the same everywhere. Such branches are rendered once, kept by
 * their item object, and put into later pages as HTML; only the path to the current page is drawn per
 * page. (An API area page's sidebar lists hundreds of items; drawing them for every page was most of
 * the render stage's time.)
 */
import { renderToStaticMarkup } from "react-dom/server";
import type { SidebarItem } from "../../cli/content/sidebars.ts";
import { renderedOnce } from "./renderedOnce.tsx";

function containsHref(item: SidebarItem, href: string): boolean {
  if (item.type === "category") return item.href === href || item.items.some((child) => containsHref(child, href));
  return item.href === href;
}

function Entry({ item, current, level }: { item: SidebarItem; current: string; level: number }) {
  if (item.type === "category") {
    const active = containsHref(item, current);
    const open = active || !item.collapsed || !item.collapsible;
    const current_ = item.href === current;
    // The label link sits beside the <summary>, never inside it: a link inside a toggle is
    // two controls in one, which screen readers cannot tell apart.
    const label = item.href ? (
      <a className={`menu__link menu__link--category${current_ ? " menu__link--active" : ""}`} href={item.href} aria-current={current_ ? "page" : undefined}>
        {item.label}
      </a>
    ) : null;
    // A category with nothing to unfold (an API area that is not the current one) is just its link.
    if (!item.collapsible || item.items.length === 0) {
      return (
        <li className="menu__item menu__category">
          {label ?? <span className="menu__link menu__link--category">{item.label}</span>}
          {item.items.length > 0 ? <Items items={item.items} current={current} level={level + 1} /> : null}
        </li>
      );
    }
    return (
      <li className={`menu__item menu__category${label ? " menu__category--linked" : ""}`}>
        {label}
        <details open={open} data-category={item.label}>
          <summary className="menu__caret" aria-label={label ? `Toggle the category ${item.label}` : undefined}>
            {label ? null : <span className="menu__link menu__link--category">{item.label}</span>}
          </summary>
          <Items items={item.items} current={current} level={level + 1} />
        </details>
      </li>
    );
  }
  const active = item.href === current;
  return (
    <li className="menu__item">
      <a className={`menu__link${active ? " menu__link--active" : ""}`} href={item.href} aria-current={active ? "page" : undefined}>
        {item.label}
      </a>
    </li>
  );
}

/** One entry as HTML; a branch that does not hold the current page is the same on every page. */
function entryHtml(item: SidebarItem, current: string, level: number): string {
  if (containsHref(item, current)) return renderToStaticMarkup(<Entry item={item} current={current} level={level} />);
  return renderedOnce(item, `level-${level}`, () => <Entry item={item} current="" level={level} />);
}

function Items({ items, current, level }: { items: SidebarItem[]; current: string; level: number }) {
  const html = items.map((item) => entryHtml(item, current, level)).join("");
  return <ul className={`menu__list${level > 1 ? " menu__list--nested" : ""}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function Sidebar({ items, current, label = "Docs sidebar" }: { items: SidebarItem[]; current: string; label?: string }) {
  return (
    <nav className="menu" aria-label={label}>
      <Items items={items} current={current} level={1} />
    </nav>
  );
}
