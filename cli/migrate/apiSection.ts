/**
 * docusaurus-plugin-typedoc-api's options as carta-docs' `api` section, with the same areas and routes: the
 * plugin serves an entry `components/Dialogs` of the package at `.` under `/api/.-components/Dialogs` (the
 * package's path, "-", the entry's name), and its `index` entry (CARTA's `src/index.tsx`, which exports
 * nothing) gives the overview page only, as carta-docs' `api.index` does.
 */
import fs from "node:fs";
import path from "node:path";
import type { SiteConfigInput } from "../config/schema.ts";
import type { MigrationReport } from "./report.ts";

type Data = Record<string, unknown>;
type ApiInput = NonNullable<SiteConfigInput["api"]>;

export interface ApiMigration {
  api: ApiInput;
  /** The overview page's markdown file (readmeName), to be copied to content/api/api.md. */
  overview?: string;
  /** The code base's changelog file, when the plugin shows it. */
  changelog?: string;
}

const READ = new Set(["projectRoot", "packages", "readmes", "readmeName", "changelogs", "changelogName", "tsconfigName", "routeBasePath", "id"]);

/** The repository of the code base: from the Docusaurus config's GitHub names, else its package.json. */
function repoUrlOf(config: Data, projectRoot: string): string | undefined {
  if (typeof config.organizationName === "string" && typeof config.projectName === "string") return `https://github.com/${config.organizationName}/${config.projectName}`;
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(projectRoot, "package.json"), "utf8")) as { repository?: string | { url?: string } };
    const url = typeof pkg.repository === "string" ? pkg.repository : pkg.repository?.url;
    return url?.replace(/^git\+/, "").replace(/\.git$/, "");
  } catch {
    return undefined;
  }
}

/**
 * The `api` section of the plugin options `options`, for a carta-docs config written in `outDir`.
 * `config` is the whole Docusaurus config (for the repository's URL), `file` it, shown, for the report;
 * `viewer` the code base given to migrate (--viewer), if any.
 */
export function apiSection(options: Data, config: Data, outDir: string, file: string, line: number | undefined, report: MigrationReport, viewer?: string): ApiMigration | undefined {
  const projectRoot = typeof options.projectRoot === "string" ? options.projectRoot : undefined;
  const packages = Array.isArray(options.packages) ? options.packages : [];
  if (!projectRoot || packages.length === 0) {
    report.needsPerson(file, line, "docusaurus-plugin-typedoc-api has no projectRoot or packages: no API section was made");
    return undefined;
  }
  const entryPoints: ApiInput["entryPoints"] = [];
  let index: string | undefined;
  let firstPackage = ".";
  for (const raw of packages) {
    const pkg = (typeof raw === "string" ? { path: raw } : raw) as Data;
    const pkgPath = typeof pkg.path === "string" ? pkg.path : ".";
    if (entryPoints.length === 0) firstPackage = pkgPath;
    const slug = typeof pkg.slug === "string" ? pkg.slug : pkgPath;
    const entries = typeof pkg.entry === "string" ? { index: pkg.entry } : ((pkg.entry as Data | undefined) ?? { index: "src/index.ts" });
    for (const [name, value] of Object.entries(entries)) {
      const entry = (typeof value === "string" ? { path: value } : value) as Data;
      const entryPath = path.posix.join(pkgPath, String(entry.path));
      if (name === "index") {
        index ??= entryPath;
        continue;
      }
      entryPoints.push({ slug: `${slug}-${name}`, path: entryPath, title: typeof entry.label === "string" ? entry.label : name });
    }
  }
  if (entryPoints.length === 0 && index) entryPoints.push({ slug: firstPackage, path: index, title: "API" });
  const repoUrl = repoUrlOf(config, projectRoot);
  if (!repoUrl) report.needsPerson(file, line, "api.repoUrl: the code base's repository was not found (no organizationName/projectName, no repository in package.json); set it in site.config.ts");
  const api: ApiInput = {
    viewerDir: path.relative(outDir, projectRoot) || ".",
    repoUrl: repoUrl ?? "https://example.org/set-api-repoUrl",
    tsconfig: path.posix.join(firstPackage, typeof options.tsconfigName === "string" ? options.tsconfigName : "tsconfig.json"),
    ...(index && { index }),
    ...(options.changelogs === true && { changelog: path.posix.join(firstPackage, typeof options.changelogName === "string" ? options.changelogName : "CHANGELOG.md") }),
    ...(typeof options.routeBasePath === "string" && { routeBasePath: options.routeBasePath.replace(/^\/+|\/+$/g, "") }),
    entryPoints,
  };
  for (const key of Object.keys(options)) if (!READ.has(key)) report.unsupported(file, line, `docusaurus-plugin-typedoc-api option ${key}`, "no counterpart");
  const readme = options.readmes === true ? path.join(projectRoot, firstPackage, typeof options.readmeName === "string" ? options.readmeName : "README.md") : undefined;
  report.note(`API: docusaurus-plugin-typedoc-api became the api section: ${entryPoints.length} areas (${entryPoints.map((e) => e.slug).join(", ")}), the code base at ${api.viewerDir} (or --viewer)`);
  // The code base named by --viewer is the one the new site documents.
  const changelog = api.changelog === undefined ? undefined : path.join(viewer ?? projectRoot, api.changelog);
  return { api, ...(readme && fs.existsSync(readme) && { overview: readme }), ...(changelog && fs.existsSync(changelog) && { changelog }) };
}
