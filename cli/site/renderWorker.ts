/**
 * A render thread (see renderPool.ts): receives one share of the pages, renders them and posts them
 * back in batches as bytes, moved rather than copied.
 */
import path from "node:path";
import { parentPort } from "node:worker_threads";
import { loadConfig } from "../config/load.ts";
import { Diagnostics } from "../diagnostics.ts";
import { apiLinkResolver, buildApiPages } from "./apiPages.ts";
import type { FromRenderThread, RenderShare } from "./renderPool.ts";
import { loadTemplates, renderOnePage, TEMPLATE_FILES } from "./render.ts";
import type { Page, PageKind } from "./pages.ts";
import type { SiteData } from "./siteData.ts";

const BATCH = 64;
const port = parentPort!;
// Loaded while the main thread still prepares the pages: the built-in templates and React with them.
const warmUp = loadTemplates(Object.keys(TEMPLATE_FILES) as PageKind[], undefined);

async function renderShare(share: RenderShare): Promise<void> {
  const config = await loadConfig(share.configFile);
  const site: SiteData = {
    config,
    versions: share.versions,
    lastVersion: share.versions.find((v) => v.name === share.lastVersion)!,
    sidebars: share.sidebars,
    assets: share.assets,
  };
  const late = new Diagnostics();
  const models = new Map(share.api.map((api) => [api.version, api.model]));
  const resolveApi = apiLinkResolver(share.versions, models);
  const pages: Page[] = [...share.pages];
  for (const api of share.api) {
    const version = share.versions.find((v) => v.name === api.version)!;
    const targets = new Map(api.targets);
    const input = { version, model: api.model, overviewHtml: api.overviewHtml, overviewFile: api.overviewFile, resolveApi, repoUrl: config.api!.repoUrl, diagnostics: late };
    for (const page of buildApiPages(input)) {
      if (!targets.has(page.route)) continue;
      page.versionTargets = targets.get(page.route);
      pages.push(page);
    }
  }
  // What building the API pages reported, the main thread's API stage reported already.
  late.items.length = 0;
  await warmUp;
  const templates = await loadTemplates(
    pages.map((p) => p.kind),
    config.templatesDir && path.resolve(config.siteDir, config.templatesDir),
  );
  let batch: Extract<FromRenderThread, { type: "pages" }>["pages"] = [];
  let transfer: ArrayBuffer[] = [];
  const flush = () => {
    port.postMessage({ type: "pages", pages: batch } satisfies FromRenderThread, transfer);
    batch = [];
    transfer = [];
  };
  for (const page of pages) {
    const { rendered, diagnostics } = renderOnePage(site, page, templates, late);
    batch.push([page.route, rendered, diagnostics]);
    // Small buffers share Node's pool; only a buffer that owns its memory can be moved.
    const html = rendered?.html;
    if (html && html.byteOffset === 0 && html.buffer.byteLength === html.byteLength) transfer.push(html.buffer as ArrayBuffer);
    if (batch.length === BATCH) flush();
  }
  flush();
  port.postMessage({ type: "done" } satisfies FromRenderThread);
}

port.once("message", (share: RenderShare) => {
  renderShare(share).catch((error: unknown) => {
    port.postMessage({ type: "failed", message: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies FromRenderThread);
  });
});
