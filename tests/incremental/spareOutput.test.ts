/**
 * Double buffering (issue 40, cli/output/spareOutput.ts): an incremental build keeps the output it replaced as the
 * spare and starts its next staging folder from it. Through a sequence of builds with the store, the output must
 * stay file for file, byte for byte, a clean build's, no file of the live output may change while a build runs
 * (its staged copy may be a hard link to it), and the spare is kept only where it pays and where it can be.
 */
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runPipeline } from "../../cli/pipeline/pipeline.ts";
import { runBuild } from "../../cli/pipeline/upToDate.ts";
import { spareFolder } from "../../cli/output/spareOutput.ts";
import { BuildStore } from "../../cli/cache/buildStore.ts";
import { cleanTemp, copyFixtureSite, tempDir, write } from "../helpers/site.ts";

afterAll(cleanTemp);

/** Each file under `dir` by a digest of its bytes, and each folder: a `diff -r` that also sees empty folders. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const rel = path.relative(dir, file);
    if (entry.isDirectory()) out[rel] = "folder";
    else if (entry.isFile()) out[rel] = crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
    else out[rel] = "other";
  }
  return out;
}

/** Every file of the live output held open, with its bytes and modification time, to prove after a build that none changed. */
function holdOpen(dir: string): { rel: string; fd: number; bytes: Buffer; mtimeMs: number }[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const fd = fs.openSync(file, "r");
      return { rel: path.relative(dir, file), fd, bytes: fs.readFileSync(fd), mtimeMs: fs.fstatSync(fd).mtimeMs };
    });
}

/** The files of `held` whose inode now holds other bytes or another modification time (they are closed). */
function changedInPlace(held: ReturnType<typeof holdOpen>): string[] {
  const changed = held.filter(({ fd, bytes, mtimeMs }) => {
    const now = Buffer.alloc(bytes.length + 1);
    const read = fs.readSync(fd, now, 0, now.length, 0);
    return read !== bytes.length || !now.subarray(0, read).equals(bytes) || fs.fstatSync(fd).mtimeMs !== mtimeMs;
  });
  for (const { fd } of held) fs.closeSync(fd);
  return changed.map(({ rel }) => rel);
}

interface Built {
  errors: number;
  files: Record<string, string>;
}

/** An incremental build of `site` into `out` (as the command line runs it), checked against the live output's files. */
async function incremental(site: string, out: string): Promise<Built> {
  const held = fs.existsSync(out) ? holdOpen(out) : [];
  const { report } = await runBuild({ config: path.join(site, "site.config.ts"), write: true, incremental: true, outDir: out });
  expect(changedInPlace(held), "files of the live output changed in place").toEqual([]);
  // What the build recorded of its output (from what it learnt of the files, not a second look) is what is there.
  const again = await runBuild({ config: path.join(site, "site.config.ts"), write: true, incremental: true, outDir: out });
  expect(again.result, "the next build, with nothing changed, finds the output up to date").toBeUndefined();
  return { errors: report.diagnostics.filter((d) => d.severity === "error").length, files: tree(out) };
}

/** What a clean build (no build cache, no spare) of `site` writes. */
async function clean(site: string): Promise<Record<string, string>> {
  const out = path.join(tempDir("carta-docs-spare-clean-"), "out");
  const result = await runPipeline({ config: path.join(site, "site.config.ts"), write: true, outDir: out });
  expect(result.errors).toEqual([]);
  return tree(out);
}

const edit = (site: string, rel: string, change: (text: string) => string) => fs.writeFileSync(path.join(site, rel), change(fs.readFileSync(path.join(site, rel), "utf8")));
const INTRO = "content/docs/intro.md";
const ADVANCED = "content/docs/guide/advanced.md";

// A small site's recorded files are looked at one by one; a large site's stats are taken on a thread (statRecorded).
const LOOKS = [
  ["one by one", BuildStore.statsOnThreadFrom],
  ["by their stats taken on a thread", 0],
] as const;

describe.each(LOOKS)("an output updated from the spare, its files looked at %s", (_how, from) => {
  beforeAll(() => void (BuildStore.statsOnThreadFrom = from));
  afterAll(() => void (BuildStore.statsOnThreadFrom = LOOKS[0][1]));

  it("equals a clean build's after every build of a sequence, and never changes a live file", async () => {
    const site = copyFixtureSite();
    const out = path.join(site, "build");
    const spare = spareFolder(site, out);
    const cold = await incremental(site, out);
    expect(cold.files).toEqual(await clean(site));
    expect(fs.existsSync(spare), "a cold build keeps no spare").toBe(false);

    const steps: [string, () => void][] = [
      ["a doc edited", () => edit(site, INTRO, (text) => text.replace("The fixture has a guide", "The fixture has a zebra guide"))],
      ["the doc edited back", () => edit(site, INTRO, (text) => text.replace("a zebra guide", "a guide"))],
      ["a doc added", () => write(site, "content/docs/guide/added.md", "---\ntitle: Added\n---\n\nAn added page about quokkas.\n")],
      ["a doc removed (its folder's last page: the folder goes)", () => fs.rmSync(path.join(site, "content/docs/guide/added.md"))],
      ["static files replacing a generated page and llms.txt", () => (write(site, "content/static/404.html", "<p>Our own 404</p>\n"), write(site, "content/static/llms.txt", "our own\n"))],
      ["the static files removed again", () => fs.rmSync(path.join(site, "content/static"), { recursive: true })],
      ["a doc's twin and search terms changed (a code block added)", () => edit(site, ADVANCED, (text) => `${text}\n\`\`\`js\nconst wombat = 1;\n\`\`\`\n`)],
      ["a static file where the spare has a folder", () => write(site, "content/static/misc/thing", "a file\n")],
      ["a static folder where the spare has a file", () => (fs.rmSync(path.join(site, "content/static/misc/thing")), write(site, "content/static/misc/thing/inner.txt", "inside\n"))],
      ["and a file again", () => (fs.rmSync(path.join(site, "content/static/misc/thing"), { recursive: true }), write(site, "content/static/misc/thing", "a file again\n"))],
    ];
    let previous = cold.files;
    for (const [what, change] of steps) {
      change();
      const spareFolderBefore = fs.statSync(spare, { throwIfNoEntry: false })?.ino;
      const built = await incremental(site, out);
      // The staging folder was the spare, renamed: the new output is that folder.
      if (spareFolderBefore !== undefined) expect(fs.statSync(out).ino, what).toBe(spareFolderBefore);
      expect(built.errors, what).toBe(0);
      expect(built.files, what).toEqual(await clean(site));
      expect(built.files, `${what}: the output changed`).not.toEqual(previous);
      expect(fs.existsSync(spare), `${what}: an incremental build keeps the spare`).toBe(true);
      previous = built.files;
    }

    // A build with errors leaves the output as it was; the build after it is a clean build's again.
    edit(site, INTRO, (text) => `${text}\n[broken](./guide/nowhere)\n`);
    const failed = await incremental(site, out);
    expect(failed.errors).toBeGreaterThan(0);
    expect(failed.files).toEqual(previous);
    edit(site, INTRO, (text) => text.replace("\n[broken](./guide/nowhere)\n", "\n[fixed](./guide/first-steps.md)\n"));
    const fixed = await incremental(site, out);
    expect(fixed.errors).toBe(0);
    expect(fixed.files).toEqual(await clean(site));
    expect(fs.readdirSync(path.dirname(out)).filter((name) => name.startsWith(".build."))).toEqual([]);
  }, 120_000);

  it("drops what was added to the spare, and removes links in it before writing through them", async () => {
    const site = copyFixtureSite();
    const out = path.join(site, "build");
    const spare = spareFolder(site, out);
    await incremental(site, out);
    edit(site, INTRO, (text) => text.replace("The fixture has a guide", "The fixture has a zebra guide"));
    await incremental(site, out);
    expect(fs.existsSync(spare)).toBe(true);
    // Tampered with: a stray file and folder, a page changed in place, a folder replaced by a link leading out.
    const outside = tempDir("carta-docs-spare-outside-");
    write(spare, "stray.html", "stray");
    write(spare, "stray-folder/deep/x.txt", "stray");
    fs.rmSync(path.join(spare, "index.html"));
    write(spare, "index.html", "changed");
    const page = fs.readdirSync(spare, { recursive: true }).map(String).find((rel) => rel.endsWith(".html") && rel.includes("guide"))!;
    const folder = path.join(spare, path.dirname(page));
    fs.rmSync(folder, { recursive: true });
    fs.symlinkSync(outside, folder);
    edit(site, INTRO, (text) => text.replace("a zebra guide", "a guide"));
    const built = await incremental(site, out);
    expect(built.files).toEqual(await clean(site));
    expect(fs.readdirSync(outside)).toEqual([]);
  }, 60_000);
});

describe("an output updated from the spare", () => {
  it("is kept nowhere for an output on another file system than the cache", async () => {
    const shm = "/dev/shm";
    if (!fs.existsSync(shm) || fs.statSync(shm).dev === fs.statSync(os.tmpdir()).dev) return;
    const site = copyFixtureSite();
    const out = fs.mkdtempSync(path.join(shm, "carta-docs-spare-"));
    try {
      fs.rmdirSync(out);
      await incremental(site, out);
      edit(site, INTRO, (text) => text.replace("The fixture has a guide", "The fixture has a zebra guide"));
      const built = await incremental(site, out);
      expect(built.files).toEqual(await clean(site));
      expect(fs.existsSync(spareFolder(site, out))).toBe(false);
      expect(fs.readdirSync(shm).filter((name) => name.startsWith(`.${path.basename(out)}.`))).toEqual([]);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);

  const canMount = process.getuid?.() === 0 && spawnSync("mount", ["--version"]).status === 0;
  it.skipIf(!canMount)("is kept nowhere for an output updated in place (a mount point)", async () => {
    const site = copyFixtureSite();
    const out = path.join(site, "build");
    const volume = tempDir("carta-docs-spare-volume-");
    fs.mkdirSync(out);
    expect(spawnSync("mount", ["--bind", volume, out]).status).toBe(0);
    try {
      await incremental(site, out);
      edit(site, INTRO, (text) => text.replace("The fixture has a guide", "The fixture has a zebra guide"));
      const built = await incremental(site, out);
      expect(built.files).toEqual(await clean(site));
      expect(fs.existsSync(spareFolder(site, out))).toBe(false);
    } finally {
      spawnSync("umount", [out]);
    }
  }, 60_000);
});
