/**
 * A render thread (see renderPool.ts): builds the API models from the recipes it is sent ahead and rebuilds
 * the API pages, takes the rest of the setup, then renders the chunks of routes it is sent and posts each
 * chunk back; after the pages, it makes twins of the chunks it is sent so. Pages and twins go into the
 * staging output folder when the build writes one; their bytes travel with the chunk (a twin's always: the
 * llms-full.txt files are made of them), moved rather than copied.
 */
import path from "node:path";
import { parentPort } from "node:worker_threads";
import { modelFromRecipe } from "../api/index.ts";
import { withSafeAnnouncement } from "../config/announcement.ts";
import { loadConfig, type ResolvedConfig } from "../config/load.ts";
import { Diagnostics } from "../util/diagnostics.ts";
import { apiLinkResolver, buildApiPages } from "../pages/apiPages.ts";
import { stagedWritesDone, type StagingFolders } from "../output/writeOutput.ts";
import type { ApiPage, Page, PageKind } from "../pages/pages.ts";
import { loadTemplates, makeTwin, renderOnePage, TEMPLATE_FILES, type Templates } from "../render/renderPages.ts";
import type { ApiRenderSetup, FromRenderThread, RenderSetup, ThreadJob, ToRenderThread } from "./renderPool.ts";
import type { SiteData } from "../pages/siteData.ts";
import { twinsOf } from "../output/twinUrls.ts";

const port = parentPort!;
// Loaded while the main thread still prepares the pages: the built-in templates and React with them.
const warmUp = loadTemplates(Object.keys(TEMPLATE_FILES) as PageKind[], undefined);

interface Prepared {
  site: SiteData;
  pages: Map<string, Page>;
  templates: Templates;
  /** The staging output folder, when the build writes one. */
  writeTo?: StagingFolders;
}

let config: Promise<ResolvedConfig> | undefined;
const configOf = (file: string) => (config ??= loadConfig(file).then(withSafeAnnouncement));

/**
 * Where API pages' closures report: while a page's template runs, for that page; what they report while
 * the pages are built, the main thread reported already.
 */
const late = new Diagnostics();

/** The API pages of every version, by route, rebuilt with the main thread's buildApiPages. */
async function buildApi(setup: ApiRenderSetup): Promise<Map<string, ApiPage>> {
  const config = await configOf(setup.configFile);
  const models = new Map(setup.api.map((a) => [a.version, "json" in a.model ? modelFromRecipe(a.model) : a.model.model]));
  const resolveApi = apiLinkResolver(setup.versions, models);
  const pages = new Map<string, ApiPage>();
  const twins = twinsOf(config);
  for (const { version: name, overviewHtml, overviewMarkdown, overviewFile } of setup.api) {
    const version = setup.versions.find((v) => v.name === name)!;
    const input = { version, versions: setup.versions, changes: setup.changes, model: models.get(name)!, overviewHtml, overviewMarkdown, overviewFile, resolveApi, repoUrl: config.api!.repoUrl, diagnostics: late, twins, uses: setup.uses, inlineCode: config.api!.links.inlineCode };
    for (const page of buildApiPages(input)) pages.set(page.route, page);
  }
  late.items.length = 0;
  return pages;
}

async function prepare(setup: RenderSetup, api: Promise<Map<string, ApiPage>> | undefined): Promise<Prepared> {
  const config = await configOf(setup.configFile);
  const site: SiteData = {
    config,
    versions: setup.versions,
    lastVersion: setup.versions.find((v) => v.name === setup.lastVersion)!,
    sidebars: setup.sidebars,
    docsEntries: setup.docsEntries,
    assets: setup.assets,
  };
  const pages = new Map<string, Page>(setup.pages.map((page) => [page.route, page]));
  const apiPages = (await api) ?? new Map<string, ApiPage>();
  for (const [route, targets] of setup.apiTargets) {
    const page = apiPages.get(route);
    if (!page) throw new Error(`the render thread has no API page ${route}`);
    page.versionTargets = targets;
    pages.set(route, page);
  }
  await warmUp;
  const templates = await loadTemplates(
    [...pages.values()].map((p) => p.kind),
    config.templatesDir && path.resolve(config.siteDir, config.templatesDir),
  );
  return { site, pages, templates, writeTo: setup.writeTo };
}

/**
 * Makes each route of a chunk (`job` says what: the page, or its twin) and posts the chunk back once its files
 * are written (a failed write fails the thread, whose pages the main thread then makes and writes itself).
 */
async function doChunk({ site, pages, templates, writeTo }: Prepared, job: ThreadJob, id: number, routes: string[]): Promise<void> {
  const results: Extract<FromRenderThread, { type: "done" }>["results"] = [];
  const transfer: ArrayBuffer[] = [];
  for (const route of routes) {
    const page = pages.get(route)!;
    if (job === "render") {
      const rendered = renderOnePage(site, page, templates, late, { writeTo, twin: false });
      results.push([route, rendered]);
      if (rendered.rendered) transfer.push(...movable(rendered.rendered, ["html"]));
    } else {
      const made = makeTwin(site, page, late, writeTo);
      results.push([route, made]);
      transfer.push(...movable(made.twin, ["twin", "twinFull"]));
    }
  }
  if (writeTo) await stagedWritesDone(writeTo.dir, true);
  port.postMessage({ type: "done", id, results } satisfies FromRenderThread, transfer);
}

/**
 * The memory of `holder`'s buffers, to move rather than copy. A small buffer shares Node's 8 KB pool, which
 * a message would copy whole and the main thread then keep per buffer: it gets a copy of its own bytes first.
 */
function movable<K extends string>(holder: Partial<Record<K, Buffer>>, keys: readonly K[]): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const key of keys) {
    let bytes = holder[key];
    if (!bytes) continue;
    if (bytes.byteOffset !== 0 || bytes.buffer.byteLength !== bytes.byteLength) {
      const own = new Uint8Array(bytes);
      bytes = holder[key] = Buffer.from(own.buffer, 0, own.byteLength);
    }
    out.push(bytes.buffer as ArrayBuffer);
  }
  return out;
}

// Messages are handled one after another: chunks can arrive while the setup is still being prepared. A
// failure to rebuild the API pages is reported with the first chunk, when the main thread listens.
let apiPages: Promise<Map<string, ApiPage>> | undefined;
let prepared: Promise<Prepared> | undefined;
let queue = Promise.resolve();
port.on("message", (message: ToRenderThread) => {
  queue = queue
    .then(async () => {
      if (message.type === "api") {
        apiPages = buildApi(message.setup);
        apiPages.catch(() => {});
      } else if (message.type === "setup") prepared = prepare(message.setup, apiPages);
      else await doChunk(await prepared!, message.type, message.id, message.routes);
    })
    .catch((error: unknown) => {
      port.postMessage({ type: "failed", message: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies FromRenderThread);
      port.close();
    });
});
