/**
 * The docs sidebar. Categories are <details> elements, so they open and close without JavaScript;
 * the one holding the current page starts open and the page's link carries aria-current. The runtime finds each as
 * the <details> child of an `li.menu__category` and keys its open state by the text of its label element
 * (`.menu__link--category`), so the label is written twice only: that text and the toggle's aria-label.
 *
 * Every page of a version shares its sidebar, and most of it does not depend on the page: an entry that
 * does not hold the current page renders the same everywhere. So each list is rendered once with every
 * entry idle, and a page takes that HTML with only the entry on its path drawn again and spliced in
 * (string slices, not a copy). An API area's list has hundreds of items; drawing or even joining them on
 * every page was most of the render stage's time.
 *
 * A large docs sidebar is not drawn whole on every page (see renderer/sidebarFile.ts): its collapsed
 * categories off the page's path are drawn without their items (`deferred`), which the runtime fetches from
 * the version's sidebar file when one is opened; without JavaScript, the category's own link leads to its page.
 */
import { renderToStaticMarkup } from "react-dom/server";
import type { SidebarItem } from "../../cli/content/sidebars.ts";
import type { Span } from "../../cli/links/checkLinks.ts";

/** A list's entries rendered idle, as one string, and where each entry starts in it (plus its end). */
interface IdleList {
  html: string;
  offsets: number[];
}

/** Idle lists by level, drawn whole or with deferred categories (one set of those per sidebar). */
const idleLists = new WeakMap<SidebarItem[], Map<string, IdleList>>();
/** For each href in a list's subtree, the entries holding it (usually one). */
const entryIndexes = new WeakMap<SidebarItem[], Map<string, number[]>>();

function* hrefsOf(item: SidebarItem): Generator<string> {
  if (item.href !== undefined) yield item.href;
  if (item.type === "category") for (const child of item.items) yield* hrefsOf(child);
}

/** The entry index of a list; its keys are every href of the list's subtree, in order, each once. */
function entryIndex(items: SidebarItem[]): Map<string, number[]> {
  let index = entryIndexes.get(items);
  if (!index) {
    entryIndexes.set(items, (index = new Map<string, number[]>()));
    items.forEach((item, entry) => {
      for (const held of new Set(hrefsOf(item))) {
        const entries = index!.get(held);
        if (entries) entries.push(entry);
        else index!.set(held, [entry]);
      }
    });
  }
  return index;
}

function entriesHolding(items: SidebarItem[], href: string): number[] | undefined {
  return entryIndex(items).get(href);
}

/**
 * Categories a page may draw without their items, by their link (the key of their items in the sidebar file);
 * undefined: draw every item.
 */
type Deferred = ReadonlySet<string> | undefined;

function idleList(items: SidebarItem[], level: number, deferred: Deferred): IdleList {
  let byLevel = idleLists.get(items);
  if (!byLevel) idleLists.set(items, (byLevel = new Map<string, IdleList>()));
  const key = `${level}${deferred ? " deferred" : ""}`;
  let list = byLevel.get(key);
  if (!list) {
    const parts = items.map((item) => renderToStaticMarkup(<Entry item={item} current="" level={level} deferred={deferred} />));
    const offsets = [0];
    for (const part of parts) offsets.push(offsets.at(-1)! + part.length);
    byLevel.set(key, (list = { html: parts.join(""), offsets }));
  }
  return list;
}

/** The list of a category's items as drawn on a page that shows them (idle, whole): what the sidebar file holds. */
export function categoryListHtml(items: SidebarItem[], level: number): string {
  return renderToStaticMarkup(<Items items={items} current="" level={level} deferred={undefined} />);
}

function containsHref(item: SidebarItem, href: string): boolean {
  return item.href === href || (item.type === "category" && entriesHolding(item.items, href) !== undefined);
}

function Entry({ item, current, level, deferred }: { item: SidebarItem; current: string; level: number; deferred: Deferred }) {
  if (item.type === "category") {
    const active = containsHref(item, current);
    const open = active || !item.collapsed || !item.collapsible;
    if (!open && item.href !== undefined && deferred?.has(item.href)) return <DeferredCategory label={item.label} href={item.href} />;
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
          {item.items.length > 0 ? <Items items={item.items} current={current} level={level + 1} deferred={deferred} /> : null}
        </li>
      );
    }
    return (
      <li className={`menu__item menu__category${label ? " menu__category--linked" : ""}`}>
        {label}
        <details open={open}>
          <summary className="menu__caret" aria-label={label ? `Toggle the category ${item.label}` : undefined}>
            {label ? null : <span className="menu__link menu__link--category">{item.label}</span>}
          </summary>
          <Items items={item.items} current={current} level={level + 1} deferred={deferred} />
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

/**
 * A collapsed category whose items are not in the page: a closed <details> with nothing to show but its
 * toggle. The runtime puts the items in (from the sidebar file, keyed by the label link's href) before opening
 * it; without JavaScript the toggle is hidden (sidebar.css) and the label link leads to the category's page.
 */
function DeferredCategory({ label, href }: { label: string; href: string }) {
  return (
    <li className="menu__item menu__category menu__category--linked">
      <a className="menu__link menu__link--category" href={href}>
        {label}
      </a>
      <details data-deferred="">
        <summary className="menu__caret" aria-label={`Toggle the category ${label}`} />
      </details>
    </li>
  );
}

/** The entries of a list: the idle HTML with the entries on the current page's path drawn again. */
function Items({ items, current, level, deferred }: { items: SidebarItem[]; current: string; level: number; deferred: Deferred }) {
  const idle = idleList(items, level, deferred);
  let html = "";
  let from = 0;
  for (const entry of entriesHolding(items, current) ?? []) {
    html += idle.html.slice(from, idle.offsets[entry]) + renderToStaticMarkup(<Entry item={items[entry]!} current={current} level={level} deferred={deferred} />);
    from = idle.offsets[entry + 1]!;
  }
  html = from === 0 ? idle.html : html + idle.html.slice(from);
  return <ul className={`menu__list${level > 1 ? " menu__list--nested" : ""}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * Sidebars drawn since the last takeDrawnSidebars: rendering is synchronous, so around one page, that
 * page's. Kept on globalThis, as a site's own templates may load a copy of this module of their own (on a
 * render thread, a template importing the built-in ones by path does).
 */
const DRAWN = Symbol.for("carta-docs.drawnSidebars");

function drawn(): SidebarItem[][] {
  return ((globalThis as { [DRAWN]?: SidebarItem[][] })[DRAWN] ??= []);
}

export function takeDrawnSidebars(): SidebarItem[][] {
  return drawn().splice(0);
}

const ABSOLUTE = /^(?:\/|[a-z][a-z0-9+.-]*:)/i;
const hrefLists = new WeakMap<SidebarItem[], { hrefs: string[]; absolute: boolean }>();

function hrefList(items: SidebarItem[]): { hrefs: string[]; absolute: boolean } {
  let list = hrefLists.get(items);
  if (!list) {
    const hrefs = [...entryIndex(items).keys()];
    hrefLists.set(items, (list = { hrefs, absolute: hrefs.every((href) => ABSOLUTE.test(href)) }));
  }
  return list;
}

/** Every href of a sidebar, in order, each once. */
export function sidebarHrefs(items: SidebarItem[]): string[] {
  return hrefList(items).hrefs;
}

const OPENING = '<nav class="menu" aria-label="';
const CLOSING = "</nav>";

/**
 * Where the sidebar drawn with `items` is in a page's HTML. Its links are the same on every page showing it
 * (only classes and open states follow the page), so the link check takes them once per sidebar, from
 * sidebarHrefs, and not from each page. Undefined when the page holds more than one menu, or the sidebar a
 * relative href, which would lead somewhere else from each page.
 */
export function sidebarSpan(html: string, items: SidebarItem[]): Span | undefined {
  const start = html.indexOf(OPENING);
  if (start === -1 || html.includes(OPENING, start + 1) || !hrefList(items).absolute) return undefined;
  return { start, end: html.indexOf(CLOSING, start) + CLOSING.length };
}

/** Where a large sidebar's deferred categories are: its version's sidebar file (see renderer/sidebarFile.ts). */
export interface DeferredSidebar {
  /** The file's URL. */
  route: string;
  /** Links of the categories the file holds the items of. */
  categories: ReadonlySet<string>;
}

export function Sidebar({ items, current, label = "Docs sidebar", deferTo }: { items: SidebarItem[]; current: string; label?: string; deferTo?: DeferredSidebar }) {
  drawn().push(items);
  return (
    <nav className="menu" aria-label={label} data-sidebar-file={deferTo?.route}>
      <Items items={items} current={current} level={1} deferred={deferTo?.categories} />
    </nav>
  );
}
