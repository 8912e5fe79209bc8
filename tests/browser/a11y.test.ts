import axe from "axe-core";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ABOUT_PAGE, READING_DOC } from "./globalSetup.ts";
import { useBrowser } from "./harness.ts";

/** Serious and critical axe violations on the page as it is now, as "rule: selector" lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axe.source });
  const found = await page.evaluate(async () => {
    const { violations } = await window.axe.run(document, { resultTypes: ["violations"] });
    return violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .flatMap((v) => v.nodes.map((n) => ({ rule: v.id, node: n.target.join(" ") })));
  });
  return found.map((f) => `${f.rule}: ${f.node}`);
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}

describe("accessibility (axe)", () => {
  const browser = useBrowser();
  // One page of every kind the site draws.
  const pages = [
    ["the home page", ""],
    ["a docs page", "docs/1.0.0/guide/first-steps"],
    ["a docs page with shell sessions and long code", READING_DOC],
    ["a category index", "docs/category/guide"],
    ["a standalone markdown page", ABOUT_PAGE],
    ["the API landing page", "api"],
    ["an API area", "api/.-stores"],
    ["an API class", "api/.-stores/class/AppStore"],
    ["an API enum", "api/.-stores/enum/FrameScaling"],
    ["an API function", "api/.-utilities/function/add2D"],
    ["the changelog", "api/changelog"],
    ["the not-found page", "docs/no-such-page"],
  ] as const;

  it.each(pages.flatMap(([name, path]) => (["light", "dark"] as const).map((mode) => [name, mode, path] as const)))(
    "finds nothing serious on %s in %s mode",
    async (_, mode, path) => {
      const page = await browser.open(path, { colorScheme: mode });
      if (mode === "dark") await page.click("nav.navbar [data-color-mode-toggle]");
      expect(await page.getAttribute("html", "data-theme")).toBe(mode);
      expect(await seriousViolations(page)).toEqual([]);
    },
  );

  it.each([READING_DOC, "api/.-stores/class/AppStore", "api"])("finds nothing serious on %s on a phone, where tables and code scroll sideways", async (path) => {
    const page = await browser.open(path, { viewport: { width: 390, height: 800 } });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("finds nothing serious with search results open, nor in the open mobile menu", async () => {
    const page = await browser.open("docs/1.0.0/guide/first-steps");
    await page.keyboard.press("Control+k");
    await page.keyboard.type("first steps");
    await page.waitForSelector('[role="option"]');
    await page.keyboard.press("ArrowDown");
    await page.check(".search__scope input");
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 800, height: 700 });
    await page.click("nav.navbar [data-menu-button]");
    expect(await seriousViolations(page)).toEqual([]);
  });
});
