import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { STATS_PER_FILE, statsOnThread } from "../../cli/util/statsOnThread.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stats-on-thread-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("statsOnThread", () => {
  it("gives each regular file's lstat, in the order asked, and -1 for what is no regular file", async () => {
    fs.mkdirSync(path.join(dir, "folder"));
    fs.writeFileSync(path.join(dir, "a.html"), "a");
    fs.writeFileSync(path.join(dir, "folder", "b é.html"), "bbbbbbbbbb");
    fs.symlinkSync(path.join(dir, "a.html"), path.join(dir, "link.html"));
    const files = ["folder/b é.html", "missing.html", "folder", "link.html", "a.html", "a.html/inside"].map((rel) => path.join(dir, rel));
    const stats = await statsOnThread(files);
    expect(stats.length).toBe(files.length * STATS_PER_FILE);
    const lstat = (file: string) => {
      try {
        return fs.lstatSync(file);
      } catch {
        return undefined; // gone, or under a file (ENOTDIR)
      }
    };
    files.forEach((file, i) => {
      const found = lstat(file);
      const row = [...stats.subarray(i * STATS_PER_FILE, (i + 1) * STATS_PER_FILE)];
      if (found?.isFile()) expect(row, file).toEqual([found.size, found.mtimeMs, found.ino, found.ctimeMs]);
      else expect(row[0], file).toBe(-1);
    });
  });

  it("answers an empty list", async () => {
    expect((await statsOnThread([])).length).toBe(0);
  });
});
