/**
 * A render thread (see renderPool.ts): takes the setup, then renders the chunks of routes it is sent and
 * posts each chunk back. Pages go into the staging output folder when the build writes one; otherwise
 * their bytes travel with the chunk, moved rather than copied.
 */
import path from "node:path";
import { parentPort } from "node:worker_threads";
import { loadConfig } from "../config/load.ts";
import { Diagnostics } from "../diagnostics.ts";
import { apiLinkResolver, buildApiPages } from "./apiPages.ts";
import type { Page, PageKind } from "./pages.ts";
import { loadTemplates, renderOnePage, TEMPLATE_FILES, type Templates } from "./render.ts";
import type { FromRenderThread, RenderSetup, ToRenderThread } from "./renderPool.ts";
import type { SiteData } from "./siteData.ts";

const port = parentPort!;
// Loaded while the main thread still prepares the pages: the built-in templates and React with them.
const warmUp = loadTemplates(Object.keys(TEMPLATE_FILES) as PageKind[], undefined);

interface Prepared {
  site: SiteData;
  pages: Map<string, Page>;
  templates: Templates;
  /** Where API pages' closures report while their template runs. */
  late: Diagnostics;
  /** The staging output folder, when the build writes one. */
  writeTo?: string;
}

async function prepare(setup: RenderSetup): Promise<Prepared> {
  const config = await loadConfig(setup.configFile);
  const site: SiteData = {
    config,
    versions: setup.versions,
    lastVersion: setup.versions.find((v) => v.name === setup.lastVersion)!,
    sidebars: setup.sidebars,
    assets: setup.assets,
  };
  const late = new Diagnostics();
  const models = new Map(setup.api.map((api) => [api.version, api.model]));
  const resolveApi = apiLinkResolver(setup.versions, models);
  const pages = new Map(setup.pages.map((page) => [page.route, page]));
  for (const api of setup.api) {
    const version = setup.versions.find((v) => v.name === api.version)!;
    const targets = new Map(api.targets);
    const input = { version, model: api.model, overviewHtml: api.overviewHtml, overviewFile: api.overviewFile, resolveApi, repoUrl: config.api!.repoUrl, diagnostics: late };
    for (const page of buildApiPages(input)) {
      if (!targets.has(page.route)) continue;
      page.versionTargets = targets.get(page.route);
      pages.set(page.route, page);
    }
  }
  // What building the API pages reported, the main thread's API stage reported already.
  late.items.length = 0;
  await warmUp;
  const templates = await loadTemplates(
    [...pages.values()].map((p) => p.kind),
    config.templatesDir && path.resolve(config.siteDir, config.templatesDir),
  );
  return { site, pages, templates, late, writeTo: setup.writeTo };
}

function renderChunk({ site, pages, templates, late, writeTo }: Prepared, id: number, routes: string[]): void {
  const done: Extract<FromRenderThread, { type: "pages" }>["pages"] = [];
  const transfer: ArrayBuffer[] = [];
  for (const route of routes) {
    const { rendered, diagnostics } = renderOnePage(site, pages.get(route)!, templates, late, writeTo);
    done.push([route, rendered, diagnostics]);
    // Small buffers share Node's pool; only a buffer that owns its memory can be moved.
    const html = rendered?.html;
    if (html && html.byteOffset === 0 && html.buffer.byteLength === html.byteLength) transfer.push(html.buffer as ArrayBuffer);
  }
  port.postMessage({ type: "pages", id, pages: done } satisfies FromRenderThread, transfer);
}

// Messages are handled one after another: chunks can arrive while the setup is still being prepared.
let prepared: Promise<Prepared> | undefined;
let queue = Promise.resolve();
port.on("message", (message: ToRenderThread) => {
  queue = queue
    .then(async () => {
      if (message.type === "setup") prepared = prepare(message.setup);
      else renderChunk(await prepared!, message.id, message.routes);
    })
    .catch((error: unknown) => {
      port.postMessage({ type: "failed", message: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies FromRenderThread);
      port.close();
    });
});
