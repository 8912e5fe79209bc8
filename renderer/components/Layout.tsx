/**
 * Page layouts: with a sidebar (docs and API pages; a standalone markdown page has its column and TOC, no sidebar)
 * or without (home, not-found).
 * The sidebar column doubles as the mobile drawer, which also carries the navbar's links.
 */
import type { ReactNode } from "react";
import type { Page } from "../../cli/pages/pages.ts";
import type { SiteData } from "../../cli/pages/siteData.ts";
import { VersionBanner } from "./Banners.tsx";
import { Breadcrumbs } from "./Breadcrumbs.tsx";
import { renderNavbarItems } from "./Navbar.tsx";
import { Pagination } from "./Pagination.tsx";
import { Sidebar } from "./Sidebar.tsx";
import { CollapsibleToc, Toc } from "./Toc.tsx";
import { withBase } from "../links.ts";
import { sidebarFileOf } from "../sidebarFile.ts";

/**
 * On narrow screens the drawer covers the page from the top with its own header. Its close button and
 * the backdrop are labels of the no-JS checkbox; they carry data-menu-button so the runtime treats
 * them like the navbar's menu button.
 */
function Drawer({ site, page }: { site: SiteData; page: Page }) {
  return (
    <>
      <label className="drawer-backdrop" htmlFor="menu-toggle" data-menu-button aria-hidden />
      <aside className={`sidebar${page.sidebar ? "" : " sidebar--empty"}`} id="sidebar">
        <div className="sidebar__header">
          <a className="navbar__brand" href={withBase(site, "/")}>
            {site.config.navbar.title ?? site.config.title}
          </a>
          <label className="sidebar__close" htmlFor="menu-toggle" data-menu-button role="button" tabIndex={0} aria-label="Close the navigation menu">
            ×
          </label>
        </div>
        <div className="sidebar__mobile-nav" data-mobile-nav>
          {renderNavbarItems(site, page, "left")}
          {renderNavbarItems(site, page, "right")}
        </div>
        {page.sidebar ? <Sidebar items={page.sidebar} current={page.route} label={page.section === "api" ? "API sidebar" : "Docs sidebar"} deferTo={deferTo(site, page)} /> : null}
      </aside>
    </>
  );
}

/** Where a page's large docs sidebar keeps the items of the categories it draws without them (see sidebarFile.ts). */
function deferTo(site: SiteData, page: Page) {
  if (page.section === "api" || !page.version || !page.sidebar) return undefined;
  const file = sidebarFileOf(site, page.version.name);
  return file?.sidebars.has(page.sidebar) ? file : undefined;
}

export function SidebarLayout({ site, page, children }: { site: SiteData; page: Page; children: ReactNode }) {
  const breadcrumbs = "breadcrumbs" in page ? page.breadcrumbs : [];
  const pagination = "previous" in page || "next" in page ? { previous: page.previous, next: page.next } : {};
  const hideToc = page.kind === "doc" ? page.doc.frontMatter.hide_table_of_contents : page.kind === "markdownPage" && page.hideTableOfContents;
  return (
    <div className="docs-layout">
      <Drawer site={site} page={page} />
      <main className="docs-main" id="main" tabIndex={-1}>
        <VersionBanner site={site} page={page} />
        <div className="docs-columns">
          <article className="docs-article">
            <div className="docs-article__header">
              <Breadcrumbs items={breadcrumbs} current={page.title} />
              {page.version && site.versions.length > 1 ? <span className="version-badge">Version: {page.version.label}</span> : null}
            </div>
            {hideToc ? null : <CollapsibleToc entries={page.toc} />}
            <div data-search-body>{children}</div>
            <Pagination {...pagination} />
          </article>
          {hideToc ? null : (
            <div className="toc-column">
              <Toc entries={page.toc} />
            </div>
          )}
        </div>
      </main>
    </div>
  );
}

export function PlainLayout({ site, page, children }: { site: SiteData; page: Page; children: ReactNode }) {
  return (
    <div className="plain-layout">
      <Drawer site={site} page={page} />
      <main className="plain-main" id="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
