/**
 * What the API stage knows about TypeDoc without loading it: loading TypeDoc and TypeScript takes about a
 * second, and a build whose conversions all come from the cache does not need them.
 */
import { createRequire } from "node:module";
import type { TypeDocOptions } from "typedoc";

/** The installed TypeDoc's version, part of every cache key. */
export const TYPEDOC_VERSION: string = (createRequire(import.meta.url)("typedoc/package.json") as { version: string }).version;

/** Options of every conversion besides paths. */
export const TYPEDOC_OPTIONS = {
  skipErrorChecking: true,
  excludePrivate: true,
  excludeProtected: true,
  excludeInternal: true,
  // Members inherited from dependencies (React.Component's setState, lifecycle methods, ...) are not the
  // viewer's API, and their comments link to pages that do not exist here.
  excludeExternals: true,
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

let runs = 0;

/** How many TypeDoc conversions this process has run (the cache avoids them). */
export function typedocRuns(): number {
  return runs;
}

/** Counts a conversion. */
export function countRun(): void {
  runs += 1;
}
