/** The route table's page model: what every template receives. */
import type { ApiArea, ApiItem, ApiMember, ApiVersionModel } from "../api/model.ts";
import type { ApiDiff } from "../api/diff.ts";
import type { ApiChanges, ApiHistoryEvent } from "../api/history.ts";
import type { UseSite, UseTarget } from "../snippets/apiUses.ts";
import type { Heading } from "../markdown/types.ts";
import type { Doc } from "../content/docs.ts";
import type { LastUpdate } from "../content/lastUpdated.ts";
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
  /** Line in `source` where each href of the page's own text was written, for link errors. */
  linkLines?: ReadonlyMap<string, number>;
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

/** What the foot of a doc shows: where to edit it, when (and by whom) it last changed. */
export interface DocFooterData {
  editUrl?: string;
  /** The time when docs.showLastUpdateTime is on, the author when docs.showLastUpdateAuthor is. */
  lastUpdate?: Partial<LastUpdate>;
}

export interface DocPage extends PageBase, DocFooterData {
  kind: "doc";
  doc: Doc;
  html: string;
  /** `html` starts with the doc's own h1, shown instead of the title (front matter title plus a `# Heading`, as in Docusaurus). */
  titleInBody?: boolean;
  /** Body of the page's markdown twin (see cli/llms/pageTwin.ts), when the site writes twins. */
  markdown?: string;
  headings: Heading[];
  /**
   * A digest of the doc's body and what the markdown stage made of it (HTML, twin, headings), made with them when
   * the cache keeps results: the page's render key names them by it (see renderStage's pageInputs).
   */
  rendering?: string;
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

/** A standalone markdown page (content/pages/x.md, Docusaurus' src/pages): the site's chrome and a TOC, no sidebar. */
export interface MarkdownPage extends PageBase {
  kind: "markdownPage";
  html: string;
  /** `html` starts with the page's own h1, shown instead of the title (as for a doc). */
  titleInBody?: boolean;
  hideTitle?: boolean;
  hideTableOfContents?: boolean;
  /** Body of the page's markdown twin, when the site writes twins. */
  markdown?: string;
}

/** A static page at an old route that sends readers and crawlers to `to` (the config's `redirects`, or apiAliases.ts). */
export interface RedirectPage extends PageBase {
  kind: "redirect";
  /** Its place in the config's `redirects`; none for the API's own (apiAliases.ts). */
  index?: number;
  /** Where it leads: a route of the site (an anchor may follow) or an absolute URL. */
  to: string;
  /** The absolute URL of `to` when the site's url is set, else `to`: the canonical link. */
  canonical: string;
  unlisted: true;
}

export interface NotFoundPage extends PageBase {
  kind: "notFound";
}

/** Where the search box leads without JavaScript: a page saying that search needs it. */
export interface SearchPage extends PageBase {
  kind: "search";
}

/** What API templates need besides the model: URLs in this version, and markdown with its links resolved. */
export interface ApiPageContext {
  model: ApiVersionModel;
  href: (pathWithOptionalAnchor: string) => string;
  md: (markdown: string) => string;
  history: ApiPageHistory;
  /** Markdown of a comment for the page's markdown twin: links absolute; undefined when the site writes no twins. */
  twin?: (markdown: string) => string;
  /** Where this version's snippets use the item or member at a location (see cli/snippets/apiUses.ts). */
  usedIn?: (location: string) => readonly UseSite[];
}

/** "Added in 5.0.0", linked to that version's changes page, at the entry of the item or member. */
export interface ApiBadge {
  change: ApiHistoryEvent["change"];
  text: string;
  href: string;
}

/** What changed across versions, as the pages of one version show it. */
export interface ApiPageHistory {
  /** Every version's diff against the one before: plain data, which render threads rebuild the pages from. */
  changes: ApiChanges;
  /** This version's changes page. */
  changesHref: string;
  /** The version this one is compared with on its changes page, when there is one. */
  previousLabel?: string;
  item: (item: ApiItem) => ApiBadge[];
  member: (item: ApiItem, member: ApiMember) => ApiBadge[];
}

export interface ApiLandingPage extends PageBase {
  kind: "apiLanding";
  api: ApiPageContext;
  overviewHtml: string;
  overviewMarkdown?: string;
  /** The members this version's snippets use most, with how many lines use each. */
  mostUsed: { target: UseTarget; lines: number }[];
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

/** What changed in a version's API since the version before it. */
export interface ApiChangesPage extends PageBase {
  kind: "apiChanges";
  api: ApiPageContext;
  /** This version's name in the API: "next", "5.0.0". */
  label: string;
  breadcrumbs: PageLink[];
  /** Against the version before; absent for the oldest version, or when that version's API failed to load. */
  diff?: ApiDiff;
  since?: { label: string; href: (pathWithOptionalAnchor: string) => string };
  /** Says why there is no diff, when there is none. */
  note?: string;
  /** By the older version's location of a removed item or member: the snippets of that version that used it. */
  broken?: Record<string, BrokenUse[]>;
}

/** A snippet line of the older version using what the newer one removed, and what the newer one's snippets use there instead. */
export interface BrokenUse {
  site: UseSite;
  /** Names the diff says were added, used by the newer version's same page section; or the new name of a renamed member. */
  replacements: { label: string; href: string }[];
  /** The replacement is the member's new name. */
  renamed?: true;
}

export type ApiPage = ApiLandingPage | ApiAreaPage | ApiItemPage | ApiChangelogPage | ApiChangesPage;
export type Page = DocPage | CategoryPage | HomePage | MarkdownPage | RedirectPage | NotFoundPage | SearchPage | ApiPage;
export type PageKind = Page["kind"];
