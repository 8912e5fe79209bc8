import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { batchChanges, watchFiles } from "../../cli/watch/fileWatcher.ts";
import { cleanTemp, tempDir } from "../helpers/site.ts";

afterAll(cleanTemp);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the file watcher", () => {
  it("reports a second save that follows the first within chokidar's throttle window", async () => {
    const dir = tempDir();
    const file = path.join(dir, "page.md");
    fs.writeFileSync(file, "first");
    // Each batch with the text the file held when it was reported: what a rebuild on that batch would read.
    const batches: { files: string[]; text: string }[] = [];
    const watcher = await watchFiles({ paths: [dir], delayFor: () => 10, onBatch: (files) => batches.push({ files, text: fs.readFileSync(file, "utf8") }), onError: () => {} });
    try {
      fs.writeFileSync(file, "second");
      await sleep(20);
      fs.writeFileSync(file, "third, a moment later");
      for (let i = 0; i < 100 && batches.at(-1)?.text !== "third, a moment later"; i++) await sleep(20);
      // A batch comes after the last save, so a rebuild on it sees the final text (a watcher that dropped the
      // second save would leave the last batch reading "second").
      expect(batches.at(-1)?.text).toBe("third, a moment later");
      expect(batches.every((b) => b.files.includes(file))).toBe(true);
    } finally {
      await watcher.close();
    }
  });

  it("reports every file of a burst of 500", async () => {
    const dir = tempDir();
    const batches: string[][] = [];
    const watcher = await watchFiles({ paths: [dir], delayFor: () => 50, onBatch: (files) => batches.push(files), onError: () => {} });
    try {
      for (let i = 0; i < 500; i++) fs.writeFileSync(path.join(dir, `page-${i}.md`), `page ${i}`);
      // The limit only turns a lost file into a failure; how many batches the burst makes is the benchmark's figure.
      await vi.waitFor(() => expect(new Set(batches.flat()).size).toBe(500), { timeout: 10_000, interval: 50 });
      expect(batches.every((files) => files.length > 0)).toBe(true);
    } finally {
      await watcher.close();
    }
  });
});

describe("batching changes", () => {
  afterEach(() => vi.useRealTimers());

  it("makes changes that come within the delay of each other one batch, and a later change the next", () => {
    vi.useFakeTimers();
    const batches: { files: string[]; firstSeenAt: number }[] = [];
    const { changed, stop } = batchChanges({ delayFor: (file) => (file.endsWith(".ts") ? 300 : 10), onBatch: (files, firstSeenAt) => batches.push({ files, firstSeenAt }) });
    const start = Date.now();
    for (let i = 0; i < 500; i++) {
      changed(`/site/content/docs/page-${i}.md`);
      vi.advanceTimersByTime(9);
    }
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toEqual({ files: Array.from({ length: 500 }, (_, i) => `/site/content/docs/page-${i}.md`), firstSeenAt: start });

    // A slow input (here a viewer source) makes its batch wait its own, longer delay.
    changed("/viewer/src/stores/AppStore.ts");
    changed("/site/content/docs/page-0.md");
    vi.advanceTimersByTime(299);
    expect(batches).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(batches.at(-1)!.files).toEqual(["/viewer/src/stores/AppStore.ts", "/site/content/docs/page-0.md"]);
    stop();
  });
});
