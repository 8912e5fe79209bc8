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
 *
 * The markdown twins are made after the pages, by the threads alone: the main thread meanwhile checks the
 * links and builds the search files, work no other thread can share, so on two cores the twins cost the
 * build almost no time (they were a tenth of a large site's warm build made with the pages).
 */
import os from "node:os";
import type { Worker } from "node:worker_threads";
import type { ApiVersionModel, ModelRecipe } from "../api/index.ts";
import type { ApiChanges } from "../api/history.ts";
import type { VersionUses } from "../snippets/apiUses.ts";
import type { Sidebars } from "../content/sidebars.ts";
import type { DocsVersion } from "../content/versions.ts";
import { startTsWorker } from "../util/tsWorker.ts";
import type { StagingFolders } from "../output/writeOutput.ts";
import { materialized } from "../cache/apartValues.ts";
import type { ApiPage, Page, VersionTarget } from "../pages/pages.ts";
import type { TwinBytes } from "../llms/pageTwin.ts";
import type { PageRendering, RenderedPage, TwinMaking } from "../render/renderPages.ts";
import type { SiteAssets, SiteData } from "../pages/siteData.ts";
import { toolchainModule } from "../util/toolchainModule.ts";

/** Below this many pages to render, starting threads costs more than it saves. */
export const PARALLEL_MIN_PAGES = 2000;
/** Pages a thread takes at a time: large enough to keep messages few, small enough to end together. */
const CHUNK = 32;
/** Chunks sent to a thread ahead while the main thread renders too, so a thread never waits for it to hand out work. */
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
  /** The API each version's snippets use. */
  uses: Map<string, VersionUses>;
}

interface ApiVersionSetup {
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
  docsEntries: Map<string, string>;
  assets: SiteAssets;
  /** Pages other than API pages, as they are. */
  pages: Page[];
  /** The API pages to render, with the version targets computed here (the thread's API pages have none). */
  apiTargets: [route: string, targets: VersionTarget[] | undefined][];
  /** Staging output folder the thread writes its pages into, when the build writes its output. */
  writeTo?: StagingFolders;
}

/** A chunk of routes to render, or to make the twins of (pages rendered already). */
export type ThreadJob = "render" | "twins";

export type ToRenderThread = { type: "api"; setup: ApiRenderSetup } | { type: "setup"; setup: RenderSetup } | { type: ThreadJob; id: number; routes: string[] };

/** What a thread made of one route: the page rendered (a render chunk) or its twin made (a twins chunk). */
export type ThreadResult = PageRendering | TwinMaking;

export type FromRenderThread =
  /** Rendered pages and twins arrive with their bytes as Uint8Arrays (a Buffer loses its class between threads). */
  | { type: "done"; id: number; results: [route: string, result: ThreadResult][] }
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
export function apiRenderSetup(configFile: string, versions: DocsVersion[], apiPages: ApiPage[], recipes: ReadonlyMap<string, { recipe?: ModelRecipe }>, uses: Map<string, VersionUses>): ApiRenderSetup {
  const api = new Map<string, ApiVersionSetup>();
  const changes = apiPages[0]?.api.history.changes ?? { versions: [], labels: [], diffs: [] };
  for (const page of apiPages) {
    const version = page.version!.name;
    if (!api.has(version)) api.set(version, { version, model: recipes.get(version)?.recipe ?? { model: page.api.model }, overviewHtml: "", overviewFile: "" });
    if (page.kind === "apiLanding") Object.assign(api.get(version)!, { overviewHtml: page.overviewHtml, overviewMarkdown: page.overviewMarkdown, overviewFile: page.source });
  }
  return { configFile, versions, api: [...api.values()], changes, uses };
}

/** What a thread needs to render any of `pages`, besides the API setup. */
export function renderSetup(site: SiteData, pages: Page[], writeTo: StagingFolders | undefined): RenderSetup {
  return {
    configFile: site.config.configFile,
    versions: site.versions,
    lastVersion: site.lastVersion.name,
    sidebars: site.sidebars,
    docsEntries: site.docsEntries,
    assets: site.assets,
    // A page's HTML and twin a build store keeps apart are read for the thread (a structured clone passes over them).
    pages: pages.filter((page) => !isApiPage(page)).map(materialized),
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

  get size(): number {
    return this.chunks.length;
  }

  take(): Page[] | undefined {
    return this.chunks.shift();
  }

  giveBack(chunk: Page[]): void {
    this.chunks.push(chunk);
  }
}

export interface PoolResults<R extends ThreadResult> {
  results: Map<string, R>;
  /** Why threads failed; their pages were done on the main thread. */
  failures: string[];
}

/** Bytes that crossed threads as a Uint8Array (a Buffer loses its class): a Buffer again. */
function revived<T extends object>(value: T, keys: readonly (keyof T)[]): T {
  const out = { ...value };
  for (const key of keys) {
    const bytes = value[key] as unknown as Uint8Array | undefined;
    if (bytes) out[key] = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as T[keyof T];
  }
  return out;
}

function revive(job: ThreadJob, result: ThreadResult): ThreadResult {
  if (job === "twins") {
    const made = result as TwinMaking;
    return { ...made, twin: revived<TwinBytes>(made.twin, ["twin", "twinFull"]) };
  }
  // Threads render pages without their twins: those come with the twins job.
  const { rendered, diagnostics, written } = result as PageRendering;
  return { diagnostics, ...(rendered && { rendered: revived<RenderedPage>(rendered, ["html"]) }), ...(written && { written }) };
}

export class RenderPool {
  private nextId = 1;
  /** Threads that failed: they get no more work. */
  private readonly failed = new Set<Worker>();

  private workers: Worker[] | undefined;

  private constructor(private readonly threads: number) {}

  /**
   * Starts the threads now, so they load their modules while the main thread prepares the pages; or, not `now`
   * (a build store keeps most pages' renderings, so few are likely to render), when first given work.
   */
  static start(threads: number, now = true): RenderPool {
    const pool = new RenderPool(threads);
    if (now) pool.spawn();
    return pool;
  }

  /** Whether the threads were started. */
  get started(): boolean {
    return this.workers !== undefined;
  }

  private spawn(): Worker[] {
    if (this.workers) return this.workers;
    const workers = Array.from({ length: this.threads }, () => startTsWorker(ENTRY, undefined));
    // Between jobs too: a thread that fails or stops is not given work again (and its error is no crash).
    for (const worker of workers) worker.on("error", () => this.failed.add(worker)).on("exit", () => this.failed.add(worker));
    return (this.workers = workers);
  }

  /** Sends every thread what it needs to rebuild the API pages (see ApiRenderSetup); before `render`. */
  sendApi(setup: ApiRenderSetup): void {
    for (const worker of this.spawn()) worker.postMessage({ type: "api", setup } satisfies ToRenderThread);
  }

  /**
   * Renders `pages` on the threads and on this one (`renderHere`), chunk by chunk. `onPage` is called as
   * each page is done.
   */
  async render(setup: RenderSetup, pages: Page[], renderHere: (page: Page) => PageRendering, onPage: () => void): Promise<PoolResults<PageRendering>> {
    for (const worker of this.live()) worker.postMessage({ type: "setup", setup } satisfies ToRenderThread);
    return this.share("render", pages, renderHere, true, onPage);
  }

  /**
   * Makes the twins of `pages` (rendered by `render` before) on the threads only, so this thread can go on
   * with the build meanwhile; pages a failed thread leaves are done here (`makeHere`) at the end.
   */
  twins(pages: Page[], makeHere: (page: Page) => TwinMaking): Promise<PoolResults<TwinMaking>> {
    return this.share("twins", pages, makeHere, false, () => {});
  }

  private live(): Worker[] {
    return this.spawn().filter((worker) => !this.failed.has(worker));
  }

  /**
   * Shares `pages` out to the threads chunk by chunk; this thread takes chunks too when `alongside`, else
   * only what is left when the threads are done (a failed thread's chunks).
   */
  private async share<R extends ThreadResult>(job: ThreadJob, pages: Page[], here: (page: Page) => R, alongside: boolean, onPage: () => void): Promise<PoolResults<R>> {
    const queue = new ChunkQueue(pages);
    const done: PoolResults<R> = { results: new Map(), failures: [] };
    const workers = this.live();
    // Working alongside, this thread hands out chunks as threads finish them. Otherwise it is busy with other
    // work and would hand them out late: each thread gets its share at once.
    const ahead = alongside ? AHEAD : Math.ceil(queue.size / Math.max(workers.length, 1));
    const threads = workers.map((worker) => this.drive(job, worker, queue, done, ahead, onPage));
    const drain = async () => {
      for (let chunk = queue.take(); chunk; chunk = queue.take()) {
        for (const page of chunk) {
          done.results.set(page.route, here(page));
          onPage();
        }
        // Lets the threads' messages in: their results, and their turn to take the next chunk.
        await new Promise(setImmediate);
      }
    };
    if (alongside) await drain();
    await Promise.all(threads);
    await drain(); // chunks a thread gave back after failing
    return done;
  }

  /** Feeds one thread chunks of `job` until none are left; resolves when it has returned all it took, or failed. */
  private drive<R extends ThreadResult>(job: ThreadJob, worker: Worker, queue: ChunkQueue, done: PoolResults<R>, ahead: number, onPage: () => void): Promise<void> {
    return new Promise((resolve) => {
      const inFlight = new Map<number, Page[]>();
      const finish = (failure?: string) => {
        worker.off("message", onMessage).off("error", onError).off("exit", onExit);
        if (failure !== undefined) {
          this.failed.add(worker);
          done.failures.push(failure);
          for (const chunk of inFlight.values()) queue.giveBack(chunk);
        }
        resolve();
      };
      const send = () => {
        const chunk = queue.take();
        if (!chunk) return;
        const id = this.nextId++;
        inFlight.set(id, chunk);
        worker.postMessage({ type: job, id, routes: chunk.map((page) => page.route) } satisfies ToRenderThread);
      };
      const onMessage = (message: FromRenderThread) => {
        if (message.type === "failed") return finish(message.message);
        inFlight.delete(message.id);
        for (const [route, result] of message.results) {
          done.results.set(route, revive(job, result) as R);
          onPage();
        }
        send();
        if (inFlight.size === 0) finish();
      };
      const onError = (error: Error) => finish(error.message);
      const onExit = (code: number) => finish(`the render thread stopped (exit code ${code})`);
      worker.on("message", onMessage).once("error", onError).once("exit", onExit);
      for (let i = 0; i < ahead; i++) send();
      if (inFlight.size === 0) finish();
    });
  }

  async close(): Promise<void> {
    await Promise.all((this.workers ?? []).map((worker) => worker.terminate()));
  }
}
