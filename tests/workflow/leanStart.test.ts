/**
 * Commands load only what they use: `--version`, `--help` and `serve` (a built folder) never load TypeDoc,
 * React or the markdown stack, even for a site whose config imports defineConfig from "carta-docs" in an ES
 * module package. Each command runs in a child process under tests/helpers/moduleProbe.mjs, which logs
 * every module the process resolves; the log must name the command's own modules and none of those.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listeningUrl } from "../../bench/load.ts";
import { BIN, cleanTemp, copyFixtureSite, ROOT, tempDir, write } from "../helpers/site.ts";

afterAll(cleanTemp);

const PROBE = path.join(ROOT, "tests/helpers/moduleProbe.mjs");
/** Packages of building: TypeDoc, React, the markdown stack, highlighting and the browser bundler. */
const HEAVY = ["typedoc", "react", "react-dom", "marked", "highlight.js", "mdast-util-from-markdown", "sanitize-html"];

const packagesIn = (log: string[]) => new Set(log.map((file) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1]).filter(Boolean));
const probeEnv = (log: string) => ({ ...process.env, NO_COLOR: "1", MODULE_PROBE_LOG: log });
const readLog = (log: string) => fs.readFileSync(log, "utf8").split("\n").filter(Boolean);

function probe(args: string[], cwd: string): { status: number | null; stdout: string; loaded: string[] } {
  const log = path.join(tempDir(), "modules.log");
  const result = spawnSync(process.execPath, ["--import", PROBE, BIN, ...args], { cwd, encoding: "utf8", env: probeEnv(log) });
  return { status: result.status, stdout: result.stdout, loaded: readLog(log) };
}

/** Starts `serve`, waits for its address, checks it serves the page, then stops it: the modules it loaded. */
async function probeServe(site: string): Promise<string[]> {
  const log = path.join(tempDir(), "modules.log");
  const child = spawn(process.execPath, ["--import", PROBE, BIN, "serve", "--port", "0"], { cwd: site, env: probeEnv(log) });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let output = "";
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
        output += chunk;
        const found = listeningUrl(output);
        if (found) resolve(found);
      });
      child.once("exit", (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
    });
    expect(await (await fetch(url)).text()).toBe("<p>built</p>");
  } finally {
    child.kill();
  }
  return readLog(log);
}

describe("a lean start", () => {
  it("--version and --help load commander, not TypeDoc, React or the markdown stack", () => {
    for (const flag of ["--version", "--help"]) {
      const { status, stdout, loaded } = probe([flag], ROOT);
      expect(status, flag).toBe(0);
      expect(stdout, flag).toMatch(flag === "--version" ? /^\d+\.\d+\.\d+\n$/ : /Usage: carta-docs/);
      const packages = packagesIn(loaded);
      expect(packages.has("commander"), "the probe sees the command's own packages").toBe(true);
      expect(HEAVY.filter((name) => packages.has(name)), flag).toEqual([]);
      expect(loaded.filter((file) => /\/cli\/(pipeline|stages|markdown|site)\b/.test(file)), flag).toEqual([]);
    }
  }, 60_000);

  it("serve loads the server and the config, not TypeDoc, React or the markdown stack, with a config importing carta-docs", async () => {
    const site = copyFixtureSite();
    // An ES module site whose config imports the API, as init writes it: the API's entry must be lean too.
    write(site, "package.json", JSON.stringify({ name: "site", private: true, type: "module" }));
    fs.mkdirSync(path.join(site, "node_modules"));
    fs.symlinkSync(ROOT, path.join(site, "node_modules/carta-docs"), "dir");
    const config = fs.readFileSync(path.join(site, "site.config.ts"), "utf8");
    write(site, "site.config.ts", `import { defineConfig } from "carta-docs";\n${config.replace("export default {", "export default defineConfig({").replace(/};\s*$/, "});\n")}`);
    write(site, "build/index.html", "<p>built</p>");

    const loaded = await probeServe(site);
    expect(loaded).toContain(path.join(ROOT, "cli/serve/start-server.ts"));
    expect(loaded).toContain(path.join(ROOT, "bin/index.js"));
    expect(HEAVY.filter((name) => packagesIn(loaded).has(name))).toEqual([]);
    expect(loaded.filter((file) => /\/cli\/(pipeline|stages|markdown|site|watch)\b/.test(file))).toEqual([]);
  }, 60_000);
});
