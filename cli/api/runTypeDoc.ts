/** Runs TypeDoc in this process, with its log turned into messages instead of console output. */
import { join, relative } from "node:path";
import {
  Application,
  Converter,
  Logger,
  LogLevel,
  normalizePath,
  ReflectionKind,
  TSConfigReader,
  type MinimalNode,
  type MinimalSourceFile,
  type DeclarationReflection,
  type OptionsReader,
} from "typedoc";
import ts from "typescript";
import { dropCheckProgram, offerProgram } from "./programHandoff.ts";
import { TYPEDOC_OPTIONS } from "./typedocSetup.ts";

export interface TypeDocMessage {
  level: "error" | "warning";
  message: string;
  /** Relative to the source root. */
  file?: string;
  line?: number;
  /** TypeScript's syntax error in a source file, which TypeDoc documents as far as the parser recovered. */
  syntax?: true;
}

/** The outcome of a conversion, as the cache keeps it: the project JSON and the messages to report again. */
export interface Conversion {
  /** Undefined when TypeDoc could not convert (its errors say why). */
  project: unknown;
  messages: TypeDocMessage[];
}

/**
 * Converts the viewer at `root` (entry points and tsconfig relative to it). Only the viewer's tsconfig is
 * read, not typedoc.json or package.json of the current folder.
 */
export async function runTypeDoc(root: string, entryPoints: string[], tsconfig: string): Promise<Conversion> {
  dropCheckProgram();
  const logger = new CollectingLogger(root);
  const app = await Application.bootstrapWithPlugins(
    {
      ...TYPEDOC_OPTIONS,
      entryPoints: entryPoints.map((path) => join(root, path)),
      tsconfig: join(root, tsconfig),
      displayBasePath: root,
    },
    // What reading the tsconfig reports goes to our logger, not the console.
    [withLogger(new TSConfigReader(), logger)],
  );
  app.logger = logger;
  // The snippet check of this version type-checks against the files this program parsed and bound.
  const syntax: TypeDocMessage[] = [];
  app.converter.on(Converter.EVENT_END, (context) => {
    const [program] = context.programs;
    if (program) offerProgram(root, program);
    // TypeDoc skips TypeScript's error checking (a viewer's type errors are not the docs' business), so a source
    // that does not parse would be documented as far as the parser recovered, without a word.
    for (const program of context.programs) syntax.push(...syntaxErrors(program, root));
  });
  markCallableVariables(app);
  const project = await app.convert();
  // Broken {@link}s are found by validation, which convert() leaves to the caller.
  if (project) app.validate(project);
  return {
    project: project && app.serializer.projectToObject(project, normalizePath(root)),
    // bootstrapWithPlugins reads the tsconfig twice, so what that reports arrives twice.
    messages: [...new Map([...syntax, ...logger.messages].map((message) => [JSON.stringify(message), message])).values()],
  };
}

/**
 * Marks `"callable": true` in the JSON of each variable whose value can be called (a `const X: React.FC<P> =
 * ...`): TypeDoc up to 0.25 documented those as functions, so older sites and snapshots have them at
 * `<area>/function/<name>`, which the build keeps working as a redirect (apiAliases.ts).
 */
function markCallableVariables(app: Application): void {
  const callable = new WeakSet<object>();
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    if (reflection.kind !== ReflectionKind.Variable) return;
    const symbol = context.getSymbolFromReflection(reflection);
    const type = symbol && context.checker.getTypeOfSymbol(symbol);
    if (type && type.getCallSignatures().length > 0 && type.getConstructSignatures().length === 0) callable.add(reflection);
  });
  app.serializer.addSerializer<DeclarationReflection>({
    priority: 0,
    supports: (item) => typeof item === "object" && item !== null && callable.has(item),
    toObject: (_item, json) => ({ ...json, callable: true }),
  });
}

/** The first syntax error of each of the program's own files (not a library's, nor a declaration file's), with its line. */
function syntaxErrors(program: ts.Program, root: string): TypeDocMessage[] {
  return program.getSourceFiles().flatMap((file) => {
    if (file.isDeclarationFile || program.isSourceFileFromExternalLibrary(file) || program.isSourceFileDefaultLibrary(file)) return [];
    const [first] = program.getSyntacticDiagnostics(file);
    if (first === undefined) return [];
    const line = file.getLineAndCharacterOfPosition(first.start ?? 0).line + 1;
    return [{ level: "warning" as const, syntax: true as const, message: ts.flattenDiagnosticMessageText(first.messageText, " "), file: relative(root, file.fileName), line }];
  });
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
const EXTERNAL_LINK = /which was resolved but is not included in the documentation/;

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
    // A comment linking to a dependency's symbol (React's lifecycle methods, protobuf types) resolves,
    // and the page shows it as text: nothing for the viewer's authors to fix.
    if (EXTERNAL_LINK.test(message)) return;
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
