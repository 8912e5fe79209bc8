/**
 * The toolchain runs from its TypeScript sources in a checkout (through tsx) and compiled to JavaScript in
 * the published package (dist/, built at prepack). Module files named at run time (worker entries, page
 * templates) are named as they exist where it runs.
 */
// The path, not the URL: tsx's tsImport adds a query (?tsx-namespace=...) to the URLs of what it loads.
export const FROM_SOURCE = new URL(import.meta.url).pathname.endsWith(".ts");

/** `./renderWorker.ts` or `home.tsx` in the sources; `./renderWorker.js`, `home.js` compiled. */
export function toolchainModule(name: string): string {
  return FROM_SOURCE ? name : name.replace(/\.tsx?$/, ".js");
}
