/** The route table's page model: what every template receives. */
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
}

export interface NotFoundPage extends PageBase {
  kind: "notFound";
}

/** API pages carry their own data, produced by the API stage. */
export interface ApiPage extends PageBase {
  kind: "apiLanding" | "apiArea" | "apiItem" | "apiChangelog";
  data: unknown;
}

export type Page = DocPage | CategoryPage | HomePage | NotFoundPage | ApiPage;
export type PageKind = Page["kind"];
