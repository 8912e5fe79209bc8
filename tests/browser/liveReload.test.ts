/**
 * Watch mode's browser side in Chromium: a page served by `serve --watch` reloads itself when its doc is
 * saved, shows the overlay listing a failed build's errors (file and line) over the last good page, and
 * drops it and reloads once the doc is fixed.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWatch, type WatchHandle } from "../../cli/watch/index.ts";
import { cleanTemp, copyFixtureSite, read, write } from "../helpers/site.ts";
import { isMarked, markWindow, useBrowser } from "./harness.ts";

const ADVANCED = "content/docs/guide/advanced.md";
const ROUTE = "/carta-frontend/docs/next/guide/advanced";
const OVERLAY = "#carta-docs-overlay";

let site: string;
let handle: WatchHandle;

beforeAll(async () => {
  site = copyFixtureSite();
  handle = await startWatch({ config: path.join(site, "site.config.ts"), port: 0 });
});

afterAll(async () => {
  await handle?.close();
  cleanTemp();
});

const edit = (from: string, to: string) => write(site, ADVANCED, read(site, ADVANCED).replace(from, to));
const bodyText = (page: Page) => page.evaluate(() => document.querySelector("main")?.textContent ?? "");

/** Opens the page and waits until its event stream is open, so no rebuild can come before the page listens. */
async function openWatched(browser: ReturnType<typeof useBrowser>): Promise<Page> {
  const page = await (await browser.context()).newPage();
  const connected = page.waitForResponse((response) => response.url().endsWith("/__carta-docs/events"));
  await page.goto(new URL(ROUTE, handle.url).href);
  await connected;
  return page;
}

describe("live reload in the browser", () => {
  const browser = useBrowser();

  it("reloads the open page with the saved edit", async () => {
    const page = await openWatched(browser);
    expect(await bodyText(page)).toContain("zanzibarnext");
    await markWindow(page);
    edit("zanzibarnext", "quetzalnext");
    await expect.poll(() => bodyText(page), { timeout: 20_000 }).toContain("quetzalnext");
    // A full load, not a patch of the text: the marker set on the old window is gone.
    expect(await isMarked(page)).toBe(false);
  });

  it("shows a failed build's errors over the last good page, and reloads once fixed", async () => {
    const page = await openWatched(browser);
    edit("sidebar_position: 2", "sidebar_position: [2");
    const overlay = page.locator(OVERLAY);
    await overlay.waitFor({ timeout: 20_000 });
    expect(await overlay.getAttribute("role")).toBe("alert");
    const text = (await overlay.textContent()) ?? "";
    expect(text).toMatch(/Build failed: 1 error/);
    expect(text).toMatch(new RegExp(`${ADVANCED}:\\d+ .*not valid YAML`));
    // The last good page stays underneath.
    expect(await bodyText(page)).toContain("quetzalnext");

    // A page opened while the build is broken shows the overlay at once.
    const late = await openWatched(browser);
    await late.locator(OVERLAY).waitFor();

    await markWindow(page);
    write(site, ADVANCED, read(site, ADVANCED).replace("sidebar_position: [2", "sidebar_position: 2").replace("quetzalnext", "okapinext"));
    await expect.poll(() => bodyText(page), { timeout: 20_000 }).toContain("okapinext");
    expect(await isMarked(page)).toBe(false);
    expect(await page.locator(OVERLAY).count()).toBe(0);
    await late.locator(OVERLAY).waitFor({ state: "detached" });
  });

  it("takes the overlay's Dismiss button", async () => {
    const page = await openWatched(browser);
    edit("sidebar_position: 2", "sidebar_position: [2");
    await page.locator(OVERLAY).waitFor({ timeout: 20_000 });
    await page.locator(`${OVERLAY} button`).click();
    expect(await page.locator(OVERLAY).count()).toBe(0);
    edit("sidebar_position: [2", "sidebar_position: 2");
  });
});
