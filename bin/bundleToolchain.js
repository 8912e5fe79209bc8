// Bundles the toolchain's TypeScript modules with esbuild, for a checkout's compiled copy (compiledCheckout.js)
// and for the published package's dist/ (scripts/buildPackage.mjs): the modules loaded by path at their
// places, the code they share in chunks/, so a command loads a few dozen files (importing what a build loads
// took 0.52 s module by module, 0.39 s bundled: medians here). Plain JavaScript: it runs before any of cli/
// compiles. The import.meta rule is importTypeScript.ts's for a site's modules, written again here.
import fs from "node:fs";
import path from "node:path";

/**
 * Packages bundled in (the rest stay imports of node_modules): made of many small modules, zod's ~95 took
 * about 90 ms to load where the same code in one file takes 35 ms. Only packages that import nothing else
 * and whose instances the toolchain alone uses (a site's own modules load theirs from node_modules).
 */
export const BUNDLED_PACKAGES = new Set(["zod", "diff"]);

function modulesIn(dir, found) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      modulesIn(file, found);
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) found.push(file);
  }
  return found;
}

/** The TypeScript modules (not declarations) of the folders `dirs` of `root` that exist. */
export const sourceModulesIn = (root, dirs) => dirs.filter((dir) => fs.existsSync(path.join(root, dir))).flatMap((dir) => modulesIn(path.join(root, dir), []));

/**
 * The modules loaded by their path, each at its place in the bundle: `named` (the command line, the
 * programmatic API, scripts), the page templates (renderPages.ts) and every module named to toolchainModule()
 * (worker entries). The rest of the code is in chunks.
 */
export function entriesOf(root, files, named) {
  const entries = new Set(named.map((rel) => path.join(root, rel)));
  for (const file of files) {
    if (path.dirname(file) === path.join(root, "templates") && file.endsWith(".tsx")) entries.add(file);
    for (const [, name] of fs.readFileSync(file, "utf8").matchAll(/toolchainModule\("(\.[^"]+)"\)/g)) entries.add(path.resolve(path.dirname(file), name));
  }
  return [...entries].filter((file) => fs.existsSync(file));
}

/**
 * Each module keeps the import.meta.url its own file would have (it finds its siblings, templates and packages
 * from there), though its code runs from a chunk: a constant put on its first line, which esbuild keeps apart
 * from every other module's. It holds a mark naming the module's file in the bundle; once written, each mark
 * becomes that file's URL relative to the file holding it, so the bundle can be moved (renamed into place,
 * installed anywhere).
 */
const META = "__carta_docs_import_meta";
const OWN_URL = "carta-docs-own-url:";
function ownImportMeta(root) {
  return {
    name: "own-import-meta",
    setup(build) {
      build.onLoad({ filter: /\.tsx?$/ }, async ({ path: file }) => {
        if (file.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const contents = await fs.promises.readFile(file, "utf8");
        const loader = file.endsWith(".tsx") ? "tsx" : "ts";
        if (!contents.includes("import.meta")) return { contents, loader };
        const own = path.relative(root, file).replace(/\.tsx?$/, ".js").split(path.sep).join("/");
        return { contents: `const ${META} = { url: ${JSON.stringify(OWN_URL + own)} };${contents}`, loader };
      });
    },
  };
}

/** Turns each module's mark in `file` (a file of the bundle in `outdir`) into its URL relative to `file`. */
function resolveOwnUrls(file, outdir) {
  const text = fs.readFileSync(file, "utf8");
  if (!text.includes(`"${OWN_URL}`)) return;
  fs.writeFileSync(
    file,
    text.replace(new RegExp(`"${OWN_URL}([^"]+)"`, "g"), (_, own) => {
      const relative = path.relative(path.dirname(file), path.join(outdir, own)).split(path.sep).join("/");
      return `new URL(${JSON.stringify(relative.startsWith(".") ? relative : `./${relative}`)}, import.meta.url).href`;
    }),
  );
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
 * Bundles `entries` (source files under `root`) into `outdir`, each import() of a toolchain module a chunk of its
 * own. `define` as esbuild's. Returns, for each file written (relative to `outdir`), the source modules it holds.
 */
export async function bundleToolchain({ root, entries, outdir, define = {} }) {
  const esbuild = await import("esbuild");
  const { metafile } = await esbuild.build({
    entryPoints: entries,
    absWorkingDir: root, // the metafile's paths are relative to it
    outdir,
    outbase: root,
    bundle: true,
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    plugins: [externalPackages, ownImportMeta(root)],
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: path.join(root, "tsconfig.json"),
    define: { ...define, "import.meta.url": `${META}.url` },
    metafile: true,
    logLevel: "silent",
  });
  const modules = {};
  for (const [file, { inputs }] of Object.entries(metafile.outputs)) {
    const written = path.resolve(root, file);
    resolveOwnUrls(written, outdir);
    modules[path.relative(outdir, written)] = Object.keys(inputs).filter((input) => !input.includes("node_modules/"));
  }
  return modules;
}
