/**
 * Collapsible sidebar categories: <details> elements (so they work without JavaScript) whose opening
 * and closing is animated, and whose state survives navigation within the session, per version. A category
 * drawn without its items (a large sidebar's) gets them from the sidebar file before it opens; when they
 * cannot be had, its link leads to its page, which lists them.
 */
import { categoryLabel, categoryLink, fillCategory, isDeferred } from "./deferredCategories.ts";
import { closestTarget } from "./dom.ts";
import type { PageMeta } from "./meta.ts";
import { onPage, pageMeta } from "./page.ts";
import { readItem, writeItem } from "./storage.ts";

/** Where a running animation is heading: mid-animation, `details.open` is true both ways. */
const heading = new WeakMap<HTMLDetailsElement, boolean>();

/** Taller content moves for longer, within bounds; reduced motion makes it all but instant. */
export function collapseDuration(height: number, reduced: boolean): number {
  return reduced ? 1 : Math.min(400, Math.max(150, Math.round(height / 2)));
}

/** A collapsible category's <details>: each is a child of its category's entry, and the sidebar has no others. */
const CATEGORY = "li.menu__category > details";

/** Where a category's open or closed state is kept: by its label, per section and version. */
function storageKey(meta: PageMeta, label: string): string {
  return `carta-docs.category.${meta.section ?? "docs"}.${meta.version ?? meta.latest}.${label}`;
}

function animate(details: HTMLDetailsElement, open: boolean): void {
  const summary = details.querySelector<HTMLElement>(":scope > summary");
  if (!summary) return;
  for (const running of details.getAnimations()) running.cancel();
  heading.set(details, open);
  // Measure the open height: the content must be rendered while it slides, whichever way.
  details.open = true;
  const full = details.getBoundingClientRect().height;
  const closed = summary.getBoundingClientRect().height;
  const heights = open ? [closed, full] : [full, closed];
  details.style.overflow = "hidden";
  const animation = details.animate(
    { height: heights.map((h) => `${h}px`) },
    { duration: collapseDuration(full - closed, window.matchMedia("(prefers-reduced-motion: reduce)").matches), easing: "ease-in-out", fill: "forwards" },
  );
  animation.onfinish = () => {
    details.open = open;
    heading.delete(details);
    animation.cancel();
  };
  animation.oncancel = () => {
    // A cancel event can arrive after a newer animation has started on the same element.
    if (!heading.has(details)) details.style.overflow = "";
  };
}

export function initCategories(): void {
  onPage((meta) => {
    for (const details of document.querySelectorAll<HTMLDetailsElement>(CATEGORY)) {
      const stored = readItem(storageKey(meta, categoryLabel(details)), "session");
      // The category of the page being shown always starts open.
      if (stored === null || details.querySelector('[aria-current="page"]')) continue;
      if (stored === "open" && isDeferred(details)) void fillCategory(details).then((filled) => (details.open = filled));
      else details.open = stored === "open";
    }
  });
  document.addEventListener("click", (event) => {
    const summary = closestTarget<HTMLElement>(event, `${CATEGORY} > summary`);
    // A click on the category's own link follows it; anywhere else on the row toggles.
    if (!summary || closestTarget(event, "a")) return;
    const details = summary.parentElement as HTMLDetailsElement;
    event.preventDefault();
    const open = !(heading.get(details) ?? details.open);
    const key = storageKey(pageMeta(), categoryLabel(details));
    if (open && isDeferred(details)) {
      void fillCategory(details).then((filled) => {
        const link = categoryLink(details);
        if (!filled) {
          if (link) location.assign(link);
          return;
        }
        writeItem(key, "open", "session");
        animate(details, true);
      });
      return;
    }
    writeItem(key, open ? "open" : "closed", "session");
    animate(details, open);
  });
}
