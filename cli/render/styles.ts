/** The site stylesheet: the files of renderer/styles concatenated in a fixed order, emitted under a content hash. */
import fs from "node:fs";
import path from "node:path";
import type { AssetRegistry } from "../output/assets.ts";
import type { SiteAssets } from "../pages/siteData.ts";
import { PACKAGE_ROOT } from "../util/packageRoot.ts";

const STYLES_DIR = path.join(PACKAGE_ROOT, "renderer", "styles");
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

export function buildStyles(assets: AssetRegistry): SiteAssets {
  const css = ORDER.filter((name) => fs.existsSync(path.join(STYLES_DIR, name)))
    .map((name) => fs.readFileSync(path.join(STYLES_DIR, name), "utf8"))
    .join("\n");
  return { css: assets.add("styles.css", minify(css)) };
}
