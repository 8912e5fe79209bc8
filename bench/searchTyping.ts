/**
 * What a reader's first search costs in the browser: a built site served by `carta-docs serve`, a docs page
 * opened in Chromium (a fresh profile per query, so nothing is cached), the query typed into the navbar's box
 * at TYPING_DELAY_MS per key, and every script and JSON file the page fetches from the box's first use until
 * the query's results are shown with their excerpts: the search bundle, the index files, the results' texts
 * (of every prefix the page chose to fetch them for). Bytes are the files' gzipped sizes, as a static host serves them.
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { startServer } from "../cli/serve/index.ts";
import { launchChromium } from "./chromium.ts";
import { gzipSize } from "./measure.ts";

/** The typing speed: a quick typist. */
const TYPING_DELAY_MS = 120;
/** What issue 28 asks a first search to fetch at most, on the real viewer's site: half of Pagefind 1.6's 148 KB. */
export const FIRST_SEARCH_TARGET_KB = 74;
/** Pagefind 1.6's first search over the same queries on the real viewer's site, as issue 28 measured it. */
export const PAGEFIND_KB = { min: 120, max: 148 } as const;
/** The queries issue 28 measures. */
export const TYPED_QUERIES = ["AppStore", "openFile", "region", "contour", "spectral profile"] as const;

const INPUT = "nav.navbar .search__input";

interface TypedSearch {
  query: string;
  /** Gzipped bytes of everything fetched for search. */
  gzip: number;
  /** Paths fetched, relative to the site root, in order (one entry per request). */
  files: string[];
}

export interface TypingFigures {
  page: string;
  delayMs: number;
  queries: TypedSearch[];
  /** Gzipped bytes of the search bundle (the scripts a first search loads). */
  bundleGzip: number;
}

/** The gzipped size of each file of `buildDir`, read once. */
function sizer(buildDir: string): (rel: string) => number {
  const sizes = new Map<string, number>();
  return (rel) => {
    let size = sizes.get(rel);
    if (size === undefined) {
      const file = path.join(buildDir, rel);
      size = fs.existsSync(file) && fs.statSync(file).isFile() ? gzipSize(fs.readFileSync(file)) : 0;
      sizes.set(rel, size);
    }
    return size;
  };
}

/**
 * Types each query on `page` (a docs page's path relative to the site root) of the site built in `buildDir`
 * and served under `baseUrl`, in a browser of its own, and measures what each first search fetches.
 */
export async function measureTypedSearch(buildDir: string, baseUrl: string, page: string, queries: readonly string[] = TYPED_QUERIES): Promise<TypingFigures> {
  const server = await startServer({ dir: buildDir, basePath: baseUrl, port: 0 });
  let browser: Browser | undefined;
  const gzipOf = sizer(buildDir);
  try {
    browser = await launchChromium("measuring search in the browser");
    const measured: TypedSearch[] = [];
    for (const query of queries) {
      const context = await browser.newContext();
      try {
        const tab = await context.newPage();
        await tab.goto(new URL(page, server.url).href);
        await tab.waitForFunction(() => document.querySelector("nav.navbar [data-search][data-ready]") !== null, undefined, { polling: 50 });
        const files: string[] = [];
        tab.on("request", (request) => {
          const { pathname } = new URL(request.url());
          // Search fetches scripts and JSON files; the pages the result links lead to may be prefetched, which is navigation's.
          if (pathname.startsWith(baseUrl) && /\.(js|json)$/.test(pathname)) files.push(decodeURIComponent(pathname.slice(baseUrl.length)));
        });
        await tab.click(INPUT);
        await tab.keyboard.type(query, { delay: TYPING_DELAY_MS });
        // Done when this query's results are shown, excerpts and all (the list is busy until then).
        await tab.waitForFunction(
          (typed) => {
            const list = document.querySelector('nav.navbar [role="listbox"]');
            const status = document.querySelector("nav.navbar .search__status")?.textContent ?? "";
            return (document.querySelector("nav.navbar .search__input") as HTMLInputElement).value === typed && list && !list.hasAttribute("aria-busy") && /results? in|No results/.test(status);
          },
          query,
          { polling: 20, timeout: 30_000 },
        );
        measured.push({ query, files, gzip: files.reduce((sum, rel) => sum + gzipOf(rel), 0) });
      } finally {
        await context.close();
      }
    }
    const scripts = new Set(measured.flatMap((q) => q.files.filter((rel) => rel.endsWith(".js"))));
    return { page, delayMs: TYPING_DELAY_MS, queries: measured, bundleGzip: [...scripts].reduce((sum, rel) => sum + gzipOf(rel), 0) };
  } finally {
    await browser?.close();
    await server.close();
  }
}
