/**
 * `carta-docs init [dir]`: a minimal site that builds with no errors and no warnings: a config holding only
 * its title, one doc and a sidebar. Every file is written into a staging folder first and moved in at the
 * end, so a refused or failed init leaves the folder as it was.
 */
import fs from "node:fs";
import path from "node:path";
import { DEFAULT_CONFIG_FILE } from "../config/load.ts";
import { CartaDocsError } from "../util/diagnostics.ts";
import { moveIntoPlace } from "../util/moveIntoPlace.ts";

export interface InitResult {
  /** Absolute path of the site's folder. */
  dir: string;
  /** The files written, relative to `dir`. */
  files: string[];
}

/** "my-docs" → "My Docs": a title to start from, taken from the folder's name. */
export function titleFromFolder(dir: string): string {
  const words = path.basename(path.resolve(dir)).split(/[-_\s.]+/).filter(Boolean);
  return words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(" ") || "Documentation";
}

/** What `init` writes, by path relative to the site's folder. */
function siteFiles(title: string): Record<string, string> {
  return {
    [DEFAULT_CONFIG_FILE]: `import { defineConfig } from "carta-docs";

// Only the title is needed; every other key has a default (navbar with the docs, search and the colour-mode
// toggle; add \`url\` for canonical links and a sitemap, \`api\` for an API reference from a TypeScript code base).
export default defineConfig({
  title: ${JSON.stringify(title)},
});
`,
    "content/docs/intro.md": `---
slug: /
---

# Introduction

Welcome to the documentation of ${title}. This page is \`content/docs/intro.md\`: every markdown file under
\`content/docs\` is a page, and \`content/sidebars.json\` puts them in order.

Preview while you write with \`npx carta-docs start\`, and build the site into \`build/\` with
\`npx carta-docs build\`.
`,
    "content/sidebars.json": `${JSON.stringify({ docsSidebar: ["intro"] }, null, 2)}\n`,
  };
}

export function initSite(dir: string, cwd = process.cwd()): InitResult {
  const root = path.resolve(cwd, dir);
  const files = siteFiles(titleFromFolder(root));
  const shown = path.relative(cwd, root) || ".";
  if (fs.existsSync(root) && !fs.statSync(root).isDirectory()) refuse(shown, `${shown} is a file; name a folder (new or without a site)`);
  const taken = Object.keys(files).filter((rel) => fs.existsSync(path.join(root, rel)));
  if (taken.length > 0) {
    refuse(shown, `${shown} already has ${taken.join(", ")}; init writes only into a folder without a site (choose another folder, or remove them)`);
  }
  const parent = path.dirname(root);
  fs.mkdirSync(parent, { recursive: true });
  // Made by mkdir, which follows the umask: a folder of mkdtemp's (mode 0700) would become the site, unreadable
  // to a web server or a CI container's other user.
  const staging = path.join(parent, `.carta-docs-init-${process.pid}-${Date.now().toString(36)}`);
  fs.mkdirSync(staging);
  try {
    for (const [rel, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(staging, rel)), { recursive: true });
      fs.writeFileSync(path.join(staging, rel), text);
    }
    // A new folder moves in as a whole; into an existing one, file by file (with undo).
    if (!fs.existsSync(root)) fs.renameSync(staging, root);
    else moveIntoPlace(Object.keys(files).map((rel) => ({ from: path.join(staging, rel), to: path.join(root, rel) })), staging);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return { dir: root, files: Object.keys(files) };
}

function refuse(file: string, message: string): never {
  throw new CartaDocsError(`carta-docs init: ${message}`, [{ severity: "error", code: "init", message, file }]);
}
