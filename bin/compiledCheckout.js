// A checkout's toolchain compiled to JavaScript once, and again only when a source changes. Loading ~200
// TypeScript modules through tsx's loader hooks took about 1.4 s of every command (the hooks answer each
// import from a thread of their own); the same modules compiled load in a tenth of that, and bundled in
// fewer files faster still. The modules loaded by path sit where the published dist/ has them (so
// toolchainModule's .js names hold); the copy lives in node_modules/.cache under a name made of the sources'
// stamps, and is written whole or not at all.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

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
  const bundled = [...BUNDLED_PACKAGES].map((name) => path.join("node_modules", name, "package.json")); // their versions
  for (const file of [...files, ...[...SETTINGS, ...bundled].map((name) => path.join(ROOT, name))]) {
    const stat = fs.statSync(file);
    hash.update(`\n${path.relative(ROOT, file)} ${stat.size} ${stat.mtimeMs}`);
  }
  return hash.digest("hex").slice(0, 20);
}

/**
 * Packages bundled into the copy (the rest stay imports of node_modules): made of many small modules, zod's ~95
 * took about 90 ms to load where the same code in one file takes 35 ms. Only packages that import nothing else
 * and whose instances the toolchain alone uses (a site's own modules load theirs from node_modules).
 */
const BUNDLED_PACKAGES = new Set(["zod", "diff"]);

/**
 * The modules a command, a thread or a script loads by their path, each at its place in the copy: the command
 * line and the programmatic API, the page templates (renderPages.ts), every module named to toolchainModule()
 * (worker entries) and the bench's scripts run by bench/runCompiled.mjs. The rest of the code is in chunks.
 */
function entriesOf(files) {
  const named = new Set(["cli/program.ts", "cli/index.ts", "bench/buildOnce.ts", "bench/convertOnce.ts"].map((rel) => path.join(ROOT, rel)));
  for (const file of files) {
    if (path.dirname(file) === path.join(ROOT, "templates") && file.endsWith(".tsx")) named.add(file);
    for (const [, name] of fs.readFileSync(file, "utf8").matchAll(/toolchainModule\("(\.[^"]+)"\)/g)) named.add(path.resolve(path.dirname(file), name));
  }
  return [...named].filter((file) => fs.existsSync(file));
}

/** Where the copy of a source module is (or would be): its path under `dir`, with .js for .ts and .tsx. */
const copyOf = (file, dir) => path.join(dir, path.relative(ROOT, file)).replace(/\.tsx?$/, ".js");

/**
 * Each module keeps the import.meta.url its own copy would have (it finds its siblings, templates and packages
 * from there), though its code runs from a chunk: a constant put on its first line, which esbuild keeps apart
 * from every other module's.
 */
const META = "__carta_docs_import_meta";
function ownImportMeta(dir) {
  return {
    name: "own-import-meta",
    setup(build) {
      build.onLoad({ filter: /\.tsx?$/ }, async ({ path: file }) => {
        if (file.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const contents = await fs.promises.readFile(file, "utf8");
        const loader = file.endsWith(".tsx") ? "tsx" : "ts";
        if (!contents.includes("import.meta")) return { contents, loader };
        return { contents: `const ${META} = { url: ${JSON.stringify(pathToFileURL(copyOf(file, dir)).href)} };${contents}`, loader };
      });
    },
  };
}

/** Bare imports stay imports of node_modules, but for the bundled packages'. */
const externalPackages = {
  name: "external-packages",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path: spec, kind }) => {
      if (kind === "entry-point") return undefined;
      const name = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0];
      return BUNDLED_PACKAGES.has(name) ? undefined : { path: spec, external: true };
    });
  },
};

/**
 * Bundles the modules into `target` (to be renamed to `dir`): the entries at their places, the code they
 * share in chunks/, each import() of a toolchain module a chunk of its own, so a command loads a few dozen
 * files (importing what a build loads took 0.52 s module by module, 0.39 s bundled: medians here). modules.json
 * lists the source modules in each file, for the tests that check what a command loads. The same import.meta
 * rule as importTypeScript.ts's for a site's modules, written again here: this file runs before any of cli/ compiles.
 */
async function compile(files, target, dir) {
  const esbuild = await import("esbuild");
  const { metafile } = await esbuild.build({
    entryPoints: entriesOf(files),
    absWorkingDir: ROOT, // the metafile's paths are relative to it
    outdir: target,
    outbase: ROOT,
    bundle: true,
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    plugins: [externalPackages, ownImportMeta(dir)],
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: path.join(ROOT, "tsconfig.json"),
    // The files the modules read at run time (styles, the browser runtime's sources, the sample viewer) are the checkout's (cli/util/packageRoot.ts).
    define: { CARTA_DOCS_CHECKOUT: JSON.stringify(ROOT), "import.meta.url": `${META}.url` },
    metafile: true,
    logLevel: "silent",
  });
  const modules = {};
  for (const [file, { inputs }] of Object.entries(metafile.outputs)) {
    modules[path.relative(target, path.resolve(ROOT, file))] = Object.keys(inputs).filter((input) => !input.includes("node_modules/"));
  }
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
      await compile(files, staging, dir);
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
