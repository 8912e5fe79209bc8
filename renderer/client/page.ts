/**
 * The page lifecycle. Modules that enhance a page's HTML register a hook here; it runs for the page
 * loaded first and again each time client-side navigation puts another page's HTML in place.
 */
import { readMeta, type PageMeta } from "./meta.ts";

type Hook = (meta: PageMeta) => void;

const hooks: Hook[] = [];
let meta: PageMeta | undefined;

/** The shown page's facts (version, section, ...). */
export function pageMeta(): PageMeta {
  return (meta ??= readMeta());
}

/** Runs `hook` for the current page now, and for every page shown later. */
export function onPage(hook: Hook): void {
  hooks.push(hook);
  hook(pageMeta());
}

/** Called once a new page's HTML is in place. Errors propagate, so navigation can show the crash view. */
export function pageShown(): void {
  meta = readMeta();
  for (const hook of hooks) hook(meta);
}
