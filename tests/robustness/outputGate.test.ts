/** The output gate: every path written is proven to lie inside its folder, or refused before anything is written. */
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { insideOutput, OutsideOutputError } from "../../cli/output/outputGate.ts";
import { stagedWritesDone, writeStagedFile } from "../../cli/output/writeOutput.ts";
import { cleanTemp, tempDir, treeChecksum, write } from "../helpers/site.ts";

afterAll(cleanTemp);

describe("insideOutput", () => {
  it.each([
    ["../x.html", 'it has a ".." segment'],
    ["docs/../../x.html", 'it has a ".." segment'],
    ["docs\\..\\..\\x.html", 'it has a ".." segment'],
    ["/tmp/x.html", "it is an absolute path"],
    ["C:\\x.html", "it is an absolute path"],
    ["", "it names the folder itself, not a file in it"],
    ["./.", "it names the folder itself, not a file in it"],
    ["a\0b.html", "it holds a NUL character"],
  ])("refuses %j: %s", (rel, problem) => {
    const root = tempDir();
    const call = () => insideOutput(root, rel);
    expect(call).toThrow(OutsideOutputError);
    expect(call).toThrow(`refused to write ${JSON.stringify(rel)}: ${problem}, so it would not lie inside ${root}`);
  });

  it("accepts a path inside, with the odd names a site may have", () => {
    const root = tempDir();
    for (const rel of ["index.html", "docs/next/intro.md", "api/.-stores/x.html", "docs/...html", "é/漢字.html", "a b/c%2e.html"]) expect(insideOutput(root, rel)).toBe(path.join(root, rel));
  });

  it("gives the resolved path, plain names (the quick way) or not, whatever the folder's spelling", () => {
    const root = tempDir();
    const spellings = [root, `${root}/`, `${root}/./`, path.relative(process.cwd(), root) || "."];
    const rels = ["index.html", ".nojekyll", "...", "docs/..x/y.html", "a/./b.html", "a//b.html", "./a.html", "docs/x:y.html", "docs/", "a\\b.html"];
    for (const folder of spellings) for (const rel of rels) expect(insideOutput(folder, rel), `${folder} + ${rel}`).toBe(path.resolve(root, rel));
  });

  it("on disk, refuses a folder on the way that is a link leading out", () => {
    const root = tempDir();
    const elsewhere = tempDir();
    fs.symlinkSync(elsewhere, path.join(root, "docs"));
    expect(insideOutput(root, "docs/x.html")).toBe(path.join(root, "docs/x.html"));
    expect(() => insideOutput(root, "docs/x.html", true)).toThrow(`${path.join(root, "docs")} is a link that leads to ${fs.realpathSync(elsewhere)}`);
  });

  it("guards the writes of render threads and the main thread alike: nothing is written for a path refused", async () => {
    const parent = tempDir();
    write(parent, "keep.txt", "kept\n");
    const staging = { dir: path.join(parent, "out/.build.tmp-1"), outDir: path.join(parent, "out/build") };
    fs.mkdirSync(staging.dir, { recursive: true });
    const before = treeChecksum(parent);
    expect(() => writeStagedFile(staging, "../../keep.txt", "overwritten")).toThrow(OutsideOutputError);
    expect(treeChecksum(parent)).toEqual(before);
    writeStagedFile(staging, "docs/ok.html", "<p>ok</p>");
    // Written in the background: done once stagedWritesDone settles.
    await stagedWritesDone(staging.dir);
    expect(fs.readFileSync(path.join(staging.dir, "docs/ok.html"), "utf8")).toBe("<p>ok</p>");
  });

  it("reports a write that failed in the background when the staging folder's writes are waited for, once", async () => {
    const parent = tempDir();
    const staging = { dir: path.join(parent, ".build.tmp-1"), outDir: path.join(parent, "build") };
    fs.mkdirSync(path.join(staging.dir, "taken.html"), { recursive: true });
    writeStagedFile(staging, "fine.html", "<p>fine</p>");
    writeStagedFile(staging, "taken.html", "<p>a folder is in the way</p>");
    await expect(stagedWritesDone(staging.dir)).rejects.toMatchObject({ code: "EISDIR" });
    expect(fs.readFileSync(path.join(staging.dir, "fine.html"), "utf8")).toBe("<p>fine</p>");
    // Reported: a later wait (a discard after the failure) has nothing left to report.
    await expect(stagedWritesDone(staging.dir)).resolves.toBeUndefined();
  });
});
