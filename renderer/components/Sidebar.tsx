/**
 * The docs sidebar. Categories are <details> elements, so they open and close without JavaScript;
 * the one holding the current page starts open and the page's link carries aria-current.
 */
import type { SidebarItem } from "../../cli/content/sidebars.ts";

function containsHref(item: SidebarItem, href: string): boolean {
  if (item.type === "category") return item.href === href || item.items.some((child) => containsHref(child, href));
  return item.href === href;
}

function Items({ items, current, level }: { items: SidebarItem[]; current: string; level: number }) {
  return (
    <ul className={`menu__list${level > 1 ? " menu__list--nested" : ""}`}>
      {items.map((item, i) => {
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
              <li className="menu__item menu__category" key={i}>
                {label ?? <span className="menu__link menu__link--category">{item.label}</span>}
                {item.items.length > 0 ? <Items items={item.items} current={current} level={level + 1} /> : null}
              </li>
            );
          }
          return (
            <li className={`menu__item menu__category${label ? " menu__category--linked" : ""}`} key={i}>
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
          <li className="menu__item" key={i}>
            <a className={`menu__link${active ? " menu__link--active" : ""}`} href={item.href} aria-current={active ? "page" : undefined}>
              {item.label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

export function Sidebar({ items, current, label = "Docs sidebar" }: { items: SidebarItem[]; current: string; label?: string }) {
  return (
    <nav className="menu" aria-label={label}>
      <Items items={items} current={current} level={1} />
    </nav>
  );
}
