/**
 * Builds the fixture site once per run and serves it under its base path. The build uses a copy of
 * the fixture content with one extra page (a title written as markup, for the search XSS test) and
 * hide-on-scroll enabled, so the shared fixture and the other suites' expectations stay untouched.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { loadConfig } from "../../cli/config/load.ts";
import { runPipeline } from "../../cli/pipeline.ts";
import { startServer } from "../../cli/serve/index.ts";

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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = mkdtempSync(path.join(tmpdir(), "carta-browser-"));
  cpSync(path.join(FIXTURE, "content"), path.join(root, "content"), { recursive: true });
  writeFileSync(path.join(root, "content", "docs", "guide", "markup-title.md"), MARKUP_DOC);
  const config = await loadConfig(path.join(FIXTURE, "site.config.ts"));
  const result = await runPipeline({
    config: { ...config, siteDir: root, navbar: { ...config.navbar, hideOnScroll: true } },
    outDir: path.join(root, "build"),
    write: true,
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
