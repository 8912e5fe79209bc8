/**
 * Renders pages on worker threads beside the main thread. A large build spends most of its time in
 * React's renderToStaticMarkup, one page after another; shared out across cores, that time divides.
 *
 * Pages cross threads as data (structured clone). API pages hold closures (links and comment markdown
 * of their version), so they do not travel: a thread gets each version's model and rebuilds the API
 * pages with the same buildApiPages the main thread used, keeping the routes it was given. The pages
 * come back as UTF-8 bytes with what rendering them reported, and the main thread files them in page
 * order, so a build's output and diagnostics do not depend on how the work was shared.
 */
import os from "node:os";
import type { Worker } from "node:worker_threads";
import type { ApiVersionModel } from "../api/model.ts";
import type { Sidebars } from "../content/sidebars.ts";
import type { DocsVersion } from "../content/versions.ts";
import type { Diagnostic } from "../diagnostics.ts";
import { startTsWorker } from "../util/tsWorker.ts";
import type { ApiPage, Page, VersionTarget } from "./pages.ts";
import type { PageRendering, RenderedPage } from "./render.ts";
import type { SiteAssets, SiteData } from "./siteData.ts";

/** Below this many pages to render, starting threads costs more than it saves. */
export const PARALLEL_MIN_PAGES = 2000;

/** One thread's part of the render stage. */
export interface RenderShare {
  /** The thread loads the config itself: a config may hold functions (custom navbar items). */
  configFile: string;
  versions: DocsVersion[];
  lastVersion: string;
  sidebars: Map<string, Sidebars>;
  assets: SiteAssets;
  /** Pages other than API pages, as they are. */
  pages: Page[];
  /** API pages by version, rebuilt on the thread and then given the version targets computed here. */
  api: ApiShare[];
}

export interface ApiShare {
  version: string;
  model: ApiVersionModel;
  overviewHtml: string;
  overviewFile: string;
  targets: [route: string, targets: VersionTarget[] | undefined][];
}

export type FromRenderThread =
  /** A rendered page's html arrives as a Uint8Array (a Buffer loses its class between threads). */
  | { type: "pages"; pages: [route: string, rendered: RenderedPage | undefined, diagnostics: Diagnostic[]][] }
  | { type: "done" }
  | { type: "failed"; message: string };

const ENTRY = new URL("./renderWorker.ts", import.meta.url);

/** Threads to use beside the main thread: one per further core, at most three. */
export function defaultRenderThreads(): number {
  return Math.max(0, Math.min(os.availableParallelism() - 1, 3));
}

export function isApiPage(page: Page): page is ApiPage {
  return "api" in page;
}

/**
 * Splits `pages` into `parts` shares, dealt out in turn so that every share gets a like mix of
 * small and large pages. Share 0 is the main thread's.
 */
export function dealPages(pages: Page[], parts: number): Page[][] {
  const shares: Page[][] = Array.from({ length: parts }, () => []);
  pages.forEach((page, i) => shares[i % parts]!.push(page));
  return shares;
}

/** What a thread needs to render `pages`, which come from the build's full page list `allPages`. */
export function renderShare(site: SiteData, pages: Page[], allPages: Page[]): RenderShare {
  const api = new Map<string, ApiShare>();
  for (const page of pages) {
    if (!isApiPage(page)) continue;
    const version = page.version!;
    let share = api.get(version.name);
    if (!share) {
      const landing = allPages.find((p) => p.kind === "apiLanding" && p.version?.name === version.name);
      const overview = landing?.kind === "apiLanding" ? { overviewHtml: landing.overviewHtml, overviewFile: landing.source } : { overviewHtml: "", overviewFile: "" };
      api.set(version.name, (share = { version: version.name, model: page.api.model, ...overview, targets: [] }));
    }
    share.targets.push([page.route, page.versionTargets]);
  }
  return {
    configFile: site.config.configFile,
    versions: site.versions,
    lastVersion: site.lastVersion.name,
    sidebars: site.sidebars,
    assets: site.assets,
    pages: pages.filter((page) => !isApiPage(page)),
    api: [...api.values()],
  };
}

export class RenderPool {
  private constructor(private readonly workers: Worker[]) {}

  /** Starts the threads now, so they load their modules while the main thread prepares the pages. */
  static start(threads: number): RenderPool {
    return new RenderPool(Array.from({ length: threads }, () => startTsWorker(ENTRY, undefined)));
  }

  get size(): number {
    return this.workers.length;
  }

  /**
   * Sends one share to each thread; resolves with every page rendered, or rejects on the first failure.
   * `onPage` is called as each page arrives.
   */
  render(shares: RenderShare[], onPage: () => void): Promise<Map<string, PageRendering>> {
    const rendered = new Map<string, PageRendering>();
    const work = shares.map(
      (share, i) =>
        new Promise<void>((resolve, reject) => {
          const worker = this.workers[i]!;
          worker.on("message", (message: FromRenderThread) => {
            if (message.type === "done") resolve();
            else if (message.type === "failed") reject(new Error(message.message));
            else {
              for (const [route, page, diagnostics] of message.pages) {
                const html = page?.html;
                rendered.set(route, { rendered: page && html && { ...page, html: Buffer.from(html.buffer, html.byteOffset, html.byteLength) }, diagnostics });
                onPage();
              }
            }
          });
          worker.once("error", reject);
          worker.once("exit", (code) => reject(new Error(`the render thread stopped (exit code ${code})`)));
          worker.postMessage(share);
        }),
    );
    return Promise.all(work).then(() => rendered);
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
