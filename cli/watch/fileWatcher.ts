/**
 * Watches files with chokidar and hands them over in batches: changes that arrive together (an editor's
 * save, a branch switch) become one rebuild. A batch waits a little longer for slow inputs (the viewer's
 * sources, whose rebuild runs TypeDoc) so a burst of saves runs it once.
 */
import fs from "node:fs";
import path from "node:path";
import { watch } from "chokidar";

export interface FileWatcherOptions {
  paths: string[];
  /** Milliseconds a batch waits for more changes after a change to `file`. */
  delayFor: (file: string) => number;
  /** Called with the changed paths and the time the first of them was seen (epoch ms). */
  onBatch: (files: string[], firstSeenAt: number) => void;
  /** A watching failure after start (too many files, a folder gone); watching goes on where it can. */
  onError: (error: Error) => void;
}

export interface FileWatcher {
  close(): Promise<void>;
}

const IGNORED = /[/\\](node_modules|\.git|\.carta-docs-cache|\.carta-docs-sources)([/\\]|$)/;

/**
 * chokidar drops a second change to a file within about 50 ms of the first, with no trailing event, so
 * an editor saving twice in quick succession would leave the second save unbuilt. Each changed file is
 * looked at again after this long, and a newer modification time counts as one more change.
 */
const RECHECK_MS = 80;

function mtimeOf(file: string): number | undefined {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** The batching half of the watcher: `changed` for each change seen, `stop` to drop what is still waiting. */
export function batchChanges({ delayFor, onBatch }: Pick<FileWatcherOptions, "delayFor" | "onBatch">): { changed: (file: string) => void; stop: () => void } {
  let batch = new Set<string>();
  let firstSeenAt = 0;
  let delay = 0;
  let timer: NodeJS.Timeout | undefined;
  const rechecks = new Map<string, NodeJS.Timeout>();
  const changed = (file: string) => {
    const seen = mtimeOf(file);
    clearTimeout(rechecks.get(file));
    rechecks.set(
      file,
      setTimeout(() => {
        rechecks.delete(file);
        const now = mtimeOf(file);
        if (now !== undefined && now !== seen) changed(file);
      }, RECHECK_MS),
    );
    if (batch.size === 0) firstSeenAt = Date.now();
    batch.add(file);
    delay = Math.max(delay, delayFor(file));
    clearTimeout(timer);
    timer = setTimeout(() => {
      const files = [...batch];
      batch = new Set();
      delay = 0;
      onBatch(files, firstSeenAt);
    }, delay);
  };
  const stop = () => {
    clearTimeout(timer);
    for (const recheck of rechecks.values()) clearTimeout(recheck);
  };
  return { changed, stop };
}

export async function watchFiles({ paths, delayFor, onBatch, onError }: FileWatcherOptions): Promise<FileWatcher> {
  const watcher = watch(paths, { ignoreInitial: true, ignored: (file) => IGNORED.test(file) });
  const { changed, stop } = batchChanges({ delayFor, onBatch });
  // chokidar forgets a watched folder (or file) that is removed or moved away, so one put back would go unseen:
  // watching it again as a missing path makes chokidar report it, and what it holds, when it reappears.
  const roots = new Set(paths.map((p) => path.resolve(p)));
  watcher.on("all", (event, file) => {
    if ((event === "unlinkDir" || event === "unlink") && roots.has(path.resolve(file))) watcher.add(file);
    changed(file);
  });
  await new Promise<void>((resolve, reject) => {
    watcher.once("ready", resolve);
    watcher.once("error", reject);
  });
  watcher.removeAllListeners("error");
  watcher.on("error", (error) => onError(error instanceof Error ? error : new Error(String(error))));
  return {
    close: async () => {
      stop();
      await watcher.close();
    },
  };
}
