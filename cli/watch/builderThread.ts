/** The main thread's side of the builder worker: rebuild requests, their reports, and restarts. */
import { EventEmitter } from "node:events";
import type { Worker } from "node:worker_threads";
import { startTsWorker } from "../util/tsWorker.ts";
import type { RebuildReport, WatchSessionOptions } from "./session.ts";
import { toolchainModule } from "../util/toolchainModule.ts";

/** What the worker is created with: the session options that can cross a thread boundary. */
export type BuilderOptions = Omit<WatchSessionOptions, "log" | "onProgress">;

export interface ToBuilder {
  id: number;
  changes: string[];
}

export type FromBuilder =
  | { type: "log"; line: string }
  | { type: "progress"; stage: string; done: number; total: number }
  | { type: "rebuilt"; id: number; report: RebuildReport }
  | { type: "search"; id: number; files: string[] };

export interface BuilderEvents {
  log: [line: string];
  progress: [stage: string, done: number, total: number];
  /** Search files written after the rebuild `id`. */
  search: [id: number, files: string[]];
}

const ENTRY = new URL(toolchainModule("./builderWorker.ts"), import.meta.url);

export class BuilderThread extends EventEmitter<BuilderEvents> {
  /** Undefined after a crash until the next rebuild starts a fresh one. */
  private worker?: Worker;
  private readonly waiting = new Map<number, { resolve: (report: RebuildReport) => void; reject: (error: Error) => void }>();
  private nextId = 1;

  constructor(private readonly options: BuilderOptions) {
    super();
  }

  /** Rebuilds after `changes`. A fresh worker (the first, or after a restart or crash) builds everything. */
  rebuild(changes: string[]): Promise<RebuildReport> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      (this.worker ?? this.start()).postMessage({ id, changes } satisfies ToBuilder);
    });
  }

  private start(): Worker {
    const worker = startTsWorker(ENTRY, this.options);
    worker.on("message", (message: FromBuilder) => {
      if (message.type === "log") this.emit("log", message.line);
      else if (message.type === "progress") this.emit("progress", message.stage, message.done, message.total);
      else if (message.type === "search") this.emit("search", message.id, message.files);
      else {
        this.waiting.get(message.id)?.resolve(message.report);
        this.waiting.delete(message.id);
      }
    });
    // A crash fails what was waiting; the next rebuild starts a fresh worker, so watch mode carries on.
    let crash: Error | undefined;
    worker.on("error", (error) => (crash = error));
    worker.once("exit", (code) => {
      this.worker = undefined;
      this.failWaiting(crash ?? new Error(`the builder stopped with exit code ${code}`));
    });
    this.worker = worker;
    return worker;
  }

  /** Ends the worker. The next rebuild starts a fresh one, which loads edited templates and components afresh. */
  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    worker?.removeAllListeners("exit");
    this.failWaiting(new Error("the builder was stopped"));
    await worker?.terminate();
  }

  private failWaiting(error: Error): void {
    for (const { reject } of this.waiting.values()) reject(error);
    this.waiting.clear();
  }
}
