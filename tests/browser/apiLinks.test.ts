/**
 * Names in snippet code blocks linked to the API (cli/markdown/codeLinks.ts), in Chromium, on the default site: the
 * signature shows on hover and on keyboard focus with CSS alone, the link works with JavaScript off, the copy button
 * copies the plain code, and axe finds nothing serious in light and dark mode, nor on a phone.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import axe from "axe-core";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runPipeline } from "../../cli/pipeline/pipeline.ts";
import { startServer, type ServerHandle } from "../../cli/serve/index.ts";
import { ROOT } from "../helpers/site.ts";
import { runtimeStarted, useBrowser } from "./harness.ts";

const BASICS = "docs/code-snippet-tutorial/basics";
const OPEN_FILE = 'a.api-ref[href$="/AppStore#openFile"]';
const work = mkdtempSync(path.join(tmpdir(), "carta-docs-api-links-browser-"));
let server: ServerHandle;

beforeAll(async () => {
  const result = await runPipeline({ config: path.join(ROOT, "site.config.ts"), write: true, outDir: path.join(work, "build") });
  if (result.errors.length > 0 || !result.outDir) throw new Error(`the default site did not build: ${result.errors.map((e) => e.message).join("\n")}`);
  server = await startServer({ dir: result.outDir, basePath: "/carta-frontend/", port: 0 });
}, 300_000);

afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

const url = (route: string) => new URL(route, server.url).href;

/** Serious and critical axe violations on the page as it is now, as "rule: selector" lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axe.source });
  const found = await page.evaluate(async () => {
    const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ["violations"] });
    return violations.filter((v) => v.impact === "serious" || v.impact === "critical").flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
  });
  return found;
}

describe("API links in code blocks", () => {
  const browser = useBrowser();
  const open = async (route: string, options = {}) => {
    const context = await browser.context(options);
    const page = await context.newPage();
    await page.goto(url(route));
    return page;
  };
  const tipOf = (page: Page) => page.locator(`${OPEN_FILE} + [role="tooltip"]`).first();

  it("shows the signature on hover, and hides it again", async () => {
    const page = await open(BASICS);
    await runtimeStarted(page);
    const link = page.locator(OPEN_FILE).first();
    expect(await tipOf(page).isVisible()).toBe(false);
    await link.hover();
    expect(await tipOf(page).isVisible()).toBe(true);
    expect(await tipOf(page).textContent()).toMatch(/^AppStore\.openFile\(/);
    await page.mouse.move(0, 0);
    expect(await tipOf(page).isVisible()).toBe(false);
  });

  it("shows the signature on keyboard focus, which the link is described by", async () => {
    const page = await open(BASICS);
    await runtimeStarted(page);
    const block = page.locator(".code-block", { has: page.locator(OPEN_FILE) }).first();
    await block.locator("pre").focus();
    // Tab from the block to its first link: the openFile of this block.
    for (let i = 0; i < 10 && !(await page.evaluate((selector) => document.activeElement?.matches(selector), OPEN_FILE)); i++) await page.keyboard.press("Tab");
    expect(await page.evaluate((selector) => document.activeElement?.matches(selector), OPEN_FILE)).toBe(true);
    const described = await page.evaluate(() => document.getElementById(document.activeElement!.getAttribute("aria-describedby")!)?.textContent);
    expect(described).toMatch(/^AppStore\.openFile\(/);
    const tipVisible = await page.evaluate(() => {
      const tip = document.getElementById(document.activeElement!.getAttribute("aria-describedby")!)!;
      return getComputedStyle(tip).display !== "none" && tip.getBoundingClientRect().height > 0;
    });
    expect(tipVisible).toBe(true);
  });

  it("leads to the member's anchor in the page's own version with JavaScript off", async () => {
    const page = await open("docs/next/code-snippet-tutorial/basics", { javaScriptEnabled: false });
    await page.locator(OPEN_FILE).first().click();
    await page.waitForURL(/\/api\/next\/\.-stores\/class\/AppStore#openFile$/);
    expect(await page.locator("section#openFile h3").textContent()).toContain("openFile");
  });

  it("copies the plain code, without the signatures", async () => {
    const page = await open(BASICS, { permissions: ["clipboard-read", "clipboard-write"] });
    await runtimeStarted(page);
    const block = page.locator(".code-block", { has: page.locator(OPEN_FILE) }).first();
    await block.hover();
    await block.locator(".copy-button").click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('const pending = app.openFile("tutorial", "orion_12co.fits");');
    expect(await page.evaluate(() => navigator.clipboard.readText())).not.toContain("AppStore.openFile(");
  });

  it.each(["light", "dark"] as const)("finds nothing serious with a signature shown, in %s mode", async (mode) => {
    const page = await open(BASICS, { colorScheme: mode });
    await runtimeStarted(page);
    if (mode === "dark") await page.click("nav.navbar [data-color-mode-toggle]");
    expect(await page.getAttribute("html", "data-theme")).toBe(mode);
    await page.locator(OPEN_FILE).first().focus();
    expect(await seriousViolations(page)).toEqual([]);
  });

  /** axe on a long API page takes a while on a busy machine. */
  const AXE_MS = 120_000;

  it("finds nothing serious on an API page with Used in", async () => {
    const api = await open("api/.-stores/class/AppStore");
    expect(await seriousViolations(api)).toEqual([]);
  }, AXE_MS);

  it("finds nothing serious on a phone with a signature shown", async () => {
    const phone = await open(BASICS, { viewport: { width: 390, height: 800 } });
    await phone.locator(OPEN_FILE).first().focus();
    expect(await seriousViolations(phone)).toEqual([]);
  }, AXE_MS);
});
