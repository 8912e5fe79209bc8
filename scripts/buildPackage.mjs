// prepack: bundles the toolchain into dist/ as a checkout's compiled copy is bundled (bin/bundleToolchain.js:
// the modules loaded by path at their places, the shared code in chunks: a command loads a few dozen files,
// not some two hundred modules), writes its .d.ts by tsc (tsconfig.build.json: declarations only), and copies beside it what it
// reads at run time: the browser runtime's sources (bundled by esbuild at each build), the stylesheets and
// the sample viewer. dist/ mirrors the source tree, so every path the toolchain finds relative to its own
// modules holds in both. A failed step leaves no dist/ behind.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundleToolchain, entriesOf, sourceModulesIn } from "../bin/bundleToolchain.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "dist");
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");

fs.rmSync(dist, { recursive: true, force: true });
try {
  execFileSync(process.execPath, [tsc, "-p", path.join(root, "tsconfig.build.json")], { stdio: "inherit" });
  const files = sourceModulesIn(root, ["cli", "renderer", "templates"]);
  await bundleToolchain({ root, entries: entriesOf(root, files, ["cli/program.ts", "cli/index.ts"]), outdir: dist });
  fs.cpSync(path.join(root, "renderer/client"), path.join(dist, "renderer/client"), { recursive: true });
  fs.cpSync(path.join(root, "renderer/styles"), path.join(dist, "renderer/styles"), { recursive: true });
  fs.cpSync(path.join(root, "examples/viewer"), path.join(dist, "examples/viewer"), { recursive: true });
} catch (error) {
  fs.rmSync(dist, { recursive: true, force: true });
  throw error;
}
