/**
 * Imports a site's own TypeScript module (its config, its page templates) without a loader hook: esbuild
 * bundles the module with the relative files it imports into one ES module, which is imported from the
 * system's temporary folder, so nothing is written into the site (a read-only checkout, a full disk or a
 * `.carta-docs-cache` that is a file cannot stop a config from loading). tsx's `tsImport` did this through module hooks on a thread of
 * their own, through which every later import of the process then passed: 0.25 s to start them, and the
 * pipeline's modules loading half as fast again.
 *
 * The bundle behaves as its sources would: `import.meta.url`, `dirname` and `filename` are each file's own,
 * `require` works (as tsx's CommonJS output allowed), and an inline source map puts the source's lines in a
 * stack. Installed packages stay imports, each resolved at bundling as Node would resolve it from the source's
 * folder (its node_modules, the conditions `import`, `node`, `default`) and written as the absolute file URL
 * it resolves to, so the bundle resolves them alike from anywhere.
 */
import fs from "node:fs";
import { isBuiltin } from "node:module";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Plugin } from "esbuild";
import { contentDigest } from "./fileDigests.ts";

/** Where a module's source cannot be bundled: esbuild's first error, with its place in a source file. */
export class TypeScriptModuleError extends Error {
  constructor(
    message: string,
    readonly file?: string,
    readonly line?: number,
  ) {
    super(message);
    this.name = "TypeScriptModuleError";
  }
}

const META = "__carta_docs_import_meta";
const SOURCE = /\.[cm]?[jt]sx?$/;
const LOADERS = { ".ts": "ts", ".mts": "ts", ".cts": "ts", ".tsx": "tsx", ".js": "js", ".mjs": "js", ".cjs": "js", ".jsx": "jsx" } as const;

/** Imports written as file: URLs are files to bundle, like relative ones. */
const fileUrlImports: Plugin = {
  name: "file-url-imports",
  setup(build) {
    build.onResolve({ filter: /^file:/ }, (args) => ({ path: fileURLToPath(args.path) }));
  },
};

/** Imports that name a package (or a `#` import of the package's own): neither relative, absolute nor a URL. */
const NOT_A_PACKAGE = /^([./]|[a-z][a-z0-9+.-]*:)/i;

/**
 * Writes each package import as the file URL Node would resolve it to from the importing file (the bundle is
 * imported from elsewhere). One it cannot find stays as written, so that the import fails
 * as Node says, naming the package.
 */
const packageImportsAsFiles: Plugin = {
  name: "package-imports-as-files",
  setup(build) {
    // esbuild's filters are Go expressions, without lookahead: every import comes here.
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (NOT_A_PACKAGE.test(args.path) || args.kind === "entry-point" || args.pluginData === RESOLVING) return undefined;
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      const found = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: RESOLVING });
      return { path: found.errors.length === 0 && path.isAbsolute(found.path) ? pathToFileURL(found.path).href : args.path, external: true };
    });
  },
};
const RESOLVING = Symbol("resolving");

/** Gives each bundled file its own import.meta.url, dirname and filename (the bundle's would be its temporary file's). */
const ownImportMeta: Plugin = {
  name: "own-import-meta",
  setup(build) {
    build.onLoad({ filter: SOURCE }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const contents = await fs.promises.readFile(args.path, "utf8");
      const loader = LOADERS[path.extname(args.path) as keyof typeof LOADERS];
      if (!contents.includes("import.meta")) return { contents, loader };
      const meta = { url: pathToFileURL(args.path).href, dirname: path.dirname(args.path), filename: args.path };
      // One line, so the source map's lines stay the source's.
      return { contents: `const ${META} = ${JSON.stringify(meta)};${contents}`, loader };
    });
  },
};

/**
 * A module bundled: its text, and the files it was made of with the digests of their content when it was made,
 * so that a later command may import the same text again while they hold (see stillFresh). The text names its
 * files by their absolute paths (import.meta, require, the source map), so it is of one place.
 */
export interface ModuleBundle {
  /** The module's own file. */
  entry: string;
  text: string;
  /** Each file bundled, with its content's digest; none when one changed while bundling (the bundle is not to be reused). */
  inputs?: [file: string, digest: string][];
}

/** Whether `bundle` was made from `file` and every file it was made of is as it was then. */
export function stillFresh(bundle: ModuleBundle, file: string): boolean {
  return bundle.entry === file && bundle.inputs !== undefined && bundle.inputs.every(([input, digest]) => digestOf(input) === digest);
}

/** The digest of a bundled file's content (a few small files: read every time, never known by their times). */
function digestOf(file: string): string | undefined {
  try {
    return contentDigest(fs.readFileSync(file));
  } catch {
    return undefined;
  }
}

/** A bundle is reusable when every file it was made of was last changed this long before its bundling began. */
const SETTLED_MS = 2000;

/**
 * The folder a bundle's source map names its sources from (never written): migrate/evaluateModule.ts reads a
 * CommonJS bundle's map from there.
 */
const bundleDir = (file: string) => path.join(path.dirname(file), ".carta-docs-cache");

/**
 * Bundles the module at `file` (TypeScript or JavaScript). Throws TypeScriptModuleError when it cannot be
 * bundled (a syntax error, a relative import that does not exist). `format: "cjs"` makes a CommonJS body that
 * the caller evaluates with a `require` of its own (migrate reads a Docusaurus config so, see
 * migrate/evaluateModule.ts); the default is an ES module for importBundle.
 */
export async function bundleModule(file: string, format: "esm" | "cjs" = "esm"): Promise<ModuleBundle> {
  const started = Date.now();
  const { build } = await import("esbuild");
  const esm = format === "esm";
  const bundled = await build({
    entryPoints: [file],
    outfile: path.join(bundleDir(file), "bundle.mjs"), // not written: the source map's paths start from its folder
    bundle: true,
    // An ES module is imported from elsewhere: its source map's paths start from the source's folder, and its
    // package imports are resolved here, under Node's conditions and fields.
    ...(esm ? { sourceRoot: pathToFileURL(bundleDir(file)).href + "/", conditions: [], mainFields: ["main"] } : { packages: "external" }),
    platform: "node",
    format,
    target: "node20",
    write: false,
    metafile: true,
    sourcemap: "inline",
    logLevel: "silent",
    define: { "import.meta.url": `${META}.url`, "import.meta.dirname": `${META}.dirname`, "import.meta.filename": `${META}.filename` },
    banner: { js: format === "cjs" ? "" : `import { createRequire as __carta_docs_createRequire } from "node:module"; const require = __carta_docs_createRequire(${JSON.stringify(pathToFileURL(file).href)});` },
    plugins: esm ? [fileUrlImports, packageImportsAsFiles, ownImportMeta] : [fileUrlImports, ownImportMeta],
  }).catch((error: unknown) => {
    throw bundlingError(error, file);
  });
  const inputs = Object.keys(bundled.metafile.inputs).map((input) => path.resolve(input));
  const stats = inputs.map((input) => fs.statSync(input, { throwIfNoEntry: false }));
  // A file changed since the bundling began may have been read before its change: such a bundle is used once.
  // File times are coarser than the clock (a tick; a second or two on some file systems), hence the margin.
  const settled = stats.every((stat) => stat !== undefined && stat.mtimeMs < started - SETTLED_MS);
  const digests = settled ? inputs.map(digestOf) : [];
  const known = settled && digests.every((digest) => digest !== undefined);
  return { entry: file, text: bundled.outputFiles[0]!.text, ...(known && { inputs: inputs.map((input, i): [string, string] => [input, digests[i]!]) }) };
}

/**
 * Evaluates a bundle afresh (watch mode sees an edited config or template): written to a file of its own in
 * the system's temporary folder, never the site's, imported and removed. Where that cannot be written (a full
 * disk), it is imported from a data: URL, whose stacks Node does not map to the sources. What its evaluation
 * throws is thrown as it is. (A process killed by a signal while importing leaves its file behind.)
 */
export async function importBundle(bundle: ModuleBundle): Promise<Record<string, unknown>> {
  // Stacks then name the source's lines, not the bundle's.
  process.setSourceMapsEnabled(true);
  const out = path.join(os.tmpdir(), `carta-docs-${path.basename(bundle.entry)}.${process.pid}-${randomBytes(6).toString("hex")}.mjs`);
  try {
    // "wx": never through a file or link another user put there first.
    fs.writeFileSync(out, bundle.text, { flag: "wx", mode: 0o600 });
  } catch {
    fs.rmSync(out, { force: true });
    return (await import(`data:text/javascript;base64,${Buffer.from(bundle.text).toString("base64")}#${randomBytes(6).toString("hex")}`)) as Record<string, unknown>;
  }
  // A module whose evaluation never ends (an await that never settles: the config's time limit then ends the
  // process) never reaches the finally below: the file goes when the process exits.
  const remove = () => fs.rmSync(out, { force: true });
  process.once("exit", remove);
  try {
    return (await import(pathToFileURL(out).href)) as Record<string, unknown>;
  } finally {
    process.removeListener("exit", remove);
    remove();
  }
}

/** The module at `file`, bundled (bundleModule) and evaluated afresh (importBundle). */
export async function importTypeScript(file: string): Promise<Record<string, unknown>> {
  return importBundle(await bundleModule(file));
}

interface EsbuildMessage {
  text: string;
  location?: { file: string; line: number } | null;
}

function bundlingError(error: unknown, file: string): Error {
  const first = (error as { errors?: EsbuildMessage[] } | undefined)?.errors?.[0];
  if (!first) return error instanceof Error ? error : new Error(String(error));
  const where = first.location ? path.resolve(first.location.file) : undefined;
  return new TypeScriptModuleError(first.text, where ?? file, first.location?.line);
}
