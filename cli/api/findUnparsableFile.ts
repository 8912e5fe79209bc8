/**
 * After TypeDoc throws (rather than reporting errors), finds the source file that made it throw, so the
 * error can name it. Generated code nested thousands of levels deep overflows TypeScript's recursive
 * parser, and the resulting RangeError says nothing about where.
 */
import { dirname, join, relative } from "node:path";
import ts from "typescript";

/** The first of the program's files (the tsconfig's and the entry points) the parser throws on, relative to `root`. */
export function findUnparsableFile(root: string, tsconfig: string, entryPoints: string[]): string | undefined {
  const configFile = join(root, tsconfig);
  const config: unknown = ts.readConfigFile(configFile, ts.sys.readFile).config;
  const { fileNames } = ts.parseJsonConfigFileContent(config ?? {}, ts.sys, dirname(configFile));
  for (const file of new Set([...entryPoints.map((entry) => join(root, entry)), ...fileNames])) {
    const text = ts.sys.readFile(file);
    if (text === undefined) continue;
    try {
      ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
    } catch {
      return relative(root, file);
    }
  }
  return undefined;
}
