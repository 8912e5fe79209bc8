/** Turns one version's rendered docs and sidebars into pages: docs and generated category indexes. */
import type { Diagnostics } from "../util/diagnostics.ts";
import type { Doc } from "../content/docs.ts";
import { nearest } from "../util/nearest.ts";
import { flattenSidebar, type SidebarItem, type Sidebars } from "../content/sidebars.ts";
import type { DocsVersion } from "../content/versions.ts";
import { decodeEntities } from "../markdown/html.ts";
import type { Heading } from "../markdown/types.ts";
import { carryFields, computedField } from "../cache/apartValues.ts";
import type { CategoryPage, DocFooterData, DocPage, PageLink, TocEntry } from "./pages.ts";

export interface RenderedDoc {
  doc: Doc;
  /** What the markdown stage made of the doc (a build store's, its HTML and twin read when first asked for). */
  result: {
    html: string;
    /** The doc's markdown twin body (no title), when the site writes twins. */
    markdown?: string | undefined;
    headings: Heading[];
    /** Where each href of the markdown was written, as [rendered href, line] pairs. */
    linkLines: [string, number][];
    /** See DocPage.rendering. */
    rendering?: string;
    /** The html's first sentence (firstSentence): a doc's description when it has none. */
    lead: string | undefined;
  };
  /** The html starts with the doc's own h1 (see MarkdownOptions.keepTitle). */
  titleInBody?: boolean;
}

export interface TocLevels {
  minHeadingLevel: number;
  maxHeadingLevel: number;
}

export function tocFromHeadings(headings: Heading[], min: number, max: number): TocEntry[] {
  return headings.filter((h) => h.depth >= min && h.depth <= max).map(({ depth, text, id }) => ({ depth, text, id }));
}

/** Where each href sits in a sidebar: its sidebar, its ancestors (breadcrumbs). */
interface Placement {
  sidebar: SidebarItem[];
  ancestors: PageLink[];
}

function placeAll(sidebars: Sidebars): Map<string, Placement> {
  const out = new Map<string, Placement>();
  const visit = (items: SidebarItem[], sidebar: SidebarItem[], ancestors: PageLink[]) => {
    for (const item of items) {
      if (item.type === "link") continue;
      if (item.href && !out.has(item.href)) out.set(item.href, { sidebar, ancestors });
      if (item.type === "category") visit(item.items, sidebar, [...ancestors, { href: item.href ?? "", label: item.label }]);
    }
  };
  for (const sidebar of Object.values(sidebars)) visit(sidebar, sidebar, []);
  return out;
}

function findCategories(items: SidebarItem[]): Extract<SidebarItem, { type: "category" }>[] {
  return items.flatMap((item) => (item.type === "category" ? [item, ...findCategories(item.items)] : []));
}

export function buildDocPages(
  version: DocsVersion,
  rendered: RenderedDoc[],
  sidebars: Sidebars,
  toc: TocLevels,
  descriptions: Map<string, string | undefined>,
  footers: ReadonlyMap<string, DocFooterData>,
  diagnostics: Diagnostics,
): (DocPage | CategoryPage)[] {
  const placements = placeAll(sidebars);
  const byId = new Map(rendered.map((r) => [r.doc.id, r]));
  // Each sidebar's pages in order, and each href's first place there (a search per page made it quadratic).
  const order = new Map<SidebarItem[], { flat: PageLink[]; at: Map<string, number> }>();
  const neighbours = (href: string, sidebar: SidebarItem[]) => {
    let pagesOf = order.get(sidebar);
    if (!pagesOf) {
      const flat = flattenSidebar(sidebar).map(({ href: h, label }) => ({ href: h, label }));
      const at = new Map<string, number>();
      flat.forEach((p, i) => {
        if (!at.has(p.href)) at.set(p.href, i);
      });
      order.set(sidebar, (pagesOf = { flat, at }));
    }
    const i = pagesOf.at.get(href);
    return i === undefined ? {} : { previous: pagesOf.flat[i - 1], next: pagesOf.flat[i + 1] };
  };
  /** The page `key` of the doc's front matter names (null: none), else the sidebar's neighbour. */
  const link = (doc: Doc, key: "pagination_prev" | "pagination_next", fallback?: PageLink): PageLink | undefined => {
    const id = doc.frontMatter[key];
    if (id === null) return undefined;
    if (id === undefined) return fallback;
    const target = byId.get(id);
    if (target) return { href: target.doc.permalink, label: target.doc.frontMatter.pagination_label ?? target.doc.frontMatter.sidebar_label ?? target.doc.title };
    // As in Docusaurus, an id that names no doc is an error (it would otherwise fall back to the sidebar order unseen).
    const near = nearest(id, byId.keys(), 3).map((n) => `"${n}"`);
    diagnostics.error("front-matter", `${key} "${id}" is not the id of a doc of version ${version.label}${near.length ? `; nearest ids: ${near.join(", ")}` : ""}`, { file: doc.file, line: doc.frontMatterLines[key] });
    return fallback;
  };

  const pages: (DocPage | CategoryPage)[] = rendered.map(({ doc, result, titleInBody }) => {
    const { rendering, lead } = result;
    const placement = placements.get(doc.permalink);
    const around = placement && !doc.unlisted ? neighbours(doc.permalink, placement.sidebar) : {};
    const fm = doc.frontMatter;
    const page: Omit<DocPage, "html" | "toc" | "headings" | "linkLines"> = {
      kind: "doc",
      route: doc.permalink,
      title: doc.title,
      description: doc.description ?? lead,
      source: doc.file,
      version,
      section: "docs",
      sidebar: placement?.sidebar,
      unlisted: doc.unlisted,
      doc,
      ...(titleInBody && { titleInBody }),
      ...(rendering !== undefined && { rendering }),
      breadcrumbs: placement?.ancestors.filter((a) => a.label) ?? [],
      previous: link(doc, "pagination_prev", around.previous),
      next: link(doc, "pagination_next", around.next),
      ...footers.get(doc.source),
    };
    // Kept apart in a build store, the HTML, twin and headings stay unread until the page renders, and its table of
    // contents and link lines are made when it renders or a link of it is broken (DocPage.rendering names them).
    carryFields(page, result, ["html", "markdown", "headings"]);
    computedField(page, "toc", () => tocFromHeadings((page as DocPage).headings, fm.toc_min_heading_level ?? toc.minHeadingLevel, fm.toc_max_heading_level ?? toc.maxHeadingLevel));
    computedField(page, "linkLines", () => new Map(result.linkLines));
    return page as DocPage;
  });

  for (const sidebar of Object.values(sidebars)) {
    for (const category of findCategories(sidebar)) {
      const index = category.generatedIndex;
      if (!index) continue;
      const placement = placements.get(index.permalink);
      pages.push({
        kind: "category",
        route: index.permalink,
        title: index.title,
        description: index.description,
        source: `generated index of the sidebar category "${category.label}"`,
        version,
        section: "docs",
        sidebar,
        toc: [],
        index,
        cards: category.items.flatMap((item) =>
          item.type === "doc"
            ? [{ href: item.href, label: item.label, description: descriptions.get(item.id) }]
            : item.href
              ? [{ href: item.href, label: item.label, description: item.type === "category" ? item.generatedIndex?.description : undefined }]
              : [],
        ),
        breadcrumbs: placement?.ancestors.filter((a) => a.label) ?? [],
        ...neighbours(index.permalink, sidebar),
      });
    }
  }
  return pages;
}

/** A description for pages without one: the first paragraph's text, shortened. */
export function firstSentence(html: string): string | undefined {
  const match = /<p>([\s\S]*?)<\/p>/.exec(html);
  if (!match) return undefined;
  const text = decodeEntities(match[1]!.replace(/<[^>]+>/g, "")).trim();
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}...` : text || undefined;
}
