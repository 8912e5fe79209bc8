/**
 * Type-checks the code snippets of a version's docs against that version's source (or, for a version known
 * only from a snapshot, against declarations made from its model), as the viewer's
 * code-snippet dialog would run them: each page's blocks, in page order, as the body of one async function
 * (top-level `await` and `return` work, later blocks see what earlier ones declare), with the configured
 * globals typed as instances of the API's classes (`app`, `carta`) or as modules' namespaces (`enums`). Loaded only when a page must be checked:
 * it imports TypeScript.
 */
import { join } from "node:path";
import ts from "typescript";
import type { ApiVersionModel } from "../api/model.ts";
import { editDistance, nearest } from "../util/nearest.ts";
import { apiDeclarations } from "./declarations.ts";
import type { PageUses } from "./apiUses.ts";
import { collectUses, type UseLookup } from "./collectUses.ts";
import { conversionLibrary } from "../api/programHandoff.ts";
import type { SnippetBlock } from "./extract.ts";

/** A page's blocks to check (those opted out left out), and the file they are reported against. */
export interface SnippetPage {
  file: string;
  blocks: SnippetBlock[];
}

export interface SnippetProblem {
  file: string;
  line: number;
  message: string;
}

/**
 * A global a snippet sees: `name` is an instance of (or, for a variable or function, is) `exportName` of the
 * module `file`; without an `exportName`, the module's namespace itself.
 */
export interface SnippetGlobal {
  name: string;
  /** Source file declaring it, relative to the source root (the declaration file, for a snapshot). */
  file: string;
  exportName: string | undefined;
  instance: boolean;
}

export interface TypeCheckInput {
  /** Root of the version's source; for a snapshot, a folder that need not exist, where the declarations are placed. */
  root: string;
  /** Its tsconfig, relative to the root; absent for a snapshot. */
  tsconfig?: string;
  /** The model of a version known only from a snapshot: the snippets are checked against its declarations. */
  snapshot?: ApiVersionModel;
  globals: SnippetGlobal[];
  pages: SnippetPage[];
  /** The program TypeDoc built for this source in this process, whose parsed files are used again. */
  reuse?: ts.Program;
  /** Finds the documented API a name's declaration belongs to; with it, each page's uses are collected. */
  lookup?: UseLookup;
}

/**
 * The viewer compiles leniently (CARTA: strict off, strictNullChecks off), and a snippet that runs in the
 * viewer must pass: these options are never stricter than that, whatever the viewer's tsconfig says.
 */
const LENIENT: ts.CompilerOptions = {
  strict: false,
  noImplicitAny: false,
  strictNullChecks: false,
  noImplicitReturns: false,
  noImplicitThis: false,
  noUnusedLocals: false,
  noUnusedParameters: false,
  noFallthroughCasesInSwitch: false,
  exactOptionalPropertyTypes: false,
  noUncheckedIndexedAccess: false,
  noPropertyAccessFromIndexSignature: false,
  // The snippet files are scripts, which these options reject.
  isolatedModules: false,
  verbatimModuleSyntax: false,
  allowJs: true,
  checkJs: true,
  noEmit: true,
  skipLibCheck: true,
};

/**
 * Reported by TypeScript only because the blocks of a page share one function: a later block declaring a
 * name again is how tutorials are written (each block also runs on its own in the viewer).
 */
const SHARED_SCOPE_CODES = new Set([2451, 2300, 2393]);

/** Where the virtual files live: under the root, so module resolution treats them as the viewer's own. */
const VIRTUAL_DIR = "__carta_docs_snippets__";

/**
 * The problems of each page (same order as `input.pages`), and the program, whose files a later check of the
 * same source can use again (`reuse`).
 */
export function typeCheckSnippets(input: TypeCheckInput): { problems: SnippetProblem[][]; uses: PageUses[]; program: ts.Program } {
  const dir = join(input.root, VIRTUAL_DIR);
  const files = new Map<string, string>([[join(dir, "globals.d.ts"), globalsText(input.root, input.globals)]]);
  if (input.snapshot) {
    const globalTypes = globalTypeNames();
    for (const [name, text] of apiDeclarations(input.snapshot, { isGlobalType: (type) => globalTypes.has(type) })) files.set(join(input.root, name), text);
  }
  const layouts = input.pages.map((page, index) => {
    const layout = pageLayout(page, index, dir);
    for (const file of layout.files) files.set(file.name, file.text);
    return layout;
  });
  const program = createProgram(input, files);
  const checker = program.getTypeChecker();
  const problems = layouts.map((layout) =>
    layout.files.flatMap((file) => {
      const sourceFile = program.getSourceFile(file.name)!;
      const found = [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)];
      return found.filter((d) => !SHARED_SCOPE_CODES.has(d.code) && d.category === ts.DiagnosticCategory.Error).map((d) => problemOf(d, sourceFile, file, layout.page.file, checker));
    }),
  );
  const { lookup } = input;
  const uses = layouts.map((layout) => {
    const found: PageUses = { targets: [], uses: [] };
    if (!lookup) return found;
    for (const file of layout.files) {
      const starts = file.starts.map(({ line, block }) => ({ line, block: layout.page.blocks.indexOf(block), lines: block.code.split("\n").length }));
      collectUses(program.getSourceFile(file.name)!, checker, starts, input.root, lookup, found);
    }
    return found;
  });
  return { problems, uses, program };
}

/** Declarations of the globals, and flow actions made awaitable. */
function globalsText(root: string, globals: SnippetGlobal[]): string {
  const lines = globals.map(({ name, file, exportName, instance }) => {
    const module = JSON.stringify(join(root, file).replace(/\.(d\.)?[cm]?[jt]sx?$/, ""));
    if (exportName === undefined) return `declare const ${name}: typeof import(${module});`;
    return `declare const ${name}: ${instance ? "" : "typeof "}import(${module}).${exportName};`;
  });
  // The viewer's actions that talk to the backend are MobX flows: generator methods in their declarations,
  // promises of the generator's return value at run time. Giving every Generator a `then` lets `await`
  // see that value. (A flow returning `yield somethingElse()` returns `any`, as TypeScript types `yield`.)
  lines.push(
    "interface Generator<T = unknown, TReturn = any, TNext = any> {",
    "  then<A = TReturn, B = never>(onfulfilled?: ((value: TReturn) => A | PromiseLike<A>) | null, onrejected?: ((reason: any) => B | PromiseLike<B>) | null): Promise<A | B>;",
    "}",
  );
  return `${lines.join("\n")}\n`;
}

interface VirtualFile {
  name: string;
  text: string;
  /** Per block: the virtual file's line (0-based) where its code starts. */
  starts: { line: number; block: SnippetBlock }[];
}

/** A page's blocks as one file per language, each the body of one async arrow function. */
function pageLayout(page: SnippetPage, index: number, dir: string): { page: SnippetPage; files: VirtualFile[] } {
  const files: VirtualFile[] = [];
  for (const language of ["js", "ts"] as const) {
    const blocks = page.blocks.filter((block) => block.language === language);
    if (blocks.length === 0) continue;
    const lines = ["(async () => {"];
    const starts: VirtualFile["starts"] = [];
    for (const block of blocks) {
      starts.push({ line: lines.length, block });
      lines.push(...block.code.split("\n"), ";");
    }
    lines.push("})();");
    files.push({ name: join(dir, `page-${index}.${language}`), text: `${lines.join("\n")}\n`, starts });
  }
  return { page, files };
}

function problemOf(d: ts.Diagnostic, sourceFile: ts.SourceFile, file: VirtualFile, markdownFile: string, checker: ts.TypeChecker): SnippetProblem {
  const { line } = sourceFile.getLineAndCharacterOfPosition(d.start ?? 0);
  const start = [...file.starts].reverse().find((s) => s.line <= line) ?? file.starts[0]!;
  let message = ts.flattenDiagnosticMessageText(d.messageText, " ");
  const hint = d.code === 2339 && d.start !== undefined ? nearestMember(sourceFile, d.start, checker) : undefined;
  if (hint) message += ` Did you mean '${hint}'?`;
  return { file: markdownFile, line: start.block.line + Math.min(line - start.line, start.block.code.split("\n").length - 1), message };
}

/** For "Property 'x' does not exist on type 'T'": the member of T spelt most like x, when one is close. */
function nearestMember(sourceFile: ts.SourceFile, position: number, checker: ts.TypeChecker): string | undefined {
  const name = findIdentifier(sourceFile, position);
  const access = name?.parent;
  if (!name || !access || !ts.isPropertyAccessExpression(access)) return undefined;
  const members = checker.getPropertiesOfType(checker.getNonNullableType(checker.getTypeAtLocation(access.expression))).map((symbol) => symbol.name);
  const [best] = nearest(name.text, members, 1);
  return best !== undefined && isClose(name.text, best) ? best : undefined;
}

/** Close enough to suggest: at most a third of the word's letters differ. */
function isClose(word: string, candidate: string): boolean {
  return editDistance(word.toLowerCase(), candidate.toLowerCase()) <= Math.max(1, Math.floor(word.length / 3));
}

function findIdentifier(node: ts.Node, position: number): ts.Identifier | undefined {
  if (ts.isIdentifier(node) && node.getStart() === position) return node;
  for (const child of node.getChildren()) {
    if (child.pos <= position && position < child.end) return findIdentifier(child, position);
  }
  return undefined;
}

/**
 * A program over the version's source (or a snapshot's declarations) and the snippet files. Files TypeDoc's
 * program holds are used as they are (already parsed, and bound, which the checker then skips); the rest is
 * read from disk, TypeScript's libraries once per process.
 */
function createProgram(input: TypeCheckInput, files: Map<string, string>): ts.Program {
  const { options, fileNames } = input.reuse
    ? { options: input.reuse.getCompilerOptions(), fileNames: input.reuse.getRootFileNames().filter((name) => !name.includes(VIRTUAL_DIR)) }
    : input.tsconfig === undefined
      ? { options: SNAPSHOT_OPTIONS, fileNames: [] }
      : readTsconfig(join(input.root, input.tsconfig));
  const settings = { ...options, ...LENIENT };
  const host = libraryHost(settings);
  const { getSourceFile, fileExists, readFile, directoryExists } = host;
  host.getSourceFile = (fileName, language, onError, shouldCreate) => {
    const text = files.get(fileName);
    if (text !== undefined) return ts.createSourceFile(fileName, text, language, true);
    return input.reuse?.getSourceFile(fileName) ?? getSourceFile.call(host, fileName, language, onError, shouldCreate);
  };
  host.fileExists = (fileName) => files.has(fileName) || fileExists.call(host, fileName);
  host.readFile = (fileName) => files.get(fileName) ?? readFile.call(host, fileName);
  // The virtual files' folders exist for module resolution, which skips folders it thinks absent.
  host.directoryExists = (name) => [...files.keys()].some((file) => file.startsWith(`${name}/`)) || (directoryExists?.call(host, name) ?? true);
  return ts.createProgram({ rootNames: [...fileNames, ...files.keys()], options: settings, host });
}

/**
 * A snapshot's declarations need no viewer settings: the browser's libraries, and none of the type packages
 * that happen to lie above the folder (ours, for instance): the snapshot says what the viewer had.
 */
const SNAPSHOT_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
  types: [],
};

/** TypeScript's library files, parsed once per process and language version (they are large, and never change). */
const LIBRARY_FILES = new Map<string, ts.SourceFile>();

/**
 * Whether a library file parsed for language version `parsed` serves one of version `wanted`. From ES2015 on, the
 * language version changes nothing in how a library file parses (tests/snippets/libraryParse.test.ts compares
 * every lib.*.d.ts of the installed TypeScript), so a viewer's ES2015 conversion serves a snapshot check's ES2022.
 */
function parsesAlike(parsed: ts.ScriptTarget, wanted: ts.ScriptTarget): boolean {
  return parsed === wanted || (parsed >= ts.ScriptTarget.ES2015 && wanted >= ts.ScriptTarget.ES2015);
}

let librariesParsed = 0;

/** How many library files checks of this process parsed themselves (for tests). */
export function libraryFilesParsed(): number {
  return librariesParsed;
}

/** A compiler host that takes TypeScript's library files from LIBRARY_FILES. */
function libraryHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options, true);
  const libraries = host.getDefaultLibLocation?.() ?? "";
  const { getSourceFile } = host;
  host.getSourceFile = (fileName, language, onError, shouldCreate) => {
    if (!fileName.startsWith(libraries)) return getSourceFile.call(host, fileName, language, onError, shouldCreate);
    const key = `${fileName}:${JSON.stringify(language)}`;
    let file = LIBRARY_FILES.get(key);
    if (!file) {
      const parsed = conversionLibrary(fileName);
      const version = typeof language === "number" ? language : language.languageVersion;
      file = parsed && parsesAlike(parsed.languageVersion, version) ? parsed : getSourceFile.call(host, fileName, language, onError, shouldCreate);
      if (file && file !== parsed) librariesParsed++;
      if (file) LIBRARY_FILES.set(key, file);
    }
    return file;
  };
  return host;
}

let globalTypes: Set<string> | undefined;

/** Names of the global types (interfaces, classes, aliases, enums, namespaces) of a snapshot check's libraries. */
export function globalTypeNames(): Set<string> {
  if (globalTypes) return globalTypes;
  const options = { ...SNAPSHOT_OPTIONS, ...LENIENT };
  // A program without files loads no libraries: it gets one, empty.
  const empty = join(VIRTUAL_DIR, "empty.ts");
  const host = libraryHost(options);
  const { getSourceFile } = host;
  host.getSourceFile = (fileName, ...rest) => (fileName === empty ? ts.createSourceFile(fileName, "", ts.ScriptTarget.ES2022) : getSourceFile.call(host, fileName, ...rest));
  const program = ts.createProgram({ rootNames: [empty], options, host });
  const names = new Set<string>();
  for (const file of program.getSourceFiles()) {
    if (file.fileName === empty) continue;
    for (const statement of file.statements) {
      if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) {
        if (statement.name) names.add(statement.name.text);
      } else if (ts.isModuleDeclaration(statement) && ts.isIdentifier(statement.name)) names.add(statement.name.text);
    }
  }
  return (globalTypes = names);
}

function readTsconfig(file: string): { options: ts.CompilerOptions; fileNames: readonly string[] } {
  const parsed = ts.getParsedCommandLineOfConfigFile(file, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!parsed) return { options: {}, fileNames: [] };
  return { options: parsed.options, fileNames: parsed.fileNames.filter((name) => !name.includes(VIRTUAL_DIR)) };
}
