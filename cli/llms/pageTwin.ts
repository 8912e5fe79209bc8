/**
 * The markdown twin of a page, made while the page renders from the data the page already holds: a doc's
 * markdown (as the markdown stage made it, links absolute), a category's cards, the API model. Every twin
 * starts with the page's title as its only h1 and holds no HTML. See twinUrls.ts for where twins live.
 */
import { apiPageTwin, escapeLinkText, joinBlocks, oneLine } from "./apiTwin.ts";
import { twinText, twinUrl } from "../markdown/twinText.ts";
import type { Page } from "../pages/pages.ts";
import type { SiteData } from "../pages/siteData.ts";
import { hasTwin, twinLink, twinsOf } from "../output/twinUrls.ts";

/**
 * A page's markdown twin as UTF-8, kept even when written into the output folder: the llms-full.txt files
 * are made of them. Both absent for pages without a twin.
 */
export interface TwinBytes {
  twin?: Buffer;
  /** The page's part of llms-full.txt when it differs from `twin` (empty: left out). */
  twinFull?: Buffer;
}
import { docsEntry } from "../../renderer/links.ts";

export interface PageTwin {
  /** The twin itself, written at the page's route plus `.md`. */
  text: string;
  /**
   * The page's part of its version's llms-full.txt, when it differs from `text`: "" for pages that are only
   * navigation (category indexes, the home page), the text without index lists for API areas and landings.
   */
  full?: string;
}

/** The twin of `page`, or undefined for a page without one (see hasTwin, or twins turned off). */
export function pageTwin(site: SiteData, page: Page): PageTwin | undefined {
  const twins = twinsOf(site.config);
  if (!twins || !hasTwin(page)) return undefined;
  const link = (href: string) => twinLink(twins, page.route, href);
  switch (page.kind) {
    case "doc":
    case "markdownPage":
      return { text: joinBlocks([`# ${twinText(page.title)}`, page.markdown ?? ""]) };
    case "category": {
      const cards = page.cards.map((card) => `- [${escapeLinkText(card.label)}](${twinUrl(link(card.href))})${card.description ? `: ${oneLine(twinText(card.description))}` : ""}`);
      return { text: joinBlocks([`# ${twinText(page.index.title)}`, twinText(page.index.description ?? ""), cards.join("\n")]), full: "" };
    }
    case "home": {
      const { config, lastVersion } = site;
      const entries = [`- [Docs](${link(docsEntry(site, lastVersion))})`, ...(config.api ? [`- [API reference](${link(lastVersion.apiPath)})`] : [])];
      return { text: joinBlocks([`# ${twinText(config.title)}`, twinText(config.tagline), entries.join("\n"), page.markdown ?? ""]), full: "" };
    }
    case "apiItem":
    case "apiChangelog":
      return { text: apiPageTwin(twins, page, false) };
    case "apiChanges":
      // What changed is the changes page's own business; a version's full text describes the version.
      return { text: apiPageTwin(twins, page, false), full: "" };
    case "apiArea":
    case "apiLanding":
      return { text: apiPageTwin(twins, page, false), full: apiPageTwin(twins, page, true) };
  }
}
