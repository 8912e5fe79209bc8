/** Finds, imports and validates `site.config.ts`. */
import fs from "node:fs";
import path from "node:path";
import { CartaDocsError, type Diagnostic } from "../util/diagnostics.ts";
import { bundleModule, importBundle, stillFresh, TypeScriptModuleError, type ModuleBundle } from "../util/importTypeScript.ts";
import { TimeLimitError, withinTimeLimit } from "./timeLimit.ts";
import { escapeRegExp } from "../util/regExp.ts";
import { defaultNavbarItems, formatIssues, siteConfigSchema, type NavbarItem, type SiteConfig } from "./schema.ts";

export interface ResolvedConfig extends Omit<SiteConfig, "navbar"> {
  navbar: SiteConfig["navbar"] & { items: NavbarItem[] };
  /** Absolute path of the config file. */
  configFile: string;
  /** Folder of the config file: the site's root, against which relative paths are resolved. */
  siteDir: string;
  /** Informational notes produced while normalising (e.g. a base path that was fixed up). */
  notes: string[];
  /** Problems that do not stop a build (HTML removed from the announcement bar), for its diagnostics. */
  warnings: Diagnostic[];
}

export const DEFAULT_CONFIG_FILE = "site.config.ts";

function fail(file: string, message: string, line?: number): never {
  const diagnostic: Diagnostic = { severity: "error", code: "config", message, file, line };
  throw new CartaDocsError(`${file}${line ? `:${line}` : ""}: ${message}`, [diagnostic]);
}

/** A config (or a file it imports) that does not parse, or imports a file that does not exist. */
function failToBundle(error: TypeScriptModuleError, file: string, shown: string, cwd: string): never {
  const where = error.file ?? file;
  const problem = /^Could not resolve /.test(error.message) ? error.message.replace(/^Could not resolve/, "cannot find the file imported as") : `syntax error: ${error.message}`;
  if (where === file) fail(shown, problem, error.line);
  fail(shown, `${path.relative(cwd, where)}${error.line ? `:${error.line}` : ""}: ${problem}`);
}

/** The module named by a "cannot find module" error (CommonJS or ESM wording). */
function missingModuleOf(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code !== "MODULE_NOT_FOUND" && code !== "ERR_MODULE_NOT_FOUND") return undefined;
  return /Cannot find (?:module|package) '([^']+)'/.exec(String((error as Error).message))?.[1];
}

/** Line of the config file in an error's stack: where it threw, or where the failing import is. */
export function lineInStack(error: unknown, file: string): number | undefined {
  const stack = error instanceof Error ? (error.stack ?? "") : "";
  const match = stack.match(new RegExp(`${escapeRegExp(path.basename(file))}:(\\d+):\\d+`));
  return match ? Number(match[1]) : undefined;
}

/**
 * A config written as CommonJS (`exports.default = ...`, `module.exports = { default: ... }`) arrives with its
 * exports wrapped in `default`; unwrap them so both forms work.
 */
function defaultExport(mod: Record<string, unknown>): unknown {
  const value = mod.default;
  if (value === null || typeof value !== "object") return value;
  const wrapped = Object.keys(mod).some((k) => k !== "default") || (Object.keys(value).length === 1 && "default" in value);
  return wrapped ? (value as Record<string, unknown>).default : value;
}

/**
 * The config as plain data: a promised export awaited, every getter read once, objects and arrays copied
 * (a value reached twice stays one value); functions (navbar renderers, editUrl) and class instances are kept.
 */
async function plainData(value: unknown): Promise<unknown> {
  const copies = new Map<object, unknown>();
  const copy = (item: unknown): unknown => {
    if (item === null || typeof item !== "object") return item;
    const proto: unknown = Object.getPrototypeOf(item);
    if (!Array.isArray(item) && proto !== Object.prototype && proto !== null) return item;
    if (copies.has(item)) return copies.get(item);
    if (Array.isArray(item)) {
      const out: unknown[] = [];
      copies.set(item, out);
      for (const element of item) out.push(copy(element));
      return out;
    }
    const out: Record<string, unknown> = {};
    copies.set(item, out);
    for (const key of Object.keys(item)) out[key] = copy((item as Record<string, unknown>)[key]);
    return out;
  };
  return copy(await value);
}

/** A base path always starts and ends with "/". */
export function normaliseBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.trim().replace(/^\/+|\/+$/g, "");
  return trimmed ? `/${trimmed}/` : "/";
}

/** Configs as loadConfig read them from their files (a thread may load one again from there), with the bundle evaluated. */
const fromItsFile = new WeakMap<ResolvedConfig, ModuleBundle>();

/** Whether `config` is loadConfig's, as its file holds it (not an object made or changed elsewhere). */
export function loadedFromItsFile(config: ResolvedConfig): boolean {
  return fromItsFile.has(config);
}

/** The bundle of the config's file that `config` was evaluated from (loadConfig's configs only), to be offered to a later loadConfig. */
export function bundleOfConfig(config: ResolvedConfig): ModuleBundle | undefined {
  return fromItsFile.get(config);
}

/**
 * The config of `configFile`, validated. `reuse` is an earlier command's bundle of it (bundleOfConfig), evaluated
 * instead of bundling the file again while every file it was made of is as it was.
 */
export async function loadConfig(configFile: string = DEFAULT_CONFIG_FILE, cwd = process.cwd(), reuse?: ModuleBundle): Promise<ResolvedConfig> {
  const file = path.resolve(cwd, configFile);
  const shown = path.relative(cwd, file) || file;
  if (!fs.existsSync(file)) {
    fail(shown, `config file not found; create ${DEFAULT_CONFIG_FILE} or pass --config FILE`);
  }
  let loaded: { exported: unknown; bundle: ModuleBundle };
  try {
    // Getters and a promised export run within the limit too: the config is read into plain data here, once.
    loaded = await withinTimeLimit(
      async () => {
        const bundle = reuse && stillFresh(reuse, file) ? reuse : await bundleModule(file);
        return { exported: await plainData(defaultExport(await importBundle(bundle))), bundle };
      },
      shown,
      "loading the config",
    );
  } catch (error) {
    if (error instanceof TimeLimitError) fail(shown, error.problem);
    if (error instanceof TypeScriptModuleError) failToBundle(error, file, shown, cwd);
    const missing = missingModuleOf(error);
    if (missing) fail(shown, `the config imports "${missing}", which cannot be found; install it (npm install ${missing}) or fix the import`, lineInStack(error, file));
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    fail(shown, `could not load the config: it threw ${error instanceof Error ? error.name : "a value"}: ${message}`, lineInStack(error, file));
  }
  if (loaded.exported === undefined) {
    fail(shown, "the config has no default export; write `export default defineConfig({ ... })`");
  }
  const config = validateConfig(loaded.exported, file, shown);
  fromItsFile.set(config, loaded.bundle);
  return config;
}

/** Validates an already-loaded config object (also used by tests and by release scripts). */
export function validateConfig(raw: unknown, file: string, shown = file): ResolvedConfig {
  // Once per command: zod's compiled fast path (made on a schema's first parse) would cost more than it saves.
  const parsed = siteConfigSchema.safeParse(raw, { jitless: true });
  if (!parsed.success) {
    const messages = formatIssues(parsed.error.issues, raw);
    const diagnostics: Diagnostic[] = messages.map((message) => ({ severity: "error", code: "config", message, file: shown }));
    throw new CartaDocsError(`${shown}: invalid configuration:\n${messages.map((m) => `  - ${m}`).join("\n")}`, diagnostics);
  }
  const config = parsed.data;
  const notes: string[] = [];
  const baseUrl = normaliseBaseUrl(config.baseUrl);
  if (baseUrl !== config.baseUrl) notes.push(`baseUrl "${config.baseUrl}" normalised to "${baseUrl}"`);
  const navbar = { ...config.navbar, items: config.navbar.items ?? defaultNavbarItems(config) };
  return { ...config, baseUrl, navbar, configFile: file, siteDir: path.dirname(file), notes, warnings: [] };
}
