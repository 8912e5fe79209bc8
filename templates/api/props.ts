import type { ApiVersionModel } from "../../cli/api/model.ts";
import type { ApiPageHistory } from "../../cli/pages/pages.ts";
import type { UseSite } from "../../cli/snippets/apiUses.ts";

/** What every API article gets from the page shell. */
export interface ApiArticleProps {
  model: ApiVersionModel;
  /** Absolute URL of a location relative to the version's API root (`.-stores/class/AppStore#openFile`). */
  href: (pathWithOptionalAnchor: string) => string;
  /** Markdown to HTML, links resolved (`api:` links included). */
  md: (markdown: string) => string;
  /** Badges of what changed across versions; this version's changes page. */
  history: ApiPageHistory;
  /** Where the version's tutorials use the item or member at a location (none when the site links no snippets). */
  usedIn?: (location: string) => readonly UseSite[];
}
