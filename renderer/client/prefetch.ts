/**
 * Prefetch of pages the reader may open next: on hover, on touch, and when a link scrolls into view.
 * Each URL is fetched at most once (the page loader's map is shared with navigation). Nothing is
 * prefetched on a data-saver or 2G connection.
 */
import { closestTarget } from "./dom.ts";
import { onPage } from "./page.ts";
import { loadPage } from "./pageLoader.ts";

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

export function prefetchAllowed(connection: NetworkInformation | undefined): boolean {
  return !connection?.saveData && !/2g$/.test(connection?.effectiveType ?? "");
}

export function initPrefetch(routeOf: (link: HTMLAnchorElement) => URL | null): void {
  if (!prefetchAllowed((navigator as Navigator & { connection?: NetworkInformation }).connection)) return;
  const prefetch = (link: Element | null): void => {
    const route = link instanceof HTMLAnchorElement ? routeOf(link) : null;
    // Failures stay quiet here: navigation fetches again and reports.
    if (route && route.pathname !== location.pathname) loadPage(route).catch(() => {});
  };
  const onPointer = (event: Event): void => prefetch(closestTarget(event, "a[href]"));
  document.addEventListener("mouseover", onPointer, { passive: true });
  document.addEventListener("touchstart", onPointer, { passive: true });

  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      prefetch(entry.target);
    }
  });
  const idle = window.requestIdleCallback ?? ((work: () => void) => window.setTimeout(work, 1));
  onPage(() => {
    observer.disconnect();
    // After the page has settled: visible links are a guess, the page itself comes first.
    idle(() => {
      for (const link of document.querySelectorAll<HTMLAnchorElement>("a[href]")) if (routeOf(link)) observer.observe(link);
    });
  });
}
