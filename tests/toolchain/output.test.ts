import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fileOfRoute, recoverOutput, writeOutput } from "../../cli/site/output.ts";
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
    expect(snapshotTree(out)).toEqual({ "index.html": Buffer.from("new").toString("base64"), "docs/a.html": Buffer.from("a").toString("base64") });
    expect(fs.readdirSync(root)).toEqual(["build"]);
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
