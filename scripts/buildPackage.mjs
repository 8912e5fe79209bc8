// prepack: compiles the toolchain into dist/ (JavaScript and .d.ts, by tsc with tsconfig.build.json) and
// copies beside it what it reads at run time: the browser runtime's sources (bundled by esbuild at each
// build), the stylesheets and the sample viewer. dist/ mirrors the source tree, so every path the toolchain
// finds relative to its own modules holds in both. A failed step leaves no dist/ behind.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "dist");
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");

fs.rmSync(dist, { recursive: true, force: true });
try {
  execFileSync(process.execPath, [tsc, "-p", path.join(root, "tsconfig.build.json")], { stdio: "inherit" });
  fs.cpSync(path.join(root, "renderer/client"), path.join(dist, "renderer/client"), { recursive: true });
  fs.cpSync(path.join(root, "renderer/styles"), path.join(dist, "renderer/styles"), { recursive: true });
  fs.cpSync(path.join(root, "examples/viewer"), path.join(dist, "examples/viewer"), { recursive: true });
} catch (error) {
  fs.rmSync(dist, { recursive: true, force: true });
  throw error;
}
