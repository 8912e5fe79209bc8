/**
 * Redirect pages in Chromium: an old URL lands on its new page with JavaScript on (carrying the old URL's anchor
 * when the target has none) and off (the meta refresh alone); a link to an old URL inside the site follows the
 * redirect without a full load.
 */
import { describe, expect, it } from "vitest";
import { ABOUT_PAGE } from "./globalSetup.ts";
import { BASE, isMarked, markWindow, siteUrl, useBrowser } from "./harness.ts";

describe("a redirect page", () => {
  const browser = useBrowser();

  it("sends a reader with JavaScript on to the new page", async () => {
    const page = await (await browser.context()).newPage();
    await page.goto(siteUrl("docs/old-advanced"));
    await page.waitForURL(siteUrl("docs/guide/advanced"));
    expect(await page.textContent("article h1")).toBe("Advanced topics");
  });

  it("lands on the target's anchor, and carries the old URL's own anchor over to a target without one", async () => {
    const page = await (await browser.context()).newPage();
    await page.goto(siteUrl("old-about"));
    await page.waitForURL(`${siteUrl(ABOUT_PAGE)}#team`);
    await page.goto(siteUrl("docs/old-advanced#deep-dive"));
    await page.waitForURL(`${siteUrl("docs/guide/advanced")}#deep-dive`);
  });

  it("sends a reader with JavaScript off to the new page through its meta refresh", async () => {
    const page = await (await browser.context({ javaScriptEnabled: false })).newPage();
    await page.goto(siteUrl("docs/old-advanced"));
    await page.waitForURL(siteUrl("docs/guide/advanced"));
    expect(await page.textContent("article h1")).toBe("Advanced topics");
    expect(await page.evaluate(() => location.pathname)).toBe(`${BASE}docs/guide/advanced`);
  });

  it("is followed by client-side navigation when a page of the site links to the old URL", async () => {
    const page = await browser.open(ABOUT_PAGE);
    await markWindow(page);
    await page.click(`a[href="${BASE}docs/old-advanced"]`);
    await page.waitForURL(siteUrl("docs/guide/advanced"));
    await page.waitForFunction(() => document.querySelector("article h1")?.textContent === "Advanced topics");
    expect(await isMarked(page)).toBe(true);
  });
});
