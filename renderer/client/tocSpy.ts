/**
 * Scroll-spy: the table of contents marks the section being read. An IntersectionObserver watches the
 * headings the TOC links to against a line a fifth of the way down the window: its root is everything
 * below that line (the bottom margin reaches far past the page), so a heading stops being wholly inside it
 * exactly when its top reaches the line, however far one jump goes. The section in view is the last
 * heading that reached the line. Nothing reads layout on scroll. The collapsible TOC closes once a link
 * in it is used.
 */
import { closestTarget } from "./dom.ts";
import { onPage } from "./page.ts";

const ACTIVE = "toc__link--active";
const ROOT_MARGIN = "-20% 0px 1000000px 0px";

let observer: IntersectionObserver | undefined;

/** A long TOC (an API class's members) scrolls within its column: keep the marked link in its view. */
function reveal(link: HTMLElement): void {
  const list = link.closest<HTMLElement>(".toc");
  if (!list || list.scrollHeight <= list.clientHeight) return;
  // Layout is read here only, when the marked section changes, never on every scroll.
  const top = link.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
  if (top < list.scrollTop || top + link.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top - list.clientHeight / 3;
}

/** The TOC links (one per heading in each TOC: the column and the collapsible one) by the heading they lead to. */
function linksByHeading(): Map<Element, HTMLAnchorElement[]> {
  const byHeading = new Map<Element, HTMLAnchorElement[]>();
  for (const link of document.querySelectorAll<HTMLAnchorElement>("[data-toc] a.toc__link")) {
    // A link's hash is URL-encoded ("#%CE%B6"); the heading's id is not.
    const heading = document.getElementById(decodeURIComponent(link.hash.slice(1)));
    if (heading) byHeading.set(heading, [...(byHeading.get(heading) ?? []), link]);
  }
  return byHeading;
}

/** The section in view: the last heading (in page order) that reached the line; none before the first. */
function sectionInView(headings: Element[], above: Set<Element>): Element | undefined {
  let current: Element | undefined;
  for (const heading of headings) if (above.has(heading)) current = heading;
  return current;
}

/** Marks the links to one heading as the section being read, or unmarks them. */
function mark(links: HTMLAnchorElement[], active: boolean): void {
  for (const link of links) {
    link.classList.toggle(ACTIVE, active);
    if (active) {
      link.setAttribute("aria-current", "location");
      reveal(link);
    } else link.removeAttribute("aria-current");
  }
}

function watch(): void {
  observer?.disconnect();
  const links = linksByHeading();
  if (links.size === 0) return;
  // Page order, whatever the TOC's order.
  const headings = [...links.keys()].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  const above = new Set<Element>();
  let marked: Element | undefined;
  observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.intersectionRatio < 1) above.add(entry.target);
        else above.delete(entry.target);
      }
      const current = sectionInView(headings, above);
      if (current === marked) return;
      if (marked) mark(links.get(marked)!, false);
      if (current) mark(links.get(current)!, true);
      marked = current;
    },
    { rootMargin: ROOT_MARGIN, threshold: 1 },
  );
  for (const heading of headings) observer.observe(heading);
}

export function initTocSpy(): void {
  if (!("IntersectionObserver" in window)) return;
  onPage(watch);
  document.addEventListener("click", (event) => {
    const link = closestTarget(event, ".toc-collapsible a");
    link?.closest("details")?.removeAttribute("open");
  });
}
