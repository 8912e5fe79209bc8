/**
 * The announcement bar's content is HTML shown on every page: it passes through the same allow-list as raw HTML
 * in markdown (rawHtml.ts), and each removal is a warning at the config's line, as it is for a doc. Done where
 * pages are rendered, not when the config is read: `serve` reads the config too, and must not load the HTML
 * sanitizer (see the lean start test).
 */
import fs from "node:fs";
import path from "node:path";
import type { Diagnostic } from "../util/diagnostics.ts";
import { RawHtmlPass } from "../markdown/rawHtml.ts";
import type { ResolvedConfig } from "./load.ts";

/** The config with its announcement bar's content made safe, and a warning for each thing removed. */
export function withSafeAnnouncement(config: ResolvedConfig): ResolvedConfig {
  if (!config.announcementBar) return config;
  const shown = path.relative(config.siteDir, config.configFile);
  const { content, warnings } = sanitizeAnnouncement(config.announcementBar.content, config.configFile, shown);
  return { ...config, announcementBar: { ...config.announcementBar, content }, warnings: [...config.warnings, ...warnings] };
}

function sanitizeAnnouncement(content: string, configFile: string, shown: string): { content: string; warnings: Diagnostic[] } {
  const warnings: Diagnostic[] = [];
  const line = contentLine(configFile);
  const token = { type: "html" as const, block: true, pre: false, raw: content, text: content };
  const pass = new RawHtmlPass((message) => warnings.push({ severity: "warning", code: "raw-html", message: `announcementBar.content: ${message}`, file: shown, ...(line && { line }) }));
  pass.visit(token, line ?? 1);
  pass.finish();
  return { content: token.text, warnings };
}

/** Line of the config file where announcementBar's `content` is written, when it can be found. */
function contentLine(configFile: string): number | undefined {
  let text: string;
  try {
    text = fs.readFileSync(configFile, "utf8");
  } catch {
    return undefined;
  }
  const bar = text.indexOf("announcementBar");
  const content = bar < 0 ? -1 : text.indexOf("content", bar);
  return content < 0 ? undefined : text.slice(0, content).split("\n").length;
}
