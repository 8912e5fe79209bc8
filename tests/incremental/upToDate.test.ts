/**
 * A build with nothing to do (cli/pipeline/upToDate.ts): built again with no input changed, no stage runs, the
 * report is the last build's and the output is left as it is; a change of any kind of input (a doc, a standalone page, a static
 * file, the config, the output itself, an external viewer checkout, the site repository's commit) makes the
 * stages run; a build with errors is reported again while nothing changed.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runBuild } from "../../cli/pipeline/upToDate.ts";
import { cleanTemp, copyFixtureSite, runCli, tempDir, write } from "../helpers/site.ts";
import { siteBesideViewer } from "../helpers/apiSite.ts";

afterAll(cleanTemp);

const build = (site: string, options: { incremental?: boolean; write?: boolean } = {}) =>
  runBuild({ config: path.join(site, "site.config.ts"), write: options.write ?? true, incremental: options.incremental ?? true });

/** Each output file's inode and modification time: a file written again gets new ones. */
function outputRecords(site: string): Record<string, string> {
  const out = path.join(site, "build");
  const records: Record<string, string> = {};
  for (const rel of fs.readdirSync(out, { recursive: true, encoding: "utf8" })) {
    const stat = fs.statSync(path.join(out, rel));
    if (stat.isFile()) records[rel] = `${stat.ino} ${stat.mtimeMs}`;
  }
  return records;
}

async function expectUpToDate(site: string): Promise<void> {
  const before = outputRecords(site);
  const outcome = await build(site);
  expect(outcome.result, "no stage ran").toBeUndefined();
  expect(Object.keys(outcome.timings).sort()).toEqual(["config", "upToDate"]);
  expect(outputRecords(site)).toEqual(before);
}

async function expectBuilt(site: string): Promise<void> {
  const outcome = await build(site);
  expect(outcome.result, "the stages ran").toBeDefined();
  expect(outcome.report.diagnostics.filter((d) => d.severity === "error").map((d) => d.message)).toEqual([]);
}

describe("a build with nothing to do", () => {
  it("does nothing when nothing changed, and reports what the last build did", async () => {
    const site = copyFixtureSite();
    write(site, "content/docs/intro.md", `${fs.readFileSync(path.join(site, "content/docs/intro.md"), "utf8")}\n[gone](./missing.md)\n`);
    const first = await build(site);
    expect(first.result).toBeDefined();
    const again = await build(site);
    expect(again.result).toBeUndefined();
    expect(again.report).toEqual({ ...first.report, filesWritten: 0 });
    expect(again.report.diagnostics.some((d) => d.severity === "warning" && d.file?.endsWith("intro.md")), "the last build's warnings are reported again").toBe(true);
    await expectUpToDate(site);
  }, 30_000); // the first test loads the pipeline's modules

  it("runs again after a doc, a standalone page, a static file, the config or the output changed", async () => {
    const site = copyFixtureSite();
    await expectBuilt(site);
    write(site, "content/docs/intro.md", "---\nslug: /\n---\n# Introduction, edited\n");
    await expectBuilt(site);
    expect(fs.readFileSync(path.join(site, "build/docs/next.html"), "utf8")).toContain("Introduction, edited");
    await expectUpToDate(site);

    // A standalone page (content/pages): added, then edited.
    write(site, "content/pages/about.md", "# About\n");
    await expectBuilt(site);
    await expectUpToDate(site);
    write(site, "content/pages/about.md", "# About, edited\n");
    await expectBuilt(site);
    expect(fs.readFileSync(path.join(site, "build/about.html"), "utf8")).toContain("About, edited");

    write(site, "content/static/robots.txt", "User-agent: *\n");
    await expectBuilt(site);
    expect(fs.existsSync(path.join(site, "build/robots.txt"))).toBe(true);

    write(site, "site.config.ts", fs.readFileSync(path.join(site, "site.config.ts"), "utf8").replace("Fixture Docs", "Fixture Docs, retitled"));
    await expectBuilt(site);
    await expectUpToDate(site);

    // The output is an input too: a page removed or changed by hand is written again.
    const page = path.join(site, "build/docs/next.html");
    fs.rmSync(page);
    await expectBuilt(site);
    expect(fs.readFileSync(page, "utf8")).toContain("Introduction, edited");
    await expectUpToDate(site);
  }, 30_000);

  it("reports a build with errors again, errors and all, while nothing changed; put back as it was, the site builds", async () => {
    const site = copyFixtureSite();
    await expectBuilt(site);
    const before = outputRecords(site);
    const doc = path.join(site, "content/docs/intro.md");
    const text = fs.readFileSync(doc, "utf8");
    fs.writeFileSync(doc, "---\ntitle: [unclosed\n---\n# Intro\n");
    const failed = await build(site);
    expect(failed.result).toBeDefined();
    const errors = failed.report.diagnostics.filter((d) => d.severity === "error");
    expect(errors).toEqual([expect.objectContaining({ file: "content/docs/intro.md" })]);
    const again = await build(site);
    expect(again.result, "no stage ran").toBeUndefined();
    expect(again.report).toEqual({ ...failed.report, filesWritten: 0 });
    expect(outputRecords(site)).toEqual(before);
    // Same bytes, a new modification time: the stamp changed, so the stages run once more and find it as before.
    fs.writeFileSync(doc, text);
    await expectBuilt(site);
    await expectUpToDate(site);
  });

  it("runs again after a commit touching the content when the docs show last-updated dates, not after one that does not", async () => {
    const site = copyFixtureSite();
    write(site, "site.config.ts", fs.readFileSync(path.join(site, "site.config.ts"), "utf8").replace(`docs: { lastVersion: "2.0.0" }`, `docs: { lastVersion: "2.0.0", showLastUpdateTime: true }`));
    const git = (...args: string[]) => execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.org", "-c", "commit.gpgsign=false", ...args], { cwd: site, stdio: "ignore" });
    git("init", "-q");
    git("add", "-A");
    git("commit", "-qm", "first");
    await expectBuilt(site);
    await expectUpToDate(site);
    // A push that changed no content (a CI job of the next commit) leaves every date as it was.
    git("commit", "-q", "--allow-empty", "-m", "second");
    await expectUpToDate(site);
    // A doc written, built, then committed as it is: its page gains its date, though no file changed.
    write(site, "content/docs/guide/later.md", "# Later\n\nWritten later.\n");
    await expectBuilt(site);
    expect(fs.readFileSync(path.join(site, "build/docs/next/guide/later.html"), "utf8").includes("Last updated"), "no date before its commit").toBe(false);
    git("add", "-A");
    git("commit", "-qm", "third");
    await expectBuilt(site);
    expect(fs.readFileSync(path.join(site, "build/docs/next/guide/later.html"), "utf8").includes("Last updated"), "its date after its commit").toBe(true);
  }, 30_000);

  it("never looks without incremental (--no-cache), and a check reuses its last result too", async () => {
    const site = copyFixtureSite();
    await expectBuilt(site);
    expect((await build(site, { incremental: false })).result).toBeDefined();
    expect((await build(site, { write: false })).result).toBeDefined();
    const check = await build(site, { write: false });
    expect(check.result).toBeUndefined();
    expect(check.report.pages).toBeGreaterThan(0);
  });

  it("runs again after a file of a viewer checkout outside the site changed", async () => {
    const root = tempDir("carta-docs-uptodate-api-");
    const site = siteBesideViewer(root);
    await expectBuilt(site);
    await expectUpToDate(site);
    write(root, "viewer/src/stores/AppStore.ts", "/** The application's state. */\nexport class AppStore {\n  /** Opens a file by its name. */\n  openFile(name: string): void {}\n}\n");
    await expectBuilt(site);
    const page = fs.readdirSync(path.join(site, "build"), { recursive: true, encoding: "utf8" }).find((rel) => rel.endsWith("AppStore.html"));
    expect(fs.readFileSync(path.join(site, "build", page!), "utf8")).toContain("Opens a file by its name.");
  }, 60_000);

  it("says so on the command line, and writes nothing", () => {
    const site = copyFixtureSite();
    expect(runCli(["build"], site).status).toBe(0);
    const again = runCli(["build"], site);
    expect(again.status).toBe(0);
    expect(again.stderr).toMatch(/0 errors, 0 warnings; \d+ pages in build up to date \(nothing changed since the last build\) in [\d.]+ s/);
    write(site, "content/docs/intro.md", "# Intro\n\n[broken](/carta-frontend/docs/nowhere)\n");
    const failed = runCli(["build"], site);
    expect(failed.status).toBe(1);
    const replayed = runCli(["build"], site);
    expect(replayed.status).toBe(1);
    expect(replayed.stderr).toContain("/carta-frontend/docs/nowhere");
    expect(replayed.stderr).toMatch(/1 error, 0 warnings; build failed as the last one did \(nothing changed since\); the previous output was left as it was/);
  }, 60_000);
});
