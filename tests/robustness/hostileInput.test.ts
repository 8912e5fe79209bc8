/**
 * Hostile and broken input: odd file names, bad encodings, YAML alias bombs, oversized files, configs that
 * throw, hang or import what is not there, a full disk and a read-only output folder. Each ends in a clear
 * error naming the file (or a working site), never a crash, a hang or a half-written output.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_MARKDOWN_BYTES } from "../../cli/content/docs.ts";
import { CartaDocsError } from "../../cli/util/diagnostics.ts";
import { runPipeline } from "../../cli/pipeline/pipeline.ts";
import { fileOfRoute } from "../../cli/output/writeOutput.ts";
import { cleanTemp, copyFixtureSite, read, runCli, snapshotTree, tempDir, write } from "../helpers/site.ts";

const mounts: string[] = [];
afterAll(() => {
  for (const dir of mounts.splice(0)) execFileSync("umount", [dir]);
  cleanTemp();
});

const config = (site: string) => path.join(site, "site.config.ts");

describe("file names", () => {
  const NAMES = ["with space", "hash#name", "what?", "100%", "back\\slash", "ünïcødé 漢字", "x".repeat(240)];

  it("with spaces, #, ?, %, backslashes, unicode and 240 characters build, and routes, files and the link checker agree", async () => {
    const site = copyFixtureSite();
    for (const name of NAMES) write(site, `content/docs/odd/${name}.md`, `# Odd ${name.slice(0, 12)}\n\nText.\n`);
    // Links to each file as an author writes them: percent-encoded where a URL needs it.
    const links = NAMES.map((name) => `- [${name.slice(0, 12)}](./${encodeURIComponent(name)}.md)`);
    write(site, "content/docs/odd/links.md", `# Links\n\n${links.join("\n")}\n`);
    const result = await runPipeline({ config: config(site), write: true });
    expect(result.diagnostics).toEqual([]);
    const routes = result.pages.map((p) => p.route).filter((route) => route.includes("/odd/"));
    expect(routes).toHaveLength(NAMES.length + 1);
    expect(routes).toContain("/carta-frontend/docs/next/odd/hashname");
    // Every route is a file of the output, and the links page links to each of them (the checker passed).
    for (const route of routes) expect(fs.existsSync(path.join(site, "build", fileOfRoute(route, "/carta-frontend/"))), route).toBe(true);
    const linksPage = read(site, "build/docs/next/odd/links.html");
    for (const route of routes.filter((r) => !r.endsWith("/links"))) expect(linksPage).toContain(`href="${route.replaceAll("&", "&amp;")}"`);
  });

  it("too long for an output file is an error naming the file, not a crash at write time", async () => {
    const site = copyFixtureSite();
    const name = "y".repeat(251);
    write(site, `content/docs/${name}.md`, "# Long\n");
    const result = await runPipeline({ config: config(site), write: true });
    expect(result.errors).toEqual([expect.objectContaining({ code: "file-name-too-long", file: `content/docs/${name}.md` })]);
    expect(fs.existsSync(path.join(site, "build"))).toBe(false);
  });
});

describe("file contents", () => {
  it("reports invalid UTF-8 by file", async () => {
    const site = copyFixtureSite();
    write(site, "content/docs/latin1.md", Buffer.from([0x23, 0x20, 0x43, 0x61, 0x66, 0xe9, 0x0a, 0xff, 0xfe, 0x0a]));
    const result = await runPipeline({ config: config(site), write: false });
    expect(result.errors).toEqual([expect.objectContaining({ code: "encoding", file: "content/docs/latin1.md", message: expect.stringContaining("not valid UTF-8") })]);
  });

  it("refuses a YAML alias bomb in front matter with an error, quickly and without exhausting memory", async () => {
    const site = copyFixtureSite();
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++) lines.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${String.fromCharCode(96 + i)}`).join(",")}]`);
    write(site, "content/docs/bomb.md", `---\n${lines.join("\n")}\ntitle: *j\n---\n\nBody.\n`);
    const result = await runPipeline({ config: config(site), write: false });
    expect(result.errors).toEqual([expect.objectContaining({ code: "front-matter", file: "content/docs/bomb.md", line: 2, message: expect.stringMatching(/at most 100 YAML aliases/) })]);
  });

  it("refuses a markdown file just over the documented size limit, naming the limit", async () => {
    const site = copyFixtureSite();
    const file = path.join(site, "content/docs/huge.md");
    // A sparse file: the size is what counts, and the build must not read it to find out.
    fs.writeFileSync(file, "# Huge\n");
    fs.truncateSync(file, MAX_MARKDOWN_BYTES + 1);
    const result = await runPipeline({ config: config(site), write: false });
    expect(result.errors).toEqual([expect.objectContaining({ code: "file-too-large", file: "content/docs/huge.md", message: expect.stringContaining(`limit of ${MAX_MARKDOWN_BYTES} bytes`) })]);
  });
});

describe("configs", () => {
  function siteWithConfig(source: string, esm = false): string {
    const site = copyFixtureSite();
    write(site, "site.config.ts", source);
    if (esm) write(site, "package.json", '{"type": "module"}\n');
    return site;
  }

  it.each([true, false])("that throws: the error, with the line it threw at (in an ES module package: %s)", (esm) => {
    const site = siteWithConfig('const title = "x";\nthrow new Error("no config for you");\nexport default { title };\n', esm);
    const { status, stderr } = runCli(["check"], site);
    expect(status).toBe(1);
    expect(stderr).toContain("site.config.ts:2 could not load the config: it threw Error: no config for you");
  });

  it("that imports a missing module: names the module and how to install it", () => {
    const site = siteWithConfig('import theme from "carta-docs-theme-that-does-not-exist";\nexport default theme;\n');
    const { status, stderr } = runCli(["check"], site);
    expect(status).toBe(1);
    expect(stderr).toContain('the config imports "carta-docs-theme-that-does-not-exist", which cannot be found; install it');
  });

  it("that never returns (an await that never settles): an error at the time limit", () => {
    const site = siteWithConfig("await new Promise(() => {});\nexport default {};\n", true);
    // The config's bundle is imported from the system's temporary folder: one of its own here, left empty.
    const tmp = tempDir("carta-docs-tmpdir-");
    const { status, stderr } = runCli(["check"], site, { CARTA_DOCS_CONFIG_TIMEOUT_MS: "300", TMPDIR: tmp });
    expect(status).toBe(1);
    expect(stderr).toContain("loading the config did not finish within 300 ms");
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it("that loops forever: stopped at the time limit, with the same error once and exit code 1", () => {
    const site = siteWithConfig("while (true) {}\nexport default {};\n");
    const { status, stderr } = runCli(["check"], site, { CARTA_DOCS_CONFIG_TIMEOUT_MS: "300" });
    expect(status).toBe(1);
    expect(stderr.split("loading the config did not finish within 300 ms")).toHaveLength(2);
  }, 60_000);
});

/** A small tmpfs at a fresh folder when this process may mount one (root in a container that allows it). */
function smallDisk(options: string): string | undefined {
  const dir = tempDir("carta-docs-disk-");
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", options, "tmpfs", dir], { stdio: "ignore" });
  } catch {
    return undefined;
  }
  mounts.push(dir);
  return dir;
}

/** Makes writes of the staging folder fail with `code`, for a machine where mounting is refused. */
async function withFailingWrites<T>(code: string, work: () => Promise<T>): Promise<T> {
  const original = fs.writeFileSync;
  fs.writeFileSync = ((file: fs.PathOrFileDescriptor, ...rest: unknown[]) => {
    if (typeof file === "string" && file.includes(".build.tmp-")) throw Object.assign(new Error(`${code}: simulated, write '${file}'`), { code, path: file });
    return (original as (...args: unknown[]) => void)(file, ...rest);
  });
  try {
    return await work();
  } finally {
    fs.writeFileSync = original;
  }
}

describe("the output's disk", () => {
  it("full during output: the build fails saying so, and the previous build stays", async () => {
    const site = copyFixtureSite();
    const disk = smallDisk("size=1m");
    const outDir = path.join(disk ?? site, "build");
    expect((await runPipeline({ config: config(site), outDir, write: true })).errors).toEqual([]);
    const before = snapshotTree(outDir);
    // A page of about 2 MB does not fit beside the previous build on a 1 MB disk.
    write(site, "content/docs/big.md", `# Big\n\n${"Words that fill the disk. ".repeat(80_000)}\n`);
    const run = () => runPipeline({ config: config(site), outDir, write: true });
    const error = (await (disk ? run() : withFailingWrites("ENOSPC", run)).catch((e: unknown) => e)) as CartaDocsError;
    expect(error).toBeInstanceOf(CartaDocsError);
    expect(error.message).toMatch(/could not write the output: there is no space left on the device \(ENOSPC.*\); the previous output in .*build was left as it was/);
    expect(snapshotTree(outDir)).toEqual(before);
    expect(fs.readdirSync(path.dirname(outDir)).filter((name) => name.startsWith(".build."))).toEqual([]);
  });

  it("read-only: the build fails saying so, and the previous build stays", async () => {
    const site = copyFixtureSite();
    const disk = smallDisk("size=4m");
    const outDir = path.join(disk ?? site, "build");
    expect((await runPipeline({ config: config(site), outDir, write: true })).errors).toEqual([]);
    const before = snapshotTree(outDir);
    if (disk) execFileSync("mount", ["-o", "remount,ro", disk]);
    const run = () => runPipeline({ config: config(site), outDir, write: true });
    const error = (await (disk ? run() : withFailingWrites("EROFS", run)).catch((e: unknown) => e)) as CartaDocsError;
    expect(error).toBeInstanceOf(CartaDocsError);
    expect(error.diagnostics[0]).toEqual(expect.objectContaining({ code: "output", message: expect.stringMatching(/the file system is read-only \(EROFS.*the previous output in .*build was left as it was/) }));
    expect(snapshotTree(outDir)).toEqual(before);
  });
});
