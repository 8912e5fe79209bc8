import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BASE, categoryByLabel, runtimeStarted, useBrowser } from "./harness.ts";

const DOC = "docs/1.0.0/guide/first-steps";
const hasClass = (page: Page, selector: string, name: string) => page.$eval(selector, (el, name) => el.classList.contains(name), name);

describe("announcement bar", () => {
  const browser = useBrowser();
  const storage = (page: Page) =>
    page.evaluate(() => [localStorage.getItem("docusaurus.announcement.dismiss"), localStorage.getItem("docusaurus.announcement.id")]);

  it("stays dismissed, hidden before first paint, until the bar's id changes", async () => {
    const page = await browser.open(DOC, {
      init: () => {
        new MutationObserver((_, observer) => {
          if (!document.body) return;
          Object.assign(window, { dismissedAtBody: document.documentElement.hasAttribute("data-announcement-dismissed") });
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      },
    });
    expect(await page.isVisible(".announcement")).toBe(true);
    expect(await page.isVisible("[data-announcement-close]")).toBe(true);
    await page.click("[data-announcement-close]");
    expect(await page.isVisible(".announcement")).toBe(false);
    expect(await storage(page)).toEqual(["true", "fixture-1"]);

    await page.reload();
    await runtimeStarted(page);
    expect(await page.evaluate(() => (window as unknown as { dismissedAtBody: boolean }).dismissedAtBody)).toBe(true);
    expect(await page.isVisible(".announcement")).toBe(false);

    // A dismissal of an earlier bar does not hide this one.
    await page.evaluate(() => localStorage.setItem("docusaurus.announcement.id", "fixture-0"));
    await page.reload();
    await runtimeStarted(page);
    expect(await page.evaluate(() => (window as unknown as { dismissedAtBody: boolean }).dismissedAtBody)).toBe(false);
    expect(await page.isVisible(".announcement")).toBe(true);
    expect(await storage(page)).toEqual(["false", "fixture-1"]);
  });
});

describe("mobile menu", () => {
  const browser = useBrowser();
  const BUTTON = "nav.navbar [data-menu-button]";
  const isOpen = (page: Page) => hasClass(page, "body", "menu-open");

  it("is a real button below the breakpoint that opens the drawer, and closes on Escape", async () => {
    const page = await browser.open(DOC, { viewport: { width: 996, height: 700 } });
    expect(await page.$eval(BUTTON, (b) => [b.getAttribute("role"), b.getAttribute("tabindex"), b.getAttribute("aria-controls"), b.getAttribute("aria-expanded")])).toEqual([
      "button",
      "0",
      "sidebar",
      "false",
    ]);
    expect(await page.isVisible("#sidebar")).toBe(false);
    await page.click(BUTTON);
    expect(await isOpen(page)).toBe(true);
    expect(await page.getAttribute(BUTTON, "aria-expanded")).toBe("true");
    // The drawer slides in; on a loaded machine the first frame of the transition can still be hidden.
    await page.waitForSelector("#sidebar", { state: "visible", timeout: 3000 });
    expect(await page.isChecked("#menu-toggle")).toBe(false);
    await page.keyboard.press("Escape");
    expect(await isOpen(page)).toBe(false);
    expect(await page.evaluate((selector) => document.activeElement === document.querySelector(selector), BUTTON)).toBe(true);

    await page.keyboard.press("Enter");
    expect(await isOpen(page)).toBe(true);
    await page.keyboard.press(" ");
    expect(await isOpen(page)).toBe(false);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it("closes on navigation, on back navigation and when the window grows past the breakpoint", async () => {
    const page = await browser.open(DOC, { viewport: { width: 800, height: 700 } });
    await page.click(BUTTON);
    await page.click('#sidebar nav.menu a:text-is("Advanced topics")');
    await page.waitForURL(/advanced$/);
    expect(await isOpen(page)).toBe(false);
    expect(await page.getAttribute(BUTTON, "aria-expanded")).toBe("false");

    await page.click(BUTTON);
    expect(await isOpen(page)).toBe(true);
    // Closed by the back navigation itself, before the previous page is back in place.
    await page.goBack();
    await page.waitForURL(/first-steps$/);
    expect(await isOpen(page)).toBe(false);
    await page.waitForFunction(() => document.querySelector("main h1")?.textContent === "First steps");

    await page.click(BUTTON);
    expect(await isOpen(page)).toBe(true);
    await page.setViewportSize({ width: 997, height: 700 });
    await expect.poll(() => isOpen(page)).toBe(false);
    expect(await page.isVisible(BUTTON)).toBe(false);
  });
});

describe("navbar hidden on scroll", () => {
  const browser = useBrowser();

  it("hides on scrolling down past the navbar and comes back on scrolling up or focus", async () => {
    const page = await browser.open(DOC, { viewport: { width: 1280, height: 400 } });
    const hidden = () => hasClass(page, "nav.navbar", "navbar--hidden");
    expect(await hasClass(page, "nav.navbar", "navbar--hideable")).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 30));
    await page.waitForTimeout(50);
    expect(await hidden()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(hidden).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 200));
    await expect.poll(hidden).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 320));
    await expect.poll(hidden).toBe(true);
    await page.keyboard.press("Control+k");
    expect(await hidden()).toBe(false);
  });
});

describe("sidebar categories", () => {
  const browser = useBrowser();
  const GUIDE = `#sidebar ${categoryByLabel("Guide")}`;
  const KEY = "carta-docs.category.docs.1.0.0.Guide";
  const isOpen = (page: Page) => page.$eval(GUIDE, (d) => (d as HTMLDetailsElement).open);

  /**
   * Clicks the caret end of the category row (the label itself is a link to the category page) and
   * returns the durations of the animations then started on the category, read in the same task as
   * the click (a 1 ms animation is over by the time the test could look).
   */
  async function toggleGuide(page: Page): Promise<number[]> {
    await page.locator(GUIDE).evaluate((guide) => {
      window.addEventListener(
        "click",
        () => {
          const animations = guide.getAnimations();
          Object.assign(window, { durations: animations.map((a) => Number(a.effect?.getTiming().duration)) });
        },
        { once: true },
      );
    });
    const box = (await page.locator(`${GUIDE} > summary`).boundingBox())!;
    await page.mouse.click(box.x + box.width - 10, box.y + box.height / 2);
    return page.evaluate(() => (window as unknown as { durations: number[] }).durations);
  }

  it("animates for a time computed from the height and remembers the state across pages", async () => {
    const page = await browser.open(DOC);
    const [full, closed] = await page.$eval(GUIDE, (d) => [d.getBoundingClientRect().height, d.querySelector("summary")!.getBoundingClientRect().height]);
    expect(await toggleGuide(page)).toEqual([Math.min(400, Math.max(150, Math.round((full - closed) / 2)))]);
    await expect.poll(() => isOpen(page)).toBe(false);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), KEY)).toBe("closed");

    await page.click('#sidebar nav.menu a:text-is("Introduction")');
    await page.waitForURL((url) => url.pathname === `${BASE}docs/1.0.0`);
    expect(await isOpen(page)).toBe(false);
    await page.reload();
    await runtimeStarted(page);
    expect(await isOpen(page)).toBe(false);

    await toggleGuide(page);
    await expect.poll(() => page.$eval(GUIDE, (d) => (d as HTMLDetailsElement).open && document.getAnimations().length === 0)).toBe(true);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), KEY)).toBe("open");
    expect(await page.isVisible(`${GUIDE} a:text-is("Advanced topics")`)).toBe(true);
  });

  it("takes 1 ms when reduced motion is preferred", async () => {
    const page = await browser.open(DOC);
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await toggleGuide(page)).toEqual([1]);
    await expect.poll(() => isOpen(page)).toBe(false);
  });
});

describe("skip link", () => {
  const browser = useBrowser();

  it("is the first stop of the keyboard and moves focus to the main content", async () => {
    const page = await browser.open(DOC);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to main content");
    expect(await page.isVisible(".skip-link")).toBe(true);
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
    expect(new URL(page.url()).hash).toBe("");
  });
});
