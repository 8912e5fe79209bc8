/**
 * What the snippet check learnt about the API as plain data: each name of a checked block that TypeScript resolved to
 * a documented item or member of the page's version (a "use"), with its place in the block. Code blocks link those
 * names (cli/markdown/codeLinks.ts), API pages list where their members are used, and changes pages what a removal
 * breaks. Made during the check (collectUses.ts) from the program it builds, and kept with each page's result.
 */
import type { ApiItem } from "../api/model.ts";
import type { CodeLinks } from "../markdown/codeLinks.ts";

/** An item or member a snippet names. */
export interface UseTarget {
  /** Where it is documented, relative to the version's API root ("path" or "path#anchor", see itemLocation). */
  location: string;
  /** As a reader names it: `AppStore.openFile`, `FrameScaling.LOG`, `AppStore`. */
  label: string;
  /** Its declaration as TypeScript text, shown on hover (one line per overload). */
  signature: string;
  /** A member (counted by tutorial coverage), not an item. */
  member: boolean;
}

/** One name in a block: 0-based line within the block's code, column and length in UTF-16 units. */
export interface BlockUse {
  block: number;
  line: number;
  column: number;
  length: number;
  /** Index into the page's targets. */
  target: number;
}

/** The uses of one page's checked blocks. */
export interface PageUses {
  targets: UseTarget[];
  uses: BlockUse[];
}

/** A section of a page: the heading a block comes under (none: the page's top). */
export interface PageSection {
  text: string;
  id: string;
}

/** A snippet page of a version with its blocks' uses, as API pages and code blocks need them. */
export interface UsingPage {
  /** The markdown file, as diagnostics name it. */
  file: string;
  /** Doc id (its path within the version: the same page in another version has the same id). */
  id: string;
  title: string;
  route: string;
  /** The checked blocks, in page order: code, section and the names linked in it. */
  blocks: { code: string; section?: PageSection; uses: Omit<BlockUse, "block">[] }[];
  targets: UseTarget[];
}

/** The uses of one version's snippet pages, and how many of its members they cover. */
export interface VersionUses {
  pages: UsingPage[];
  /** Members of the version's API (inherited ones left out), and those a snippet uses. */
  members: number;
  usedMembers: number;
}

/** A place a target is used: the page, its section and the line calling it, with the name's column. */
export interface UseSite {
  page: { id: string; title: string; route: string };
  section?: PageSection;
  /** The block's line, and where the name lies in it. */
  line: string;
  column: number;
  length: number;
}

/** Where a site leads: its page's section, or the page. */
export function siteHref(site: UseSite): string {
  return site.section ? `${site.page.route}#${site.section.id}` : site.page.route;
}

/** "Basics › Wait for asynchronous calls" */
export function siteLabel(site: UseSite): string {
  return site.section ? `${site.page.title} › ${site.section.text}` : site.page.title;
}

/** Every use of `uses`, by target location, in page and block order (one site per line). */
export function sitesByTarget(uses: VersionUses | undefined): Map<string, UseSite[]> {
  const sites = new Map<string, UseSite[]>();
  for (const page of uses?.pages ?? []) {
    const { id, title, route } = page;
    page.blocks.forEach((block) => {
      const lines = block.code.split("\n");
      const seen = new Set<string>();
      for (const use of block.uses) {
        const location = page.targets[use.target]!.location;
        const key = `${location}\n${use.line}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const list = sites.get(location) ?? sites.set(location, []).get(location)!;
        list.push({ page: { id, title, route }, ...(block.section && { section: block.section }), line: lines[use.line] ?? "", column: use.column, length: use.length });
      }
    });
  }
  return sites;
}

/** Members of a model that are its own (not inherited), which tutorial coverage counts. */
export function memberCount(items: readonly ApiItem[]): number {
  return items.reduce((sum, item) => sum + item.members.filter((member) => !member.inheritedFrom).length, 0);
}

/** A page's blocks with the names to link in each, for the markdown stage; `href` gives a location's URL in the page's version. */
export function codeLinksOf(page: UsingPage, href: (location: string) => string): CodeLinks[] {
  return page.blocks.map((block) => ({
    code: block.code,
    links: block.uses.map(({ line, column, length, target }) => ({ line, column, length, href: href(page.targets[target]!.location), tip: page.targets[target]!.signature })),
  }));
}

/** The markdown twin's list of the API a page's snippets use, each linked by `url` (to its twin); "" when none. */
export function usedApiMarkdown(page: UsingPage, url: (location: string) => string): string {
  const used = new Set(page.blocks.flatMap((block) => block.uses.map((use) => use.target)));
  if (used.size === 0) return "";
  const lines = [...used].sort((a, b) => a - b).map((index) => `- [${page.targets[index]!.label}](${url(page.targets[index]!.location)})`);
  return `\n\n## API members used on this page\n\n${lines.join("\n")}\n`;
}
