/**
 * Parts of a page that render the same on every page of a site (static navbar items, the menu icon, the
 * footer) are rendered on first use and put into later pages as HTML: drawn ten thousand times, they cost
 * a large site's build seconds. (The sidebar has its own scheme, in Sidebar.tsx.) Only for components without hooks: they render
 * apart from the page (React's server renderer saves and restores its state around each render).
 */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

const rendered = new WeakMap<object, Map<string, string>>();

/** The HTML of `render()`, rendered once per `owner` (the object the part depends on) and `key`. */
export function renderedOnce(owner: object, key: string, render: () => ReactNode): string {
  let byKey = rendered.get(owner);
  if (!byKey) rendered.set(owner, (byKey = new Map<string, string>()));
  let html = byKey.get(key);
  if (html === undefined) byKey.set(key, (html = renderToStaticMarkup(<>{render()}</>)));
  return html;
}
