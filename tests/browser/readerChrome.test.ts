/**
 * The reader chrome readers of Docusaurus and Starlight sites take for granted: copy buttons, the TOC
 * that follows the reading, the collapsible TOC on narrow screens, edit links and last-update dates,
 * the home page's logo and cards, the banner of a wrong base URL, the colour mode of the system when
 * the site follows it, and the phone navbar with the search box open.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CONTENT_COMMIT, EDIT_URL, READING_DOC } from "./globalSetup.ts";
import { BASE, isMarked, markWindow, runtimeStarted, siteUrl, useBrowser } from "./harness.ts";

const PHONE = { width: 390, height: 800 };
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const activeTocLinks = (page: Page, scope: string) => page.$$eval(`${scope} a.toc__link--active`, (links) => links.map((a) => a.textContent));

describe("copy button", () => {
  const browser = useBrowser();
  const open = (path: string, options = {}) => browser.open(path, { permissions: ["clipboard-read", "clipboard-write"], ...options });

  it("copies a shell session without its prompts, from the keyboard, and says so to screen readers", async () => {
    const page = await open(READING_DOC);
    const first = page.locator(".code-block").first();
    await first.locator("pre").focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.className)).toBe("copy-button");
    expect(await first.locator(".copy-button").isVisible()).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => first.locator(".copy-button").textContent()).toBe("Copied");
    expect(await first.locator('[role="status"]').textContent()).toBe("Copied");
    expect(await clipboard(page)).toBe("npm ci\nnpm run build");
  });

  it("copies the code as written, on pages reached by client-side navigation too", async () => {
    const page = await open("docs/1.0.0/guide/advanced");
    await page.click('#sidebar a:text-is("First steps")');
    await page.waitForURL(/first-steps$/);
    await page.hover(".code-block");
    await page.click(".code-block .copy-button");
    await expect.poll(() => clipboard(page)).toBe("const answer: number = 42;");
    // One button per block, however many pages were shown.
    expect(await page.$$eval(".code-block", (blocks) => blocks.map((b) => b.querySelectorAll(".copy-button").length))).toEqual([1]);
  });

  it("is absent without JavaScript, where it could not work", async () => {
    const context = await browser.context({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(siteUrl(READING_DOC));
    expect(await page.$$(".code-block")).toHaveLength(2);
    expect(await page.$$(".copy-button")).toHaveLength(0);
  });
});

describe("scrollable code blocks", () => {
  const browser = useBrowser();

  it("are reachable from the keyboard and show a focus ring", async () => {
    const page = await browser.open(READING_DOC);
    const pre = page.locator(".code-block pre").nth(1);
    expect(await pre.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await pre.getAttribute("tabindex")).toBe("0");
    await page.locator(".code-block .copy-button").first().focus();
    await page.keyboard.press("Tab");
    expect(await pre.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await pre.evaluate((el) => [getComputedStyle(el).outlineStyle, getComputedStyle(el).outlineWidth])).toEqual(["solid", "2px"]);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => pre.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });
});

describe("table of contents", () => {
  const browser = useBrowser();

  it("marks the section being read while scrolling, both ways, and after a jump", async () => {
    const page = await browser.open(READING_DOC);
    expect(await activeTocLinks(page, ".toc")).toEqual([]);
    await page.evaluate(() => document.getElementById("gamma")!.scrollIntoView());
    await expect.poll(() => activeTocLinks(page, ".toc")).toEqual(["Gamma"]);
    expect(await page.getAttribute('.toc a[href="#gamma"]', "aria-current")).toBe("location");
    await page.evaluate(() => window.scrollBy(0, -window.innerHeight / 2));
    await expect.poll(() => activeTocLinks(page, ".toc")).toEqual(["Beta"]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => activeTocLinks(page, ".toc")).toEqual([]);
    await page.click('.toc a[href="#delta"]');
    await expect.poll(() => activeTocLinks(page, ".toc")).toEqual(["Delta"]);
  });

  it("marks sections whose ids start with a digit or are not ASCII", async () => {
    const page = await browser.open(READING_DOC);
    await page.evaluate(() => document.getElementById("5-epsilon")!.scrollIntoView());
    await expect.poll(() => activeTocLinks(page, ".toc")).toEqual(["5 Epsilon"]);
    await page.evaluate(() => document.getElementById("ζήτα")!.scrollIntoView());
    await expect.poll(() => activeTocLinks(page, ".toc")).toEqual(["Ζήτα"]);
  });

  it("follows client-side navigation to another page", async () => {
    const page = await browser.open("docs/next/guide/first-steps");
    await markWindow(page);
    await page.click('#sidebar a:text-is("Reading aids")');
    await page.waitForURL(/reading$/);
    await page.evaluate(() => document.getElementById("beta")!.scrollIntoView());
    await expect.poll(() => activeTocLinks(page, ".toc")).toEqual(["Beta"]);
    expect(await isMarked(page)).toBe(true);
  });

  it("folds above the article on a phone, opens and closes, and marks the section there too", async () => {
    const page = await browser.open(READING_DOC, { viewport: PHONE });
    expect(await page.isVisible(".toc")).toBe(false);
    expect(await page.isVisible(".toc-collapsible summary")).toBe(true);
    expect(await page.isVisible(".toc-collapsible a.toc__link")).toBe(false);
    await page.click(".toc-collapsible summary");
    expect(await page.isVisible('.toc-collapsible a[href="#gamma"]')).toBe(true);
    await page.click('.toc-collapsible a[href="#gamma"]');
    expect(await page.getAttribute(".toc-collapsible", "open")).toBeNull();
    await expect.poll(() => activeTocLinks(page, ".toc-collapsible")).toEqual(["Gamma"]);
  });

  it("works as a plain list of links without JavaScript", async () => {
    const context = await browser.context({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(siteUrl(READING_DOC));
    await page.click(".toc-collapsible summary");
    expect(await page.isVisible('.toc-collapsible a[href="#alpha"]')).toBe(true);
  });
});

describe("foot of a doc", () => {
  const browser = useBrowser();

  it("links to the doc's source and says when and by whom it was last changed", async () => {
    const page = await browser.open("docs/1.0.0/guide/first-steps");
    expect(await page.getAttribute('.doc-footer a:text-is("Edit this page")', "href")).toBe(`${EDIT_URL}versioned_docs/version-1.0.0/guide/first-steps.md`);
    expect(await page.textContent(".doc-footer__updated")).toBe(`Last updated on ${CONTENT_COMMIT.shown} by ${CONTENT_COMMIT.author}`);
    expect(await page.getAttribute(".doc-footer time", "datetime")).toBe("2025-03-04T12:00:00.000Z");
    const next = await browser.open(READING_DOC);
    expect(await next.getAttribute('.doc-footer a:text-is("Edit this page")', "href")).toBe(`${EDIT_URL}docs/guide/reading.md`);
  });
});

describe("home page", () => {
  const browser = useBrowser();

  it("shows the logo and a card for each entry of the config, leading there", async () => {
    const page = await browser.open("");
    expect(await page.isVisible(".hero__logo")).toBe(true);
    expect(await page.$eval(".hero__logo", (img) => (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
    const cards = await page.$$eval(".home-cards a.card", (links) => links.map((a) => [a.querySelector(".card__title")?.textContent, a.getAttribute("href")]));
    expect(cards).toEqual([
      ["Guide", `${BASE}docs/category/guide`],
      ["API", `${BASE}api`],
      ["Advanced", `${BASE}docs/guide/advanced`],
    ]);
    await page.click('.home-cards a:has-text("Guide")');
    await page.waitForURL(/category\/guide$/);
  });
});

describe("wrong base URL", () => {
  const browser = useBrowser();

  it("shows the banner from the head script when the stylesheet and the runtime do not load", async () => {
    const context = await browser.context();
    // A host serving the pages at /x/ (their assets, still linked under /carta-frontend/, are missing there).
    await context.route(/\/x\//, async (route) => {
      const response = await route.fetch({ url: route.request().url().replace("/x/", BASE) });
      await route.fulfill({ response });
    });
    await context.route(/\/assets\//, (route) => route.fulfill({ status: 404, body: "" }));
    const page = await context.newPage();
    await page.goto(new URL("/x/docs/guide/advanced", siteUrl()).href);
    const banner = page.locator(".base-url-banner[role=alert]");
    await banner.waitFor();
    expect(await banner.textContent()).toContain("This site did not load properly.");
    expect(await banner.textContent()).toContain("set baseUrl to /x/");
    // Readable without the stylesheet: its colours are its own.
    expect(await banner.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(255, 248, 230)");
  });
});

describe("phone navbar", () => {
  const browser = useBrowser();

  it("keeps the colour-mode toggle in view and usable with the search box open", async () => {
    const page = await browser.open(READING_DOC, { viewport: PHONE });
    await page.click("nav.navbar .search__input");
    await page.keyboard.type("first");
    await page.waitForSelector('[role="option"]');
    const toggle = await page.$eval("nav.navbar [data-color-mode-toggle]", (el) => el.getBoundingClientRect().toJSON() as DOMRect);
    const search = await page.$eval("nav.navbar .search__input", (el) => el.getBoundingClientRect().toJSON() as DOMRect);
    expect(toggle.right).toBeLessThanOrEqual(PHONE.width);
    expect(search.right).toBeLessThanOrEqual(toggle.left);
    await page.click("nav.navbar [data-color-mode-toggle]");
    expect(await page.getAttribute("html", "data-theme")).toBe("dark");
  });
});

describe("colour mode of the system", () => {
  const browser = useBrowser();

  /** Opens a page as built with theme.respectPrefersColorScheme set to `respect`. */
  async function openWith(respect: boolean, colorScheme: "light" | "dark"): Promise<Page> {
    const context = await browser.context({ colorScheme });
    // Only this page (prefetches of others would outlive the test).
    await context.route(siteUrl("docs/1.0.0/guide/first-steps"), async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace("&quot;respectPrefersColorScheme&quot;:false", `&quot;respectPrefersColorScheme&quot;:${respect}`);
      await route.fulfill({ response, body });
    });
    const page = await context.newPage();
    await page.goto(siteUrl("docs/1.0.0/guide/first-steps"));
    await runtimeStarted(page);
    return page;
  }

  it("is ignored by default: the site starts light", async () => {
    const page = await openWith(false, "dark");
    expect(await page.getAttribute("html", "data-theme")).toBe("light");
  });

  it("is followed with respectPrefersColorScheme, before first paint and as it changes, until the reader chooses", async () => {
    const page = await openWith(true, "dark");
    expect(await page.getAttribute("html", "data-theme")).toBe("dark");
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => page.getAttribute("html", "data-theme")).toBe("light");
    await page.click("nav.navbar [data-color-mode-toggle]");
    expect(await page.getAttribute("html", "data-theme")).toBe("dark");
    await page.emulateMedia({ colorScheme: "dark" });
    await page.emulateMedia({ colorScheme: "light" });
    expect(await page.getAttribute("html", "data-theme")).toBe("dark");
    await page.reload();
    await runtimeStarted(page);
    expect(await page.getAttribute("html", "data-theme")).toBe("dark");
  });
});
