/**
 * How soon a reader sees that a slow page is coming: a docs page opened in Chromium (data saver on, so nothing
 * is prefetched), its "next" link clicked while the server holds that page for HOLD_MS, and the times from the
 * click to the progress bar and to the spinner, taken in the page itself. The site shows the bar after its
 * `progressDelay` (200 ms by default) and the spinner after 500 ms; what they add is the figure.
 */
import type { Browser } from "playwright-core";
import { startServer } from "../cli/serve/index.ts";
import { launchChromium } from "./chromium.ts";
import { median } from "./measure.ts";
import type { Row } from "./report.ts";

/** A slow page: long enough for both the bar and the spinner to show. */
const HOLD_MS = 1500;
/** What the browser test asserted before it moved here: the bar within a second of the click. */
const BAR_TARGET_MS = 1000;

export interface ProgressFigures {
  page: string;
  holdMs: number;
  /** Per round, milliseconds from the click to the bar and to the spinner. */
  rounds: { barMs: number; spinnerMs: number }[];
}

/** Clicks `page`'s next link `rounds` times (a fresh context each) on the site built in `buildDir`, served under `baseUrl`. */
export async function measureProgressBar(buildDir: string, baseUrl: string, page: string, rounds: number): Promise<ProgressFigures> {
  const server = await startServer({ dir: buildDir, basePath: baseUrl, port: 0 });
  let browser: Browser | undefined;
  try {
    browser = await launchChromium("measuring the progress bar");
    const measured: ProgressFigures["rounds"] = [];
    for (let i = 0; i < rounds; i++) {
      const context = await browser.newContext();
      try {
        await context.addInitScript(() => Object.defineProperty(navigator, "connection", { value: { saveData: true, effectiveType: "4g" }, configurable: true }));
        const tab = await context.newPage();
        await tab.goto(new URL(page, server.url).href);
        await tab.waitForFunction(() => document.querySelector("nav.navbar [data-search][data-ready]") !== null, undefined, { polling: 50 });
        const next = new URL((await tab.getAttribute(".pagination__link--next", "href"))!, server.url).pathname;
        await tab.route((url) => url.pathname === next, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
          await route.continue();
        });
        await tab.evaluate(() => {
          const times: Record<string, number> = {};
          Object.assign(window, { times });
          document.addEventListener("click", () => (times.click = performance.now()), true);
          new MutationObserver(() => {
            if (document.querySelector(".progress-bar")) times.bar ??= performance.now();
            if (document.querySelector("#main .page-spinner[role=status]")) times.spinner ??= performance.now();
          }).observe(document.body, { childList: true, subtree: true });
        });
        await tab.click(".pagination__link--next");
        await tab.waitForURL((url) => url.pathname === next);
        await tab.waitForSelector("#main .page-spinner", { state: "detached" });
        const { click, bar, spinner } = await tab.evaluate(() => (window as unknown as { times: Record<string, number> }).times);
        measured.push({ barMs: bar! - click!, spinnerMs: spinner! - click! });
      } finally {
        await context.close();
      }
    }
    return { page, holdMs: HOLD_MS, rounds: measured };
  } finally {
    await browser?.close();
    await server.close();
  }
}

export function progressRows(figures: ProgressFigures): Row[] {
  const group = "navigation (CARTA)";
  const note = `a click on ${figures.page}'s next link, that page held ${figures.holdMs} ms`;
  const runs = figures.rounds.length;
  return [
    { group, metric: "click to progress bar, slow page", unit: "ms", value: median(figures.rounds.map((r) => r.barMs)), runs, target: { op: "<", limit: BAR_TARGET_MS }, note },
    { group, metric: "click to spinner, slow page", unit: "ms", value: median(figures.rounds.map((r) => r.spinnerMs)), runs, note },
  ];
}
