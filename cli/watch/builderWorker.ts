/**
 * The watch session inside a worker thread. A worker has its own module graph, so replacing it is how
 * watch mode picks up edited templates and chrome components, which a running module graph cannot reload.
 */
import { parentPort } from "node:worker_threads";
import { threadData } from "../util/tsWorker.ts";
import { WatchSession, type WatchSessionOptions } from "./session.ts";
import type { FromBuilder, ToBuilder } from "./builderThread.ts";

const port = parentPort!;
const post = (message: FromBuilder) => port.postMessage(message);
const session = new WatchSession({
  ...threadData<WatchSessionOptions>(),
  log: (line) => post({ type: "log", line }),
  // Every 20th count is plenty for a status line, and keeps messages off a rebuild's critical path.
  onProgress: (stage, done, total) => {
    if (done === total || done % 20 === 0) post({ type: "progress", stage, done, total });
  },
});

// One task at a time: a rebuild never overlaps the previous build's search files. A task that throws
// ends the worker; the main thread reports it and the next rebuild starts a fresh one.
let queue: Promise<void> = Promise.resolve();
port.on("message", (message: ToBuilder) => {
  queue = queue.then(async () => {
    const report = await session.rebuild(message.changes);
    post({ type: "rebuilt", id: message.id, report });
    if (report.ok) post({ type: "search", id: message.id, files: await session.updateSearch() });
  });
});
