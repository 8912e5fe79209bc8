/**
 * The stats of many files taken on a thread of their own, while the main thread goes on. An edit's build at 10,000
 * docs looks at each of the ~28,000 files its staging folder took from the spare (BuildStore.isRecordedFile): one
 * lstat each, ~0.15 s of the main thread's time spent in the kernel, which a second core can spend instead.
 */
import { Worker } from "node:worker_threads";

/** Numbers per file in the result: size (-1 when it is no regular file, or is not there), mtimeMs, ino, ctimeMs. */
export const STATS_PER_FILE = 4;

/** The thread: CommonJS evaluated from this text, so it needs no module file of its own wherever the toolchain runs. */
const SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const files = workerData === "" ? [] : workerData.split("\\0");
const stats = new Float64Array(files.length * ${STATS_PER_FILE});
files.forEach((file, i) => {
  let found;
  try {
    found = fs.lstatSync(file, { throwIfNoEntry: false });
  } catch {}
  const at = i * ${STATS_PER_FILE};
  if (!found || !found.isFile()) stats[at] = -1;
  else [stats[at], stats[at + 1], stats[at + 2], stats[at + 3]] = [found.size, found.mtimeMs, found.ino, found.ctimeMs];
});
parentPort.postMessage(stats, [stats.buffer]);
`;

/**
 * The lstat of each of `files` (absolute paths, none holding a NUL), STATS_PER_FILE numbers each in their order;
 * rejects when the thread cannot start or ends without them (the caller then looks at each file itself).
 */
export function statsOnThread(files: readonly string[]): Promise<Float64Array> {
  return new Promise((resolve, reject) => {
    // One string crosses to the thread: a list of 28,000 paths is as many strings to copy.
    const thread = new Worker(SOURCE, { eval: true, workerData: files.join("\0") });
    thread.once("message", resolve);
    thread.once("error", reject);
    thread.once("exit", () => reject(new Error("the thread taking the files' stats stopped")));
  });
}
