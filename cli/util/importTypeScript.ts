/**
 * Imports a site's own TypeScript module (its config, its page templates) without a loader hook: esbuild
 * bundles the module with the relative files it imports into one ES module (installed packages stay
 * imports), which is written beside the source, imported and removed. tsx's `tsImport` did this through
 * module hooks on a thread of their own, through which every later import of the process then passed: 0.25 s
 * to start them, and the pipeline's modules loading half as fast again.
 *
 * The bundle behaves as its sources would: `import.meta.url`, `dirname` and `filename` are each file's own,
 * `require` works (as tsx's CommonJS output allowed), and an inline source map puts the source's lines in a
 * stack. Written where the source is (in a `.carta-docs-cache` folder, which watch mode and the build's
 * input stamps pass over), its package imports resolve from the same node_modules the source's would.
 */
import fs from "node:fs";
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

/** Where a module's bundle is written to be imported: beside the source, so its package imports resolve from there. */
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
  const bundled = await build({
    entryPoints: [file],
    outfile: path.join(bundleDir(file), "bundle.mjs"), // not written: the source map's paths start from its folder
    bundle: true,
    packages: "external",
    platform: "node",
    format,
    target: "node20",
    write: false,
    metafile: true,
    sourcemap: "inline",
    logLevel: "silent",
    define: { "import.meta.url": `${META}.url`, "import.meta.dirname": `${META}.dirname`, "import.meta.filename": `${META}.filename` },
    banner: { js: format === "cjs" ? "" : `import { createRequire as __carta_docs_createRequire } from "node:module"; const require = __carta_docs_createRequire(${JSON.stringify(pathToFileURL(file).href)});` },
    plugins: [fileUrlImports, ownImportMeta],
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
 * Evaluates a bundle afresh (watch mode sees an edited config or template): written beside its module's
 * source, imported and removed. What its evaluation throws is thrown as it is.
 */
export async function importBundle(bundle: ModuleBundle): Promise<Record<string, unknown>> {
  const dir = bundleDir(bundle.entry);
  const out = path.join(dir, `${path.basename(bundle.entry)}.${process.pid}-${randomBytes(4).toString("hex")}.mjs`);
  // The folder stays: threads loading templates side by side share it.
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(out, bundle.text);
  try {
    // Stacks then name the source's lines, not the bundle's.
    process.setSourceMapsEnabled(true);
    return (await import(pathToFileURL(out).href)) as Record<string, unknown>;
  } finally {
    fs.rmSync(out, { force: true });
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
