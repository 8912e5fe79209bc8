import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BASE, useBrowser } from "./harness.ts";

const KEY = "docs-preferred-version-default";
const stored = (page: Page) => page.evaluate((key) => localStorage.getItem(key), KEY);
const path = (page: Page) => new URL(page.url()).pathname;

async function chooseVersion(page: Page, name: string): Promise<void> {
  await page.click("nav.navbar .version-dropdown > summary");
  await page.click(`nav.navbar .version-dropdown a[data-version="${name}"]`);
}

describe("versions and the preferred version", () => {
  const browser = useBrowser();

  it("does not remember a version merely visited", async () => {
    const page = await browser.open("docs/1.0.0/guide/first-steps");
    await page.click(".pagination__link--next");
    await page.waitForURL(/advanced$/);
    expect(await stored(page)).toBeNull();
  });

  it("remembers a version chosen in the dropdown and keeps the query and hash", async () => {
    const page = await browser.open("docs/guide/first-steps?tab=ts#using");
    await chooseVersion(page, "1.0.0");
    await page.waitForURL((url) => url.pathname === `${BASE}docs/1.0.0/guide/first-steps`);
    const url = new URL(page.url());
    expect(url.search + url.hash).toBe("?tab=ts#using");
    expect(await stored(page)).toBe("1.0.0");
    expect(await page.getAttribute("body", "data-version")).toBe("1.0.0");
    expect((await page.textContent("nav.navbar .version-dropdown > summary"))?.trim()).toBe("1.0.0");
    expect(await page.isVisible(".version-dropdown[open]")).toBe(false);
  });

  it("leads the home page's buttons and navbar links to the preferred version", async () => {
    const page = await browser.open("docs/guide/first-steps");
    expect(await page.getAttribute("a[data-home-link], nav.navbar a[data-nav='docs']", "href")).not.toContain("1.0.0");
    await chooseVersion(page, "1.0.0");
    await page.waitForURL(/1\.0\.0/);
    await page.click("nav.navbar .navbar__brand");
    await page.waitForURL((url) => url.pathname === BASE);
    expect(await page.getAttribute('a[data-home-link="docs"]', "href")).toBe(`${BASE}docs/1.0.0`);
    expect(await page.getAttribute('nav.navbar a[data-nav="docs"]', "href")).toBe(`${BASE}docs/1.0.0`);
    expect((await page.textContent("nav.navbar .version-dropdown > summary"))?.trim()).toBe("1.0.0");
    // A full load of the home page too (the state lives in storage, not in the client).
    await page.reload();
    await page.waitForFunction(() => document.querySelector('a[data-home-link="docs"]')?.getAttribute("href")?.endsWith("1.0.0"));
    await page.click('a[data-home-link="docs"]');
    await page.waitForURL((url) => url.pathname === `${BASE}docs/1.0.0`);
  });

  it("leads the home page's docs links to the first page of a preferred version with no doc at its root", async () => {
    // In the browser fixture, Next's introduction is at docs/next/intro and nothing is at docs/next.
    const page = await browser.open("docs/guide/first-steps");
    await chooseVersion(page, "current");
    await page.waitForURL((url) => url.pathname === `${BASE}docs/next/guide/first-steps`);
    await page.click("nav.navbar .navbar__brand");
    await page.waitForURL((url) => url.pathname === BASE);
    expect(await page.getAttribute('a[data-home-link="docs"]', "href")).toBe(`${BASE}docs/next/intro`);
    expect(await page.getAttribute('nav.navbar a[data-nav="docs"]', "href")).toBe(`${BASE}docs/next/intro`);
    await page.click('a[data-home-link="docs"]');
    await page.waitForURL((url) => url.pathname === `${BASE}docs/next/intro`);
    expect(await page.textContent("main h1")).toBe("Introduction");
  });

  it("remembers the latest version chosen from the version banner", async () => {
    const page = await browser.open("docs/1.0.0/guide/first-steps");
    await page.click("a[data-version-choice]");
    await page.waitForURL((url) => url.pathname === `${BASE}docs/guide/first-steps`);
    expect(await stored(page)).toBe("2.0.0");
  });

  it("forgets a stored version that no longer exists", async () => {
    const page = await browser.open("", { init: () => localStorage.setItem("docs-preferred-version-default", "0.9.0") });
    expect(await stored(page)).toBeNull();
    expect(await page.getAttribute('a[data-home-link="docs"]', "href")).toBe(`${BASE}docs`);
    expect(path(page)).toBe(BASE);
  });
});
