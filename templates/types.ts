import type { Page } from "../cli/pages/pages.ts";
import type { SiteData } from "../cli/pages/siteData.ts";

/** Props of every page template: the page and the site it belongs to. */
export interface TemplateProps<P extends Page = Page> {
  site: SiteData;
  page: P;
}
