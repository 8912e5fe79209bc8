/** The top bar: title, navbar items from the config, and the mobile menu button. */
import type { ReactNode } from "react";
import type { NavbarItem } from "../../cli/config/schema.ts";
import type { Page } from "../../cli/pages/pages.ts";
import type { SiteData } from "../../cli/pages/siteData.ts";
import { docsEntry, isExternal, versionOf, withBase } from "../links.ts";
import { flattenSidebar } from "../../cli/content/sidebars.ts";
import { ExternalIcon, GitHubIcon, MenuIcon, MoonIcon, SearchIcon, SunIcon } from "./icons.tsx";
import { renderedOnce } from "./renderedOnce.tsx";

export class NavbarItemError extends Error {
  constructor(
    readonly itemIndex: number,
    readonly item: NavbarItem,
    readonly cause: unknown,
  ) {
    const what = "label" in item ? `"${item.label}"` : "name" in item ? `"${item.name}"` : "";
    super(`navbar item ${itemIndex + 1} (type "${item.type}"${what ? `, ${what}` : ""}) failed to render: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "NavbarItemError";
  }
}

interface ItemProps {
  site: SiteData;
  page: Page;
}

/** Target of a "docSidebar" item: the first page of that sidebar in the page's version. */
function sidebarHref(site: SiteData, page: Page, sidebarId: string): string | undefined {
  const version = versionOf(site, page.version);
  const sidebar = site.sidebars.get(version.name)?.[sidebarId];
  return sidebar ? flattenSidebar(sidebar)[0]?.href ?? docsEntry(site, version) : undefined;
}

function NavLink({ href, label, active, section }: { href: string; label: string; active: boolean; section?: string }) {
  return (
    <a className={`navbar__link${active ? " navbar__link--active" : ""}`} href={href} aria-current={active ? "page" : undefined} data-nav={section}>
      {label}
    </a>
  );
}

function VersionDropdown({ site, page }: ItemProps) {
  const current = versionOf(site, page.version);
  const targets =
    page.versionTargets ?? site.versions.map((version) => ({ version, href: page.section === "api" ? version.apiPath : docsEntry(site, version), samePage: false }));
  return (
    <details className="dropdown version-dropdown" data-version-dropdown>
      <summary className="navbar__link" aria-label={`Docs version: ${current.label}`}>
        {current.label}
      </summary>
      <ul className="dropdown__menu">
        {targets.map((t) => (
          <li key={t.version.name}>
            <a
              className={`dropdown__link${t.version.name === current.name ? " dropdown__link--active" : ""}`}
              href={t.href}
              data-version={t.version.name}
              aria-current={t.version.name === current.name ? "true" : undefined}
            >
              {t.version.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

function SearchBox({ site }: { site: SiteData }) {
  return (
    // A plain form to the search page, which says search needs JavaScript; the runtime takes the box over.
    <form className="search" role="search" action={`${site.config.baseUrl}search`} data-search data-module={site.assets.searchJs}>
      <SearchIcon />
      <input className="search__input" type="search" name="q" placeholder={site.config.theme.searchPlaceholder} aria-label="Search the docs" autoComplete="off" spellCheck={false} />
    </form>
  );
}

function ColorModeToggle() {
  return (
    <button className="color-mode-toggle" type="button" data-color-mode-toggle aria-label="Switch between dark and light mode (currently light mode)" title="Switch between dark and light mode">
      <SunIcon />
      <MoonIcon />
    </button>
  );
}

function renderItem(item: NavbarItem, props: ItemProps): ReactNode {
  const { site, page } = props;
  switch (item.type) {
    case "docSidebar": {
      const href = sidebarHref(site, page, item.sidebarId) ?? docsEntry(site, versionOf(site, page.version));
      return <NavLink href={href} label={item.label} active={page.section === "docs"} section="docs" />;
    }
    case "api":
      return <NavLink href={versionOf(site, page.version).apiPath} label={item.label} active={page.section === "api"} section="api" />;
    case "docsVersionDropdown":
      return <VersionDropdown {...props} />;
    case "link": {
      const external = isExternal(item.href);
      const github = /github\.com/.test(item.href);
      // An icon-only link still needs a name: the item's label unless the config gives one.
      return (
        <a className={`navbar__link${github ? " navbar__icon-link" : ""}`} href={withBase(site, item.href)} aria-label={item.ariaLabel ?? (github ? item.label : undefined)} rel={external ? "noopener noreferrer" : undefined}>
          {github ? <GitHubIcon /> : item.label}
          {external && !github ? <ExternalIcon /> : null}
        </a>
      );
    }
    case "search":
      return <SearchBox site={site} />;
    case "colorMode":
      return <ColorModeToggle />;
    case "custom":
      return (item.render as (ctx: ItemProps) => ReactNode)(props);
  }
}

/** Item types that render the same on every page of a site. */
const SAME_ON_EVERY_PAGE = new Set<NavbarItem["type"]>(["link", "search", "colorMode"]);

/** Renders every item now, so that a failing item is reported by name rather than as a broken page. */
export function renderNavbarItems(site: SiteData, page: Page, position: "left" | "right"): ReactNode[] {
  return site.config.navbar.items.flatMap((item, index) => {
    if (item.position !== position) return [];
    // One version has nothing to choose between.
    if (item.type === "docsVersionDropdown" && site.versions.length < 2) return [];
    try {
      if (SAME_ON_EVERY_PAGE.has(item.type)) {
        return [<div className="navbar__item" data-item-type={item.type} key={index} dangerouslySetInnerHTML={{ __html: renderedOnce(site, `navbar-item-${index}`, () => renderItem(item, { site, page })) }} />];
      }
      return [
        <div className="navbar__item" data-item-type={item.type} key={index}>
          {renderItem(item, { site, page })}
        </div>,
      ];
    } catch (error) {
      throw new NavbarItemError(index, item, error);
    }
  });
}

export function Navbar({ site, page }: ItemProps) {
  const { navbar } = site.config;
  return (
    <nav className={`navbar${navbar.hideOnScroll ? " navbar--hideable" : ""}`} aria-label="Main">
      <div className="navbar__inner">
        <label
          className="navbar__menu-button"
          htmlFor="menu-toggle"
          aria-label="Open the navigation menu"
          data-menu-button
          dangerouslySetInnerHTML={{ __html: renderedOnce(site, "menu-icon", () => <MenuIcon />) }}
        />
        <a className="navbar__brand" href={withBase(site, "/")}>
          {navbar.logo ? <img className="navbar__logo" src={withBase(site, navbar.logo.src)} alt={navbar.logo.alt} /> : null}
          <span className="navbar__title">{navbar.title ?? site.config.title}</span>
        </a>
        <div className="navbar__items navbar__items--left">{renderNavbarItems(site, page, "left")}</div>
        <div className="navbar__items navbar__items--right">{renderNavbarItems(site, page, "right")}</div>
      </div>
    </nav>
  );
}
