/** Worker threads that run one of the toolchain's TypeScript modules (see tsWorker.mjs). */
import { Worker, workerData } from "node:worker_threads";
import { FROM_SOURCE } from "./toolchainModule.ts";

const STARTER = new URL("./tsWorker.mjs", import.meta.url);

/** Starts `entry` (a module URL) in a new thread; the module reads `data` with `threadData()`. Compiled, it runs as it is. */
export function startTsWorker(entry: URL, data: unknown): Worker {
  return new Worker(FROM_SOURCE ? STARTER : entry, { workerData: { entry: entry.href, data } });
}

/** Inside a thread started by startTsWorker: the data it was given. */
export function threadData<T>(): T {
  return (workerData as { data: T }).data;
}
