import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { searchFileNames, type SearchDocFile, type SearchIndexFile } from "../../renderer/client/searchData.ts";
import { VersionIndex } from "../../renderer/client/searchEngine.ts";
import { MARKUP_TITLE } from "./globalSetup.ts";
import { BASE, recordRequests, runtimeStarted, siteUrl, useBrowser } from "./harness.ts";

const INPUT = "nav.navbar .search__input";
const OPTION = '[role="listbox"] [role="option"]';

const resultLinks = (page: Page) => page.$$eval(OPTION, (options) => options.map((o) => new URL((o as HTMLAnchorElement).href).pathname));
const searchFiles = (requests: string[]) => requests.filter((r) => /search-(doc|index)(-[^/]+)?\.json$|\/search-(index|text)\/|\/assets\/search\./.test(r));
/** The index manifests, doc files and the bundle: what is neither an index shard nor a text file. */
const mainFiles = (requests: string[]) => searchFiles(requests).filter((r) => !/\/search-(index|text)\//.test(r));

/**
 * The index shards and text files (relative to the site root) a first search of `query` in `version` needs
 * once it has stood: what the engine reads over the built site's files, its results' texts included.
 */
async function filesOfQuery(version: string, query: string): Promise<{ shards: Set<string>; texts: Set<string> }> {
  const dir = inject("buildDir");
  const names = searchFileNames(version, "2.0.0");
  const parse = (name: string): unknown => JSON.parse(readFileSync(path.join(dir, name), "utf8"));
  const shards = new Set<string>();
  const index = new VersionIndex(parse(names.doc) as SearchDocFile, parse(names.index) as SearchIndexFile, async (name) => {
    shards.add(name);
    return parse(name);
  });
  const hits = (await index.find(query, 10))!;
  return { shards, texts: new Set(hits.map((hit) => index.textFileOf(hit))) };
}

async function search(page: Page, query: string): Promise<void> {
  await page.fill(INPUT, query);
  // The list is busy from the input event until this query's results replace the last one's.
  await page.waitForFunction(
    () => !document.querySelector('[role="listbox"]')?.hasAttribute("aria-busy") && /results? in|No results/.test(document.querySelector(".search__status")?.textContent ?? ""),
  );
}

/** What the navbar's box shows over its input ("Loading..." or nothing) and whether its placeholder is painted. */
function shownInBox(page: Page): Promise<{ text: string; placeholderVisible: boolean }> {
  return page.evaluate((selector) => {
    const input = document.querySelector<HTMLInputElement>(selector)!;
    const over = getComputedStyle(input.form!, "::after");
    const text = over.content === "none" || over.display === "none" ? "" : over.content.replace(/^"|"$/g, "");
    return { text, placeholderVisible: getComputedStyle(input, "::placeholder").color !== "rgba(0, 0, 0, 0)" };
  }, INPUT);
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
    // Only the page's version: its two files, the index shards and text files of the results shown, and the bundle, each once.
    const loaded = searchFiles(requests);
    expect(new Set(loaded).size).toBe(loaded.length);
    expect(mainFiles(loaded)).toEqual(expect.arrayContaining([`${BASE}search-doc-1.0.0.json`, `${BASE}search-index-1.0.0.json`, expect.stringMatching(/\/assets\/search\.\w+\.js$/)]));
    expect(mainFiles(loaded)).toHaveLength(3);
    expect(loaded.filter((r) => r.includes("/search-text/")).every((r) => r.startsWith(`${BASE}search-text/1.0.0/`))).toBe(true);
    expect(loaded.filter((r) => r.includes("/search-index/")).every((r) => r.startsWith(`${BASE}search-index/1.0.0/`))).toBe(true);
  });

  it("loads the latest version's files under the plain names, and the others only for All versions", async () => {
    const page = await browser.open("");
    const requests = recordRequests(page);
    await page.click(INPUT);
    await search(page, "first steps");
    expect(mainFiles(requests).filter((r) => r.endsWith(".json"))).toEqual([`${BASE}search-doc.json`, `${BASE}search-index.json`]);
    await page.check(".search__scope input");
    await page.waitForFunction(() => document.querySelector(".search__status")?.textContent?.includes("all versions"));
    expect(searchFiles(requests)).toEqual(expect.arrayContaining([`${BASE}search-doc-1.0.0.json`, `${BASE}search-index-current.json`]));
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
    // The bundle once; each version's files once.
    const loaded = searchFiles(requests);
    expect(loaded.filter((r) => r.includes("/assets/search."))).toHaveLength(1);
    expect(new Set(loaded).size).toBe(loaded.length);
    expect(loaded).toEqual(expect.arrayContaining([`${BASE}search-index-1.0.0.json`, `${BASE}search-index-current.json`]));
  });

  it("shows a failure to fetch the index with a Retry button that fetches again", async () => {
    const page = await browser.open("docs/1.0.0/guide/first-steps");
    const requests = recordRequests(page);
    await page.route("**/search-index-1.0.0.json", (route) => route.fulfill({ status: 500, body: "down" }), { times: 1 });
    await page.click(INPUT);
    await page.fill(INPUT, "zanzibar");
    await page.waitForSelector(".search__retry:visible");
    expect(await page.textContent(".search__status")).toMatch(/search-index-1\.0\.0\.json.*500/);
    expect(await page.$$(OPTION)).toHaveLength(0);
    await page.click(".search__retry");
    await page.waitForSelector(OPTION);
    expect(await page.isHidden(".search__retry")).toBe(true);
    expect(requests.filter((r) => r.endsWith("search-index-1.0.0.json"))).toHaveLength(2);
  });

  it("typing a query fetches the manifest, the shards of the query and the texts of its results, nothing for the prefixes typed past", async () => {
    const query = "advanced topics";
    const expected = await filesOfQuery("1.0.0", query);
    // The prefixes typed past would each have needed other files: typing fast, the page must skip them.
    const prefixes = await Promise.all([2, 3, 5, 9, 10].map((end) => filesOfQuery("1.0.0", query.slice(0, end))));
    expect(prefixes.some((files) => [...files.shards, ...files.texts].some((file) => !expected.shards.has(file) && !expected.texts.has(file)))).toBe(true);
    expect(expected.texts.size).toBeGreaterThan(0);

    const page = await browser.open("docs/1.0.0/guide/first-steps");
    const requests = recordRequests(page);
    await page.click(INPUT);
    await page.waitForSelector("nav.navbar .search__panel", { state: "attached" });
    // Keys 30 ms apart, timed in the page: a quick typist, well inside the pause after which the page fetches.
    await page.evaluate(async (typed) => {
      const input = document.querySelector<HTMLInputElement>("nav.navbar .search__input")!;
      for (let end = 1; end <= typed.length; end++) {
        input.value = typed.slice(0, end);
        input.dispatchEvent(new Event("input", { bubbles: true }));
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
    }, query);
    await page.waitForFunction(() => !document.querySelector('[role="listbox"]')?.hasAttribute("aria-busy") && /results? in/.test(document.querySelector(".search__status")?.textContent ?? ""));
    const loaded = searchFiles(requests).map((r) => r.slice(BASE.length));
    expect(mainFiles(requests).filter((r) => r.endsWith(".json"))).toEqual([`${BASE}search-doc-1.0.0.json`, `${BASE}search-index-1.0.0.json`]);
    expect(new Set(loaded.filter((r) => r.startsWith("search-index/")))).toEqual(expected.shards);
    expect(new Set(loaded.filter((r) => r.startsWith("search-text/")))).toEqual(expected.texts);
    expect(new Set(loaded).size).toBe(loaded.length);
    expect(await page.locator(`${OPTION} .search__result-excerpt`).count()).toBeGreaterThan(0);
  });

  it("shows a failure to fetch an index shard with a Retry button, and finds the query on Retry", async () => {
    const page = await browser.open("docs/1.0.0/guide/first-steps");
    await page.route("**/search-index/1.0.0/*.json", (route) => route.fulfill({ status: 500, body: "down" }), { times: 1 });
    await page.click(INPUT);
    await page.fill(INPUT, "zanzibarone");
    await page.waitForSelector(".search__retry:visible");
    expect(await page.textContent(".search__status")).toMatch(/search-index\/1\.0\.0\/\d+\.json.*500/);
    expect(await page.getAttribute('[role="listbox"]', "aria-busy")).toBeNull();
    await page.click(".search__retry");
    await page.waitForSelector(OPTION);
    expect(await resultLinks(page)).toContain(`${BASE}docs/1.0.0/guide/advanced`);
  });

  it("marks the result list busy from a change until that change's results are shown", async () => {
    const page = await browser.open("docs/1.0.0/guide/first-steps");
    const busy = () => page.getAttribute('[role="listbox"]', "aria-busy");
    await page.click(INPUT);
    await search(page, "zanzibarone");
    expect(await busy()).toBeNull();
    let release = (): void => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/search-index-current.json", async (route) => {
      await held;
      await route.continue();
    });
    await page.check(".search__scope input");
    expect(await busy()).toBe("true");
    expect(await page.textContent(".search__status")).toBe("Loading the search index…");
    release();
    await page.waitForFunction(() => document.querySelector(".search__status")?.textContent?.includes("all versions"));
    expect(await busy()).toBeNull();
    expect(await resultLinks(page)).toEqual([`${BASE}docs/1.0.0/guide/advanced`]);
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

  it("finds app.openFile: the member's API section and the tutorial section using it, excerpts as written", async () => {
    const page = await browser.open("");
    await page.click(INPUT);
    await search(page, "app.openFile");
    const links = await resultLinks(page);
    expect(links.slice(0, 2)).toEqual(expect.arrayContaining([`${BASE}api/.-stores/class/AppStore`, `${BASE}docs/guide/regions`]));
    const tutorial = page.locator(OPTION, { has: page.locator(".search__result-section", { hasText: "Create regions" }) });
    expect(await tutorial.locator(".search__result-title").textContent()).toBe("Regions");
    expect(await tutorial.locator(".search__result-excerpt").textContent()).toContain('const frame = await app.openFile("tutorial", "orion.fits");');
    expect(await tutorial.locator(".search__result-excerpt mark").allTextContents()).toContain("app.openFile");
    const member = page.locator(OPTION).filter({ has: page.locator(".search__result-section", { hasText: /^openFile$/ }) });
    expect(await member.locator(".search__result-title").textContent()).toBe("AppStore");
  });

  it("finds regionSet.addLineRegion in the tutorial's code", async () => {
    const page = await browser.open("");
    await page.click(INPUT);
    await search(page, "regionSet.addLineRegion");
    const first = page.locator(OPTION).first();
    expect(new URL((await first.getAttribute("href"))!, page.url()).pathname).toBe(`${BASE}docs/guide/regions`);
    expect(await first.locator(".search__result-section").textContent()).toBe("Create regions");
    const excerpt = await first.locator(".search__result-excerpt").textContent();
    expect(excerpt).toContain("frame.regionSet.addLineRegion([{ x: 10, y: 10 }, { x: 90, y: 40 }]);");
    expect(excerpt).not.toMatch(/\w \.|\. \w| \(/);
  });

  it("shows titles as written, a highlight never split from the rest of its word", async () => {
    const page = await browser.open("");
    await page.click(INPUT);
    await search(page, "regions");
    const first = page.locator(OPTION).first();
    expect(await first.locator(".search__result-title").innerText()).toBe("Regions");
    expect(await first.locator(".search__result-title mark").allTextContents()).toEqual(["Regions"]);
    // The mark sits in the title's name, not in the flex row of name and version label: no gap can open inside the word.
    const layout = await first.locator(".search__result-title mark").evaluate((mark) => ({
      parent: getComputedStyle(mark.parentElement!).display,
      markRight: mark.getBoundingClientRect().right,
      nameRight: mark.parentElement!.getBoundingClientRect().right,
    }));
    expect(layout.parent).not.toMatch(/flex|grid/);
    expect(Math.abs(layout.markRight - layout.nameRight)).toBeLessThan(1);
    expect(await first.locator(".search__result-excerpt").textContent()).toBe("Regions mark the parts of an image that a snippet works on.");
  });

  it("says Loading... until the runtime has taken the box over, then shows its placeholder", async () => {
    const context = await browser.context();
    const page = await context.newPage();
    // The runtime's script waits until the box has been looked at while it loads.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/main\.\w+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // Not "domcontentloaded": that waits for module scripts, the held one too.
    await page.goto(siteUrl("docs/guide/first-steps"), { waitUntil: "commit" });
    await page.waitForSelector(INPUT);
    await page.waitForFunction(() => document.styleSheets.length > 0 && document.documentElement.dataset.js !== undefined);
    expect(await shownInBox(page)).toEqual({ text: "Loading...", placeholderVisible: false });
    await page.fill(INPUT, "typed early");
    expect((await shownInBox(page)).text, "the reader's text, not Loading..., once typing starts").toBe("");
    await page.fill(INPUT, "");
    release();
    await runtimeStarted(page);
    expect(await shownInBox(page)).toEqual({ text: "", placeholderVisible: true });
    expect(await page.getAttribute(INPUT, "placeholder")).toBe("Search Ctrl+K");
  });

  it("without JavaScript, is a plain form leading to a page that says search needs JavaScript", async () => {
    const context = await browser.context({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(siteUrl("docs/guide/first-steps"));
    expect(await page.getAttribute(INPUT, "placeholder")).toBe("Search Ctrl+K");
    expect(await page.isEnabled(INPUT)).toBe(true);
    // Never Loading...: the placeholder shows from the start.
    expect(await shownInBox(page)).toEqual({ text: "", placeholderVisible: true });
    expect(await page.content()).not.toContain("Loading");
    await page.fill(INPUT, "regions");
    await page.press(INPUT, "Enter");
    await page.waitForURL((url) => url.pathname === `${BASE}search` && url.searchParams.get("q") === "regions");
    expect(await page.textContent("main")).toContain("Searching these docs needs JavaScript");
  });

  it("with JavaScript, the search page searches its query in the box", async () => {
    const page = await browser.open("search?q=regions");
    expect(await page.inputValue(INPUT)).toBe("regions");
    await page.waitForSelector(OPTION);
    expect(await page.textContent("main")).not.toContain("needs JavaScript");
  });
});
