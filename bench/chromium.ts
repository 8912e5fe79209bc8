/** The benchmark's browser: the system's Chromium, headless, as the browser tests run it. */
import fs from "node:fs";
import { chromium, type Browser } from "playwright-core";

const CHROMIUM = "/usr/bin/chromium";
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"];

/** `what` says what the browser is for, in the error when Chromium is missing. */
export function launchChromium(what: string): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${what} needs Chromium at ${CHROMIUM}`);
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}
