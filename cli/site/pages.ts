/** The route table's page model: what every template receives. */
import type { ApiArea, ApiItem, ApiVersionModel } from "../api/model.ts";
import type { Heading } from "../markdown/types.ts";
import type { Doc } from "../content/docs.ts";
import type { GeneratedIndex, SidebarItem } from "../content/sidebars.ts";
import type { DocsVersion } from "../content/versions.ts";

export interface TocEntry {
  depth: number;
  text: string;
  id: string;
}

export interface PageLink {
  href: string;
  label: string;
}

/** Where the version dropdown leads from this page: the same page in that version, else its root. */
export interface VersionTarget {
  version: DocsVersion;
  href: string;
  /** True when the target is the same page, false when it falls back to the version root. */
  samePage: boolean;
}

interface PageBase {
  /** Absolute route, e.g. "/carta-frontend/docs/next/code-snippet-tutorial/basics". */
  route: string;
  title: string;
  description?: string;
  /** File the page comes from, for diagnostics ("content/docs/intro.md", or a generator name). */
  source: string;
  /** Docs version the page belongs to; undefined for home and not-found. */
  version?: DocsVersion;
  /** Which navbar section is active. */
  section?: "docs" | "api";
  sidebar?: SidebarItem[];
  toc: TocEntry[];
  /** Leave out of the sitemap and search (not-found, unlisted docs). */
  unlisted?: boolean;
  versionTargets?: VersionTarget[];
}

export interface DocPage extends PageBase {
  kind: "doc";
  doc: Doc;
  html: string;
  /** Body of the page's markdown twin (see cli/site/pageTwin.ts), when the site writes twins. */
  markdown?: string;
  headings: Heading[];
  breadcrumbs: PageLink[];
  previous?: PageLink;
  next?: PageLink;
}

export interface CategoryPage extends PageBase {
  kind: "category";
  index: GeneratedIndex;
  /** Direct children of the category, each with its description when it is a doc. */
  cards: { href: string; label: string; description?: string }[];
  breadcrumbs: PageLink[];
  previous?: PageLink;
  next?: PageLink;
}

export interface HomePage extends PageBase {
  kind: "home";
  html: string;
  markdown?: string;
}

export interface NotFoundPage extends PageBase {
  kind: "notFound";
}

/** What API templates need besides the model: URLs in this version, and markdown with its links resolved. */
export interface ApiPageContext {
  model: ApiVersionModel;
  href: (pathWithOptionalAnchor: string) => string;
  md: (markdown: string) => string;
  /** Markdown of a comment for the page's markdown twin: links absolute; undefined when the site writes no twins. */
  twin?: (markdown: string) => string;
}

export interface ApiLandingPage extends PageBase {
  kind: "apiLanding";
  api: ApiPageContext;
  overviewHtml: string;
  overviewMarkdown?: string;
}

export interface ApiAreaPage extends PageBase {
  kind: "apiArea";
  api: ApiPageContext;
  area: ApiArea;
  breadcrumbs: PageLink[];
}

export interface ApiItemPage extends PageBase {
  kind: "apiItem";
  api: ApiPageContext;
  item: ApiItem;
  breadcrumbs: PageLink[];
}

export interface ApiChangelogPage extends PageBase {
  kind: "apiChangelog";
  api: ApiPageContext;
  html: string;
  markdown?: string;
}

export type ApiPage = ApiLandingPage | ApiAreaPage | ApiItemPage | ApiChangelogPage;
export type Page = DocPage | CategoryPage | HomePage | NotFoundPage | ApiPage;
export type PageKind = Page["kind"];
