/**
 * Content stays inside the site: a link or hard link in content that leads elsewhere on the machine fails
 * the build with an error naming the link and where it leads, and nothing of the file reaches the output
 * or the search files, in a build, a check, watch mode, `version` and the API snapshot. Links that stay
 * inside the site keep working.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadApi } from "../../cli/api/index.ts";
import type { CartaDocsError } from "../../cli/util/diagnostics.ts";
import { runPipeline } from "../../cli/pipeline/pipeline.ts";
import { runBuild } from "../../cli/pipeline/upToDate.ts";
import { createVersion } from "../../cli/version/createVersion.ts";
import { WatchSession } from "../../cli/watch/session.ts";
import { stageOptions } from "../api/helpers.ts";
import { cleanTemp, copyFixtureSite, read, snapshotTree, tempDir, write } from "../helpers/site.ts";

afterAll(cleanTemp);

const SECRET = "SECRET-TOKEN-h21-do-not-publish";
let outside: string;

beforeAll(() => {
  outside = tempDir("carta-docs-outside-");
  write(outside, "secret.txt", `# Secret\n\n${SECRET}\n`);
  write(outside, "secret.png", `\x89PNG ${SECRET}`);
  write(outside, "folder/page.md", `# Page\n\n${SECRET}\n`);
  write(outside, "sidebars.json", `{"docsSidebar": [{"type": "doc", "id": "intro", "label": "${SECRET}"}]}`);
  write(outside, "category.json", `{"label": "${SECRET}"}`);
});

function link(site: string, rel: string, target: string): void {
  fs.mkdirSync(path.dirname(path.join(site, rel)), { recursive: true });
  fs.symlinkSync(target, path.join(site, rel));
}

/** Every file under a folder as one text, to prove the secret is nowhere in it. */
function allText(dir: string): string {
  return Object.values(snapshotTree(dir))
    .map((b64) => Buffer.from(b64, "base64").toString("utf8"))
    .join("\n");
}

async function build(site: string) {
  return runPipeline({ config: path.join(site, "site.config.ts"), write: true });
}

describe("a link in content leading out of the site", () => {
  it.each([
    ["a markdown file", "content/docs/leak.md", () => path.join(outside, "secret.txt")],
    ["a folder of docs", "content/docs/linked", () => path.join(outside, "folder")],
    ["an image", "content/docs/guide/img/leak.png", () => path.join(outside, "secret.png")],
    ["a static file", "content/static/leak.txt", () => path.join(outside, "secret.txt")],
    ["a category file", "content/docs/guide/_category_.json", () => path.join(outside, "category.json")],
    ["a sidebars file", "content/versioned_sidebars/version-2.0.0-sidebars.json", () => path.join(outside, "sidebars.json")],
  ])("%s fails the build, names the link and its target, and publishes nothing", async (_, rel, target) => {
    const site = copyFixtureSite();
    expect((await build(site)).errors).toEqual([]);
    const before = snapshotTree(path.join(site, "build"));
    fs.rmSync(path.join(site, rel), { force: true });
    link(site, rel, target());
    if (rel.endsWith(".png")) write(site, "content/docs/guide/first-steps.md", `${read(site, "content/docs/guide/first-steps.md")}\n![leak](./img/leak.png)\n`);
    const result = await build(site);
    expect(result.errors.map((e) => e.message)).toContainEqual(expect.stringContaining(`${rel} is a symbolic link that leads to ${fs.realpathSync(target())}, outside the site folder`));
    expect(result.errors.filter((e) => e.code === "outside-site").map((e) => e.file)).toContain(rel);
    // An image is also refused where the markdown names it.
    if (rel.endsWith(".png")) expect(result.errors).toContainEqual(expect.objectContaining({ code: "outside-site", file: "content/docs/guide/first-steps.md", line: expect.any(Number) }));
    // The old output stays, and no page, search file or asset of this run holds the secret.
    expect(snapshotTree(path.join(site, "build"))).toEqual(before);
    expect([...result.html.values()].some((html) => html.toString().includes(SECRET))).toBe(false);
    const check = await runPipeline({ config: path.join(site, "site.config.ts"), write: false });
    expect([...check.html.values()].some((html) => html.toString().includes(SECRET))).toBe(false);
  });

  it("also fails for a whole docs folder that is a link out, once, not once per file", async () => {
    const site = copyFixtureSite();
    fs.rmSync(path.join(site, "content/versioned_docs/version-1.0.0"), { recursive: true });
    link(site, "content/versioned_docs/version-1.0.0", path.join(outside, "folder"));
    const errors = (await build(site)).errors.filter((e) => e.code === "outside-site");
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toContain("content/versioned_docs/version-1.0.0 is a symbolic link that leads to");
  });
});

describe("other links and hard links", () => {
  it("reports a dangling link, a loop of links and a hard-linked file, each by name", async () => {
    const site = copyFixtureSite();
    link(site, "content/docs/dangling.md", "nowhere.md");
    link(site, "content/docs/loop-a.md", "loop-b.md");
    link(site, "content/docs/loop-b.md", "loop-a.md");
    fs.linkSync(path.join(outside, "secret.txt"), path.join(site, "content/docs/hard.md"));
    const result = await build(site);
    const byFile = Object.fromEntries(result.errors.map((e) => [e.file, e.message]));
    expect(byFile["content/docs/dangling.md"]).toMatch(/is a symbolic link that leads to .*nowhere\.md, which does not exist/);
    expect(byFile["content/docs/loop-a.md"]).toMatch(/is a symbolic link that loops back on itself/);
    expect(byFile["content/docs/hard.md"]).toMatch(/has 2 hard links, and another name of the same file may lie outside the site/);
    expect([...result.html.values()].some((html) => html.toString().includes(SECRET))).toBe(false);
    expect(fs.existsSync(path.join(site, "build"))).toBe(false);
  });

  it("refuses a doc hard-linked since the last build from what the site's walk saw, without a stat of the listing's own", async () => {
    const site = copyFixtureSite();
    const incremental = () => runBuild({ config: path.join(site, "site.config.ts"), write: true, incremental: true });
    expect((await incremental()).report.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const doc = path.join(site, "content/docs/intro.md");
    const kept = path.join(site, "content/docs/guide/first-steps.md");
    fs.rmSync(doc);
    fs.linkSync(path.join(outside, "secret.txt"), doc);
    const stat = vi.spyOn(fs, "statSync");
    try {
      const { report } = await incremental();
      expect(report.diagnostics).toContainEqual(expect.objectContaining({ code: "outside-site", file: "content/docs/intro.md", message: expect.stringMatching(/has \d+ hard links/) }));
      // The up-to-date check's walk of the site stats each file once; the docs' listing asks it what it saw.
      expect(stat.mock.calls.filter(([file]) => file === kept)).toHaveLength(1);
    } finally {
      stat.mockRestore();
    }
    expect(allText(path.join(site, "build"))).not.toContain(SECRET);
  });

  it("keeps links inside the site working: a file, a folder (walked once even when it loops), a static file", async () => {
    const site = copyFixtureSite();
    write(site, "shared/page.md", "# Shared page\n\nShared text: wombatshared.\n");
    write(site, "shared/more/deep.md", "# Deep\n\nDeep text.\n");
    write(site, "shared/robots.txt", "User-agent: *\n");
    link(site, "content/docs/linked-page.md", "../../shared/page.md");
    link(site, "content/docs/shared-folder", "../../shared/more");
    link(site, "content/docs/guide/loop", "..");
    link(site, "content/static/robots.txt", "../../shared/robots.txt");
    const result = await build(site);
    expect(result.errors).toEqual([]);
    expect(read(site, "build/docs/next/linked-page.html")).toContain("wombatshared");
    expect(read(site, "build/docs/next/shared-folder/deep.html")).toContain("Deep text.");
    // The static file is a copy in the output, not a link a host or an archive could follow.
    expect(fs.lstatSync(path.join(site, "build/robots.txt")).isFile()).toBe(true);
    // The linked page is a page of next, searched from next's files.
    const shards = fs.readdirSync(path.join(site, "build/search-index/current")).map((name) => read(site, `build/search-index/current/${name}`));
    expect(shards.some((shard) => shard.includes("wombatshared"))).toBe(true);
  });
});

describe("versioning and watch mode", () => {
  it("version refuses docs that link out, naming the link, and leaves content/ as it was", async () => {
    const site = copyFixtureSite();
    link(site, "content/docs/guide/leak.md", path.join(outside, "secret.txt"));
    const before = snapshotTree(path.join(site, "content"));
    const error = (await createVersion({ name: "3.0.0", config: path.join(site, "site.config.ts"), api: false }).catch((e: unknown) => e)) as CartaDocsError;
    expect(error.diagnostics?.[0]?.message).toContain("content/docs/guide/leak.md is a symbolic link that leads to");
    expect(snapshotTree(path.join(site, "content"))).toEqual(before);
  });

  it("version copies a link inside the site as a file, so the frozen docs hold no links", async () => {
    const site = copyFixtureSite();
    write(site, "shared/page.md", "# Shared\n\nShared.\n");
    link(site, "content/docs/guide/shared.md", "../../../shared/page.md");
    await createVersion({ name: "3.0.0", config: path.join(site, "site.config.ts"), api: false });
    const frozen = path.join(site, "content/versioned_docs/version-3.0.0/guide/shared.md");
    expect(fs.lstatSync(frozen).isFile()).toBe(true);
    expect(fs.readFileSync(frozen, "utf8")).toContain("Shared.");
  });

  it("watch mode reports a link added while it runs and keeps serving the last good site without the secret", async () => {
    const site = copyFixtureSite();
    const session = new WatchSession({ config: path.join(site, "site.config.ts") });
    expect((await session.rebuild()).ok).toBe(true);
    link(site, "content/docs/leak.md", path.join(outside, "secret.txt"));
    link(site, "content/static/leak.txt", path.join(outside, "secret.txt"));
    const report = await session.rebuild([path.join(site, "content/docs/leak.md"), path.join(site, "content/static/leak.txt")]);
    expect(report.ok).toBe(false);
    expect(report.errors.map((e) => e.file)).toEqual(expect.arrayContaining(["content/docs/leak.md", "content/static/leak.txt"]));
    expect(allText(session.outDir)).not.toContain(SECRET);
  });
});

describe("the API snapshot", () => {
  it("refuses a snapshot that is a link out of the site", async () => {
    const site = tempDir();
    write(outside, "api-typedoc.json", "{}");
    link(site, "content/versioned_docs/version-1.0.0/api-typedoc.json", path.join(outside, "api-typedoc.json"));
    fs.mkdirSync(path.join(site, "viewer"));
    const options = stageOptions(site, path.join(site, "viewer"), [{ name: "1.0.0", isCurrent: false }]);
    const models = await loadApi(options);
    expect(models.has("1.0.0")).toBe(false);
    expect(options.diagnostics.errors.map((e) => e.message).join("\n")).toContain("content/versioned_docs/version-1.0.0/api-typedoc.json is a symbolic link that leads to");
  });
});
