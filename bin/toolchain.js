// Loads one of the toolchain's modules where it is: in a checkout, from its TypeScript sources through tsx
// with the package's own tsconfig (so JSX compiles the same whatever folder the command runs in); in the
// published package, which holds no sources, from the compiled dist/. The sources win whenever they exist,
// so a dist/ left over from `npm pack` never shadows what is written in a checkout.
import fs from "node:fs";
import { fileURLToPath } from "node:url";

/** `name` is the module's path without extension under the package root: "cli/program", "cli/index". */
export async function loadToolchain(name) {
  const source = new URL(`../${name}.ts`, import.meta.url);
  if (!fs.existsSync(source)) return import(`../dist/${name}.js`);
  const { tsImport } = await import("tsx/esm/api");
  const tsconfig = fileURLToPath(new URL("../tsconfig.json", import.meta.url));
  return tsImport(source.href, { parentURL: import.meta.url, tsconfig });
}
