import { describe, expect, it } from "vitest";
import { runtimeStarted, siteUrl, useBrowser } from "./harness.ts";

const DOC = "docs/1.0.0/guide/first-steps";
const theme = (page: import("playwright-core").Page) => page.evaluate(() => document.documentElement.dataset.theme);
const toggleLabel = (page: import("playwright-core").Page) => page.getAttribute("nav.navbar [data-color-mode-toggle]", "aria-label");

describe("colour mode", () => {
  const browser = useBrowser();

  it("starts light even when the system prefers dark", async () => {
    const page = await browser.open(DOC, { colorScheme: "dark" });
    expect(await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches)).toBe(true);
    expect(await theme(page)).toBe("light");
    expect(await toggleLabel(page)).toBe("Switch between dark and light mode (currently light mode)");
  });

  it("toggles, persists the choice and applies it before the first paint of the next load", async () => {
    const page = await browser.open(DOC, {
      // Records the mode at the moment <body> appears, i.e. before anything is painted.
      init: () => {
        new MutationObserver((_, observer) => {
          if (!document.body) return;
          Object.assign(window, { themeAtBody: document.documentElement.dataset.theme });
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      },
    });
    await page.click("nav.navbar [data-color-mode-toggle]");
    expect(await theme(page)).toBe("dark");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    expect(await toggleLabel(page)).toBe("Switch between dark and light mode (currently dark mode)");
    await page.reload();
    await runtimeStarted(page);
    expect(await page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody)).toBe("dark");
    await page.click("nav.navbar [data-color-mode-toggle]");
    expect(await theme(page)).toBe("light");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
  });

  it("keeps the toggle's label right on pages shown by client-side navigation", async () => {
    const page = await browser.open(DOC);
    await page.click("nav.navbar [data-color-mode-toggle]");
    await page.click(".pagination__link--next");
    await page.waitForURL(/guide\/advanced$/);
    expect(await toggleLabel(page)).toContain("currently dark mode");
  });

  it("syncs the mode across tabs", async () => {
    const context = await browser.context();
    const [first, second] = [await context.newPage(), await context.newPage()];
    for (const page of [first, second]) {
      await page.goto(siteUrl(DOC));
      await runtimeStarted(page);
    }
    await first.click("nav.navbar [data-color-mode-toggle]");
    await expect.poll(() => theme(second)).toBe("dark");
    expect(await toggleLabel(second)).toContain("currently dark mode");
    await second.click("nav.navbar [data-color-mode-toggle]");
    await expect.poll(() => theme(first)).toBe("light");
  });
});
