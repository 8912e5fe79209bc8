/**
 * Shared by the browser tests: one Chromium per test file, a fresh context (own storage) per test,
 * pages opened on the fixture site once the runtime has started, and uncaught page errors failing
 * the test that caused them.
 */
import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, inject } from "vitest";

const CHROMIUM = "/usr/bin/chromium";
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"];
const DESKTOP = { width: 1280, height: 800 };
export const BASE = "/carta-frontend/";

/** Never skips: a missing browser fails the run, loudly, with the way to install it. */
function chromiumPath(): string {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  const hint = process.env.CI ? "the CI image must provide it" : "install it with `apt-get install -y chromium`";
  throw new Error(`\n\n*** The browser tests need Chromium at ${CHROMIUM}, and it is missing: ${hint}. ***\n`);
}

/** Absolute URL of a site path such as "docs/1.0.0/guide/first-steps" ("" is the home page). */
export function siteUrl(path = ""): string {
  return new URL(path.replace(/^\/?(carta-frontend\/)?/, ""), inject("siteUrl")).href;
}

/** Resolves once the runtime has started on the page (it marks the search box ready). */
export async function runtimeStarted(page: Page): Promise<void> {
  // Polled by time, not animation frames, which background tabs do not get.
  await page.waitForFunction(() => document.querySelector("nav.navbar [data-search][data-ready]") !== null, undefined, { polling: 50 });
}

export interface BrowserHarness {
  context(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A new page in a new context, at `path`, with the runtime started; `init` runs first in every document it loads. */
  open(path: string, options?: BrowserContextOptions & { init?: () => void }): Promise<Page>;
}

export function useBrowser(): BrowserHarness {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const pageErrors: Error[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath(), args: ARGS });
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    const errors = pageErrors.splice(0);
    if (errors.length) throw new Error(`uncaught errors in the page:\n${errors.map((e) => e.stack ?? e.message).join("\n")}`);
  });
  afterAll(async () => {
    await browser?.close();
  });
  const harness: BrowserHarness = {
    async context(options = {}) {
      if (!browser) throw new Error("the browser did not start");
      const context = await browser.newContext({ viewport: DESKTOP, ...options });
      context.on("page", (page) => page.on("pageerror", (error) => pageErrors.push(error)));
      contexts.push(context);
      return context;
    },
    async open(path, { init, ...options } = {}) {
      const context = await harness.context(options);
      // Only in the site's documents: storage is off limits in the about:blank a page starts as.
      if (init) await context.addInitScript(`if (location.protocol === "http:") (${init.toString()})();`);
      const page = await context.newPage();
      await page.goto(siteUrl(path));
      await runtimeStarted(page);
      return page;
    },
  };
  return harness;
}

/**
 * A Playwright selector of a sidebar category's <details>, by its label: the text of its label link beside the
 * <details> or, for a category without a link, of the label in its summary (no attribute of its own names it).
 */
export function categoryByLabel(label: string): string {
  const named = `.menu__link--category:text-is(${JSON.stringify(label)})`;
  return `li.menu__category:is(:has(> ${named}), :has(> details > summary > ${named})) > details`;
}

/** Paths (pathname plus query) of the requests the page makes from now on, optionally of one resource type only. */
export function recordRequests(page: Page, type?: "fetch" | "document"): string[] {
  const paths: string[] = [];
  page.on("request", (request) => {
    if (type && request.resourceType() !== type) return;
    const url = new URL(request.url());
    paths.push(url.pathname + url.search);
  });
  return paths;
}

/** Sets a marker on `window` that only survives client-side navigation (a full load drops it). */
export async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { carta_marker: true }));
}

export async function isMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => "carta_marker" in window);
}
