/**
 * A large docs sidebar in Chromium (renderer/sidebarFile.ts): a page holds its path and the categories' entries;
 * opening a collapsed category fetches the version's sidebar file once and shows its items, by mouse or keyboard;
 * without JavaScript a category's link leads to its page, which lists its items. The site is a synthetic one of
 * its own (six categories of forty docs, the last without a link, so drawn whole), built and served once for this file.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runPipeline } from "../../cli/pipeline/pipeline.ts";
import { startServer, type ServerHandle } from "../../cli/serve/startServer.ts";
import { writeScaleSite } from "../../bench/syntheticSite.ts";
import { categoryByLabel, recordRequests, runtimeStarted, useBrowser } from "./harness.ts";

const browser = useBrowser();
let root: string;
let server: ServerHandle;
/** The category without a link of its own (topic-05), which cannot be deferred: its label is in its summary. */
const UNLINKED = "Topic 6 & more";

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "carta-docs-deferred-"));
  const configFile = writeScaleSite(root, { docs: 240, perCategory: 40 });
  fs.writeFileSync(path.join(root, "content", "docs", "topic-05", "_category_.json"), `${JSON.stringify({ label: UNLINKED, position: 6 })}\n`);
  const result = await runPipeline({ config: configFile, write: true, outDir: path.join(root, "build") });
  if (result.errors.length > 0) throw new Error(`the large-sidebar site did not build:\n${result.errors.map((e) => e.message).join("\n")}`);
  server = await startServer({ dir: result.outDir!, basePath: result.config.baseUrl, port: 0 });
}, 180_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const PAGE = "docs/topic-00/page-001";
const url = (rel: string) => new URL(rel, server.url).href;
const sidebar = "#sidebar nav.menu";
const detailsOf = (label: string) => `${sidebar} ${categoryByLabel(label)}`;
const summaryOf = (label: string) => `${detailsOf(label)} > summary`;
const linkTo = (rel: string) => `${sidebar} a[href="/synthetic/${rel}"]`;

/** Clicks a category's caret: the rest of its row is its label link, laid over the summary. */
async function clickCaret(page: Page, label: string): Promise<void> {
  const summary = page.locator(summaryOf(label));
  const box = (await summary.boundingBox())!;
  await summary.click({ position: { x: box.width - 12, y: box.height / 2 } });
}

async function open(rel: string, options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const context = await browser.context(options);
  const page = await context.newPage();
  await page.goto(url(rel));
  if (options.javaScriptEnabled !== false) await runtimeStarted(page);
  return page;
}

describe("a large docs sidebar", () => {
  it("holds the page's path with its items and the other categories without theirs, the page marked", async () => {
    const page = await open(PAGE);
    expect(await page.getAttribute(`${sidebar} a[aria-current="page"]`, "href")).toBe(`/synthetic/${PAGE}`);
    expect(await page.isVisible(linkTo("docs/topic-00/page-039"))).toBe(true);
    expect(await page.locator(linkTo("docs/topic-02/page-000")).count()).toBe(0);
    expect(await page.locator(`${sidebar} details[data-deferred]`).count()).toBe(4);
    expect(await page.isVisible(linkTo("docs/category/topic-3"))).toBe(true);
  });

  it("fetches the sidebar file once when collapsed categories open, and shows their items", async () => {
    const page = await open(PAGE);
    const fetched = recordRequests(page);
    await clickCaret(page, "Topic 3");
    await expect.poll(() => page.isVisible(linkTo("docs/topic-02/page-039"))).toBe(true);
    expect(await page.getAttribute(detailsOf("Topic 3"), "open")).toBe("");
    await clickCaret(page, "Topic 5");
    await expect.poll(() => page.isVisible(linkTo("docs/topic-04/page-000"))).toBe(true);
    // Closed again, it stays filled: opening it once more fetches nothing.
    await clickCaret(page, "Topic 3");
    await expect.poll(() => page.getAttribute(detailsOf("Topic 3"), "open")).toBe(null);
    await clickCaret(page, "Topic 3");
    await expect.poll(() => page.isVisible(linkTo("docs/topic-02/page-000"))).toBe(true);
    expect(fetched.filter((p) => /\/sidebar-current\.[\w-]+\.json$/.test(p))).toHaveLength(1);
  });

  it("opens a collapsed category from the keyboard, its items then reachable with Tab", async () => {
    const page = await open(PAGE);
    await page.focus(summaryOf("Topic 2"));
    await page.keyboard.press("Enter");
    await expect.poll(() => page.isVisible(linkTo("docs/topic-01/page-000"))).toBe(true);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toBe("/synthetic/docs/topic-01/page-000");
    await page.focus(summaryOf("Topic 4"));
    await page.keyboard.press("Space");
    await expect.poll(() => page.isVisible(linkTo("docs/topic-03/page-000"))).toBe(true);
  });

  it("keeps the categories opened on one page open on the next, shown by instant navigation, and only them", async () => {
    const page = await open(PAGE);
    await clickCaret(page, "Topic 3");
    await expect.poll(() => page.isVisible(linkTo("docs/topic-02/page-005"))).toBe(true);
    await clickCaret(page, UNLINKED);
    await expect.poll(() => page.isVisible(linkTo("docs/topic-05/page-005"))).toBe(true);
    // Each kept by its label, as read from its label link or its summary.
    const stored = () => page.evaluate(() => Object.fromEntries(Object.entries(sessionStorage).filter(([key]) => key.startsWith("carta-docs.category."))));
    expect(await stored()).toEqual({ "carta-docs.category.docs.current.Topic 3": "open", [`carta-docs.category.docs.current.${UNLINKED}`]: "open" });
    await page.click(linkTo("docs/topic-00/page-002"));
    await expect.poll(() => page.getAttribute(`${sidebar} a[aria-current="page"]`, "href")).toBe("/synthetic/docs/topic-00/page-002");
    await expect.poll(() => page.isVisible(linkTo("docs/topic-02/page-005"))).toBe(true);
    await expect.poll(() => page.isVisible(linkTo("docs/topic-05/page-005"))).toBe(true);
    // The others stay closed (as they would not if every category shared one key).
    for (const closed of ["Topic 2", "Topic 4", "Topic 5"]) expect(await page.getAttribute(detailsOf(closed), "open"), closed).toBe(null);
    expect(await page.isVisible(linkTo("docs/topic-03/page-005"))).toBe(false);
  });

  it("without JavaScript shows a collapsed category as its link, to its page listing its items", async () => {
    const page = await open(PAGE, { javaScriptEnabled: false });
    expect(await page.isVisible(summaryOf("Topic 3"))).toBe(false);
    await page.click(linkTo("docs/category/topic-3"));
    await page.waitForURL(url("docs/category/topic-3"));
    expect(await page.locator('main a.card[href^="/synthetic/docs/topic-02/"]').count()).toBe(40);
    // There the category is on the page's path: drawn open with its items.
    expect(await page.isVisible(linkTo("docs/topic-02/page-039"))).toBe(true);
  });
});
