/** The site stylesheet: the files of renderer/styles concatenated in a fixed order, emitted under a content hash. */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AssetRegistry } from "./assets.ts";
import type { SiteAssets } from "./siteData.ts";

const STYLES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../renderer/styles");
/** Order matters: variables first, then the chrome, then content. */
const ORDER = ["theme.css", "base.css", "layout.css", "navbar.css", "sidebar.css", "markdown.css", "code.css", "home.css", "api.css", "copyPage.css", "runtime.css"];

/** Minimal minification: comments and indentation go, nothing semantic changes. */
function minify(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\s*\n\s*/g, "\n")
    .replace(/\s*([{};,>])\s*/g, "$1")
    .replace(/;}/g, "}")
    .trim();
}

/**
 * Applied before first paint: the stored colour mode (key "theme", as the old Docusaurus site used),
 * and a dismissed announcement bar hidden when the stored id is this page's bar id (from the page's
 * carta-docs meta, which precedes the script). The runtime keeps the same html attribute up to date.
 */
export const THEME_SCRIPT = `try{var s=localStorage,h=document.documentElement,t=s.getItem("theme");if(t==="dark"||t==="light")h.dataset.theme=t;if(s.getItem("docusaurus.announcement.dismiss")==="true"&&s.getItem("docusaurus.announcement.id")===JSON.parse(document.querySelector('meta[name="carta-docs"]').content).announcement)h.dataset.announcementDismissed=""}catch(e){}`;

export function buildStyles(assets: AssetRegistry): SiteAssets {
  const css = ORDER.filter((name) => fs.existsSync(path.join(STYLES_DIR, name)))
    .map((name) => fs.readFileSync(path.join(STYLES_DIR, name), "utf8"))
    .join("\n");
  return { css: assets.add("styles.css", minify(css)), headScript: THEME_SCRIPT };
}
