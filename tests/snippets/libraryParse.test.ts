/**
 * The snippet checks take TypeScript's library files from a conversion's program even when that program was made
 * for another language version (a viewer's ES2015 against a snapshot check's ES2022; see typecheck.ts): that
 * holds only while the language version changes nothing in how those files parse. Checked here on every
 * lib.*.d.ts of the installed TypeScript, so an upgrade that breaks it fails here.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/** Every node's kind, span and flags, in document order. */
function shape(file: ts.SourceFile): number[] {
  const out: number[] = [];
  const visit = (node: ts.Node) => {
    out.push(node.kind, node.pos, node.end, node.flags);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/** The parser's own errors: TypeScript keeps them on the file (not in its public type). */
const parseErrors = (file: ts.SourceFile) => (file as ts.SourceFile & { parseDiagnostics: readonly ts.Diagnostic[] }).parseDiagnostics.length;

const dir = path.dirname(ts.getDefaultLibFilePath({}));
const libraries = fs.readdirSync(dir).filter((name) => /^lib\..*\.d\.ts$/.test(name));

describe("TypeScript's library files", () => {
  it("are found", () => {
    expect(libraries).toContain("lib.dom.d.ts");
    expect(libraries).toContain("lib.es2022.d.ts");
  });

  it("parse alike for every language version from ES2015 on", () => {
    const differing = libraries.filter((name) => {
      const text = fs.readFileSync(path.join(dir, name), "utf8");
      const [first, ...rest] = [ts.ScriptTarget.ES2015, ts.ScriptTarget.ES2022, ts.ScriptTarget.ESNext].map((target) => ts.createSourceFile(name, text, target, true));
      const expected = { shape: shape(first!), problems: parseErrors(first!) };
      return rest.some((file) => parseErrors(file) !== expected.problems || shape(file).join() !== expected.shape.join());
    });
    expect(differing).toEqual([]);
  }, 60_000);

  it("parse differently for ES5, which the checks therefore parse again", () => {
    // Not a requirement of TypeScript: the reason the rule stops at ES2015. A file whose identifiers ES5 scans
    // otherwise shows that the comparison above can see a difference.
    const text = "declare const ℮x: number;\n";
    const [es5, es2015] = [ts.ScriptTarget.ES5, ts.ScriptTarget.ES2015].map((target) => ts.createSourceFile("x.d.ts", text, target, true));
    expect(shape(es5!).join()).not.toBe(shape(es2015!).join());
  });
});
