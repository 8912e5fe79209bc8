/**
 * Commands load only what they use: `--version`, `--help` and `serve` (a built folder) never load TypeDoc,
 * React or the markdown stack, even for a site whose config imports defineConfig from "carta-docs" in an ES
 * module package; a build with nothing to do loads neither the pipeline nor esbuild (its config's bundle is
 * kept), and one after a doc's edit runs the pipeline without esbuild (its store keeps the browser bundles). Each command runs in a child process under tests/helpers/moduleProbe.mjs, which logs every module the
 * process resolves; the log must name the command's own modules and none of those.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listeningUrl } from "../../bench/load.ts";
import { HEAVY, packagesIn, PROBE, probeCommand, probeLog, toolchainModulesIn } from "../helpers/loadedModules.ts";
import { age, BIN, cleanTemp, copyFixtureSite, ROOT, write } from "../helpers/site.ts";

afterAll(cleanTemp);

/** Starts `serve`, waits for its address, checks it serves the page, then stops it: the modules it loaded. */
async function probeServe(site: string): Promise<string[]> {
  const { env, read } = probeLog();
  const child = spawn(process.execPath, ["--import", PROBE, BIN, "serve", "--port", "0"], { cwd: site, env });
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
  return read();
}

describe("a lean start", () => {
  it("--version and --help load commander, not TypeDoc, React or the markdown stack", () => {
    for (const flag of ["--version", "--help"]) {
      const { status, stdout, loaded } = probeCommand(BIN, [flag], ROOT);
      expect(status, flag).toBe(0);
      expect(stdout, flag).toMatch(flag === "--version" ? /^\d+\.\d+\.\d+\n$/ : /Usage: carta-docs/);
      const packages = packagesIn(loaded);
      expect(packages.has("commander"), "the probe sees the command's own packages").toBe(true);
      expect(HEAVY.filter((name) => packages.has(name)), flag).toEqual([]);
      const own = toolchainModulesIn(loaded);
      expect(own, "the probe sees the toolchain's own modules").toContain("cli/program");
      expect(own.filter((name) => /^cli\/(build|markdown|render|pages)\//.test(name)), flag).toEqual([]);
    }
  }, 60_000);

  it("a build loads highlight.js's core and each language a code block names, not all 190", () => {
    const site = copyFixtureSite();
    write(site, "content/docs/languages.md", "# Languages\n\n```bash\nls\n```\n\n```yml\na: 1\n```\n");
    const { status, loaded } = probeCommand(BIN, ["build"], site);
    expect(status).toBe(0);
    const languages = loaded.flatMap((file) => /\/highlight\.js\/lib\/languages\/([^/]+)\.js$/.exec(file)?.[1] ?? []);
    // ts (the fixture's blocks) and yml by their aliases, bash by its name.
    expect(languages.sort()).toEqual(["bash", "typescript", "yaml"]);
    expect(loaded.some((file) => file.endsWith("/highlight.js/lib/core.js"))).toBe(true);
  }, 60_000);

  it("a build with nothing to do loads neither the pipeline nor esbuild: the config's bundle is the last build's until a file it imports changes", () => {
    const site = copyFixtureSite();
    const config = fs.readFileSync(path.join(site, "site.config.ts"), "utf8");
    write(site, "title.ts", `export const title = "Kept Title";\n`);
    write(site, "site.config.ts", `import { title } from "./title.ts";\n${config.replace(`title: "Fixture Docs"`, "title")}`);
    age(site, ["title.ts", "site.config.ts"]);
    const first = probeCommand(BIN, ["build"], site);
    expect(first.status).toBe(0);
    expect(packagesIn(first.loaded).has("esbuild"), "the first build bundles the config").toBe(true);

    const again = probeCommand(BIN, ["build"], site);
    expect(again.status).toBe(0);
    expect(packagesIn(again.loaded).has("esbuild")).toBe(false);
    expect(toolchainModulesIn(again.loaded).filter((name) => name.startsWith("cli/pipeline/pipeline"))).toEqual([]);

    write(site, "title.ts", `export const title = "Edited Title";\n`);
    const edited = probeCommand(BIN, ["build"], site);
    expect(edited.status).toBe(0);
    expect(packagesIn(edited.loaded).has("esbuild"), "a file the config imports changed: bundled again").toBe(true);
    expect(fs.readFileSync(path.join(site, "build/index.html"), "utf8")).toContain("Edited Title");
  }, 60_000);

  it("a build after a doc's edit runs the pipeline without loading esbuild: the store keeps the browser bundles", () => {
    const site = copyFixtureSite();
    age(site, ["site.config.ts"]);
    expect(probeCommand(BIN, ["build"], site).status).toBe(0);
    const doc = path.join(site, "content/docs/intro.md");
    fs.appendFileSync(doc, "\nOne more sentence.\n");
    const edited = probeCommand(BIN, ["build"], site);
    expect(edited.status).toBe(0);
    expect(toolchainModulesIn(edited.loaded).filter((name) => name.startsWith("cli/pipeline/pipeline")), "the pipeline ran").not.toEqual([]);
    expect(packagesIn(edited.loaded).has("esbuild")).toBe(false);
    expect(fs.readFileSync(path.join(site, "build/docs/next.html"), "utf8")).toContain("One more sentence.");
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
    const own = toolchainModulesIn(loaded);
    expect(own).toContain("cli/serve/startServer");
    expect(own).toContain("bin/index");
    expect(HEAVY.filter((name) => packagesIn(loaded).has(name))).toEqual([]);
    expect(own.filter((name) => /^cli\/(build|markdown|render|pages|watch)\//.test(name))).toEqual([]);
  }, 60_000);
});
