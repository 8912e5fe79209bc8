/**
 * The snippet check of a version known only from a snapshot: its blocks type-checked against declarations made
 * from the snapshot's model. It needs nothing of the build but the model, so a one-off build runs it on a
 * thread of its own (SnapshotCheckThread) while the main thread converts the current version with TypeDoc:
 * on two cores the frozen versions' checks (about two seconds of TypeScript for CARTA's two snapshots) then
 * cost the build no time. Where the thread fails, the check runs on the calling thread.
 */
import os from "node:os";
import { join } from "node:path";
import { parentPort, type Worker } from "node:worker_threads";
import type { ApiVersionModel } from "../api/model.ts";
import { startTsWorker } from "../util/tsWorker.ts";
import { toolchainModule } from "../util/toolchainModule.ts";
import { declarationFile } from "./declarations.ts";
import type { PageUses } from "./apiUses.ts";
import type { SnippetGlobal, SnippetPage, SnippetProblem } from "./typecheck.ts";

/** One check: what typeCheckSnippets needs of a snapshot version, all of it data that crosses threads. */
export interface SnapshotCheckJob {
  /** The snapshot's content hash: the declarations are placed, in memory only, under a cache folder named after it. */
  identity: string;
  cacheDir: string;
  model: ApiVersionModel;
  globals: SnippetGlobal[];
  pages: SnippetPage[];
  /** Whether to collect the API each page's blocks use. */
  collect: boolean;
}

/** The problems and uses of each page, in the job's page order. */
export interface SnapshotCheckResult {
  problems: SnippetProblem[][];
  uses: PageUses[];
}

/** Runs one check on this thread (loading TypeScript on first use). */
export async function checkAgainstSnapshot(job: SnapshotCheckJob): Promise<SnapshotCheckResult> {
  const [{ typeCheckSnippets }, { useLookup }] = await Promise.all([import("./typecheck.ts"), import("./collectUses.ts")]);
  const { model } = job;
  const root = join(job.cacheDir, "snippets", `snapshot-${job.identity.slice(0, 16)}`);
  const lookup = job.collect ? useLookup(model, (item) => [declarationFile(model, item) ?? ""]) : undefined;
  const { problems, uses } = typeCheckSnippets({ root, snapshot: model, globals: job.globals, pages: job.pages, ...(lookup && { lookup }) });
  return { problems, uses };
}

type Reply = { id: number; result: SnapshotCheckResult } | { id: number; error: string };

const ENTRY = new URL(toolchainModule("./snapshotCheckThread.ts"), import.meta.url);

/**
 * A thread that runs snapshot checks one after another, in the order asked (TypeScript's libraries are parsed
 * once for all of them). Started on the first check; `close` ends it.
 */
export class SnapshotCheckThread {
  private worker: Worker | undefined;
  private closed = false;
  private failure: string | undefined;
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: (result: SnapshotCheckResult) => void; reject: (error: Error) => void }>();

  /** The check's result from the thread; on the calling thread when the thread cannot run it. */
  async check(job: SnapshotCheckJob): Promise<SnapshotCheckResult> {
    try {
      return await this.onThread(job);
    } catch (error) {
      if (this.closed) throw error;
      return checkAgainstSnapshot(job);
    }
  }

  /** Ends the thread; checks still waiting fail. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    this.stop("the thread was closed");
    await worker?.terminate();
  }

  private onThread(job: SnapshotCheckJob): Promise<SnapshotCheckResult> {
    if (this.failure !== undefined) return Promise.reject(new Error(this.failure));
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      try {
        worker.postMessage({ id, job });
      } catch (error) {
        this.waiting.delete(id); // a job that cannot be copied to the thread
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  private start(): Worker {
    const worker = startTsWorker(ENTRY, undefined);
    worker.on("message", (reply: Reply) => {
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if ("error" in reply) waiter?.reject(new Error(reply.error));
      else waiter?.resolve(reply.result);
    });
    worker.on("error", (error) => this.stop(error.message));
    worker.on("exit", (code) => this.stop(`the snapshot check thread stopped (exit code ${code})`));
    return worker;
  }

  private stop(why: string): void {
    this.failure ??= why;
    for (const { reject } of this.waiting.values()) reject(new Error(why));
    this.waiting.clear();
  }
}

/** Inside the thread: runs each job posted to it and posts back its result or its error. */
export function snapshotCheckThreadMain(): void {
  const port = parentPort!;
  // Work that may wait: beside the conversion on the main thread and render threads building models, this thread
  // yields the cores first. On Linux a thread's nice value is its own (setpriority on the calling thread), elsewhere
  // it would be the whole process's, so only there.
  if (process.platform === "linux") {
    try {
      os.setPriority(10);
    } catch {
      // not allowed here: the thread runs at the process's priority
    }
  }
  let queue = Promise.resolve();
  port.on("message", ({ id, job }: { id: number; job: SnapshotCheckJob }) => {
    queue = queue.then(async () => {
      try {
        port.postMessage({ id, result: await checkAgainstSnapshot(job) } satisfies Reply);
      } catch (error) {
        port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies Reply);
      }
    });
  });
}
