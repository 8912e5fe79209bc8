/**
 * The published package as a new user gets it: `npm pack` (prepack compiles dist/), a real `npm install` of
 * the tarball into a fresh npm project, then `carta-docs init` and `build` there, from a CommonJS package
 * (what `npm init -y` makes) and from an ES module one. One pack and one install for the whole file.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEAVY, packagesIn, probeCommand } from "../helpers/loadedModules.ts";
import { cleanTemp, ROOT, tempDir } from "../helpers/site.ts";

const npm = (args: string[], cwd: string) => execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

let project: string;
let packed: { files: { path: string }[] };

function carta(args: string[], cwd: string) {
  const bin = path.join(project, "node_modules/.bin/carta-docs");
  const result = spawnSync(bin, args, { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  const packs = tempDir("carta-docs-pack-");
  packed = (JSON.parse(npm(["pack", "--json", "--pack-destination", packs], ROOT)) as (typeof packed)[])[0]!;
  project = tempDir("carta-docs-user-");
  npm(["init", "-y"], project);
  const tarball = path.join(packs, fs.readdirSync(packs).find((f) => f.endsWith(".tgz"))!);
  npm(["install", "--no-audit", "--no-fund", "--prefer-offline", tarball], project);
}, 300_000);

// Removing the installed project (node_modules and all) takes a while on a busy machine.
afterAll(cleanTemp, 60_000);

describe("the packed package", () => {
  it("holds compiled JavaScript and .d.ts, and no tests, bench, content or TypeScript sources of the toolchain", () => {
    const files = packed.files.map((f) => f.path);
    expect(files).toContain("dist/cli/index.js");
    expect(files).toContain("dist/cli/index.d.ts");
    expect(files).toContain("dist/cli/program.js");
    expect(files.filter((f) => /^(tests|bench|content|cli|templates)\//.test(f))).toEqual([]);
    // TypeScript in the tarball: only the browser runtime (bundled by esbuild at each build) and the sample viewer.
    expect(files.filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts") && !/^dist\/(renderer\/client|examples\/viewer)\//.test(f))).toEqual([]);
    expect(files).toEqual(expect.arrayContaining(["bin/index.js", "bin/toolchain.js"]));
    // Types from the sources where they exist (a checkout), else from dist/: the installed package has no cli/.
    const manifest = JSON.parse(fs.readFileSync(path.join(project, "node_modules/carta-docs/package.json"), "utf8")) as { exports: { ".": { types: string[] } } };
    expect(manifest.exports["."].types).toEqual(["./cli/index.ts", "./dist/cli/index.d.ts"]);
    expect(fs.existsSync(path.join(ROOT, "dist")), "postpack removes dist/ from the checkout").toBe(false);
  });

  it("--version and --help load the compiled command line and commander, not TypeDoc, React or the markdown stack", () => {
    for (const flag of ["--version", "--help"]) {
      const { status, loaded } = probeCommand(path.join(project, "node_modules/carta-docs/bin/carta-docs"), [flag], project);
      expect(status, flag).toBe(0);
      expect(loaded, flag).toContain(path.join(project, "node_modules/carta-docs/dist/cli/program.js"));
      expect(packagesIn(loaded).has("tsx"), "no tsx: the package runs JavaScript").toBe(false);
      expect(HEAVY.filter((name) => packagesIn(loaded).has(name)), flag).toEqual([]);
    }
  });

  it("init writes a site that builds with 0 errors and 0 warnings from a CommonJS package", () => {
    expect(carta(["--version"], project).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const init = carta(["init", "site"], project);
    expect(init.status, init.stderr).toBe(0);
    const site = path.join(project, "site");
    expect(fs.readFileSync(path.join(site, "site.config.ts"), "utf8")).toContain('import { defineConfig } from "carta-docs";');
    // Through the probe: the build runs the bundle (dist/ as bin/bundleToolchain.js writes it), a few dozen files, not a module each.
    const built = probeCommand(path.join(project, "node_modules/carta-docs/bin/carta-docs"), ["build"], site);
    expect(built.status).toBe(0);
    expect(built.stderr).toMatch(/0 errors, 0 warnings; 4 pages/);
    const fromDist = [...new Set(built.loaded.filter((file) => file.startsWith(path.join(project, "node_modules/carta-docs/dist/"))))];
    expect(fromDist.some((file) => file.includes("/dist/chunks/")), "shared code in chunks").toBe(true);
    expect(fromDist.filter((file) => /\/dist\/cli\/(pipeline|markdown|render)\//.test(file)), "no module of its own for each source").toEqual([]);
    expect(fromDist.length).toBeLessThan(60);
    const home = fs.readFileSync(path.join(site, "build/index.html"), "utf8");
    expect(home).toContain("<h1 class=\"hero__title\">Site</h1>");
    expect(home).toMatch(/data-item-type="search"/);
    expect(home).toMatch(/data-item-type="colorMode"/);
    expect(fs.readFileSync(path.join(site, "build/docs.html"), "utf8")).not.toContain("version-badge");
  }, 120_000);

  it("builds the same site from an ES module package, and the programmatic API imports", () => {
    const manifest = path.join(project, "package.json");
    fs.writeFileSync(manifest, JSON.stringify({ ...JSON.parse(fs.readFileSync(manifest, "utf8")), type: "module" }, null, 2));
    const built = carta(["build", "--out", "build-esm"], path.join(project, "site"));
    expect(built.status, built.stderr).toBe(0);
    expect(built.stderr).toMatch(/0 errors, 0 warnings; 4 pages/);
    // Render threads run the compiled worker: a failed thread would leave a note in the log.
    const script =
      'import { check, defineConfig } from "carta-docs"; const r = await check({ config: "site/site.config.ts", renderThreads: 2, log: (m) => console.log(m) }); console.log(typeof defineConfig, r.ok, r.pages);';
    // From a file: workers inherit the process's flags, and --input-type is refused in a worker.
    fs.writeFileSync(path.join(project, "api.mjs"), script);
    const api = spawnSync(process.execPath, ["api.mjs"], { cwd: project, encoding: "utf8" });
    expect(api.stdout.trim().split("\n"), api.stderr).toEqual(["rendered 4 pages", "function true 4"]);
  }, 120_000);

  it("types the programmatic API from dist/: a release script type-checks, a misuse does not", () => {
    const script = 'import { apiDiff, build, check, createVersion, type BuildResult } from "carta-docs";\nconst result: BuildResult = await build({ outDir: "out" });\nconst ok: boolean = (await check()).ok;\nconsole.log(result.pages, ok, typeof apiDiff, typeof createVersion);\n';
    fs.writeFileSync(path.join(project, "release.ts"), script);
    fs.writeFileSync(path.join(project, "misuse.ts"), 'import { check } from "carta-docs";\nconst pages: string = (await check()).pages;\nconsole.log(pages);\n');
    const tsc = (file: string) =>
      spawnSync(process.execPath, [path.join(project, "node_modules/typescript/bin/tsc"), "--noEmit", "--strict", "--skipLibCheck", "--module", "nodenext", "--target", "es2022", file], { cwd: project, encoding: "utf8" });
    const good = tsc("release.ts");
    expect(good.status, good.stdout).toBe(0);
    const bad = tsc("misuse.ts");
    expect(bad.stdout).toContain("misuse.ts(2,7): error TS2322: Type 'number' is not assignable to type 'string'.");
  }, 120_000);
});
