import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BASE, isMarked, markWindow, recordRequests, runtimeStarted, siteUrl, useBrowser } from "./harness.ts";

const FIRST_STEPS = "docs/1.0.0/guide/first-steps";
const ADVANCED = `${BASE}docs/1.0.0/guide/advanced`;
const pathOf = (page: Page) => new URL(page.url()).pathname;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Without prefetch, a test controls exactly when (and whether) the target page is fetched. */
function saveData(): void {
  Object.defineProperty(navigator, "connection", { value: { saveData: true, effectiveType: "4g" }, configurable: true });
}

function waitForHeading(page: Page, text: string): Promise<unknown> {
  return page.waitForFunction((text) => document.querySelector("main h1")?.textContent === text, text);
}

/** A click that does not scroll the link into view first (Playwright's clicks do). */
async function clickWithoutScrolling(page: Page, selector: string): Promise<void> {
  await page.$eval(selector, (link) => (link as HTMLElement).click());
}

async function addLink(page: Page, href: string, attributes: Record<string, string> = {}): Promise<void> {
  await page.evaluate(
    ({ href, attributes }) => {
      const link = Object.assign(document.createElement("a"), { href, id: "test-link", textContent: "test link" });
      for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
      document.querySelector("main h1")!.after(link);
    },
    { href, attributes },
  );
}

describe("client-side navigation", () => {
  const browser = useBrowser();

  it("swaps the page's parts without a reload and moves focus to the main content", async () => {
    const page = await browser.open(FIRST_STEPS);
    await markWindow(page);
    await page.click('#sidebar a.menu__link:text-is("Advanced topics")');
    await page.waitForURL((url) => url.pathname === ADVANCED);
    expect(await isMarked(page)).toBe(true);
    expect(await page.title()).toBe("Advanced topics | Fixture Docs");
    expect(await page.textContent("main h1")).toBe("Advanced topics");
    expect(await page.getAttribute('#sidebar nav.menu a[aria-current="page"]', "href")).toBe(ADVANCED);
    expect(await page.$$eval("nav[data-toc] .toc__link", (links) => links.map((l) => l.getAttribute("href")))).toEqual(["#deep-dive"]);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
    expect(await page.textContent("#route-announcer")).toBe("Advanced topics | Fixture Docs");

    // To another version: navbar, page facts and body attributes follow.
    await page.click("nav.navbar .version-dropdown > summary");
    await page.click('nav.navbar .version-dropdown a[data-version="current"]');
    await page.waitForURL((url) => url.pathname === `${BASE}docs/next/guide/advanced`);
    expect(await page.getAttribute("body", "data-version")).toBe("current");
    expect(await page.evaluate(() => JSON.parse(document.querySelector<HTMLMetaElement>('meta[name="carta-docs"]')!.content).version)).toBe("current");
    expect((await page.textContent("nav.navbar .version-dropdown > summary"))?.trim()).toBe("Next");
    expect(await page.isVisible('#sidebar a:text-is("Only in next")')).toBe(true);

    // To the home page, whose layout has no sidebar.
    await page.click("nav.navbar .navbar__brand");
    await page.waitForURL((url) => url.pathname === BASE);
    expect(await page.getAttribute("body", "data-page-kind")).toBe("home");
    expect(await page.getAttribute('nav.navbar a[data-nav="docs"]', "aria-current")).toBeNull();
    expect(await isMarked(page)).toBe(true);
  });

  it("writes links to /x.html and /x/index.html as /x, and shows a missing page's 404 response as a page", async () => {
    const page = await browser.open(FIRST_STEPS);
    await markWindow(page);
    await addLink(page, `${ADVANCED}.html#deep-dive`);
    await page.click("#test-link");
    await page.waitForURL((url) => url.pathname === ADVANCED && url.hash === "#deep-dive");
    await addLink(page, `${BASE}index.html`);
    await page.click("#test-link");
    await page.waitForURL((url) => url.pathname === BASE);
    await addLink(page, `${BASE}docs/no-such-page`);
    await page.click("#test-link");
    await page.waitForURL((url) => url.pathname === `${BASE}docs/no-such-page`);
    expect(await page.textContent("main h1")).toBe("Page not found");
    expect(await isMarked(page)).toBe(true);
  });

  it("leaves files and links for other windows to the browser", async () => {
    const page = await browser.open(FIRST_STEPS);
    await markWindow(page);
    await addLink(page, ADVANCED, { target: "_blank" });
    const [popup] = await Promise.all([page.waitForEvent("popup"), page.click("#test-link")]);
    await popup.waitForURL((url) => url.pathname === ADVANCED);
    expect(pathOf(page)).toBe(`${BASE}${FIRST_STEPS}`);
    await addLink(page, `${BASE}search-doc.json`);
    await page.click("#test-link");
    await page.waitForURL((url) => url.pathname.endsWith("search-doc.json"));
    expect(await isMarked(page)).toBe(false);
  });

  it("scrolls to the hash's element, and restores scroll positions on back and forward", async () => {
    const page = await browser.open(FIRST_STEPS, { viewport: { width: 1280, height: 400 } });
    await page.click('main a[href$="advanced#deep-dive"]');
    await page.waitForURL((url) => url.hash === "#deep-dive");
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const top = await page.evaluate(() => document.getElementById("deep-dive")!.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(150);

    // Back and forward change the address first; the page follows once fetched.
    await page.goBack();
    await waitForHeading(page, "First steps");
    await page.evaluate(() => window.scrollTo(0, 300));
    await clickWithoutScrolling(page, ".pagination__link--next");
    await page.waitForURL((url) => url.pathname === ADVANCED && url.hash === "");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await waitForHeading(page, "First steps");
    expect(pathOf(page)).toBe(`${BASE}${FIRST_STEPS}`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
    await page.goForward();
    await waitForHeading(page, "Advanced topics");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  it("prefetches a hovered link and a visible one, each once, and navigation reuses the prefetch", async () => {
    const page = await (await browser.context()).newPage();
    // Fetches only: a page first loaded as the document may well be prefetched later.
    const requests = recordRequests(page, "fetch");
    await page.goto(siteUrl(FIRST_STEPS));
    await runtimeStarted(page);
    // Visible in the sidebar, never hovered.
    await expect.poll(() => requests.includes(`${BASE}docs/1.0.0`)).toBe(true);
    await addLink(page, `${BASE}docs/1.0.0/category/guide?from=hover`);
    await page.hover("#test-link");
    await page.hover("main h1");
    await page.hover("#test-link");
    await expect.poll(() => requests.filter((r) => r.endsWith("?from=hover")).length).toBe(1);
    await page.click("#test-link");
    await page.waitForURL((url) => url.search === "?from=hover");
    await delay(200);
    expect(requests.filter((r) => r.endsWith("?from=hover"))).toHaveLength(1);
    const counts = new Map<string, number>();
    for (const r of requests) counts.set(r, (counts.get(r) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
  });

  it.each([
    ["data saver", { saveData: true, effectiveType: "4g" }],
    ["2G", { saveData: false, effectiveType: "2g" }],
    ["slow 2G", { saveData: false, effectiveType: "slow-2g" }],
  ])("prefetches nothing on a %s connection", async (_, connection) => {
    const context = await browser.context();
    await context.addInitScript((value) => Object.defineProperty(navigator, "connection", { value, configurable: true }), connection);
    const page = await context.newPage();
    await page.goto(siteUrl(FIRST_STEPS));
    await runtimeStarted(page);
    const fetched: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "fetch") fetched.push(new URL(request.url()).pathname);
    });
    await page.hover(".pagination__link--next");
    await delay(300);
    expect(fetched).toEqual([]);
    await page.click(".pagination__link--next");
    await page.waitForURL((url) => url.pathname === ADVANCED);
    expect(fetched).toEqual([ADVANCED]);
  });

  it("shows the progress bar only when a page takes longer than 200 ms, then the spinner", async () => {
    const page = await browser.open(FIRST_STEPS, { init: saveData });
    // Times taken in the page itself, so that the test's own round trips do not blur them.
    await page.evaluate(() => {
      const times: Record<string, number> = {};
      Object.assign(window, { times });
      document.addEventListener("click", () => (times.click = performance.now()), true);
      new MutationObserver(() => {
        if (document.querySelector(".progress-bar")) times.bar ??= performance.now();
        if (document.querySelector("#main .page-spinner[role=status]")) times.spinner ??= performance.now();
        if (document.querySelector("main h1")?.textContent === "Introduction") times.introduction ??= performance.now();
        if (document.querySelector("main h1")?.textContent === "Advanced topics" && document.querySelector(".progress-bar--done")) times.doneWhenShown ??= 1;
      }).observe(document.body, { childList: true, subtree: true });
    });
    const times = () => page.evaluate(() => ({ ...(window as unknown as { times: Record<string, number> }).times }));

    await page.click('#sidebar a.menu__link:text-is("Introduction")');
    await waitForHeading(page, "Introduction");
    await delay(300);
    // A local page normally arrives well within 200 ms; on a machine too busy for that, the bar may show (or not,
    // when the busy page ran its timer late), but never early.
    const fast = await times();
    if (fast.introduction! - fast.click! < 200) expect(fast).not.toHaveProperty("bar");
    if (fast.bar !== undefined) expect(fast.bar - fast.click!).toBeGreaterThanOrEqual(200);
    await page.evaluate(() => {
      const times = (window as unknown as { times: Record<string, number> }).times;
      for (const key of Object.keys(times)) delete times[key];
    });
    await page.waitForSelector(".progress-bar", { state: "detached" });

    // The page is held until the bar and then the spinner have shown: they appear while it is on its way.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${ADVANCED}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.click('#sidebar a.menu__link:text-is("Advanced topics")');
    await page.waitForSelector(".progress-bar");
    await page.waitForSelector("#main .page-spinner[role=status]");
    release();
    await waitForHeading(page, "Advanced topics");
    // Never early; how soon after the delays they show is the benchmark's figure (bench/progressBar.ts).
    const { click, bar, spinner } = await times();
    expect(bar! - click!).toBeGreaterThanOrEqual(200);
    expect(spinner! - click!).toBeGreaterThanOrEqual(500);
    expect(await page.$(".page-spinner")).toBeNull();
    // Completed as the page is shown, then gone.
    expect(await times()).toHaveProperty("doneWhenShown");
    await page.waitForSelector(".progress-bar", { state: "detached" });
  });

  it.each([
    ["a network error", (route: import("playwright-core").Route) => route.abort("connectionrefused")],
    ["an HTTP error", (route: import("playwright-core").Route) => route.fulfill({ status: 503, body: "busy" })],
  ])("warns and loads the page in full after %s", async (_, fail) => {
    const page = await browser.open(FIRST_STEPS, { init: saveData });
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    await markWindow(page);
    await page.route(`**${ADVANCED}`, fail, { times: 1 });
    await page.click(".pagination__link--next");
    await page.waitForURL((url) => url.pathname === ADVANCED);
    await runtimeStarted(page);
    expect(await isMarked(page)).toBe(false);
    expect(await page.textContent("main h1")).toBe("Advanced topics");
    expect(warnings.some((w) => w.includes(`could not load ${ADVANCED}`))).toBe(true);
  });

  it("shows an answer that is not a page of the site as an error with a Retry button", async () => {
    const page = await browser.open(FIRST_STEPS, { init: saveData });
    await markWindow(page);
    await page.route(`**${ADVANCED}`, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<p>Down for maintenance</p>" }), { times: 1 });
    await page.click(".pagination__link--next");
    await page.waitForSelector(".page-error[role=alert]");
    expect(await page.textContent(".page-error__message")).toContain(ADVANCED);
    await page.click('.page-error button:text-is("Retry")');
    await waitForHeading(page, "Advanced topics");
    expect(await isMarked(page)).toBe(true);
  });

  it("shows a crash while showing a page, with its causes, and Try again shows the page", async () => {
    const page = await browser.open(FIRST_STEPS, { init: saveData });
    await page.route(
      `**${ADVANCED}`,
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(/(<meta name="carta-docs" content=")[^"]*/, "$1{broken");
        await route.fulfill({ response, body: html });
      },
      { times: 1 },
    );
    await page.click(".pagination__link--next");
    await page.waitForSelector(".crash-view");
    expect(await page.textContent(".crash-view h1")).toBe("This page crashed");
    expect(await page.textContent(".crash-view__message")).toBe(`Could not show the page ${ADVANCED}`);
    expect(await page.textContent(".crash-view__causes li")).toMatch(/^Cause: .*JSON/);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("This page crashed");
    await page.click('.crash-view button:text-is("Try again")');
    await waitForHeading(page, "Advanced topics");
    expect(await page.$(".crash-view")).toBeNull();
  });

  it("says when the site is opened under another base path, and suggests the base URL to set", async () => {
    const context = await browser.context();
    // A host serving the site at /x/ while it was built for /carta-frontend/ (its assets still load).
    await context.route(/\/x\//, async (route) => {
      const response = await route.fetch({ url: route.request().url().replace("/x/", BASE) });
      await route.fulfill({ response });
    });
    const page = await context.newPage();
    for (const [path, suggestion] of [
      [`/x/${FIRST_STEPS}`, "/x/"],
      ["/x/", "/x/"],
    ] as const) {
      await page.goto(new URL(path, siteUrl()).href);
      await runtimeStarted(page);
      const banner = await page.textContent(".base-url-banner[role=alert]");
      expect(banner).toContain("This site did not load properly.");
      expect(banner).toContain(`set baseUrl to ${suggestion}`);
    }
    const home = await browser.open("");
    expect(await home.$(".base-url-banner")).toBeNull();
  });
});
