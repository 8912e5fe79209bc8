// A checkout's toolchain compiled to JavaScript once, and again only when a source changes. Loading ~200
// TypeScript modules through tsx's loader hooks took about 1.4 s of every command (the hooks answer each
// import from a thread of their own); the same modules compiled load in a tenth of that, and bundled in
// fewer files faster still. The modules loaded by path sit where the published dist/ has them (so
// toolchainModule's .js names hold); the copy lives in node_modules/.cache under a name made of the sources'
// stamps, and is written whole or not at all.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BUNDLED_PACKAGES, bundleToolchain, entriesOf, sourceModulesIn } from "./bundleToolchain.js";

const ROOT = path.resolve(fileURLToPath(new URL("..", import.meta.url)));
/** The toolchain's modules (the browser runtime's too: the command line shares some of its code), and the bench's scripts. */
const MODULE_DIRS = ["cli", "renderer", "templates", "bench"];
/** Files whose change changes how the modules compile. */
const SETTINGS = ["tsconfig.json", "package.json", "bin/compiledCheckout.js", "bin/bundleToolchain.js"];
const CACHE = path.join(ROOT, "node_modules", ".cache", "carta-docs-toolchain");
/** A copy unused for this long is removed by the next compilation. */
const STALE_MS = 24 * 60 * 60 * 1000;

/** Names the sources as they are now: the checkout, each module's and setting's path, size and time. */
function stampOf(files) {
  const hash = createHash("sha1").update(ROOT);
  const bundled = [...BUNDLED_PACKAGES].map((name) => path.join("node_modules", name, "package.json")); // their versions
  for (const file of [...files, ...[...SETTINGS, ...bundled].map((name) => path.join(ROOT, name))]) {
    const stat = fs.statSync(file);
    hash.update(`\n${path.relative(ROOT, file)} ${stat.size} ${stat.mtimeMs}`);
  }
  return hash.digest("hex").slice(0, 20);
}

/** The modules a command, a thread or a script loads by their path: the command line, the programmatic API and the bench's scripts run by bench/runCompiled.mjs, besides those every bundle has. */
const NAMED = ["cli/program.ts", "cli/index.ts", "bench/buildOnce.ts", "bench/convertOnce.ts"];

/**
 * Bundles the modules into `target` (renamed to its place afterwards), with modules.json listing the source
 * modules in each file, for the tests that check what a command loads.
 */
async function compile(files, target) {
  // The files the modules read at run time (styles, the browser runtime's sources, the sample viewer) are the checkout's (cli/util/packageRoot.ts).
  const modules = await bundleToolchain({ root: ROOT, entries: entriesOf(ROOT, files, NAMED), outdir: target, define: { CARTA_DOCS_CHECKOUT: JSON.stringify(ROOT) } });
  fs.writeFileSync(path.join(target, "modules.json"), JSON.stringify(modules));
}

function removeStale(keep) {
  for (const name of fs.readdirSync(CACHE)) {
    const dir = path.join(CACHE, name);
    if (dir !== keep && Date.now() - fs.statSync(dir).mtimeMs > STALE_MS) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The folder of the compiled copy of this checkout's current sources, compiled now if there is none; undefined
 * when it cannot be made (no esbuild, a read-only checkout, a module that does not compile), and the caller
 * runs the sources through tsx instead, which reports a module's error as it always did.
 */
export async function compiledCheckout() {
  try {
    const files = sourceModulesIn(ROOT, MODULE_DIRS);
    const dir = path.join(CACHE, stampOf(files));
    if (fs.existsSync(dir)) {
      const now = new Date();
      fs.utimesSync(dir, now, now); // in use: not stale
      return dir;
    }
    // Processes starting side by side each compile into a folder of their own; the first rename wins.
    const staging = `${dir}.${process.pid}.tmp`;
    fs.mkdirSync(CACHE, { recursive: true });
    try {
      await compile(files, staging);
      fs.renameSync(staging, dir);
    } catch (error) {
      fs.rmSync(staging, { recursive: true, force: true });
      if (!fs.existsSync(dir)) throw error;
    }
    removeStale(dir);
    return dir;
  } catch {
    return undefined;
  }
}
