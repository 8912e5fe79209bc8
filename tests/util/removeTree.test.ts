import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { removeTree } from "../../cli/util/removeTree.ts";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "remove-tree-"));
  made.push(dir);
  return dir;
}

describe("removeTree", () => {
  it("removes a folder with files and folders at every depth, and its links without following them", () => {
    const root = tempDir();
    const outside = path.join(root, "outside");
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, "kept.txt"), "not to be removed");
    const tree = path.join(root, "tree");
    fs.mkdirSync(path.join(tree, "a", "b", "c"), { recursive: true });
    fs.writeFileSync(path.join(tree, "top.html"), "1");
    fs.writeFileSync(path.join(tree, "a", "b", "c", "deep.md"), "2");
    fs.linkSync(path.join(tree, "top.html"), path.join(tree, "a", "hard.html"));
    fs.symlinkSync(outside, path.join(tree, "a", "to-outside"));
    fs.symlinkSync(path.join(outside, "kept.txt"), path.join(tree, "file-link"));
    removeTree(tree);
    expect(fs.existsSync(tree)).toBe(false);
    expect(fs.readFileSync(path.join(outside, "kept.txt"), "utf8")).toBe("not to be removed");
  });

  it("does nothing for a folder that is not there", () => {
    const missing = path.join(tempDir(), "missing");
    expect(() => removeTree(missing)).not.toThrow();
    expect(fs.existsSync(missing)).toBe(false);
  });
});
