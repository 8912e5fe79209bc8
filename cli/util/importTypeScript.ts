/**
 * Imports a site's own TypeScript module (its config, its page templates) without a loader hook: esbuild
 * bundles the module with the relative files it imports into one ES module (installed packages stay
 * imports), which is written beside the source and imported (kept for the next command while its inputs
 * stay as they were). tsx's `tsImport` did this through
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
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Plugin } from "esbuild";
import { writeFileAtomic } from "./writeFileAtomic.ts";

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

/** What a kept bundle was made from: each input file's size and modification time (see importTypeScript). */
type InputStamp = [file: string, size: number, mtimeMs: number];

const RECORD = "// carta-docs bundle of: ";
const FORMAT = 1;

/**
 * A file edited this close to the bundling (or after it began) may have been read before or after the edit:
 * its stamp then does not prove what the bundle holds, and the bundle is not kept (git's "racily clean" rule).
 */
const RACY_MS = 2_000;

function stampOf(file: string): InputStamp | undefined {
  const stats = fs.statSync(file, { throwIfNoEntry: false });
  return stats && [file, stats.size, stats.mtimeMs];
}

/** Whether the bundle kept in `bundle` was made from the files as they are now. */
function keptBundleHolds(bundle: string): boolean {
  let last: string;
  try {
    last = fs.readFileSync(bundle, "utf8").split("\n").at(-1)!;
  } catch {
    return false;
  }
  if (!last.startsWith(RECORD)) return false;
  try {
    const record = JSON.parse(last.slice(RECORD.length)) as { format: number; inputs: InputStamp[] };
    return record.format === FORMAT && record.inputs.every((input) => JSON.stringify(stampOf(input[0])) === JSON.stringify(input));
  } catch {
    return false;
  }
}

/** The nearest tsconfig.json above `file` (esbuild takes JSX settings from it), so an edit of it makes a new bundle. */
function nearestTsconfig(file: string): string | undefined {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "tsconfig.json");
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

async function bundleModule(file: string, outfile: string): Promise<{ text: string; inputs: string[] }> {
  const { build } = await import("esbuild");
  const bundled = await build({
    entryPoints: [file],
    outfile,
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    write: false,
    sourcemap: "inline",
    metafile: true,
    logLevel: "silent",
    define: { "import.meta.url": `${META}.url`, "import.meta.dirname": `${META}.dirname`, "import.meta.filename": `${META}.filename` },
    banner: { js: `import { createRequire as __carta_docs_createRequire } from "node:module"; const require = __carta_docs_createRequire(${JSON.stringify(pathToFileURL(file).href)});` },
    plugins: [fileUrlImports, ownImportMeta],
  }).catch((error: unknown) => {
    throw bundlingError(error, file);
  });
  return { text: bundled.outputFiles[0]!.text, inputs: Object.keys(bundled.metafile.inputs).map((input) => path.resolve(input)) };
}

let imports = 0;

/**
 * The module at `file` (TypeScript or JavaScript), evaluated afresh on every call (watch mode sees an edited
 * config or template). The bundle is kept (`<name>.bundle.mjs`, its last line naming the stamps of the files
 * it was made from) and made again only when one of those changed: loading esbuild and bundling cost about
 * 0.1 s of every command. Throws TypeScriptModuleError when it cannot be bundled (a syntax error, a relative
 * import that does not exist); what its evaluation throws is thrown as it is.
 */
export async function importTypeScript(file: string): Promise<Record<string, unknown>> {
  const bundle = path.join(path.dirname(file), ".carta-docs-cache", `${path.basename(file)}.bundle.mjs`);
  if (!keptBundleHolds(bundle)) {
    const started = Date.now();
    const { text, inputs } = await bundleModule(file, bundle);
    const stamps = [...inputs, nearestTsconfig(file)].map((input) => input && stampOf(input)).filter((stamp): stamp is InputStamp => stamp !== undefined);
    const racy = stamps.some(([, , mtimeMs]) => mtimeMs > started - RACY_MS);
    // One file, written whole: a reader sees the record and the code it describes together. The record is
    // its last line, so the source map's lines stay the code's.
    await writeFileAtomic(bundle, racy ? text : `${text}\n${RECORD}${JSON.stringify({ format: FORMAT, inputs: stamps })}`);
  }
  // Stacks then name the source's lines, not the bundle's.
  process.setSourceMapsEnabled(true);
  return (await import(`${pathToFileURL(bundle).href}?load=${++imports}.${Date.now()}`)) as Record<string, unknown>;
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
