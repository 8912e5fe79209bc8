/**
 * Docs versions, Docusaurus style: `content/docs` is the current version (label "Next"),
 * `content/versions.json` lists the frozen ones newest first, each with
 * `versioned_docs/version-X/` and `versioned_sidebars/version-X-sidebars.json`.
 */
import fs from "node:fs";
import path from "node:path";
import type { ResolvedConfig } from "../config/load.ts";
import type { SiteBoundary } from "./insideSite.ts";
import { joinRoute } from "../util/routePath.ts";
import type { Diagnostics } from "../util/diagnostics.ts";
import { readJsonFile } from "../util/json.ts";

export interface DocsVersion {
  /** "current" for the development version, else the version string ("5.0.0"). */
  name: string;
  label: string;
  isLast: boolean;
  isCurrent: boolean;
  /** URL segment after /docs and /api: "" for the last version, "next", "4.1.0". */
  segment: string;
  /** Route of the docs root, e.g. "/carta-frontend/docs/4.1.0". */
  path: string;
  /** Route of the API root, e.g. "/carta-frontend/api/4.1.0". */
  apiPath: string;
  /** Absolute folder of the version's docs. */
  docsDir: string;
  /** Absolute path of the sidebars file, when the version has one. */
  sidebarFile?: string;
  banner: "unreleased" | "unmaintained" | null;
}

/** A version name is one path segment: it names a folder and a URL segment. */
export const VERSION_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;


export function loadVersions(config: ResolvedConfig, contentDir: string, boundary: SiteBoundary, diagnostics: Diagnostics): DocsVersion[] {
  const versionsFile = path.join(contentDir, "versions.json");
  const shown = (p: string) => path.relative(config.siteDir, p);
  let frozen: string[] = [];
  if (fs.existsSync(versionsFile) && boundary.allows(versionsFile, diagnostics)) {
    const data = readJsonFile(versionsFile, shown(versionsFile), diagnostics);
    if (data !== undefined) {
      if (!Array.isArray(data) || data.some((v) => typeof v !== "string" || v.trim() === "")) {
        diagnostics.error("versions", `must be a JSON array of version names, newest first (for example ["5.0.0", "4.1.0"]); got ${JSON.stringify(data).slice(0, 80)}`, { file: shown(versionsFile) });
      } else {
        const seen = new Set<string>();
        for (const name of data as string[]) {
          if (seen.has(name)) diagnostics.error("versions", `version "${name}" is listed twice; each version may appear once`, { file: shown(versionsFile) });
          else if (!VERSION_NAME.test(name)) diagnostics.error("versions", `version "${name}" is not a valid path segment (use letters, digits, ".", "_" and "-")`, { file: shown(versionsFile) });
          else seen.add(name);
        }
        frozen = [...seen];
      }
    }
  }
  const currentDir = path.join(contentDir, "docs");
  if (!fs.existsSync(contentDir)) {
    const configFile = shown(config.configFile);
    diagnostics.error("config", `contentDir "${config.contentDir}": the folder ${shown(contentDir) || "."} does not exist; create it, or set contentDir to the folder holding docs/ (relative to ${configFile})`, { file: configFile });
  } else if (!fs.existsSync(currentDir)) diagnostics.error("versions", `the current docs folder ${shown(currentDir)} does not exist; create it`, { file: shown(contentDir) });
  const lastName = config.docs.lastVersion ?? frozen[0] ?? "current";
  if (lastName !== "current" && !frozen.includes(lastName)) {
    diagnostics.error("versions", `docs.lastVersion "${lastName}" is not in versions.json; listed versions: ${frozen.join(", ") || "(none)"}`, { file: shown(config.configFile) });
  }
  const lastIndex = frozen.indexOf(lastName);
  const docsBase = joinRoute(config.baseUrl, config.docs.routeBasePath);
  const apiBase = joinRoute(config.baseUrl, config.api?.routeBasePath ?? "api");
  const make = (name: string, index: number): DocsVersion => {
    const isCurrent = name === "current";
    const isLast = name === lastName;
    const segment = isLast ? "" : isCurrent ? config.docs.currentPath : name;
    const docsDir = isCurrent ? currentDir : path.join(contentDir, "versioned_docs", `version-${name}`);
    const sidebarFile = isCurrent
      ? path.join(contentDir, "sidebars.json")
      : path.join(contentDir, "versioned_sidebars", `version-${name}-sidebars.json`);
    const banner = isLast ? null : isCurrent || index < lastIndex ? "unreleased" : "unmaintained";
    return {
      name,
      label: isCurrent ? config.docs.currentLabel : name,
      isLast,
      isCurrent,
      segment,
      path: joinRoute(docsBase, segment),
      apiPath: joinRoute(apiBase, segment),
      docsDir,
      sidebarFile: fs.existsSync(sidebarFile) ? sidebarFile : undefined,
      banner,
    };
  };
  const versions = [make("current", -1), ...frozen.map(make)];
  for (const v of versions) {
    if (v.isCurrent) continue;
    if (!fs.existsSync(v.docsDir)) {
      diagnostics.error("versions", `version "${v.name}" is listed but its folder ${shown(v.docsDir)} does not exist; create it or remove the version`, { file: shown(versionsFile) });
    }
    if (!v.sidebarFile) {
      diagnostics.error("versions", `version "${v.name}" has no sidebar file; expected ${shown(path.join(contentDir, "versioned_sidebars", `version-${v.name}-sidebars.json`))}`, { file: shown(versionsFile) });
    }
  }
  // A docs folder that is a link leading out of the site is reported here once, not once per file in it.
  return versions.filter((v) => fs.existsSync(v.docsDir) && boundary.allows(v.docsDir, diagnostics));
}
