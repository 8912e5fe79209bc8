import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { Doc } from "../../cli/content/docs.ts";
import { editUrlOf } from "../../cli/content/editUrl.ts";
import { gitBlobId, lastUpdates } from "../../cli/content/lastUpdated.ts";
import { Diagnostics } from "../../cli/util/diagnostics.ts";
import { commitAll } from "../helpers/git.ts";
import { cleanTemp, tempDir, write } from "../helpers/site.ts";

afterAll(cleanTemp);

const PATH = process.env.PATH;
afterEach(() => {
  process.env.PATH = PATH;
});

const seconds = (iso: string) => Date.parse(iso) / 1000;

function site(): { root: string; content: string; cache: string; files: string[] } {
  const root = tempDir();
  const content = path.join(root, "content");
  write(content, "docs/intro.md", "# Intro\n");
  write(content, "versioned_docs/version-1.0.0/intro.md", "# Intro\n");
  return { root, content, cache: path.join(root, ".carta-docs-cache"), files: [path.join(content, "docs/intro.md"), path.join(content, "versioned_docs/version-1.0.0/intro.md")] };
}

describe("last update from git", () => {
  it("computes blob ids as git does", () => {
    const { root, files } = site();
    const id = execFileSync("git", ["hash-object", files[0]!], { cwd: root }).toString().trim();
    expect(gitBlobId(fs.readFileSync(files[0]!))).toBe(id);
  });

  it("gives each file its own latest commit, and a warm run asks git nothing", async () => {
    const { content, cache, files } = site();
    commitAll(content, "change", { author: "Ann", date: "2024-01-02T10:00:00Z" });
    // Same text as the other version's copy, changed in a later commit: the date follows the path, not the blob.
    write(content, "docs/intro.md", "# Intro\n\nMore.\n");
    commitAll(content, "change", { author: "Bob", date: "2025-05-06T10:00:00Z" });
    const cold = await lastUpdates(files, content, cache, new Diagnostics());
    expect(cold.ranGit).toBe(true);
    expect(cold.updates.get(files[0]!)).toEqual({ time: seconds("2025-05-06T10:00:00Z"), author: "Bob" });
    expect(cold.updates.get(files[1]!)).toEqual({ time: seconds("2024-01-02T10:00:00Z"), author: "Ann" });

    process.env.PATH = ""; // git cannot even be found now
    const warm = await lastUpdates(files, content, cache, new Diagnostics());
    expect(warm.ranGit).toBe(false);
    expect(warm.updates).toEqual(cold.updates);
  });

  it("asks git again for an edited file, and keeps asking until it is committed", async () => {
    const { content, cache, files } = site();
    commitAll(content, "change", { author: "Ann", date: "2024-01-02T10:00:00Z" });
    await lastUpdates(files, content, cache, new Diagnostics());
    write(content, "docs/intro.md", "# Intro, edited\n");
    for (let round = 0; round < 2; round++) {
      const edited = await lastUpdates(files, content, cache, new Diagnostics());
      expect(edited.ranGit).toBe(true);
      expect(edited.updates.get(files[0]!)).toEqual({ time: seconds("2024-01-02T10:00:00Z"), author: "Ann" });
    }
    commitAll(content, "change", { author: "Cid", date: "2025-07-08T10:00:00Z" });
    expect((await lastUpdates(files, content, cache, new Diagnostics())).updates.get(files[0]!)?.author).toBe("Cid");
    expect((await lastUpdates(files, content, cache, new Diagnostics())).ranGit).toBe(false);
  });

  it("shows nothing, without an error, for content outside git or without git", async () => {
    const { content, cache, files } = site();
    expect((await lastUpdates(files, content, cache, new Diagnostics())).updates.size).toBe(0);
    commitAll(content, "change", { author: "Ann", date: "2024-01-02T10:00:00Z" });
    write(content, "docs/new.md", "# New\n");
    process.env.PATH = "";
    const result = await lastUpdates([...files, path.join(content, "docs/new.md")], content, cache, new Diagnostics());
    expect(result.updates.size).toBe(0);
  });
});

describe("edit URL", () => {
  const content = "/site/content";
  const doc = (version: { name: string; docsDir: string }, file: string) =>
    ({ source: path.join(version.docsDir, file), file: `content/${file}`, permalink: "/base/docs/x", version }) as unknown as Doc;
  const next = { name: "current", docsDir: "/site/content/docs" };
  const old = { name: "1.0.0", docsDir: "/site/content/versioned_docs/version-1.0.0" };

  it("appends the doc's path as Docusaurus lays it out to a base URL", () => {
    expect(editUrlOf("https://github.com/o/r/edit/main/website/", doc(next, "guide/a.md"), content)).toBe("https://github.com/o/r/edit/main/website/docs/guide/a.md");
    expect(editUrlOf("https://github.com/o/r/edit/main/website", doc(old, "a.md"), content)).toBe("https://github.com/o/r/edit/main/website/versioned_docs/version-1.0.0/a.md");
    expect(editUrlOf(undefined, doc(next, "a.md"), content)).toBeUndefined();
  });

  it("calls a function with the doc's parts, and says which doc got something else than a string", () => {
    const seen: unknown[] = [];
    const url = editUrlOf((context) => (seen.push(context), `https://x/${context.version}/${context.docPath}`), doc(old, "guide/a.md"), content);
    expect(url).toBe("https://x/1.0.0/guide/a.md");
    expect(seen).toEqual([{ versionDocsDirPath: "versioned_docs/version-1.0.0", docPath: "guide/a.md", version: "1.0.0", permalink: "/base/docs/x" }]);
    expect(editUrlOf(() => undefined, doc(next, "a.md"), content)).toBeUndefined();
    expect(() => editUrlOf((() => 42) as never, doc(next, "a.md"), content)).toThrow("docs.editUrl returned number for content/a.md; it must return a URL string, or undefined for no link");
  });
});
