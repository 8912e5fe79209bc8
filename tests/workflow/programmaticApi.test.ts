/**
 * `import ... from "carta-docs"` where the toolchain is a checkout (no dist/): from a script in this
 * repository, as the CARTA site's release script is, and from a site that has the checkout as its
 * carta-docs package. The README's release script runs as written there, but for the names of its site.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import * as sources from "../../cli/index.ts";
import { siteWithChangingViewer } from "../api/changingViewer.ts";
import { cleanTemp, ROOT } from "../helpers/site.ts";

afterAll(cleanTemp);

function node(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, args, { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The TypeScript code block of README.md that starts with `firstLine`. */
function readmeBlock(firstLine: string): string {
  const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
  const block = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!).find((code) => code.startsWith(firstLine));
  if (!block) throw new Error(`README.md has no ts code block starting with "${firstLine}"`);
  return block;
}

describe("the programmatic API in a checkout", () => {
  it("imports from a script in this repository, every value cli/index.ts exports, from the sources", () => {
    // No look at dist/: pack.test.ts makes one meanwhile (prepack), and a checkout's sources win over it anyway (bin/toolchain.js).
    const script = 'const m = await import("carta-docs"); console.log(JSON.stringify({ names: Object.keys(m).sort(), build: typeof m.build, error: new m.CartaDocsError("x", []).name }));';
    const result = node(["--input-type=module", "-e", script], ROOT);
    expect(result.status, result.stderr).toBe(0);
    const entry = JSON.parse(result.stdout) as { names: string[]; build: string; error: string };
    expect(entry.names).toEqual(Object.keys(sources).sort());
    expect(entry).toMatchObject({ build: "function", error: "CartaDocsError" });
  }, 60_000);

  it("runs the README's release script: check, createVersion, build, apiDiff and serve", async () => {
    const site = siteWithChangingViewer();
    // An ES module package (the script awaits at its top level), as this repository is.
    fs.writeFileSync(path.join(site, "package.json"), JSON.stringify({ name: "site", private: true, type: "module", dependencies: { "carta-docs": "*" } }));
    fs.mkdirSync(path.join(site, "node_modules"));
    fs.symlinkSync(ROOT, path.join(site, "node_modules/carta-docs"), "dir");
    // The README's site names: its viewer checkout and its previous release; the preview is closed so the script ends.
    const script = readmeBlock("// scripts/release.ts")
      .replaceAll('"../carta-frontend"', '"viewer"')
      .replace('from: "5.0.0"', 'from: "2.0.0"')
      .concat("await preview.close();\n");
    expect(script).toContain('import { apiDiff, build, check, CartaDocsError, createVersion, formatApiDiff, serve } from "carta-docs";');
    fs.mkdirSync(path.join(site, "scripts"));
    fs.writeFileSync(path.join(site, "scripts/release.ts"), script);

    const result = node([path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/release.ts", "3.0.0"], site);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(`froze ${path.join(site, "content/versioned_docs/version-3.0.0")}; versions: 3.0.0, 2.0.0, 1.0.0`);
    expect(result.stdout).toMatch(/content\/versioned_docs\/version-2\.0\.0\/intro\.md:\d+ API link "api:scale2D"/);
    expect(result.stdout).toMatch(/\d+ pages in build\//);
    expect(result.stdout).toContain("## API changes from 2.0.0 to 3.0.0");
    expect(result.stdout).toMatch(/preview at http:\/\/127\.0\.0\.1:\d+\/carta-frontend\//);
    expect(JSON.parse(fs.readFileSync(path.join(site, "content/versions.json"), "utf8"))).toEqual(["3.0.0", "2.0.0", "1.0.0"]);
    // 3.0.0 is now the latest, served at /docs; 2.0.0 moved under its own segment.
    expect(fs.existsSync(path.join(site, "build/docs/2.0.0.html"))).toBe(true);
  }, 300_000);
});
