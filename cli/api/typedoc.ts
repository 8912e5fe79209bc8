/**
 * Runs TypeDoc on a version's source and caches its JSON by source identity, TypeDoc version and options,
 * so unchanged versions never run it again. TypeDoc's warnings and errors become diagnostics.
 */
import { readFile, rm, stat } from "node:fs/promises";
import { basename, dirname, join, relative } from "node:path";
import {
  Application,
  Logger,
  LogLevel,
  normalizePath,
  TSConfigReader,
  type MinimalNode,
  type MinimalSourceFile,
  type OptionsReader,
  type TypeDocOptions,
} from "typedoc";
import ts from "typescript";
import { hashTree, sha256, writeFileAtomic } from "./cache.ts";
import { currentSource, displayPath, readChangelog, sourceFileLabel, sourceRoot, type CodeSource } from "./sources.ts";
import type { ApiStageOptions } from "./types.ts";

/** Options of every conversion (besides paths); part of the cache key. */
const FIXED_OPTIONS = {
  skipErrorChecking: true,
  excludePrivate: true,
  excludeProtected: true,
  excludeInternal: true,
  entryPointStrategy: "resolve",
  readme: "none",
  includeVersion: true,
  // Defined-in links are made from the version's git ref, so TypeDoc need not ask git.
  disableGit: true,
  sourceLinkTemplate: "{path}#L{line}",
  // Unexported helper types are normal in an application's code; reporting each one is noise.
  validation: { notExported: false },
  logLevel: "Warn",
  plugin: [],
} satisfies TypeDocOptions;

interface TypeDocMessage {
  level: "error" | "warning";
  message: string;
  /** Relative to the source root. */
  file?: string;
  line?: number;
}

/** What the cache holds per conversion: the project JSON and the messages to report again on a hit. */
interface Conversion {
  project: unknown;
  messages: TypeDocMessage[];
}

let runs = 0;

/** How many TypeDoc conversions this process has run (the cache avoids them). */
export function typedocRuns(): number {
  return runs;
}

/** TypeDoc's JSON of `source`, from the cache or a fresh conversion; undefined after reporting errors. */
export async function convertSource(source: CodeSource, options: ApiStageOptions): Promise<unknown> {
  const { version } = source;
  const { api, diagnostics } = options;
  const settings = { ...FIXED_OPTIONS, entryPoints: [...api.entryPoints.map((entry) => entry.path), api.index], tsconfig: api.tsconfig };
  const identity =
    source.kind === "git" ? `git ${source.commit} ${source.repoPrefix}` : `tree ${await hashTree(source.root)}`;
  const cacheFile = join(options.cacheDir, "typedoc", `${sha256(JSON.stringify([identity, Application.VERSION, settings]))}.json`);
  const report = (messages: TypeDocMessage[]) => {
    for (const { level, message, file, line } of messages) {
      const where = { ...(file !== undefined && { file: sourceFileLabel(source, file, options.siteDir) }), ...(line !== undefined && { line }) };
      const text = `API ${version}: TypeDoc: ${message}`;
      if (level === "error") diagnostics.error("typedoc", text, where);
      else diagnostics.warn("typedoc", text, where);
    }
  };

  const cached = await readCache(cacheFile, version, options);
  if (cached) {
    options.log(`API ${version}: unchanged, using cache`);
    report(cached.messages);
    return cached.project;
  }

  const root = await sourceRoot(source, options);
  const missing = await checkInputs(source, root, options);
  if (missing) return undefined;
  const started = Date.now();
  let conversion: Conversion;
  try {
    // The index file only feeds the landing page; a viewer without one is fine.
    const entryPoints = api.entryPoints.map((entry) => entry.path);
    if (await fileExists(root, api.index)) entryPoints.push(api.index);
    conversion = await runTypeDoc(root, { ...settings, entryPoints });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    diagnostics.error("typedoc", `API ${version}: TypeDoc failed on ${source.label}: ${reason}`, {
      file: sourceFileLabel(source, api.tsconfig, options.siteDir),
    });
    return undefined;
  }
  report(conversion.messages);
  if (conversion.project === undefined) {
    diagnostics.error("typedoc", `API ${version}: TypeDoc produced no project from ${source.label}; see its errors above`, {
      file: sourceFileLabel(source, api.tsconfig, options.siteDir),
    });
    return undefined;
  }
  options.log(`API ${version}: TypeDoc converted ${source.label} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // Errors may come from the environment rather than the source, so such a run is not kept.
  if (!conversion.messages.some((message) => message.level === "error")) {
    await writeFileAtomic(cacheFile, JSON.stringify(conversion));
  }
  return conversion.project;
}

/**
 * Converts the current version's source (the viewer's working tree, or the sample code base) and writes
 * TypeDoc's JSON to `outFile`, with the changelog beside it, as a frozen version's snapshot.
 */
export async function writeApiSnapshot(options: ApiStageOptions, version: string, outFile: string): Promise<boolean> {
  const source = await currentSource(options, version);
  const project = await convertSource(source, options);
  if (project === undefined) return false;
  await writeFileAtomic(outFile, `${JSON.stringify(project)}\n`);
  const changelog = await readChangelog(source, options);
  if (changelog) await writeFileAtomic(join(dirname(outFile), basename(options.api.changelog)), changelog.markdown);
  return true;
}

async function readCache(file: string, version: string, options: ApiStageOptions): Promise<Conversion | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    return undefined;
  }
  try {
    const entry = JSON.parse(text) as Partial<Conversion>;
    if (typeof entry.project === "object" && entry.project !== null && Array.isArray(entry.messages)) {
      return entry as Conversion;
    }
  } catch {
    // Reported below, like a parseable entry of the wrong shape.
  }
  options.diagnostics.warn(
    "api-cache",
    `API ${version}: discarded a corrupt TypeDoc cache entry; converting again`,
    { file: displayPath(options.siteDir, file) },
  );
  await rm(file, { force: true });
  return undefined;
}

/** Reports missing entry points and an unreadable tsconfig; true when something is missing. */
async function checkInputs(source: CodeSource, root: string, options: ApiStageOptions): Promise<boolean> {
  const { api, diagnostics, siteDir } = options;
  let failed = false;
  for (const entry of api.entryPoints) {
    if (await fileExists(root, entry.path)) continue;
    diagnostics.error(
      "api-entry-point",
      `API ${source.version}: entry point ${entry.path} of ${entry.slug} does not exist in ${source.label}`,
      { file: sourceFileLabel(source, entry.path, siteDir) },
    );
    failed = true;
  }
  const tsconfig = join(root, api.tsconfig);
  const where = sourceFileLabel(source, api.tsconfig, siteDir);
  if (!(await fileExists(root, api.tsconfig))) {
    diagnostics.error("api-tsconfig", `API ${source.version}: ${api.tsconfig} does not exist in ${source.label}`, { file: where });
    return true;
  }
  const { error } = ts.readConfigFile(tsconfig, ts.sys.readFile);
  if (error) {
    const line = error.file && error.start !== undefined ? error.file.getLineAndCharacterOfPosition(error.start).line + 1 : undefined;
    diagnostics.error(
      "api-tsconfig",
      `API ${source.version}: ${api.tsconfig} does not parse: ${ts.flattenDiagnosticMessageText(error.messageText, " ")}`,
      { file: where, ...(line !== undefined && { line }) },
    );
    failed = true;
  }
  return failed;
}

async function fileExists(root: string, path: string): Promise<boolean> {
  return stat(join(root, path)).then(
    () => true,
    () => false,
  );
}

async function runTypeDoc(root: string, settings: typeof FIXED_OPTIONS & { entryPoints: string[]; tsconfig: string }): Promise<Conversion> {
  const logger = new CollectingLogger(root);
  const app = await Application.bootstrapWithPlugins(
    {
      ...settings,
      entryPoints: settings.entryPoints.map((path) => join(root, path)),
      tsconfig: join(root, settings.tsconfig),
      displayBasePath: root,
    },
    // Only the viewer's tsconfig is read (not typedoc.json or package.json of the current folder),
    // and what that reports goes to our logger instead of the console.
    [withLogger(new TSConfigReader(), logger)],
  );
  app.logger = logger;
  runs += 1;
  const project = await app.convert();
  return {
    project: project && app.serializer.projectToObject(project, normalizePath(root)),
    messages: logger.messages.filter(
      (message, i, all) => all.findIndex((other) => JSON.stringify(other) === JSON.stringify(message)) === i,
    ),
  };
}

function withLogger(reader: OptionsReader, logger: Logger): OptionsReader {
  return {
    order: reader.order,
    name: reader.name,
    supportsPackages: reader.supportsPackages,
    read: (container, _logger, cwd, usedFile) => reader.read(container, logger, cwd, usedFile),
  };
}

/** Keeps TypeDoc's warnings and errors, with the file and line TypeDoc gives, and drops the rest. */
class CollectingLogger extends Logger {
  readonly messages: TypeDocMessage[] = [];
  private where: { file?: string; line?: number } = {};

  constructor(private readonly root: string) {
    super();
  }

  protected override addContext(
    message: string,
    _level: Exclude<LogLevel, LogLevel.None>,
    ...args: [MinimalNode?] | [number, MinimalSourceFile]
  ): string {
    const [first, second] = args;
    const file = typeof first === "number" ? second : first?.getSourceFile();
    const position = typeof first === "number" ? first : first?.getStart();
    if (file && position !== undefined) {
      this.where = {
        file: relative(this.root, file.fileName),
        line: file.getLineAndCharacterOfPosition(position).line + 1,
      };
    }
    return message;
  }

  override log(message: string, level: LogLevel): void {
    super.log(message, level);
    if (level === LogLevel.Warn || level === LogLevel.Error) {
      this.messages.push({
        level: level === LogLevel.Error ? "error" : "warning",
        // TypeScript's own diagnostics arrive coloured.
        message: message.replace(/\u001b\[[0-9;]*m/g, "").trim(),
        ...this.where,
      });
    }
    this.where = {};
  }
}
