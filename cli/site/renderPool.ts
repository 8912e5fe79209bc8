/**
 * Renders pages on worker threads and the main thread together. A large build spends most of its time
 * in React's renderToStaticMarkup, one page after another; shared out across cores, that time divides.
 *
 * Each thread first gets the setup: the site data and the pages it may be asked for. Pages cross threads
 * as data (structured clone); API pages hold closures (links and comment markdown of their version), so
 * they do not travel: a thread gets each version's model and rebuilds the API pages with the same
 * buildApiPages the main thread used. The models go out as soon as the API pages exist, so a thread builds
 * them while the main thread renders the docs' markdown; they go as recipes (TypeDoc's JSON text), as
 * copying a model costs the main thread about 0.1 s per 3,000 declarations and handing over text almost
 * nothing. Then every thread, the main one included, takes the next chunk of pages whenever it has
 * finished one, so no thread idles while another has a backlog. Pages come back
 * as UTF-8 bytes with their links, ids, search documents and diagnostics; the caller files them in page
 * order, so a build's output and diagnostics do not depend on which thread rendered what.
 */
import os from "node:os";
import type { Worker } from "node:worker_threads";
import type { ApiVersionModel, ModelRecipe } from "../api/index.ts";
import type { ApiChanges } from "../api/history.ts";
import type { Sidebars } from "../content/sidebars.ts";
import type { DocsVersion } from "../content/versions.ts";
import type { Diagnostic } from "../diagnostics.ts";
import { startTsWorker } from "../util/tsWorker.ts";
import type { StagingFolders } from "./output.ts";
import type { ApiPage, Page, VersionTarget } from "./pages.ts";
import type { PageRendering, RenderedPage } from "./render.ts";
import type { SiteAssets, SiteData } from "./siteData.ts";
import { toolchainModule } from "../util/toolchainModule.ts";

/** Below this many pages to render, starting threads costs more than it saves. */
export const PARALLEL_MIN_PAGES = 2000;
/** Pages a thread takes at a time: large enough to keep messages few, small enough to end together. */
const CHUNK = 32;
/** Chunks sent to a thread ahead, so it never waits for the main thread to hand out work. */
const AHEAD = 2;

/**
 * What a thread needs to rebuild the API pages. Sent as soon as the main thread has built them, so the
 * thread builds the models and the pages while the main thread renders the docs' markdown.
 */
export interface ApiRenderSetup {
  /** The thread loads the config itself: a config may hold functions (custom navbar items). */
  configFile: string;
  versions: DocsVersion[];
  api: ApiVersionSetup[];
  /** The diffs between versions, computed once on the main thread. */
  changes: ApiChanges;
}

export interface ApiVersionSetup {
  version: string;
  /** The model is built on the thread from its recipe where there is one; else it is copied over. */
  model: ModelRecipe | { model: ApiVersionModel };
  overviewHtml: string;
  overviewMarkdown?: string;
  overviewFile: string;
}

/** What a thread needs before rendering anything, besides the API setup. */
export interface RenderSetup {
  configFile: string;
  versions: DocsVersion[];
  lastVersion: string;
  sidebars: Map<string, Sidebars>;
  assets: SiteAssets;
  /** Pages other than API pages, as they are. */
  pages: Page[];
  /** The API pages to render, with the version targets computed here (the thread's API pages have none). */
  apiTargets: [route: string, targets: VersionTarget[] | undefined][];
  /** Staging output folder the thread writes its pages into, when the build writes its output. */
  writeTo?: StagingFolders;
}

export type ToRenderThread = { type: "api"; setup: ApiRenderSetup } | { type: "setup"; setup: RenderSetup } | { type: "render"; id: number; routes: string[] };

export type FromRenderThread =
  /** A rendered page's html and twin arrive as Uint8Arrays (a Buffer loses its class between threads). */
  | { type: "pages"; id: number; pages: [route: string, rendered: RenderedPage | undefined, diagnostics: Diagnostic[]][] }
  | { type: "failed"; message: string };

const ENTRY = new URL(toolchainModule("./renderWorker.ts"), import.meta.url);

/** Threads to use beside the main thread: one per further core, at most three. */
export function defaultRenderThreads(): number {
  return Math.max(0, Math.min(os.availableParallelism() - 1, 3));
}

function isApiPage(page: Page): page is ApiPage {
  return "api" in page;
}

/** What a thread needs to rebuild `apiPages` (every API page of the build), with the models' recipes by version. */
export function apiRenderSetup(configFile: string, versions: DocsVersion[], apiPages: ApiPage[], recipes: Map<string, ModelRecipe>): ApiRenderSetup {
  const api = new Map<string, ApiVersionSetup>();
  const changes = apiPages[0]?.api.history.changes ?? { versions: [], labels: [], diffs: [] };
  for (const page of apiPages) {
    const version = page.version!.name;
    if (!api.has(version)) api.set(version, { version, model: recipes.get(version) ?? { model: page.api.model }, overviewHtml: "", overviewFile: "" });
    if (page.kind === "apiLanding") Object.assign(api.get(version)!, { overviewHtml: page.overviewHtml, overviewMarkdown: page.overviewMarkdown, overviewFile: page.source });
  }
  return { configFile, versions, api: [...api.values()], changes };
}

/** What a thread needs to render any of `pages`, besides the API setup. */
export function renderSetup(site: SiteData, pages: Page[], writeTo: StagingFolders | undefined): RenderSetup {
  return {
    configFile: site.config.configFile,
    versions: site.versions,
    lastVersion: site.lastVersion.name,
    sidebars: site.sidebars,
    assets: site.assets,
    pages: pages.filter((page) => !isApiPage(page)),
    apiTargets: pages.filter(isApiPage).map((page) => [page.route, page.versionTargets]),
    ...(writeTo && { writeTo }),
  };
}

/** Chunks of pages not yet taken; a failed thread gives its chunks back. */
class ChunkQueue {
  private readonly chunks: Page[][] = [];

  constructor(pages: Page[]) {
    for (let i = 0; i < pages.length; i += CHUNK) this.chunks.push(pages.slice(i, i + CHUNK));
  }

  take(): Page[] | undefined {
    return this.chunks.shift();
  }

  giveBack(chunk: Page[]): void {
    this.chunks.push(chunk);
  }
}

export interface PoolRendering {
  results: Map<string, PageRendering>;
  /** Why threads failed; their pages were rendered on the main thread. */
  failures: string[];
}

/** A rendered page's bytes arrive as a Uint8Array (a Buffer loses its class between threads): a Buffer again. */
function bytesOf(page: RenderedPage, key: "html" | "twin" | "twinFull"): Partial<RenderedPage> {
  const bytes = page[key];
  return bytes ? { [key]: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) } : {};
}

export class RenderPool {
  private nextId = 1;

  private constructor(private readonly workers: Worker[]) {}

  /** Starts the threads now, so they load their modules while the main thread prepares the pages. */
  static start(threads: number): RenderPool {
    return new RenderPool(Array.from({ length: threads }, () => startTsWorker(ENTRY, undefined)));
  }

  /** Sends every thread what it needs to rebuild the API pages (see ApiRenderSetup); before `render`. */
  sendApi(setup: ApiRenderSetup): void {
    for (const worker of this.workers) worker.postMessage({ type: "api", setup } satisfies ToRenderThread);
  }

  /**
   * Renders `pages` on the threads and on this one (`renderHere`), chunk by chunk. `onPage` is called as
   * each page is done.
   */
  async render(setup: RenderSetup, pages: Page[], renderHere: (page: Page) => PageRendering, onPage: () => void): Promise<PoolRendering> {
    const queue = new ChunkQueue(pages);
    const rendered: PoolRendering = { results: new Map(), failures: [] };
    const threads = this.workers.map((worker) => this.drive(worker, setup, queue, rendered, onPage));
    const drain = async () => {
      for (let chunk = queue.take(); chunk; chunk = queue.take()) {
        for (const page of chunk) {
          rendered.results.set(page.route, renderHere(page));
          onPage();
        }
        // Lets the threads' messages in: their results, and their turn to take the next chunk.
        await new Promise(setImmediate);
      }
    };
    await drain();
    await Promise.all(threads);
    await drain(); // chunks a thread gave back after failing late
    return rendered;
  }

  /** Feeds one thread chunks until none are left; resolves when it has returned all it took, or failed. */
  private drive(worker: Worker, setup: RenderSetup, queue: ChunkQueue, rendered: PoolRendering, onPage: () => void): Promise<void> {
    return new Promise((resolve) => {
      const inFlight = new Map<number, Page[]>();
      let finished = false;
      const finish = (failure?: string) => {
        if (finished) return;
        finished = true;
        if (failure !== undefined) {
          rendered.failures.push(failure);
          for (const chunk of inFlight.values()) queue.giveBack(chunk);
        }
        resolve();
      };
      const send = () => {
        const chunk = queue.take();
        if (!chunk) return;
        const id = this.nextId++;
        inFlight.set(id, chunk);
        worker.postMessage({ type: "render", id, routes: chunk.map((page) => page.route) } satisfies ToRenderThread);
      };
      worker.on("message", (message: FromRenderThread) => {
        if (finished) return;
        if (message.type === "failed") return finish(message.message);
        inFlight.delete(message.id);
        for (const [route, page, diagnostics] of message.pages) {
          rendered.results.set(route, { rendered: page && { ...page, ...bytesOf(page, "html"), ...bytesOf(page, "twin"), ...bytesOf(page, "twinFull") }, diagnostics });
          onPage();
        }
        send();
        if (inFlight.size === 0) finish();
      });
      worker.once("error", (error) => finish(error.message));
      worker.once("exit", (code) => finish(`the render thread stopped (exit code ${code})`));
      worker.postMessage({ type: "setup", setup } satisfies ToRenderThread);
      for (let i = 0; i < AHEAD; i++) send();
      if (inFlight.size === 0) finish();
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
