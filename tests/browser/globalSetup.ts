/**
 * Builds the fixture site once per run and serves it under its base path. The build uses a copy of
 * the fixture content with three extra pages (a title written as markup, for the search XSS test; a
 * regions page with code, for code-aware search; a long page with shell sessions and sections, some with
 * ids that CSS would escape, for the reader chrome), the Next introduction moved off the docs root (so one
 * version has no doc at its root), a standalone page (content/pages) and redirects, hide-on-scroll enabled, an API reference (with its navbar link) read
 * from a small viewer repository made beside it, a home page with a logo and cards, edit links, and
 * last-update dates from a commit of the content copy, so the shared fixture and the other suites'
 * expectations stay untouched.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { loadConfig } from "../../cli/config/load.ts";
import type { NavbarItem } from "../../cli/config/schema.ts";
import { runPipeline } from "../../cli/pipeline/pipeline.ts";
import { startServer } from "../../cli/serve/index.ts";
import { API_SETTINGS } from "../api/helpers.ts";
import { commitAll } from "../helpers/git.ts";
import { makeViewerRepo } from "./fixtureViewer.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The served site's home page, e.g. "http://127.0.0.1:PORT/carta-frontend/". */
    siteUrl: string;
    /** The built site folder. */
    buildDir: string;
  }
}

const FIXTURE = fileURLToPath(new URL("../fixtures/site/", import.meta.url));

export const MARKUP_TITLE = "<img src=x onerror=alert(1)> Markup title";

const MARKUP_DOC = `---
title: ${JSON.stringify(MARKUP_TITLE)}
sidebar_position: 4
description: A page whose title is markup, which must show as text.
---

This page exists to check that titles are shown as text. Unique word: quokkamarkup.
`;

/** A tutorial-like page of the latest version (2.0.0), with the code a snippet writer searches for. */
const REGIONS_DOC = `---
title: Regions
sidebar_position: 99
---

Regions mark the parts of an image that a snippet works on.

## Create regions

Open an image, then add a line region to its region set:

\`\`\`js
const frame = await app.openFile("tutorial", "orion.fits");
const line = frame.regionSet.addLineRegion([{ x: 10, y: 10 }, { x: 90, y: 40 }]);
\`\`\`
`;

/** The commit of the content copy, for the last-update line. */
export const CONTENT_COMMIT = { author: "Dana Docs", date: "2025-03-04T12:00:00Z", shown: "March 4, 2025" };
export const EDIT_URL = "https://github.com/example/docs/edit/main/";
export const READING_DOC = "docs/next/guide/reading";

const section = (title: string) => `## ${title}\n\n${`Text of the section ${title}, long enough to scroll past. `.repeat(40)}\n`;
const READING = `---
title: Reading aids
sidebar_position: 5
---

Shell sessions and long lines.

\`\`\`shell
$ npm ci
$ npm run build
\`\`\`

\`\`\`ts
// A comment, in a colour that must stay readable.
const line = "${"a very long line that scrolls sideways ".repeat(6)}";
\`\`\`

| Command | What it does | When to run it |
| --- | --- | --- |
| \`npm_run_build_libraries_in_a_container_with_a_name_too_long_to_wrap\` | builds the libraries | when their sources change |

${["Alpha", "Beta", "Gamma", "5 Epsilon", "Ζήτα", "Delta"].map(section).join("\n")}`;

/** A standalone markdown page (content/pages), and the old URLs the config redirects (see REDIRECTS). */
export const ABOUT_PAGE = "about";
const ABOUT = `---
title: About the fixture
---

A standalone page. The [old advanced page](/docs/old-advanced) has moved.

## Team

The people behind the fixture.
`;
export const REDIRECTS = [
  { from: "/docs/old-advanced", to: "/docs/guide/advanced" },
  { from: "/old-about", to: "/about#team" },
];

const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="14" fill="#2160c4"/></svg>';

/** Serves a doc at its own path instead of its version's root, by dropping its `slug: /`. */
function moveOffRoot(file: string): void {
  writeFileSync(file, readFileSync(file, "utf8").replace(/^slug: \/\n/m, ""));
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = mkdtempSync(path.join(tmpdir(), "carta-browser-"));
  cpSync(path.join(FIXTURE, "content"), path.join(root, "content"), { recursive: true });
  writeFileSync(path.join(root, "content", "docs", "guide", "markup-title.md"), MARKUP_DOC);
  writeFileSync(path.join(root, "content", "versioned_docs", "version-2.0.0", "guide", "regions.md"), REGIONS_DOC);
  writeFileSync(path.join(root, "content", "docs", "guide", "reading.md"), READING);
  moveOffRoot(path.join(root, "content", "docs", "intro.md"));
  writeFileSync(path.join(root, "content", "pages", `${ABOUT_PAGE}.md`), ABOUT);
  mkdirSync(path.join(root, "content", "static", "img"), { recursive: true });
  writeFileSync(path.join(root, "content", "static", "img", "logo.svg"), LOGO);
  commitAll(path.join(root, "content"), "content", CONTENT_COMMIT);
  const viewer = makeViewerRepo(path.join(root, "viewer"));
  const config = await loadConfig(path.join(FIXTURE, "site.config.ts"));
  // The API link goes right after the Docs link, as on the CARTA site.
  const apiLink: NavbarItem = { type: "api", label: "API", position: "left" };
  const items = config.navbar.items.flatMap((item): NavbarItem[] => (item.type === "docSidebar" ? [item, apiLink] : [item]));
  const result = await runPipeline({
    config: {
      ...config,
      siteDir: root,
      navbar: { ...config.navbar, items, hideOnScroll: true },
      docs: { ...config.docs, editUrl: EDIT_URL, showLastUpdateTime: true, showLastUpdateAuthor: true },
      home: {
        logo: { src: "img/logo.svg", alt: "" },
        cards: [
          { title: "Guide", description: "Start here.", href: "/docs/category/guide" },
          { title: "API", description: "The reference.", href: "/api" },
          { title: "Advanced", description: "Go further.", href: "/docs/guide/advanced" },
        ],
      },
      api: { ...API_SETTINGS, routeBasePath: "api", viewerDir: "viewer", snippets: { include: [], globals: {} }, links: { snippets: true, inlineCode: true } },
      redirects: REDIRECTS,
    },
    outDir: path.join(root, "build"),
    write: true,
    viewer,
  });
  if (result.errors.length > 0 || !result.outDir) {
    throw new Error(`the browser fixture site did not build:\n${result.errors.map((e) => `  ${e.file ?? ""} ${e.message}`).join("\n")}`);
  }
  const server = await startServer({ dir: result.outDir, basePath: config.baseUrl, port: 0 });
  project.provide("siteUrl", server.url);
  project.provide("buildDir", result.outDir);
  return async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  };
}
