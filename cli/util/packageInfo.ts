/** The carta-docs package's own package.json, found from this module whether it runs from source or compiled. */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

interface PackageJson {
  name: string;
  version: string;
}

let found: PackageJson | undefined;

/**
 * Walks up from this file to the package.json named carta-docs: the source tree (cli/util) and the
 * compiled one (dist/cli/util) sit at different depths below it.
 */
export function ownPackage(): PackageJson {
  if (found) return found;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = path.join(dir, "package.json");
    if (fs.existsSync(file)) {
      const json = JSON.parse(fs.readFileSync(file, "utf8")) as PackageJson;
      if (json.name === "carta-docs") return (found = json);
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("carta-docs: its own package.json was not found above " + fileURLToPath(import.meta.url));
    dir = parent;
  }
}
