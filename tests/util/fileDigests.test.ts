import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { contentDigest, FileDigests } from "../../cli/util/fileDigests.ts";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A site folder with `count` files in a few folders. */
function site(count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "file-digests-"));
  made.push(dir);
  for (let i = 0; i < count; i++) {
    const file = path.join(dir, "docs", `d${i % 7}`, `page ${i}.md`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `page ${i}\n`);
  }
  return dir;
}

describe("FileDigests", () => {
  it("keeps its table on disk, read back whole by another process, which knows the files by their stats without reading them", async () => {
    const dir = site(50);
    const docs = path.join(dir, "docs");
    // The output's files are recorded however recent their change (`ours`): these were written just now.
    const first = FileDigests.of(dir, true);
    const tree = first.tree(docs, undefined, true);
    expect(tree).toContain(`d3/page 3.md ${contentDigest("page 3\n")}`);
    await first.save();
    expect(fs.readdirSync(path.join(dir, ".carta-docs-cache", "build"))).toEqual(["file-digests.v8"]);
    // Another table object (as another process has: one is kept per site folder as written), reading the file.
    const second = FileDigests.of(`${dir}/`, true);
    const read = vi.spyOn(fs, "readFileSync");
    try {
      expect(second.tree(docs, undefined, true)).toBe(tree);
      expect(read.mock.calls.map(([file]) => String(file)).filter((file) => file.endsWith(".md"))).toEqual([]);
    } finally {
      read.mockRestore();
    }
  });

  it("carries a file's digest over a link the build made, only when the table knew the file as it was before", () => {
    const dir = site(2);
    const digests = FileDigests.of(dir, false);
    const kept = path.join(dir, "docs", "d0", "page 0.md");
    const tampered = path.join(dir, "docs", "d1", "page 1.md");
    digests.tree(path.join(dir, "docs"), undefined, true);
    // A same-size edit with its time put back: only the change time tells.
    const { mtime } = fs.statSync(tampered);
    fs.writeFileSync(tampered, "PAGE 1\n");
    fs.utimesSync(tampered, mtime, mtime);
    const before = [kept, tampered].map((file) => fs.statSync(file));
    // What a build does to an unchanged output file: links it into the new output and removes the old name.
    for (const file of [kept, tampered]) {
      fs.linkSync(file, `${file}.new`);
      fs.renameSync(`${file}.new`, file);
    }
    const linkedAgain = (file: string) => {
      fs.linkSync(file, `${file}.twin`);
      fs.rmSync(`${file}.twin`);
      return fs.statSync(file);
    };
    const now = [kept, tampered].map(linkedAgain);
    expect(now[0]!.ctimeMs).not.toBe(before[0]!.ctimeMs);
    expect(digests.carry(kept, before[0]!, now[0]!)).toBe(true);
    expect(digests.carry(tampered, before[1]!, now[1]!)).toBe(false);
    const read = vi.spyOn(fs, "readFileSync");
    try {
      expect(digests.digest(kept, true)).toBe(contentDigest("page 0\n"));
      expect(read).not.toHaveBeenCalled();
    } finally {
      read.mockRestore();
    }
    expect(digests.digest(tampered, true)).toBe(contentDigest("PAGE 1\n"));
  });

  it("gives the output's files the build learnt after its swap as learnt to the pass's walk of the output, with no stat, and looks again after a new pass", () => {
    const dir = site(3);
    const digests = FileDigests.of(dir, false);
    const out = path.join(dir, "docs");
    const file = path.join(out, "d1", "page 1.md");
    digests.learn(file, fs.statSync(file), contentDigest("page 1\n"));
    fs.writeFileSync(file, "changed after the build learnt it\n");
    const stat = vi.spyOn(fs, "statSync");
    try {
      expect(digests.tree(out, undefined, true)).toContain(`d1/page 1.md ${contentDigest("page 1\n")}`);
      const looked = stat.mock.calls.map(([at]) => String(at));
      expect(looked).not.toContain(file);
      // The files it did not learn are looked at as ever.
      expect(looked).toContain(path.join(out, "d2", "page 2.md"));
    } finally {
      stat.mockRestore();
    }
    digests.newPass();
    expect(digests.tree(out, undefined, true)).toContain(`d1/page 1.md ${contentDigest("changed after the build learnt it\n")}`);
  });

  it("answers a stage's question about an input from the pass's tree walk, and asks again after a new pass", () => {
    const dir = site(3);
    const digests = FileDigests.of(dir, false);
    const file = path.join(dir, "docs", "d1", "page 1.md");
    digests.tree(path.join(dir, "docs"));
    fs.writeFileSync(file, "changed during the build\n");
    expect(digests.digest(file)).toBe(contentDigest("page 1\n"));
    digests.newPass();
    expect(digests.digest(file)).toBe(contentDigest("changed during the build\n"));
  });
});
