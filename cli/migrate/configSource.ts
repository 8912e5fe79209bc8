/**
 * Where the keys of a Docusaurus config are written: its source parsed with TypeScript's own parser (never
 * read with regexes), so the report can name the file and line of each key carta-docs does not take, and tell
 * a value written as a literal from one computed when the config ran (a copyright of `new Date()`).
 */
import fs from "node:fs";
import ts from "typescript";

export interface ConfigSource {
  /** Line (1-based) of the first property of that name in the file, if any. */
  lineOf(key: string): number | undefined;
  /** The source text of the first property of that name when its value is computed as the config runs (not a plain literal). */
  computedValue(key: string): string | undefined;
}

function scriptKind(file: string): ts.ScriptKind {
  return /\.tsx?$|\.[cm]ts$/.test(file) ? ts.ScriptKind.TS : ts.ScriptKind.JS;
}

function propertyName(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : undefined;
}

/** The config's properties, by name, as first written (nested objects included, in source order). */
export function readConfigSource(file: string): ConfigSource {
  const text = fs.readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
  const first = new Map<string, ts.ObjectLiteralElementLike>();
  const visit = (node: ts.Node): void => {
    if ((ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node) || ts.isMethodDeclaration(node)) && ts.isObjectLiteralExpression(node.parent)) {
      const name = propertyName(node.name);
      if (name !== undefined && !first.has(name)) first.set(name, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return {
    lineOf(key) {
      const node = first.get(key);
      return node ? source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 : undefined;
    },
    computedValue(key) {
      const node = first.get(key);
      if (!node || !ts.isPropertyAssignment(node)) return undefined;
      const value = node.initializer;
      const literal = (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value) || value.kind === ts.SyntaxKind.TrueKeyword || value.kind === ts.SyntaxKind.FalseKeyword || ts.isNumericLiteral(value));
      return literal ? undefined : value.getText(source);
    },
  };
}
