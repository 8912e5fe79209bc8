/**
 * Fetches pages' HTML, once per route: prefetch and navigation share one map of promises, so a page
 * hovered and then clicked is requested a single time.
 */
import { messageOf } from "./dom.ts";

/** A page's HTML (a 404 answer is the site's not-found page, shown like any other). */
export interface LoadedPage {
  /** Where the page came from, after redirects. */
  url: string;
  html: string;
}

const pages = new Map<string, Promise<LoadedPage>>();

/** Rejects on a network error and on an HTTP status other than OK and 404. */
async function fetchPage(path: string): Promise<LoadedPage> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { Accept: "text/html" } });
  } catch (error) {
    throw new Error(`network error: ${messageOf(error)}`, { cause: error });
  }
  if (!response.ok && response.status !== 404) throw new Error(`the server answered ${response.status}`);
  return { url: response.url, html: await response.text() };
}

/**
 * The page at `route`, from the shared map unless `fresh`. A failed fetch is forgotten, so the next
 * call tries again; callers treat every rejection as a failure to fetch.
 */
export function loadPage(route: URL, fresh = false): Promise<LoadedPage> {
  const key = route.pathname + route.search;
  const known = fresh ? undefined : pages.get(key);
  if (known) return known;
  const loading = fetchPage(key);
  pages.set(key, loading);
  loading.catch(() => {
    if (pages.get(key) === loading) pages.delete(key);
  });
  return loading;
}
