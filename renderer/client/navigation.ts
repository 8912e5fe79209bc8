/**
 * Client-side navigation: links to pages of the site are followed without a full reload. The target
 * HTML (prefetched when possible) is parsed and its changing parts swapped in. History entries carry
 * the scroll position, so back and forward restore it. A page that cannot be fetched is loaded in full.
 */
import { closestTarget, el, messageOf } from "./dom.ts";
import { linkRoute } from "./links.ts";
import type { PageMeta } from "./meta.ts";
import { pageShown } from "./page.ts";
import { loadPage, type LoadedPage } from "./pageLoader.ts";
import { startProgress } from "./progress.ts";
import { showCrash, showLoadError, spinnerAfter } from "./statusViews.ts";
import { isOtherBuild, isSitePage, redirectOf, swapPage } from "./swap.ts";

/** The spinner in the main area comes after the progress bar: it is for waits one notices. */
const SPINNER_DELAY = 500;

interface HistoryState {
  scroll?: number;
}
type HistoryMode = "push" | "replace" | "none";

function keyOf(url: URL | Location): string {
  return url.pathname + url.search;
}

function saveScroll(): void {
  history.replaceState({ ...(history.state as HistoryState | null), scroll: window.scrollY }, "");
}

function scrollToHash(hash: string): void {
  let target: HTMLElement | null = null;
  try {
    target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  } catch {
    /* a malformed escape in the hash names no element */
  }
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
}

/** Screen readers hear the new page's title, as they would on a full load. */
function announce(text: string): void {
  let region = document.getElementById("route-announcer");
  if (!region) {
    region = el("div", "visually-hidden");
    region.id = "route-announcer";
    region.setAttribute("aria-live", "polite");
    region.setAttribute("aria-atomic", "true");
    document.body.append(region);
  }
  region.textContent = text;
}

export function initNavigation(meta: PageMeta): void {
  // Scroll positions are restored from history entries, once the right page is in place.
  history.scrollRestoration = "manual";
  const restored = (history.state as HistoryState | null)?.scroll;
  if (typeof restored === "number") window.scrollTo(0, restored);
  let shown = keyOf(location);
  let latest = 0;

  function record(url: URL, mode: HistoryMode): void {
    if (mode !== "none") {
      saveScroll();
      if (mode === "push") history.pushState({ scroll: 0 }, "", url.href);
      else history.replaceState({ scroll: 0 }, "", url.href);
    }
    shown = keyOf(url);
  }

  function show(page: LoadedPage, target: URL, mode: HistoryMode, scroll: number | undefined): void {
    const next = new DOMParser().parseFromString(page.html, "text/html");
    const url = new URL(page.url);
    url.hash = target.hash;
    // An old URL the site keeps as a redirect page: go where it sends readers instead (a full load when that leaves the site).
    const moved = redirectOf(next, url);
    if (moved) return moved.origin === location.origin && moved.pathname.startsWith(meta.baseUrl) ? void navigate(moved, mode === "none" ? "replace" : mode) : location.assign(moved.href);
    const sitePage = isSitePage(next);
    if (sitePage && isOtherBuild(next)) return location.assign(url.href);
    record(url, mode);
    const again = (): void => void navigate(url, "none", undefined, true);
    if (!sitePage) return showLoadError(`The address ${url.pathname} did not answer with a page of this site.`, again);
    try {
      swapPage(next);
      pageShown();
    } catch (error) {
      return showCrash(new Error(`Could not show the page ${url.pathname}`, { cause: error }), again);
    }
    if (scroll === undefined) scrollToHash(url.hash);
    else window.scrollTo(0, scroll);
    document.getElementById("main")?.focus({ preventScroll: true });
    announce(document.title);
  }

  async function navigate(target: URL, mode: HistoryMode, scroll?: number, fresh = false): Promise<void> {
    const token = ++latest;
    const stopProgress = startProgress(meta.progressDelay);
    const stopSpinner = spinnerAfter(SPINNER_DELAY);
    try {
      let page: LoadedPage;
      try {
        page = await loadPage(target, fresh);
      } catch (error) {
        if (token !== latest) return;
        console.warn(`carta-docs: could not load ${target.pathname} (${messageOf(error)}); loading it in full instead`);
        return location.assign(target.href);
      }
      // A later click won: its page is the one to show.
      if (token === latest) show(page, target, mode, scroll);
    } finally {
      stopProgress();
      stopSpinner();
    }
  }

  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = closestTarget(event, "a[href]");
    const target = link instanceof HTMLAnchorElement ? linkRoute(link, meta.baseUrl) : null;
    if (!target) return;
    const samePage = keyOf(target) === shown;
    // An anchor on the shown page: the browser scrolls to it by itself.
    if (samePage && target.hash) return;
    event.preventDefault();
    void navigate(target, samePage ? "replace" : "push");
  });
  window.addEventListener("popstate", (event) => {
    const scroll = (event.state as HistoryState | null)?.scroll;
    if (keyOf(location) !== shown) return void navigate(new URL(location.href), "none", scroll);
    if (scroll === undefined) scrollToHash(location.hash);
    else window.scrollTo(0, scroll);
  });
  let saving: number | undefined;
  window.addEventListener(
    "scroll",
    () => {
      window.clearTimeout(saving);
      saving = window.setTimeout(saveScroll, 150);
    },
    { passive: true },
  );
  window.addEventListener("pagehide", saveScroll);
}
