// Loads one of the toolchain's modules where it is: in the published package, which holds no sources, from
// the compiled dist/; in a checkout, from its compiled copy (compiledCheckout.js), made again whenever a
// source changes, or, when that copy cannot be made or `fromSource` asks for it, from the TypeScript sources
// through tsx with the package's own tsconfig (so JSX compiles the same whatever folder the command runs in).
// The sources win whenever they exist, so a dist/ left over from `npm pack` never shadows what is written in
// a checkout.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { compiledCheckout } from "./compiledCheckout.js";

/**
 * `name` is the module's path without extension under the package root: "cli/program", "cli/index".
 * `fromSource` runs a checkout's sources themselves: watch mode, whose restarted builder must see edits of
 * the toolchain's own templates and components.
 */
export async function loadToolchain(name, { fromSource = false } = {}) {
  const source = new URL(`../${name}.ts`, import.meta.url);
  if (!fs.existsSync(source)) return import(`../dist/${name}.js`);
  const compiled = fromSource ? undefined : await compiledCheckout();
  if (compiled) return import(pathToFileURL(path.join(compiled, `${name}.js`)).href);
  const { tsImport } = await import("tsx/esm/api");
  const tsconfig = fileURLToPath(new URL("../tsconfig.json", import.meta.url));
  return tsImport(source.href, { parentURL: import.meta.url, tsconfig });
}
