import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MARKUP_TITLE } from "./globalSetup.ts";
import { BASE, recordRequests, useBrowser } from "./harness.ts";

const INPUT = "nav.navbar .search__input";
const OPTION = '[role="listbox"] [role="option"]';

const resultLinks = (page: Page) => page.$$eval(OPTION, (options) => options.map((o) => new URL((o as HTMLAnchorElement).href).pathname));
const searchFiles = (requests: string[]) => requests.filter((r) => /search-(doc|index)\.json$/.test(r) || /\/assets\/search\./.test(r));

async function search(page: Page, query: string): Promise<void> {
  await page.fill(INPUT, query);
  await page.waitForFunction(() => /results? in|No results/.test(document.querySelector(".search__status")?.textContent ?? ""));
}

describe("search", () => {
  const browser = useBrowser();

  it("is enabled with its placeholder, and loads nothing before it is used", async () => {
    const page = await browser.open("docs/1.0.0/guide/first-steps");
    const requests = recordRequests(page);
    expect(await page.getAttribute(INPUT, "placeholder")).toBe("Search Ctrl+K");
    expect(await page.isEnabled(INPUT)).toBe(true);
    await page.waitForTimeout(300);
    expect(searchFiles(requests)).toEqual([]);

    await page.click(INPUT);
    await search(page, "zanzibar");
    await page.keyboard.press("Escape");
    await search(page, "first steps");
    const loaded = searchFiles(requests);
    expect(loaded).toHaveLength(3);
    expect(loaded).toEqual(expect.arrayContaining([`${BASE}search-doc.json`, `${BASE}search-index.json`, expect.stringMatching(/\/assets\/search\.\w+\.js$/)]));
  });

  it("is focused by Ctrl+K, Cmd+K and by / when the reader is not typing", async () => {
    const page = await browser.open("docs/1.0.0/guide/first-steps");
    const focused = () => page.evaluate(() => document.activeElement?.matches("nav.navbar .search__input") ?? false);
    await page.keyboard.press("Control+k");
    expect(await focused()).toBe(true);
    await page.click("main h1");
    await page.keyboard.press("Meta+k");
    expect(await focused()).toBe(true);
    await page.click("main h1");
    await page.keyboard.press("/");
    expect(await focused()).toBe(true);
    // Typing "/" in the box is just a character.
    await page.keyboard.type("a/b");
    expect(await page.inputValue(INPUT)).toBe("a/b");
  });

  it("searches the page's version, or every version with the toggle, highlighting the matched words", async () => {
    const page = await browser.open("docs/1.0.0/guide/first-steps");
    await page.click(INPUT);
    await search(page, "zanzibarone");
    const scoped = await resultLinks(page);
    expect(scoped.length).toBeGreaterThan(0);
    expect(scoped.every((path) => path.startsWith(`${BASE}docs/1.0.0/`))).toBe(true);
    expect(await page.textContent(".search__status")).toContain("in version 1.0.0");
    expect(await page.$$eval(`${OPTION} mark`, (marks) => marks.map((m) => m.textContent?.toLowerCase()))).toContain("zanzibarone");
    const first = page.locator(OPTION).first();
    expect(await first.locator(".search__result-title").textContent()).toBe("Advanced topics");
    expect(await first.locator(".search__result-section").textContent()).toBe("Deep dive");
    expect(await first.locator(".search__result-excerpt").textContent()).toContain("Unique searchable word");
    expect(await page.$$(".search__result-version")).toHaveLength(0);

    // Each version has its own word (zanzibarone, zanzibartwo, zanzibarnext): their common start finds all three.
    await page.check(".search__scope input");
    await search(page, "zanzibar");
    await page.waitForFunction(() => document.querySelector(".search__status")?.textContent?.includes("all versions"));
    const all = await resultLinks(page);
    expect(all).toEqual(expect.arrayContaining([`${BASE}docs/1.0.0/guide/advanced`, `${BASE}docs/guide/advanced`, `${BASE}docs/next/guide/advanced`]));
    expect(new Set(await page.$$eval(".search__result-version", (labels) => labels.map((l) => l.textContent)))).toEqual(new Set(["1.0.0", "2.0.0", "Next"]));
  });

  it("searches the latest version from a page of no version", async () => {
    const page = await browser.open("");
    await page.click(INPUT);
    await search(page, "zanzibar");
    const links = await resultLinks(page);
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((path) => !/\/docs\/(1\.0\.0|next)\b/.test(path))).toBe(true);
    expect(await page.textContent(".search__status")).toContain("in version 2.0.0");
  });

  it("is a combobox driven by the keyboard: arrows move, Enter opens, Escape closes", async () => {
    const page = await browser.open("docs/1.0.0/guide/first-steps");
    await page.keyboard.press("Control+k");
    await search(page, "first steps");
    const input = page.locator(INPUT);
    expect(await input.getAttribute("role")).toBe("combobox");
    expect(await input.getAttribute("aria-expanded")).toBe("true");
    const listId = await input.getAttribute("aria-controls");
    expect(await page.getAttribute(`#${listId}`, "role")).toBe("listbox");
    const ids = await page.$$eval(OPTION, (options) => options.map((o) => o.id));
    expect(ids.length).toBeGreaterThan(2);

    await page.keyboard.press("ArrowDown");
    expect(await input.getAttribute("aria-activedescendant")).toBe(ids[0]);
    await page.keyboard.press("ArrowDown");
    expect(await input.getAttribute("aria-activedescendant")).toBe(ids[1]);
    expect(await page.getAttribute(`#${ids[1]}`, "aria-selected")).toBe("true");
    expect(await page.getAttribute(`#${ids[0]}`, "aria-selected")).toBe("false");
    await page.keyboard.press("ArrowUp");
    expect(await input.getAttribute("aria-activedescendant")).toBe(ids[0]);

    await page.keyboard.press("Escape");
    expect(await input.getAttribute("aria-expanded")).toBe("false");
    expect(await page.isHidden(".search__panel")).toBe(true);
    expect(await input.inputValue()).toBe("first steps");

    await page.keyboard.press("ArrowDown");
    await page.waitForSelector(OPTION);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    const target = new URL((await page.getAttribute(`#${ids[1]}`, "href"))!, page.url());
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname + url.hash === target.pathname + target.hash);
    expect(await input.getAttribute("aria-expanded")).toBe("false");
  });

  it("keeps working after client-side navigation, searching the new page's version without fetching again", async () => {
    const page = await browser.open("docs/1.0.0/guide/first-steps");
    const requests = recordRequests(page);
    await page.click(INPUT);
    await search(page, "zanzibar");
    await page.keyboard.press("Escape");
    await page.click('nav.navbar .version-dropdown > summary');
    await page.click('nav.navbar .version-dropdown a[data-version="current"]');
    await page.waitForURL(/\/docs\/next\//);
    expect(await page.$$("[data-search]")).toHaveLength(2);
    await page.keyboard.press("Control+k");
    await search(page, "zanzibar");
    const links = await resultLinks(page);
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((path) => path.startsWith(`${BASE}docs/next/`))).toBe(true);
    expect(searchFiles(requests)).toHaveLength(3);
  });

  it("shows a failure to fetch the index with a Retry button that fetches again", async () => {
    const page = await browser.open("docs/1.0.0/guide/first-steps");
    const requests = recordRequests(page);
    await page.route("**/search-index.json", (route) => route.fulfill({ status: 500, body: "down" }), { times: 1 });
    await page.click(INPUT);
    await page.fill(INPUT, "zanzibar");
    await page.waitForSelector(".search__retry:visible");
    expect(await page.textContent(".search__status")).toMatch(/search-index\.json.*500/);
    expect(await page.$$(OPTION)).toHaveLength(0);
    await page.click(".search__retry");
    await page.waitForSelector(OPTION);
    expect(await page.isHidden(".search__retry")).toBe(true);
    expect(requests.filter((r) => r.endsWith("search-index.json"))).toHaveLength(2);
  });

  it("shows a title written as markup as text", async () => {
    const page = await browser.open("docs/next/guide/first-steps");
    let dialogs = 0;
    page.on("dialog", (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    await page.click(INPUT);
    await search(page, "quokkamarkup");
    const title = await page.locator(OPTION).first().locator(".search__result-title").textContent();
    expect(title).toBe(MARKUP_TITLE);
    expect(await page.$$(".search__panel img")).toHaveLength(0);
    await page.waitForTimeout(100);
    expect(dialogs).toBe(0);
  });
});
