/** Whether the routes of a Docusaurus build (a kept routes list) resolve in a carta-docs build's output folder. */
import fs from "node:fs";
import path from "node:path";

/** The routes of a list made by scripts/docusaurusRoutes.ts: one path a line, "#" lines and blank lines left out. */
export function routesList(file: string): string[] {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

/**
 * The routes that no file of `outDir` serves (as a static host does: the file itself, `.html` added, or the
 * folder's index.html); a redirect page is such a file too. `baseUrl` is taken off routes that start with it.
 */
export function unresolvedRoutes(routes: string[], outDir: string, baseUrl: string): string[] {
  const base = baseUrl.replace(/\/+$/, "");
  return routes.filter((route) => {
    const rel = (base && (route === base || route.startsWith(`${base}/`)) ? route.slice(base.length) : route).replace(/^\/+|\/+$/g, "");
    const candidates = rel === "" ? ["index.html"] : [rel, `${rel}.html`, path.join(rel, "index.html")];
    return !candidates.some((candidate) => fs.statSync(path.join(outDir, candidate), { throwIfNoEntry: false })?.isFile());
  });
}
