// A checkout's toolchain compiled to JavaScript once, and again only when a source changes. Loading ~200
// TypeScript modules through tsx's loader hooks took about 1.4 s of every command (the hooks answer each
// import from a thread of their own); the same modules compiled load in a tenth of that. The copy mirrors
// the source tree like the published dist/ (so toolchainModule's .js names hold), lives in
// node_modules/.cache under a name made of the sources' stamps, and is written whole or not at all.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(fileURLToPath(new URL("..", import.meta.url)));
/** The toolchain's modules (the browser runtime's too: the command line shares some of its code), and the bench's scripts. */
const MODULE_DIRS = ["cli", "renderer", "templates", "bench"];
/** Files whose change changes how the modules compile. */
const SETTINGS = ["tsconfig.json", "package.json", "bin/compiledCheckout.js"];
const CACHE = path.join(ROOT, "node_modules", ".cache", "carta-docs-toolchain");
/** A copy unused for this long is removed by the next compilation. */
const STALE_MS = 24 * 60 * 60 * 1000;

function modulesIn(dir, found) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      modulesIn(file, found);
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) found.push(file);
  }
  return found;
}

/** Names the sources as they are now: the checkout, each module's and setting's path, size and time. */
function stampOf(files) {
  const hash = createHash("sha1").update(ROOT);
  const vendored = VENDORED.map((name) => path.join("node_modules", name, "package.json")); // their versions
  for (const file of [...files, ...[...SETTINGS, ...vendored].map((name) => path.join(ROOT, name))]) {
    const stat = fs.statSync(file);
    hash.update(`\n${path.relative(ROOT, file)} ${stat.size} ${stat.mtimeMs}`);
  }
  return hash.digest("hex").slice(0, 20);
}

/**
 * Packages made of many small modules, loaded from one file each (bundled into vendor/ of the copy): zod's
 * ~95 modules took about 90 ms to load where the same code in one file takes 35 ms. Only packages that import
 * nothing else and whose instances the toolchain alone uses (a site's own modules load theirs from node_modules).
 */
const VENDORED = ["zod", "diff"];

/**
 * Each relative import of a .ts or .tsx module becomes one of the compiled .js beside it, a vendored package
 * its file in vendor/; the rest stays as written.
 */
const keepImports = {
  name: "keep-imports",
  setup(build) {
    build.onResolve({ filter: /.*/ }, ({ path: spec, kind, importer }) => {
      if (kind === "entry-point") return undefined;
      if (VENDORED.includes(spec)) {
        // The copy mirrors the sources, so the way from a module's source to ROOT/vendor is the way from its copy.
        const vendored = path.relative(path.dirname(importer), path.join(ROOT, "vendor", `${spec}.js`));
        return { path: vendored.startsWith(".") ? vendored : `./${vendored}`, external: true };
      }
      return { path: spec.startsWith(".") ? spec.replace(/\.tsx?$/, ".js") : spec, external: true };
    });
  },
};

async function compile(files, target) {
  const esbuild = await import("esbuild");
  await esbuild.build({
    entryPoints: files,
    outdir: target,
    outbase: ROOT,
    bundle: true, // one file per module: every import is external (keepImports); bundling is what lets a plugin rewrite them
    plugins: [keepImports],
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: path.join(ROOT, "tsconfig.json"),
    // The files the modules read at run time (styles, the browser runtime's sources, the sample viewer) are the checkout's (cli/util/packageRoot.ts).
    define: { CARTA_DOCS_CHECKOUT: JSON.stringify(ROOT) },
    logLevel: "silent",
  });
  await esbuild.build({
    entryPoints: VENDORED.map((name) => ({ in: name, out: `vendor/${name}` })),
    absWorkingDir: ROOT,
    outdir: target,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "silent",
  });
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
    const files = MODULE_DIRS.filter((dir) => fs.existsSync(path.join(ROOT, dir))).flatMap((dir) => modulesIn(path.join(ROOT, dir), []));
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
