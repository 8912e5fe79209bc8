/**
 * The API names the code-snippet tutorials use, per docs version, and the names they may use without listing:
 * for tests/snippets/tutorialNames.test.ts, which holds each version's tutorials to the table of names in
 * tests/fixtures/snippet-names.json (each with the real viewer's file and commit it was read in).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { extractSnippets } from "../../cli/snippets/extract.ts";
import { ROOT } from "./site.ts";

/** Where each version's tutorials are. */
export const TUTORIAL_DIRS: Record<string, string> = {
  next: "content/docs/code-snippet-tutorial",
  "5.0.0": "content/versioned_docs/version-5.0.0/code-snippet-tutorial",
  "4.1.0": "content/versioned_docs/version-4.1.0/code-snippet-tutorial",
};

/** A name a tutorial uses: a global the snippet reads, or a member it reads or calls. */
export interface NameUse {
  name: string;
  file: string;
  line: number;
}

/**
 * The names the checked blocks of a version's tutorial pages use: globals they read (identifiers no block
 * declares) and property names after a dot. Blocks marked nocheck are left out, as the snippet check leaves them.
 */
export function tutorialNames(version: string): NameUse[] {
  const dir = path.join(ROOT, TUTORIAL_DIRS[version]!);
  const uses: NameUse[] = [];
  for (const page of readdirSync(dir).filter((name) => name.endsWith(".md")).sort()) {
    const file = path.relative(ROOT, path.join(dir, page));
    const blocks = extractSnippets(readFileSync(path.join(dir, page), "utf8")).filter((block) => !block.nocheck);
    const declared = new Set<string>();
    const reads: NameUse[] = [];
    for (const block of blocks) {
      const source = ts.createSourceFile("block.js", `(async () => {\n${block.code}\n})();`, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
      const at = (node: ts.Node) => block.line + source.getLineAndCharacterOfPosition(node.getStart()).line - 1;
      const visit = (node: ts.Node): void => {
        if (ts.isPropertyAccessExpression(node)) uses.push({ name: node.name.text, file, line: at(node.name) });
        if ((ts.isVariableDeclaration(node) || ts.isParameter(node) || ts.isBindingElement(node)) && ts.isIdentifier(node.name)) declared.add(node.name.text);
        if (ts.isIdentifier(node) && !isDeclarationName(node) && !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node)) reads.push({ name: node.text, file, line: at(node) });
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    uses.push(...reads.filter((read) => !declared.has(read.name)));
  }
  return uses;
}

function isDeclarationName(node: ts.Identifier): boolean {
  const parent = node.parent;
  return (
    ((ts.isVariableDeclaration(parent) || ts.isParameter(parent) || ts.isBindingElement(parent) || ts.isPropertyAssignment(parent) || ts.isFunctionDeclaration(parent)) && parent.name === node) ||
    (ts.isBindingElement(parent) && parent.propertyName === node) ||
    ts.isShorthandPropertyAssignment(parent)
  );
}

let builtins: Set<string> | undefined;

/**
 * Names JavaScript and the browser give a snippet without the viewer: global variables and members of the
 * types of TypeScript's ES2022 and DOM libraries (`console`, `log`, `map`, `then`, ...).
 */
export function builtinNames(): Set<string> {
  if (builtins) return builtins;
  const libDir = path.join(ROOT, "node_modules/typescript/lib");
  const names = new Set<string>(["undefined", "NaN", "Infinity", "arguments"]);
  for (const lib of readdirSync(libDir).filter((name) => /^lib\.(es5|es20\d\d(\.\w+)?|dom(\.iterable)?|decorators(\.legacy)?)\.d\.ts$/.test(name))) {
    const source = ts.createSourceFile(lib, readFileSync(path.join(libDir, lib), "utf8"), ts.ScriptTarget.Latest, false);
    const visit = (node: ts.Node): void => {
      const name = (node as { name?: ts.Node }).name;
      if (name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) && (ts.isPropertySignature(node) || ts.isMethodSignature(node) || ts.isVariableDeclaration(node) || ts.isFunctionDeclaration(node) || ts.isPropertyDeclaration(node) || ts.isMethodDeclaration(node) || ts.isGetAccessor(node))) {
        names.add(name.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return (builtins = names);
}

/**
 * Every name the sample viewer declares in a version: its exports and their members, from the source for next
 * and from the API snapshot (every `name` of the model) for a frozen version.
 */
export function sampleNames(version: string): Set<string> {
  const names = new Set<string>();
  if (version !== "next") {
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === "object") {
        const { name } = value as { name?: unknown };
        if (typeof name === "string") names.add(name);
        Object.values(value).forEach(collect);
      }
    };
    collect(JSON.parse(readFileSync(path.join(ROOT, `examples/viewer/versions/version-${version}/api-typedoc.json`), "utf8")));
    return names;
  }
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) {
        const source = ts.createSourceFile(full, readFileSync(full, "utf8"), ts.ScriptTarget.Latest, true);
        const visit = (node: ts.Node): void => {
          const name = (node as { name?: ts.Node }).name;
          const parameterProperty = ts.isParameter(node) && ts.isConstructorDeclaration(node.parent) && (ts.getCombinedModifierFlags(node) & ts.ModifierFlags.ParameterPropertyModifier) !== 0;
          const declares = ts.isDeclarationStatement(node) || ts.isClassElement(node) || ts.isTypeElement(node) || ts.isEnumMember(node) || ts.isVariableDeclaration(node) || parameterProperty;
          if (name && ts.isIdentifier(name) && declares) names.add(name.text);
          ts.forEachChild(node, visit);
        };
        visit(source);
      }
    }
  };
  walk(path.join(ROOT, "examples/viewer/src"));
  return names;
}
