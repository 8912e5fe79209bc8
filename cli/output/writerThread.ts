/**
 * Files written on a thread of their own. Creating a file on this machine's ext4 costs the kernel some 0.4 ms
 * (its inode and journal); through fs.writeFile each of a cold build's ~2,900 files was three jobs of libuv's
 * threads, each waking one and calling back into the main thread, ~0.9 s of the render stage's wall time. This
 * thread takes the files in batches and writes each with one synchronous call, so the main thread sends a
 * message a batch and the kernel's work runs beside it.
 */
import { Worker } from "node:worker_threads";

/** The thread: CommonJS evaluated from this text, so it needs no module file of its own wherever the toolchain runs. */
const SOURCE = `
const { parentPort } = require("node:worker_threads");
const fs = require("node:fs");
parentPort.on("message", (batch) => {
  parentPort.postMessage(batch.map(([file, bytes]) => {
    try {
      fs.writeFileSync(file, bytes);
      return null;
    } catch (error) {
      return { message: error.message, code: error.code, errno: error.errno, syscall: error.syscall, path: error.path };
    }
  }));
});
`;

type Failure = { message: string; code?: string; errno?: number; syscall?: string; path?: string };
type Done = (error: NodeJS.ErrnoException | null) => void;

/** Writes sent together: a batch is sent when it holds this many files, or when the current task ends. */
const BATCH = 16;

let worker: Worker | undefined;
let batch: [file: string, bytes: Uint8Array][] = [];
let batchDone: Done[] = [];
/** Callbacks of the batches sent, in order: the thread answers each batch with one message. */
const sent: Done[][] = [];

/** Batches sent and not written yet past which the thread is behind: their bytes are held until it catches up. */
const BEHIND = 8;

/** Whether the thread is behind: a caller then writes elsewhere (libuv's threads), so the bytes held stay bounded. */
export const writerBehind = (): boolean => sent.length >= BEHIND;

function thread(): Worker {
  if (worker) return worker;
  const started = new Worker(SOURCE, { eval: true });
  started.on("message", (results: (Failure | null)[]) => {
    const done = sent.shift()!;
    results.forEach((failure, i) => done[i]!(failure && Object.assign(new Error(failure.message), failure)));
    if (sent.length === 0) started.unref(); // idle: the process may end
  });
  // The thread ending (an error of its own, not a write's): every write waiting on it fails, and the next starts another.
  let failure: Error | undefined;
  started.on("error", (error) => (failure = error));
  started.on("exit", () => {
    worker = undefined;
    const error = failure ?? new Error("the thread writing the output's files stopped");
    for (const done of sent.splice(0).flat()) done(error);
  });
  return (worker = started);
}

function send(): void {
  if (batch.length === 0) return;
  const writer = thread();
  writer.ref();
  writer.postMessage(batch);
  sent.push(batchDone);
  batch = [];
  batchDone = [];
}

/**
 * Writes `bytes` to `file` on the writer thread (started on first use); `done` is called on this thread once
 * written, or with the failure. `bytes` is copied when sent: the caller may keep it.
 */
export function writeOnThread(file: string, bytes: Uint8Array, done: Done): void {
  if (batch.length === 0) queueMicrotask(send);
  batch.push([file, bytes]);
  batchDone.push(done);
  if (batch.length >= BATCH) send();
}
