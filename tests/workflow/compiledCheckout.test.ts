/**
 * A checkout runs its commands from a compiled copy of its sources (bin/compiledCheckout.js): made on the first
 * run, made again after a source edit, and skipped for the sources through tsx when a module does not compile.
 * Each test works on a copy of the checkout whose node_modules holds links to this one's packages, so the
 * compiled copies it makes go with it.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { packagesIn, PROBE, probeLog, toolchainModulesIn } from "../helpers/loadedModules.ts";
import { cleanTemp, ROOT, tempDir } from "../helpers/site.ts";

afterAll(cleanTemp);

function copyCheckout(): string {
  const dir = tempDir("carta-docs-checkout-");
  for (const name of ["bin", "cli", "renderer", "templates", "package.json", "tsconfig.json"]) fs.cpSync(path.join(ROOT, name), path.join(dir, name), { recursive: true });
  fs.mkdirSync(path.join(dir, "node_modules"));
  for (const name of fs.readdirSync(path.join(ROOT, "node_modules"))) {
    if (name !== ".cache") fs.symlinkSync(path.join(ROOT, "node_modules", name), path.join(dir, "node_modules", name));
  }
  return dir;
}

function run(checkout: string, args: string[]): { status: number | null; stdout: string; stderr: string; loaded: string[] } {
  const { env, read } = probeLog();
  const result = spawnSync(process.execPath, ["--import", PROBE, path.join(checkout, "bin/carta-docs"), ...args], { cwd: checkout, encoding: "utf8", env });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, loaded: read() };
}

const copies = (checkout: string) => fs.readdirSync(path.join(checkout, "node_modules/.cache/carta-docs-toolchain")).sort();

describe("a checkout's compiled copy", () => {
  it("runs the command line compiled, without tsx, and compiles again after a source edit", () => {
    const checkout = copyCheckout();
    const first = run(checkout, ["--help"]);
    expect(first.status, first.stderr).toBe(0);
    const compiled = first.loaded.filter((file) => file.includes("/node_modules/.cache/carta-docs-toolchain/"));
    expect(toolchainModulesIn(compiled)).toContain("cli/program");
    expect(first.loaded.filter((file) => file.startsWith(path.join(checkout, "cli/"))), "no source module runs").toEqual([]);
    expect(packagesIn(first.loaded).has("tsx")).toBe(false);
    expect(copies(checkout)).toHaveLength(1);

    const again = run(checkout, ["--help"]);
    expect(again.stdout).toBe(first.stdout);
    expect(copies(checkout), "unchanged sources reuse the copy").toHaveLength(1);

    const program = path.join(checkout, "cli/program.ts");
    fs.writeFileSync(program, fs.readFileSync(program, "utf8").replace("Serve a built site as a static host would", "Serve the edited site"));
    const edited = run(checkout, ["--help"]);
    expect(edited.status, edited.stderr).toBe(0);
    expect(edited.stdout).toContain("Serve the edited site");
    expect(copies(checkout)).toHaveLength(2);
  }, 120_000);

  it("runs the sources through tsx when a module does not compile, so the error names the module", () => {
    const checkout = copyCheckout();
    const broken = path.join(checkout, "cli/program.ts");
    fs.appendFileSync(broken, "\nexport const broken = (;\n");
    const result = run(checkout, ["--help"]);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("cli/program.ts");
    expect(packagesIn(result.loaded).has("tsx")).toBe(true);
    expect(fs.existsSync(path.join(checkout, "node_modules/.cache/carta-docs-toolchain")) ? copies(checkout) : [], "no copy is left half-made").toEqual([]);
  }, 120_000);
});
