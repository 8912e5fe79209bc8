// npx tsx scripts/docusaurusRoutes.ts <docusaurus-build-dir> [--base-url /carta-frontend/] [--files]
// Prints the routes a Docusaurus build folder serves, sorted, one URL path per line under the baseUrl: the
// reference lists the `carta-docs migrate` tests compare a migrated site against (tests/fixtures/*.routes.txt).
//
// Docusaurus writes route `/x` as `x/index.html` (trailingSlash undefined or true) or as `x.html` (trailingSlash
// false); both are printed as `/x`, the site's root as the baseUrl itself, and the root 404.html is left out.
// `--files` adds a second section, after a `# files` line: the non-HTML files at well-known names a reader may
// link to. That kept list (WELL_KNOWN_FILES) was made by listing every non-HTML file outside assets/ in two
// builds, a create-docusaurus 3.10.2 classic site and CARTA's Docusaurus 3.0 site (docusaurus-lunr-search 3.3),
// and keeping those Docusaurus or its usual plugins write themselves under a fixed name. Left out: copies of
// static/ (the site's own files) and lunr-search's timestamped copies (`search-doc-<ms>.json`, a new name in
// each build, loaded by that build's own pages only).
import { readdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

/** Names (of the file, not its folder) that Docusaurus or a common plugin writes for readers and their tools. */
const WELL_KNOWN_FILES: readonly RegExp[] = [
  /^sitemap\.xml$/, // @docusaurus/plugin-sitemap
  /^(rss|atom)\.xml$/, // @docusaurus/plugin-content-blog feeds
  /^feed\.json$/, // the blog's JSON feed, when its feedOptions ask for it
  /^search-doc\.json$/, // docusaurus-lunr-search: the documents
  /^lunr-index\.json$/, // docusaurus-lunr-search: the index
  /^search-index\.json$/, // @easyops-cn/docusaurus-search-local
];

/** What a build folder serves, each list sorted and without duplicates. */
export interface DocusaurusRoutes {
  routes: string[];
  files: string[];
}

const FILES_HEADING = "# files";

/** `/carta-frontend`, `carta-frontend/` or `/` become the prefix routes are written under (`/carta-frontend`, ``). */
function basePrefix(baseUrl: string): string {
  const trimmed = baseUrl.replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? "" : `/${trimmed}`;
}

/** The route an HTML file at `relPath` (posix, relative to the build folder) serves; undefined for the 404 page. */
export function routeOfHtmlFile(relPath: string, baseUrl: string): string | undefined {
  if (relPath === "404.html") return undefined;
  const stem = relPath.replace(/(^|\/)index\.html$/, "").replace(/\.html$/, "");
  const prefix = basePrefix(baseUrl);
  return stem === "" ? `${prefix}/` : `${prefix}/${stem}`;
}

/** Lists the routes and well-known files of the Docusaurus build folder `buildDir`, served under `baseUrl`. */
export async function docusaurusRoutes(buildDir: string, baseUrl: string): Promise<DocusaurusRoutes> {
  const routes = new Set<string>();
  const files = new Set<string>();
  const entries = await readdir(buildDir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const relPath = path.relative(buildDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (entry.name.endsWith(".html")) {
      const route = routeOfHtmlFile(relPath, baseUrl);
      if (route !== undefined) routes.add(route);
    } else if (WELL_KNOWN_FILES.some((name) => name.test(entry.name))) {
      files.add(`${basePrefix(baseUrl)}/${relPath}`);
    }
  }
  return { routes: [...routes].sort(), files: [...files].sort() };
}

/** The text this script prints: the routes, then (when asked) the `# files` section. */
export function formatRoutesList(list: DocusaurusRoutes, withFiles: boolean): string {
  const lines = withFiles ? [...list.routes, "", FILES_HEADING, ...list.files] : list.routes;
  return `${lines.join("\n")}\n`;
}

/** Reads a list this script printed (a tests/fixtures/*.routes.txt file) back into its two sections. */
export function parseRoutesList(text: string): DocusaurusRoutes {
  const [routesPart = "", filesPart = ""] = text.split(`\n${FILES_HEADING}\n`);
  const lines = (part: string) => part.split("\n").filter((line) => line !== "");
  return { routes: lines(routesPart), files: lines(filesPart) };
}

const USAGE = "usage: npx tsx scripts/docusaurusRoutes.ts <docusaurus-build-dir> [--base-url /base/] [--files]";

async function main(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { "base-url": { type: "string", default: "/" }, files: { type: "boolean", default: false } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [buildDir, ...extra] = parsed.positionals;
  if (buildDir === undefined || extra.length > 0) {
    console.error(USAGE);
    return 2;
  }
  try {
    const list = await docusaurusRoutes(buildDir, parsed.values["base-url"]);
    process.stdout.write(formatRoutesList(list, parsed.values.files));
    return 0;
  } catch (error) {
    console.error(`cannot read the build folder ${buildDir}: ${(error as Error).message}`);
    return 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
