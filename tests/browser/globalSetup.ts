/**
 * Builds the fixture site once per run and serves it under its base path. The build uses a copy of
 * the fixture content with two extra pages (a title written as markup, for the search XSS test, and a
 * regions page with code, for code-aware search),
 * hide-on-scroll enabled, and an API reference (with its navbar link) read from a small viewer
 * repository made beside it, so the shared fixture and the other suites' expectations stay untouched.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { loadConfig } from "../../cli/config/load.ts";
import type { NavbarItem } from "../../cli/config/schema.ts";
import { runPipeline } from "../../cli/pipeline.ts";
import { startServer } from "../../cli/serve/index.ts";
import { API_SETTINGS } from "../api/helpers.ts";
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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = mkdtempSync(path.join(tmpdir(), "carta-browser-"));
  cpSync(path.join(FIXTURE, "content"), path.join(root, "content"), { recursive: true });
  writeFileSync(path.join(root, "content", "docs", "guide", "markup-title.md"), MARKUP_DOC);
  writeFileSync(path.join(root, "content", "versioned_docs", "version-2.0.0", "guide", "regions.md"), REGIONS_DOC);
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
      api: { ...API_SETTINGS, routeBasePath: "api", viewerDir: "viewer", snippets: { include: [], globals: {} } },
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
