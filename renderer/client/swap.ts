/**
 * Puts a fetched page of the site in place of the shown one. Only the parts that differ from page to
 * page change: title, page facts, the markdown twin link, body attributes, the navbar (active link,
 * dropdown targets) and the layout (drawer with the sidebar, main content, table of contents). The live
 * search box is kept.
 */

const META = 'meta[name="carta-docs"]';
/** Head links that differ from page to page and that the runtime reads: the page's markdown twin. */
const HEAD_LINKS = ['link[rel="alternate"][type="text/markdown"]'];
const PARTS = ["nav.navbar", ".main-wrapper"];

/** True when `doc` is a page of this site, which the swap knows how to show. */
export function isSitePage(doc: Document): boolean {
  return doc.querySelector(META) !== null && PARTS.every((selector) => doc.querySelector(selector) !== null);
}

/**
 * Where a fetched redirect page (the config's `redirects`) sends readers, resolved against `url`, where it was
 * fetched from; its `#anchor`, else the one asked for. Null for any other page.
 */
export function redirectOf(doc: Document, url: URL): URL | null {
  const refresh = doc.querySelector('meta[http-equiv="refresh" i]')?.getAttribute("content");
  const target = refresh && /^\s*\d+\s*;\s*url=(.+)$/i.exec(refresh)?.[1];
  if (!target) return null;
  const moved = new URL(target.trim(), url);
  if (!moved.hash) moved.hash = url.hash;
  return moved;
}

function runtimeOf(doc: Document): string | null | undefined {
  return doc.querySelector("script[type=module][src]")?.getAttribute("src");
}

/** True when `doc` comes from another build: its own runtime must run, so it needs a full load. */
export function isOtherBuild(doc: Document): boolean {
  return runtimeOf(doc) !== runtimeOf(document);
}

/** Pages of one sidebar (same version, same section) keep the sidebar's scroll position. */
function sidebarOf(doc: Document): string {
  return `${doc.body.dataset.version}|${doc.querySelector("#sidebar nav")?.getAttribute("aria-label")}`;
}

function required<T extends Element>(doc: Document, selector: string): T {
  const found = doc.querySelector<T>(selector);
  if (!found) throw new Error(`the page has no ${selector}`);
  return found;
}

export function swapPage(next: Document): void {
  const sidebarScroll = sidebarOf(document) === sidebarOf(next) ? document.getElementById("sidebar")?.scrollTop : undefined;
  const search = document.querySelector("nav.navbar [data-search]");
  document.title = next.title;
  required<HTMLMetaElement>(document, META).content = required<HTMLMetaElement>(next, META).content;
  for (const key of Object.keys(document.body.dataset)) delete document.body.dataset[key];
  Object.assign(document.body.dataset, next.body.dataset);
  for (const selector of HEAD_LINKS) {
    const fresh = next.head.querySelector(selector);
    document.head.querySelector(selector)?.remove();
    if (fresh) document.head.append(document.adoptNode(fresh));
  }
  for (const selector of PARTS) {
    const fresh = document.adoptNode(required(next, selector));
    if (search && selector === "nav.navbar") fresh.querySelector("[data-search]")?.replaceWith(search);
    required(document, selector).replaceWith(fresh);
  }
  const sidebar = document.getElementById("sidebar");
  if (sidebar && sidebarScroll !== undefined) sidebar.scrollTop = sidebarScroll;
}
