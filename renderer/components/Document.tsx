/** The HTML document around every page: head metadata, skip link, navbar, footer. */
import type { ReactNode } from "react";
import type { Page } from "../../cli/pages/pages.ts";
import type { SiteData } from "../../cli/pages/siteData.ts";
import { hasTwin, twinRoute } from "../../cli/output/twinUrls.ts";
import { docsEntry, versionOf, withBase } from "../links.ts";
import { AnnouncementBar } from "./Banners.tsx";
import { Footer } from "./Footer.tsx";
import { Navbar } from "./Navbar.tsx";

function pageTitle(site: SiteData, page: Page): string {
  return page.title && page.title !== site.config.title ? `${page.title} | ${site.config.title}` : site.config.title;
}

export function Document({ site, page, children }: { site: SiteData; page: Page; children: ReactNode }) {
  const { config } = site;
  const title = pageTitle(site, page);
  const description = page.description ?? config.tagline;
  const canonical = config.url ? new URL(page.route, config.url).href : undefined;
  const version = versionOf(site, page.version);
  return (
    <html lang={config.locale.lang} dir={config.locale.direction} data-theme={config.theme.defaultMode}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        {canonical ? <link rel="canonical" href={canonical} /> : null}
        {config.llms !== false && hasTwin(page) ? <link rel="alternate" type="text/markdown" href={twinRoute(page.route, config.baseUrl)} /> : null}
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        {canonical ? <meta property="og:url" content={canonical} /> : null}
        <meta property="og:type" content="website" />
        <meta name="generator" content={`carta-docs ${config.siteVersion}`} />
        {config.favicon ? <link rel="icon" href={withBase(site, `/${config.favicon.replace(/^\/+/, "")}`)} /> : null}
        {page.unlisted ? <meta name="robots" content="noindex" /> : null}
        <meta
          name="carta-docs"
          content={JSON.stringify({
            baseUrl: config.baseUrl,
            version: page.version?.name ?? null,
            latest: site.lastVersion.name,
            versions: site.versions.map((v) => ({ name: v.name, label: v.label, docs: docsEntry(site, v), api: v.apiPath })),
            section: page.section ?? null,
            breakpoint: config.theme.mobileBreakpoint,
            progressDelay: config.theme.progressBarDelay,
            announcement: config.announcementBar?.id ?? null,
            defaultMode: config.theme.defaultMode,
            respectPrefersColorScheme: config.theme.respectPrefersColorScheme,
          })}
        />
        {site.assets.headScript ? <script dangerouslySetInnerHTML={{ __html: site.assets.headScript }} /> : null}
        <link rel="stylesheet" href={site.assets.css} />
        {site.assets.js ? <script type="module" src={site.assets.js} /> : null}
      </head>
      <body data-page-kind={page.kind} data-version={version.name}>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <AnnouncementBar site={site} />
        <input type="checkbox" id="menu-toggle" className="menu-toggle" aria-hidden tabIndex={-1} />
        <Navbar site={site} page={page} />
        <div className="main-wrapper">{children}</div>
        <Footer site={site} />
      </body>
    </html>
  );
}
