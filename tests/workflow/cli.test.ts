/**
 * The command line around serving and checking: the URL it prints, a clear error for a busy port, watch
 * mode started from the CLI, annotations for CI, and the documented exit codes.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EVENTS_PATH } from "../../cli/watch/index.ts";
import { BIN, cleanTemp, copyFixtureSite, runCli } from "../helpers/site.ts";

const running: ChildProcess[] = [];

afterAll(() => {
  for (const child of running) child.kill("SIGKILL");
  cleanTemp();
});

/** Starts the CLI and resolves with the first stderr line matching `pattern` (and everything before it). */
function startCli(args: string[], cwd: string, pattern: RegExp): Promise<{ child: ChildProcess; match: RegExpMatchArray; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, NO_COLOR: "1" } });
  running.push(child);
  return new Promise((resolve, reject) => {
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
      const match = stderr.match(pattern);
      if (match) resolve({ child, match, stderr });
    });
    child.once("exit", (code) => reject(new Error(`exited with ${code} before printing ${pattern}:\n${stderr}`)));
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once("exit", resolve));
}

describe("carta-docs serve", () => {
  it("prints the URL to open, serves the site there, and stops cleanly on SIGTERM", async () => {
    const site = copyFixtureSite();
    expect(runCli(["build"], site).status).toBe(0);
    const { child, match } = await startCli(["serve", "--port", "0"], site, /Serving build at (http:\/\/127\.0\.0\.1:\d+\/carta-frontend\/)\n/);
    const response = await fetch(match[1]!);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Fixture Docs");
    const exited = exitOf(child);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  }, 30_000);

  it("says clearly that a busy port is busy and how to choose another", async () => {
    const site = copyFixtureSite();
    expect(runCli(["build"], site).status).toBe(0);
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      for (const args of [["serve"], ["serve", "--watch"]]) {
        const result = runCli([...args, "--port", String(port)], site);
        expect(result.status).toBe(2);
        expect(result.stderr).toContain(`Port ${port} on 127.0.0.1 is already in use; choose another with --port`);
        expect(result.stderr).not.toMatch(/\n\s+at /);
      }
    } finally {
      blocker.close();
    }
  }, 30_000);

  it("start builds, serves with live reload and prints the URL", async () => {
    const site = copyFixtureSite();
    const { child, match, stderr } = await startCli(["start", "--port", "0"], site, /Serving the site at (http:\/\/127\.0\.0\.1:\d+\/carta-frontend\/)/);
    expect(stderr).toMatch(/0 errors, 0 warnings; 16 pages built/);
    const html = await (await fetch(new URL("docs/guide/first-steps", match[1]))).text();
    expect(html).toContain(EVENTS_PATH);
    const exited = exitOf(child);
    child.kill("SIGINT");
    expect(await exited).toBe(0);
  }, 30_000);
});

describe("carta-docs check for CI", () => {
  it("gives annotations with file, line, severity and message, and GitHub workflow commands", () => {
    const site = copyFixtureSite();
    const intro = path.join(site, "content/docs/intro.md");
    fs.appendFileSync(intro, "\n[gone](./gone.md)\n");
    const json = runCli(["check", "--format", "json", "--strict"], site);
    expect(json.status).toBe(1);
    const report = JSON.parse(json.stdout) as { ok: boolean; annotations: unknown[] };
    expect(report.ok).toBe(false);
    expect(report.annotations).toEqual([{ file: "content/docs/intro.md", line: 18, severity: "error", message: expect.stringMatching(/"\.\/gone\.md" does not resolve/), code: "broken-markdown-link" }]);

    const github = runCli(["check", "--format", "github"], site);
    expect(github.status).toBe(0);
    expect(github.stdout).toMatch(/^::warning file=content\/docs\/intro\.md,line=18,title=carta-docs broken-markdown-link::markdown link "\.\/gone\.md"/m);
    expect(github.stderr).toMatch(/0 errors, 1 warning; 16 pages checked/);
  }, 30_000);
});

describe("--help", () => {
  it("documents the new commands with examples and exit codes", () => {
    for (const command of ["version", "start", "serve", "migrate"]) {
      const help = runCli([command, "--help"], process.cwd());
      expect(help.stdout, command).toContain("Examples:");
      expect(help.stdout, command).toContain("Exit codes:");
    }
    const main = runCli(["--help"], process.cwd()).stdout;
    expect(main).toMatch(/version \[options\] <name>/);
    expect(main).toContain("NO_COLOR");
  }, 30_000);
});

describe("usage errors", () => {
  it("exit 2 with one line saying what is wrong and a hint, not the whole help", () => {
    const cases: [string[], RegExp][] = [
      [["biuld"], /^carta-docs: unknown command 'biuld'; did you mean build\? \(see carta-docs --help\)$/],
      [["build", "--foo"], /^carta-docs: unknown option '--foo'; see carta-docs build --help$/],
      [["check", "--formt", "json"], /^carta-docs: unknown option '--formt'; did you mean --format\? \(see carta-docs check --help\)$/],
      [["check", "--format", "xml"], /^carta-docs: option '--format <format>' argument 'xml' is invalid\. Allowed choices are text, json, github; see carta-docs check --help$/],
      [["version"], /^carta-docs: missing required argument 'name'; see carta-docs version --help$/],
    ];
    for (const [args, line] of cases) {
      const result = runCli(args, process.cwd());
      expect(result.status, args.join(" ")).toBe(2);
      expect(result.stdout, args.join(" ")).toBe("");
      expect(result.stderr.trimEnd(), args.join(" ")).toMatch(line);
    }
  }, 30_000);

  it("no command shows the help and exits 2", () => {
    const result = runCli([], process.cwd());
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("Usage: carta-docs");
  }, 30_000);

  it("--version and -v print the package's version", () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(process.cwd(), "package.json"), "utf8")) as { version: string };
    for (const flag of ["--version", "-v"]) {
      const result = runCli([flag], process.cwd());
      expect(result.status).toBe(0);
      expect(result.stdout).toBe(`${version}\n`);
    }
  }, 30_000);
});
