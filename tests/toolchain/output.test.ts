import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { fileOfRoute, OutputStaging, recoverOutput, writeOutput, writeStagedFile } from "../../cli/output/writeOutput.ts";
import { OUTPUT_MARKER, OUTPUT_MARKER_TEXT } from "../../cli/output/outputFolder.ts";
import { cleanTemp, snapshotTree, tempDir, write } from "../helpers/site.ts";

afterAll(cleanTemp);

describe("output", () => {
  it("maps routes to files with trailing slashes off", () => {
    expect(fileOfRoute("/carta-frontend/", "/carta-frontend/")).toBe("index.html");
    expect(fileOfRoute("/carta-frontend", "/carta-frontend/")).toBe("index.html");
    expect(fileOfRoute("/carta-frontend/docs", "/carta-frontend/")).toBe("docs.html");
    expect(fileOfRoute("/carta-frontend/docs/next/x", "/carta-frontend/")).toBe("docs/next/x.html");
    expect(fileOfRoute("/carta-frontend/api/.-stores/class/AppStore", "/carta-frontend/")).toBe("api/.-stores/class/AppStore.html");
  });

  it("replaces the output folder as a whole and leaves no temporary folder", async () => {
    const root = tempDir();
    const out = path.join(root, "build");
    write(out, "stale.html", "old");
    await writeOutput(out, new Map([["index.html", "new"], ["docs/a.html", "a"]]));
    const base64 = (text: string) => Buffer.from(text).toString("base64");
    // With the marker that makes it a folder the next build may replace (see outputFolder.ts).
    expect(snapshotTree(out)).toEqual({ "index.html": base64("new"), "docs/a.html": base64("a"), [OUTPUT_MARKER]: base64(OUTPUT_MARKER_TEXT) });
    expect(fs.readdirSync(root)).toEqual(["build"]);
  });

  it("links files unchanged since the previous output instead of writing them again, and writes the rest", async () => {
    const root = tempDir();
    const out = path.join(root, "build");
    await writeOutput(out, new Map([["same.html", "kept"], ["docs/changed.html", "before"], ["gone.html", "x"]]));
    const inode = (rel: string) => fs.statSync(path.join(out, rel)).ino;
    const [same, changed] = [inode("same.html"), inode("docs/changed.html")];

    const staging = OutputStaging.open(out);
    writeStagedFile(staging, "page.html", "new page");
    writeStagedFile(staging, "same-page.html", "kept");
    await staging.finish(new Map([["same.html", "kept"], ["docs/changed.html", "after"]]));

    expect(snapshotTree(out)).toEqual(Object.fromEntries(Object.entries({ "same.html": "kept", "docs/changed.html": "after", "page.html": "new page", "same-page.html": "kept", [OUTPUT_MARKER]: OUTPUT_MARKER_TEXT }).map(([k, v]) => [k, Buffer.from(v).toString("base64")])));
    expect(inode("same.html")).toBe(same);
    expect(inode("docs/changed.html")).not.toBe(changed);
    // Linked to nothing once the previous output is gone, and only same paths are linked.
    expect(fs.statSync(path.join(out, "same.html")).nlink).toBe(1);
    expect(inode("same-page.html")).not.toBe(same);
    expect(fs.readdirSync(root)).toEqual(["build"]);
  });

  it("replaces a page linked from the previous output by a static file without writing into the previous file", async () => {
    const root = tempDir();
    const out = path.join(root, "build");
    await writeOutput(out, new Map([["page.html", "generated"]]));
    // Another name of the previous file: a kept folder or the previous output holding it still.
    fs.linkSync(path.join(out, "page.html"), path.join(root, "witness.html"));
    write(root, "static/page.html", "the author's own");
    const staging = OutputStaging.open(out);
    writeStagedFile(staging, "page.html", "generated"); // the same bytes: linked
    await staging.finish(new Map(), { dir: path.join(root, "static"), files: ["page.html"] });
    expect(fs.readFileSync(path.join(out, "page.html"), "utf8")).toBe("the author's own");
    expect(fs.readFileSync(path.join(root, "witness.html"), "utf8")).toBe("generated");
  });

  it("keeps a staging folder elsewhere, in place of what is there (and of what a killed build left), or removes it when a write into it failed", async () => {
    const root = tempDir();
    const out = path.join(root, "build");
    const kept = path.join(root, "cache/kept");
    write(kept, "older.html", "an older build's");
    write(root, "cache/.kept.old-1-killed/page.html", "left by a build killed between the renames");
    const staging = OutputStaging.open(out);
    writeStagedFile(staging, "docs/page.html", "rendered");
    expect(await staging.keepAt(kept)).toBe(true);
    expect(snapshotTree(kept)).toEqual({ "docs/page.html": Buffer.from("rendered").toString("base64") });
    expect(fs.readdirSync(root).sort()).toEqual(["cache"]);
    expect(fs.readdirSync(path.join(root, "cache"))).toEqual(["kept"]);

    const failing = OutputStaging.open(out);
    fs.mkdirSync(path.join(failing.dir, "page.html"));
    writeStagedFile(failing, "page.html", "where a folder is"); // fails, after the call returned
    expect(await failing.keepAt(kept)).toBe(false);
    expect(fs.readdirSync(root).sort()).toEqual(["cache"]);
    expect(snapshotTree(kept)).toEqual({ "docs/page.html": Buffer.from("rendered").toString("base64") });
  });

  it("leaves the previous output untouched when writing fails", async () => {
    const root = tempDir();
    const out = path.join(root, "build");
    write(out, "index.html", "previous");
    const before = snapshotTree(out);
    // A file and a folder with the same path cannot both be written.
    await expect(writeOutput(out, new Map([["a", "file"], ["a/b.html", "x"]]))).rejects.toThrow();
    expect(snapshotTree(out)).toEqual(before);
    expect(fs.readdirSync(root)).toEqual(["build"]);
  });

  it("writes a build's many files on the writer thread, and a failure there fails the build with the file's error", async () => {
    const root = tempDir();
    const out = path.join(root, "build");
    const direct = vi.spyOn(fs, "writeFile");
    try {
      const staging = OutputStaging.open(out);
      const pages = Array.from({ length: 300 }, (_, i) => [`docs/page-${i}.html`, `page ${i} `.repeat(i)] as const);
      for (const [rel, text] of pages) writeStagedFile(staging, rel, text);
      await staging.finish(new Map());
      for (const [rel, text] of pages) expect(fs.readFileSync(path.join(out, rel), "utf8")).toBe(text);
      // The first files through libuv's threads, the rest on the writer thread.
      expect(direct.mock.calls.length).toBeGreaterThan(0);
      expect(direct.mock.calls.length).toBeLessThan(250);

      const failing = OutputStaging.open(out);
      fs.mkdirSync(path.join(failing.dir, "docs/page-100.html"), { recursive: true }); // past the first 64: on the thread
      for (const [rel, text] of pages) writeStagedFile(failing, rel, `${text} again`);
      const error = (await failing.finish(new Map()).catch((e: unknown) => e)) as NodeJS.ErrnoException;
      expect(error).toEqual(expect.objectContaining({ code: "EISDIR", path: expect.stringContaining("docs/page-100.html") }));
      expect(fs.readFileSync(path.join(out, "docs/page-299.html"), "utf8"), "the output stays as it was").toBe(pages[299]![1]);
    } finally {
      direct.mockRestore();
    }
  });

  it("cleans leftovers of a killed build and restores an output lost mid-swap", () => {
    const root = tempDir();
    const out = path.join(root, "build");
    write(root, ".build.tmp-123-abc/index.html", "half");
    write(root, ".build.old-123-abc/index.html", "previous");
    recoverOutput(out);
    expect(fs.readdirSync(root).sort()).toEqual(["build"]);
    expect(fs.readFileSync(path.join(out, "index.html"), "utf8")).toBe("previous");
  });
});
