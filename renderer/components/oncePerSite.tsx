/**
 * Parts of the chrome that render the same on every page of a site (static navbar items, the footer)
 * are rendered on first use and put into later pages as HTML: drawn ten thousand times, they cost a large
 * site's build seconds. Only for components without hooks: they render apart from the page (React's
 * server renderer saves and restores its state around each render).
 */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { SiteData } from "../../cli/site/siteData.ts";

const rendered = new WeakMap<SiteData, Map<string, string>>();

/** The HTML of `render()` for this site, rendered once per `key`. */
export function oncePerSite(site: SiteData, key: string, render: () => ReactNode): string {
  let byKey = rendered.get(site);
  if (!byKey) rendered.set(site, (byKey = new Map()));
  let html = byKey.get(key);
  if (html === undefined) byKey.set(key, (html = renderToStaticMarkup(<>{render()}</>)));
  return html;
}
