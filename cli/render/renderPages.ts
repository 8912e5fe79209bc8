/**
 * Draws pages: each page kind has a template (templates/<kind>.tsx, overridable per site) whose
 * default export is rendered with React's renderToStaticMarkup.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Diagnostics, type Diagnostic } from "../util/diagnostics.ts";
import { NavbarItemError } from "../../renderer/components/Navbar.tsx";
import { sidebarSpan, takeDrawnSidebars } from "../../renderer/components/Sidebar.tsx";
import { pageAnchors, type PageAnchors } from "../links/checkLinks.ts";
import { fileOfRoute, writeStagedFile, type StagingFolders } from "../output/writeOutput.ts";
import type { Page, PageKind } from "../pages/pages.ts";
import { pageTwin, type TwinBytes } from "../llms/pageTwin.ts";
import { isSearchable, searchDocsOf, type SearchDoc } from "../search/searchIndex.ts";
import type { SiteData } from "../pages/siteData.ts";
import { FROM_SOURCE, toolchainModule } from "../util/toolchainModule.ts";
import { importTypeScript } from "../util/importTypeScript.ts";
import { twinFileOf } from "../output/twinUrls.ts";

const BUILTIN_TEMPLATES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../templates");

export const TEMPLATE_FILES: Record<PageKind, string> = {
  home: "home.tsx",
  doc: "doc.tsx",
  category: "category.tsx",
  notFound: "notFound.tsx",
  search: "search.tsx",
  markdownPage: "markdownPage.tsx",
  redirect: "redirect.tsx",
  apiLanding: "apiLanding.tsx",
  apiArea: "apiArea.tsx",
  apiItem: "apiItem.tsx",
  apiChangelog: "apiChangelog.tsx",
  apiChanges: "apiChanges.tsx",
};

/**
 * Rendered pages by route, as UTF-8 bytes. Kept as Buffers, outside the JavaScript heap: a large site's
 * HTML held as strings made every garbage collection of the build copy and scan hundreds of megabytes.
 */
export type RenderedHtml = Map<string, Buffer>;

/** Whether two renderings of a page are the same bytes (or both missing). */
export function sameBytes(a: Buffer | undefined, b: Buffer | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.equals(b));
}

type Template = ComponentType<{ site: SiteData; page: Page }>;

/** Loads templates, preferring the site's own folder; a template without a default export is reported per route. */
export type Templates = Map<PageKind, { file: string; component?: Template }>;

export async function loadTemplates(kinds: Iterable<PageKind>, siteTemplatesDir: string | undefined): Promise<Templates> {
  const out = new Map<PageKind, { file: string; component?: Template }>();
  for (const kind of new Set(kinds)) {
    const own = siteTemplatesDir ? path.join(siteTemplatesDir, TEMPLATE_FILES[kind]) : undefined;
    const file = own && fs.existsSync(own) ? own : path.join(BUILTIN_TEMPLATES, toolchainModule(TEMPLATE_FILES[kind]));
    // Compiled, the toolchain bundles a site's own TypeScript templates to load them, as it loads the config.
    const mod = (FROM_SOURCE || file !== own ? await import(pathToFileURL(file).href) : await importTypeScript(file)) as { default?: unknown };
    out.set(kind, { file, component: typeof mod.default === "function" ? (mod.default as Template) : undefined });
  }
  return out;
}

function renderPage(site: SiteData, page: Page, template: Template): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(createElement(template, { site, page }))}`;
}

/**
 * A rendered page: its bytes, and what the later stages need of it, taken while the HTML is still a
 * string on the thread that rendered it, so that no stage reads the page again.
 */
export interface RenderedPage extends PageAnchors, TwinBytes {
  /** Absent when the page went straight into the output folder as it was rendered. */
  html?: Buffer;
  /** The links of the page's sidebar are not in `links`: the links stage checks each sidebar once. */
  sidebarLinksApart?: true;
  /**
   * Empty for pages left out of search (unlisted, not found). Absent from a rendering a build store keeps once
   * the page's terms are made from it: the store keeps those, by the same render key, and saves and loads the two
   * together (see pipeline.ts searchFiles).
   */
  search?: SearchDoc[];
}

/** A page rendered on some thread (nothing when rendering failed) and what rendering it reported. */
export interface PageRendering {
  rendered?: RenderedPage;
  diagnostics: Diagnostic[];
  /** The files written into the staging folder for it, by path, with their content's digest (StagingFolders.digests). */
  written?: [rel: string, digest: string][];
}

/** How renderOnePage treats a page: where it writes, and whether it makes the twin too. */
export interface OnePageOptions {
  /** A staging output folder: the page (and its twin) is written there at once and not kept. */
  writeTo?: StagingFolders;
  /** Make the page's twin with it; false when render threads make the twins after the pages (see build/renderPool.ts). */
  twin: boolean;
}

/**
 * Renders one page. `late` is where the page's API closures (comment markdown) report while the
 * template runs; those reports belong to the page. With `writeTo`, a large build never holds its HTML.
 */
export function renderOnePage(site: SiteData, page: Page, templates: Templates, late: Diagnostics, options: OnePageOptions): PageRendering {
  const diagnostics = new Diagnostics();
  takeDrawnSidebars();
  const html = renderPages(site, [page], templates, diagnostics).get(page.route);
  const sidebars = takeDrawnSidebars();
  diagnostics.items.push(...late.items.splice(0));
  if (html === undefined) return { diagnostics: diagnostics.items };
  const skip = page.sidebar && sidebars.length === 1 && sidebars[0] === page.sidebar ? sidebarSpan(html, page.sidebar) : undefined;
  const rendered: RenderedPage = { ...pageAnchors(html, skip), ...(skip && { sidebarLinksApart: true }), search: isSearchable(page) ? searchDocsOf(page, html) : [] };
  const written: [string, string][] = [];
  if (options.writeTo) {
    const rel = fileOfRoute(page.route, site.config.baseUrl);
    const digest = writeStagedFile(options.writeTo, rel, html);
    if (digest !== undefined) written.push([rel, digest]);
  } else rendered.html = Buffer.from(html);
  if (options.twin) {
    const made = makeTwin(site, page, late, options.writeTo);
    Object.assign(rendered, made.twin);
    diagnostics.items.push(...made.diagnostics);
    written.push(...(made.written ?? []));
  }
  return { rendered, diagnostics: diagnostics.items, ...(written.length > 0 && { written }) };
}

/** A page's twin as UTF-8, and its part of llms-full.txt where that differs (see RenderedPage). */

/** A twin made (none for a page without one, or when making it failed) and what making it reported. */
export interface TwinMaking {
  twin: TwinBytes;
  diagnostics: Diagnostic[];
  /** The twin's file written into the staging folder, with its content's digest (StagingFolders.digests). */
  written?: [rel: string, digest: string][];
}

/** Makes the markdown twin of a rendered page, written into `writeTo` at once when given (and kept all the same). */
export function makeTwin(site: SiteData, page: Page, late: Diagnostics, writeTo?: StagingFolders): TwinMaking {
  const diagnostics = new Diagnostics();
  let twin: ReturnType<typeof pageTwin>;
  try {
    twin = pageTwin(site, page);
  } catch (error) {
    // The page itself rendered: its twin failing is reported like a failed page, not a crashed build.
    diagnostics.error("render", `making the markdown twin of the route ${page.route} failed: ${error instanceof Error ? error.message : String(error)}`, { file: page.source });
  }
  diagnostics.items.push(...late.items.splice(0));
  if (!twin) return { twin: {}, diagnostics: diagnostics.items };
  const bytes: TwinBytes = { twin: Buffer.from(twin.text), ...(twin.full !== undefined && { twinFull: Buffer.from(twin.full) }) };
  const rel = twinFileOf(page.route, site.config.baseUrl);
  const digest = writeTo && writeStagedFile(writeTo, rel, bytes.twin!);
  return { twin: bytes, diagnostics: diagnostics.items, ...(digest !== undefined && { written: [[rel, digest]] }) };
}

/** Renders every page; failures become diagnostics naming the route, never a crash. */
function renderPages(
  site: SiteData,
  pages: Page[],
  templates: Templates,
  diagnostics: Diagnostics,
): Map<string, string> {
  const html = new Map<string, string>();
  const reportedNavbarItems = new Set<number>();
  for (const page of pages) {
    const template = templates.get(page.kind)!;
    const shownFile = path.relative(site.config.siteDir, template.file);
    if (!template.component) {
      diagnostics.error("template", `template ${shownFile} has no default export; it is needed to render the route ${page.route}. Export the page component with \`export default function ...\``, { file: shownFile });
      continue;
    }
    try {
      html.set(page.route, renderPage(site, page, template.component));
    } catch (error) {
      if (error instanceof NavbarItemError) {
        if (!reportedNavbarItems.has(error.itemIndex)) {
          reportedNavbarItems.add(error.itemIndex);
          diagnostics.error("navbar-item", `${error.message} (first seen on ${page.route})`, { file: path.relative(site.config.siteDir, site.config.configFile) });
        }
        continue;
      }
      const message = error instanceof Error ? error.message : String(error);
      diagnostics.error("render", `rendering the route ${page.route} with ${shownFile} failed: ${message}`, { file: page.source });
    }
  }
  return html;
}
