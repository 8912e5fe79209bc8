/**
 * Evaluates a Docusaurus site's own code (docusaurus.config.js|ts|mjs, sidebars.js|ts) without its packages
 * installed. The file is bundled with its relative files by esbuild (util/importTypeScript.ts, as CommonJS) and
 * evaluated in memory, never written anywhere: migrate writes nothing into the Docusaurus folder. A package the
 * code requires is the real one when it resolves from the site's folder (and Node's built-ins always are);
 * otherwise a permissive stub stands in (`require("prism-react-renderer").themes.github` is a stub, and so is
 * whatever is read from, called on or made of it), and `require.resolve` of it gives its name back, so a config
 * naming plugins by `require.resolve("docusaurus-lunr-search")` still evaluates. The stubbed names are reported.
 */
import { builtinModules, createRequire, SourceMap, type SourceMapPayload } from "node:module";
import path from "node:path";
import vm from "node:vm";
import { bundleModule } from "../util/importTypeScript.ts";
import { withinTimeLimit } from "../config/timeLimit.ts";

/** Marks a stub, so the config mapping can tell a value it cannot read. */
const STUB = Symbol("carta-docs stub");

export interface EvaluatedModule {
  /** The module's export: `module.exports`, or its default export; a function is called and a promise awaited, as Docusaurus does. */
  value: unknown;
  /** Packages that did not resolve from the site's folder and were replaced by stubs, in the order met. */
  stubbed: string[];
}

/** Whether `value` is (or came from) a stub of a package that is not installed. */
export function isStub(value: unknown): boolean {
  return typeof value === "function" && (value as unknown as Record<symbol, unknown>)[STUB] === true;
}

/** A value that answers every use with another stub: property reads, calls, `new`, its prototype. */
function stub(name: string): unknown {
  const target = function stubbed() {};
  const proxy: unknown = new Proxy(target, {
    get(_, key) {
      if (key === STUB) return true;
      if (key === "then") return undefined; // not a promise: an awaited stub stays a stub
      if (key === Symbol.toPrimitive) return () => `[${name}]`;
      if (key === "__esModule") return false;
      if (typeof key === "symbol") return undefined;
      return stub(`${name}.${key}`);
    },
    apply: () => stub(`${name}()`),
    construct: () => stub(`new ${name}`) as object,
    // esbuild's interop copies a module's own keys onto an object whose prototype is the module's: reads of
    // names it did not copy (`import { themes } from ...`) reach the stub through it.
    getPrototypeOf: () => stub(name) as object,
  });
  return proxy;
}

const BUILTINS = new Set(builtinModules);

function isBare(specifier: string): boolean {
  return !specifier.startsWith(".") && !path.isAbsolute(specifier) && !specifier.startsWith("file:");
}

/**
 * The `require` the bundle sees: relative files and built-ins as Node resolves them from `file`, installed
 * packages too, and a stub (recorded in `stubbed`) for a package that is not installed.
 */
function permissiveRequire(file: string, stubbed: string[]): NodeJS.Require {
  const real = createRequire(file);
  const missing = (specifier: string): boolean => {
    if (!isBare(specifier) || BUILTINS.has(specifier) || specifier.startsWith("node:")) return false;
    try {
      real.resolve(specifier);
      return false;
    } catch {
      const name = packageName(specifier);
      if (!stubbed.includes(name)) stubbed.push(name);
      return true;
    }
  };
  const required = ((specifier: string): unknown => (missing(specifier) ? stub(specifier) : real(specifier))) as NodeJS.Require;
  const resolve = ((specifier: string, options?: { paths?: string[] }) => (missing(specifier) ? specifier : real.resolve(specifier, options))) as NodeJS.RequireResolve;
  resolve.paths = real.resolve.paths;
  return Object.assign(required, { resolve, cache: real.cache, main: real.main, extensions: real.extensions });
}

/** "@docusaurus/theme-common/internal" -> "@docusaurus/theme-common". */
function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

/** What the evaluation of a site's file threw, with the line of that file where it was thrown when known. */
export class EvaluationError extends Error {
  constructor(
    readonly thrown: unknown,
    readonly line: number | undefined,
  ) {
    super(thrown instanceof Error ? thrown.message : String(thrown));
    this.name = thrown instanceof Error ? thrown.name : "Error";
  }
}

/**
 * The line of `file` where `error` was thrown, from its stack: a frame of the bundle (`bundleName`) is mapped
 * back through the bundle's inline source map (Node applies such maps to code run by vm only in some setups,
 * so the frame may name `file` itself, already mapped).
 */
function thrownAt(error: unknown, file: string, bundleName: string, bundleText: string): number | undefined {
  const stack = error instanceof Error ? (error.stack ?? "") : "";
  for (const frame of stack.split("\n")) {
    const at = frame.lastIndexOf(bundleName) >= 0 ? frame.lastIndexOf(bundleName) + bundleName.length : frame.lastIndexOf(`${file}:`) >= 0 ? frame.lastIndexOf(`${file}:`) + file.length : -1;
    const place = at >= 0 ? /^:(\d+):(\d+)/.exec(frame.slice(at)) : null;
    if (!place) continue;
    if (frame.lastIndexOf(bundleName) < 0) return Number(place[1]);
    const map = /\/\/# sourceMappingURL=data:application\/json;base64,(\S+)\s*$/.exec(bundleText);
    if (!map) return undefined;
    const payload = JSON.parse(Buffer.from(map[1]!, "base64").toString("utf8")) as SourceMapPayload;
    const entry = new SourceMap(payload).findEntry(Number(place[1]) - 1, Number(place[2]) - 1) as { originalLine?: number; originalSource?: string };
    // Only a line of the file itself: one of a file it required is not where the config failed.
    return entry.originalLine !== undefined && entry.originalSource !== undefined && path.resolve(path.dirname(file), ".carta-docs-cache", entry.originalSource) === file ? entry.originalLine + 1 : undefined;
  }
  return undefined;
}

/**
 * Evaluates `file` within the config loader's time limit. Throws TypeScriptModuleError when it does not parse,
 * TimeLimitError past the limit, and an EvaluationError for what its evaluation throws.
 */
export async function evaluateModule(file: string, shown: string): Promise<EvaluatedModule> {
  const stubbed: string[] = [];
  const value = await withinTimeLimit(
    async () => {
      const bundle = await bundleModule(file, "cjs");
      const bundleName = `${file}.carta-docs-bundle.js`;
      // The wrapper shares the body's first line, so the bundle's lines are the source map's.
      const run = vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${bundle.text}\n})`, { filename: bundleName }) as (
        exports: unknown,
        require: NodeJS.Require,
        module: { exports: unknown },
        filename: string,
        dirname: string,
      ) => void;
      const module = { exports: {} as unknown };
      try {
        run(module.exports, permissiveRequire(file, stubbed), module, file, path.dirname(file));
      } catch (error) {
        throw new EvaluationError(error, thrownAt(error, file, bundleName, bundle.text));
      }
      const exported = module.exports as { __esModule?: boolean; default?: unknown } | undefined;
      const own = exported && exported.__esModule ? exported.default : exported;
      return typeof own === "function" && !isStub(own) ? await (own as () => unknown)() : await own;
    },
    shown,
    `evaluating ${path.basename(file)}`,
  );
  return { value, stubbed };
}
