/**
 * The announcement bar's content is HTML shown on every page: it passes through the same allow-list as raw HTML
 * in markdown (rawHtml.ts), and each removal is a warning at the config's line, as it is for a doc.
 */
import fs from "node:fs";
import type { Diagnostic } from "../diagnostics.ts";
import { RawHtmlPass } from "../markdown/rawHtml.ts";

export function sanitizeAnnouncement(content: string, configFile: string, shown: string): { content: string; warnings: Diagnostic[] } {
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
