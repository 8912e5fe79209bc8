/** The links a site's config puts on every page (navbar, footer, favicon) or its redirect pages, with the key and line that wrote each. */
import type { ResolvedConfig } from "../config/load.ts";
import type { DocsVersion } from "../content/versions.ts";
import { underBase } from "../../renderer/links.ts";
import { lineOfString, readTextOrNothing } from "../util/json.ts";
import { redirectLine } from "../pages/redirects.ts";
import type { ConfigLink } from "./checkLinks.ts";

/**
 * Site-absolute links only: a relative one means something else on every page, so each page checks it. `redirects`:
 * the places in the config's `redirects` of those the build writes (one it refused was reported already).
 */
export function configLinks(config: ResolvedConfig, versions: Iterable<DocsVersion>, redirects: ReadonlySet<number>): ConfigLink[] {
  const written: { href: string; key: string; literal?: string; shown?: undefined }[] = [];
  config.navbar.items.forEach((item, i) => {
    if (item.type === "link") written.push({ href: item.href, key: `navbar.items[${i}].href` });
    // The API item leads to the API root of the page's version: one link per version.
    if (item.type === "api" && config.api) for (const version of versions) written.push({ href: version.apiPath, key: `navbar.items[${i}] (type "api")`, literal: "api" });
  });
  config.footer.links.forEach((column, i) =>
    column.items.forEach((item, j) => written.push({ href: item.href, key: `footer.links[${i}].items[${j}].href` })),
  );
  // The favicon is a path under content/static, linked from the site root (Document.tsx).
  if (config.favicon) written.push({ href: `/${config.favicon.replace(/^\/+/, "")}`, key: "favicon", literal: config.favicon });
  // A redirect page links where it leads (templates/redirect.tsx): checked here, once, against its key.
  const text = readTextOrNothing(config.configFile);
  const targets = config.redirects.flatMap(({ from, to }, i) => (redirects.has(i) ? [{ href: to, key: `redirects[${i}].to`, shown: `(the redirect from ${from})`, line: redirectLine(config.redirects, text, i, "to") }] : []));
  return [...written.map((link) => ({ ...link, line: lineOfString(text, link.literal ?? link.href) })), ...targets]
    .filter(({ href }) => href.startsWith("/") && !href.startsWith("//"))
    .map(({ href, key, line, shown }) => ({ href: underBase(config.baseUrl, href), key, line, ...(shown && { shown }) }));
}

