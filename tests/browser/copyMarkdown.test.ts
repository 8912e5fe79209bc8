/** "Copy page as Markdown" (renderer/client/copyMarkdown.ts) in Chromium: keyboard, clipboard, announcement, no-JS. */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BASE, siteUrl, useBrowser } from "./harness.ts";

const DOC = "docs/1.0.0/guide/first-steps";
const CLIPBOARD = { permissions: ["clipboard-read", "clipboard-write"] };

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const twinOf = (page: Page, path: string) => page.evaluate((url) => fetch(url).then((r) => r.text()), path);

/** Tabs from the main content until the button has focus; the number of presses, or -1. */
async function tabToButton(page: Page): Promise<number> {
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter"); // the skip link: focus moves to the main content
  for (let presses = 1; presses <= 40; presses++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(() => document.activeElement?.classList.contains("copy-page"))) return presses;
  }
  return -1;
}

describe("copy page as markdown", () => {
  const browser = useBrowser();

  it("sits beside the page title, is reached by keyboard, copies the page's twin and announces it", async () => {
    const page = await browser.open(DOC, CLIPBOARD);
    expect(await page.$eval(".page-title", (bar) => [bar.querySelector("h1")?.textContent, bar.querySelector("button.copy-page")?.textContent])).toEqual([
      "First steps",
      "Copy page as Markdown",
    ]);
    expect(await page.getAttribute(".copy-page__status", "role")).toBe("status");
    expect(await tabToButton(page)).toBeGreaterThan(0);
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.querySelector(".copy-page__status")?.textContent !== "");
    expect(await page.textContent(".copy-page__status")).toBe("Copied the page as Markdown");
    const copied = await clipboard(page);
    expect(copied.startsWith("# First steps\n")).toBe(true);
    expect(copied).toBe(await twinOf(page, `${BASE}${DOC}.md`));
  });

  it("follows client-side navigation: the next page copies its own twin", async () => {
    const page = await browser.open(DOC, CLIPBOARD);
    await page.click('#sidebar a.menu__link:text-is("Advanced topics")');
    await page.waitForFunction(() => document.querySelector(".page-title h1")?.textContent === "Advanced topics");
    expect(await page.getAttribute('head link[rel="alternate"][type="text/markdown"]', "href")).toBe(`${BASE}docs/1.0.0/guide/advanced.md`);
    expect(await page.$$eval("button.copy-page", (buttons) => buttons.length)).toBe(1);
    await page.click("button.copy-page");
    await page.waitForFunction(() => document.querySelector(".copy-page__status")?.textContent !== "");
    expect((await clipboard(page)).startsWith("# Advanced topics\n")).toBe(true);
  });

  it("is on API pages too, and says so when copying fails", async () => {
    const page = await browser.open("api", CLIPBOARD);
    expect(await page.isVisible("button.copy-page")).toBe(true);
    await page.route("**/*.md", (route) => route.fulfill({ status: 500, body: "" }));
    await page.click("button.copy-page");
    await page.waitForFunction(() => document.querySelector(".copy-page__status")?.textContent !== "");
    expect(await page.textContent(".copy-page__status")).toMatch(/^Could not copy the page: /);
  });

  it("is absent without JavaScript, and on the not-found page", async () => {
    const context = await browser.context({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(siteUrl(DOC));
    expect(await page.$("button.copy-page")).toBeNull();
    expect(await page.getAttribute('head link[rel="alternate"][type="text/markdown"]', "href")).toBe(`${BASE}${DOC}.md`);

    const missing = await browser.open("no/such/page");
    expect(await missing.$("button.copy-page")).toBeNull();
  });
});
