/**
 * The config's `redirects` as pages: each `from` becomes a static page sending readers to its `to`. A `from`
 * that is the route of a page, or of another redirect, and a `to` leading to another redirect (a chain, or a
 * loop), are config errors naming the key and its line of the config file; such a redirect is left out.
 */
import path from "node:path";
import type { ResolvedConfig } from "../config/load.ts";
import type { Diagnostics } from "../util/diagnostics.ts";
import { lineOfProperty, readTextOrNothing } from "../util/json.ts";
import { underBase } from "../../renderer/links.ts";
import type { RedirectPage } from "./pages.ts";

/** The line of the config's `text` holding redirects[i].from or .to: the nth time it writes that key with that value. */
export function redirectLine(redirects: ResolvedConfig["redirects"], text: string, i: number, key: "from" | "to"): number | undefined {
  const literal = redirects[i]![key];
  return lineOfProperty(text, key, literal, redirects.slice(0, i).filter((r) => r[key] === literal).length);
}

/** A route as pages are routed: under the base path, no trailing slash but the base path's own. */
function routeOf(baseUrl: string, href: string): string {
  const route = underBase(baseUrl, href.split("#")[0]!);
  return route === baseUrl || route.length <= 1 ? route : route.replace(/\/+$/, "");
}

/** The redirect pages of `config`; `pages` are the routes of the build's pages, with the file each comes from. */
export function redirectPages(config: ResolvedConfig, pages: ReadonlyMap<string, string>, diagnostics: Diagnostics): RedirectPage[] {
  if (config.redirects.length === 0) return [];
  const { baseUrl, url } = config;
  const file = path.relative(config.siteDir, config.configFile);
  const text = readTextOrNothing(config.configFile);
  const { redirects } = config;
  const fail = (i: number, key: "from" | "to", message: string) =>
    diagnostics.error("config", `redirects[${i}].${key} ${JSON.stringify(redirects[i]![key])} ${message}`, { file, line: redirectLine(redirects, text, i, key) });
  // The old routes redirected, each by the first redirect naming it that no page has.
  const froms = new Map<string, number>();
  redirects.forEach(({ from }, i) => {
    const route = routeOf(baseUrl, from);
    const page = pages.get(route);
    const first = froms.get(route);
    if (page !== undefined) fail(i, "from", `is the route of a page (${page}): a redirect may only keep an old URL that no page has; remove the redirect, or give the page another route`);
    else if (first !== undefined) fail(i, "from", `is redirected already by redirects[${first}]; keep one of them`);
    else froms.set(route, i);
  });
  return [...froms].flatMap(([route, i]): RedirectPage[] => {
    const { to } = redirects[i]!;
    const external = !to.startsWith("/");
    const next = external ? undefined : froms.get(routeOf(baseUrl, to));
    if (next !== undefined) {
      fail(i, "to", `leads to another redirect (redirects[${next}].from); point it at the page itself`);
      return [];
    }
    const href = external ? to : underBase(baseUrl, to);
    const canonical = !external && url ? new URL(href, url).href : href;
    return [{ kind: "redirect", index: i, route, title: "Page moved", source: file, toc: [], unlisted: true, to: href, canonical }];
  });
}
