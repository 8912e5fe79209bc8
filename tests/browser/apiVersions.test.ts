import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CHANGELOG_2_0_0, REMOVED_CLASS } from "./fixtureViewer.ts";
import { BASE, useBrowser } from "./harness.ts";

const BACKEND = ".-services/class/BackendService";

async function chooseVersion(page: Page, name: string): Promise<void> {
  await page.click("nav.navbar .version-dropdown > summary");
  await page.click(`nav.navbar .version-dropdown a[data-version="${name}"]`);
}

/** Chooses `name` and waits for the page at `pathname`. */
async function switchTo(page: Page, name: string, pathname: string): Promise<URL> {
  await chooseVersion(page, name);
  await page.waitForURL((url) => url.pathname === pathname);
  return new URL(page.url());
}

const text = (page: Page, selector: string) => page.$eval(selector, (element) => element.textContent?.trim());
const headings = (page: Page) => page.$$eval("main .api-changelog h2", (h2s) => h2s.map((h) => h.firstChild?.textContent));
/** Every navbar section link (the drawer's copies too) with its aria-current. */
const currentNav = (page: Page) => page.$$eval("a[data-nav]", (links) => [...new Set(links.map((a) => `${a.getAttribute("data-nav")}:${a.getAttribute("aria-current")}`))].sort());

describe("the version switch on API pages", () => {
  const browser = useBrowser();

  it("opens the same item in the chosen version, keeping the member anchor and the query", async () => {
    const page = await browser.open(`api/1.0.0/${BACKEND}?view=all#connect`);

    let url = await switchTo(page, "current", `${BASE}api/next/${BACKEND}`);
    expect(url.search + url.hash).toBe("?view=all#connect");
    expect(await text(page, "main .version-badge")).toBe("Version: Next");
    expect(await text(page, "main h1")).toContain("BackendService");
    // The anchor names a member of the new page, which the switch scrolled to the top of the window.
    const memberTop = () => page.evaluate(() => document.getElementById("connect")?.getBoundingClientRect().top ?? Infinity);
    await expect.poll(memberTop).toBeLessThan(200);
    expect(await memberTop()).toBeGreaterThanOrEqual(0);

    // The latest version's API has no version segment; back from it to a frozen one too.
    url = await switchTo(page, "2.0.0", `${BASE}api/${BACKEND}`);
    expect(url.search + url.hash).toBe("?view=all#connect");
    url = await switchTo(page, "1.0.0", `${BASE}api/1.0.0/${BACKEND}`);
    expect(url.search + url.hash).toBe("?view=all#connect");
    expect(await text(page, "main .version-badge")).toBe("Version: 1.0.0");
  });

  it("opens the chosen version's API landing page when the item does not exist there", async () => {
    const page = await browser.open(`api/1.0.0/${REMOVED_CLASS}`);
    expect(await text(page, "main h1")).toContain("TileCoordinate");
    const targets = await page.$$eval("nav.navbar .version-dropdown a[data-version]", (links) => links.map((a) => [a.getAttribute("data-version"), a.getAttribute("href")]));
    expect(targets).toEqual([
      ["current", `${BASE}api/next`],
      ["2.0.0", `${BASE}api`],
      ["1.0.0", `${BASE}api/1.0.0/${REMOVED_CLASS}`],
    ]);

    await switchTo(page, "2.0.0", `${BASE}api`);
    expect(await text(page, "main .api-version")).toBe("2.0.0");

    const next = await browser.open(`api/1.0.0/${REMOVED_CLASS}`);
    await switchTo(next, "current", `${BASE}api/next`);
    expect(await text(next, "main .version-badge")).toBe("Version: Next");
  });
});

describe("the navbar's current section", () => {
  const browser = useBrowser();

  it("marks the API link on API pages and the Docs link on docs pages, also after client-side navigation", async () => {
    const page = await browser.open(`api/1.0.0/${BACKEND}`);
    expect(await currentNav(page)).toEqual(["api:page", "docs:null"]);

    await page.click('nav.navbar a[data-nav="docs"]');
    await page.waitForURL((url) => url.pathname.startsWith(`${BASE}docs/1.0.0`));
    expect(await currentNav(page)).toEqual(["api:null", "docs:page"]);

    await page.click('nav.navbar a[data-nav="api"]');
    await page.waitForURL((url) => url.pathname === `${BASE}api/1.0.0`);
    expect(await currentNav(page)).toEqual(["api:page", "docs:null"]);
  });

  it("marks neither on the home page", async () => {
    const page = await browser.open("");
    expect(await currentNav(page)).toEqual(["api:null", "docs:null"]);
  });
});

describe("the API changelog of each version", () => {
  const browser = useBrowser();

  it("shows what each version's source says, and the switch keeps the changelog", async () => {
    const page = await browser.open("api/1.0.0/changelog");
    expect(await headings(page)).toEqual(["[1.0.0]"]);
    expect(await text(page, "main")).not.toContain(CHANGELOG_2_0_0);

    await switchTo(page, "current", `${BASE}api/next/changelog`);
    expect(await headings(page)).toEqual(["[2.0.0]", "[1.0.0]"]);
    expect(await text(page, "main .api-changelog")).toContain(CHANGELOG_2_0_0);
  });
});
