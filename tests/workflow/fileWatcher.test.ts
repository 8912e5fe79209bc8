import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { watchFiles } from "../../cli/watch/fileWatcher.ts";
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

  it("gathers a burst of 500 changes into few batches", async () => {
    const dir = tempDir();
    const batches: string[][] = [];
    const watcher = await watchFiles({ paths: [dir], delayFor: () => 50, onBatch: (files) => batches.push(files), onError: () => {} });
    try {
      for (let i = 0; i < 500; i++) fs.writeFileSync(path.join(dir, `page-${i}.md`), `page ${i}`);
      for (let i = 0; i < 100 && new Set(batches.flat()).size < 500; i++) await sleep(50);
      expect(new Set(batches.flat()).size).toBe(500);
      expect(batches.length).toBeLessThan(20);
    } finally {
      await watcher.close();
    }
  });
});
