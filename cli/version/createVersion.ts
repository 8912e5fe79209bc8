/**
 * `carta-docs version <name>`: freezes the current docs as a new version, the way Docusaurus does. Every
 * new file is staged in a temporary folder inside content/ first and moved into place only when all of
 * them are ready, versions.json last, so a failure at any step leaves content/ exactly as it was. A run
 * killed outright cannot undo anything: the next run clears what it left (removeInterruptedRuns).
 */
import fs from "node:fs";
import path from "node:path";
import { writeApiSnapshot } from "../api/index.ts";
import { loadConfig, type ResolvedConfig } from "../config/load.ts";
import { CartaDocsError, Diagnostics, type Diagnostic } from "../util/diagnostics.ts";
import { apiStageOptions, resolveViewer } from "../pipeline/viewerSource.ts";
import { listFilesInside, siteBoundary } from "../content/insideSite.ts";
import { insideOutput } from "../output/outputGate.ts";
import { VERSION_NAME } from "../content/versions.ts";
import { LOCK_FILE, takeVersionLock } from "./lock.ts";
import { changedApiLinks } from "./changedApiLinks.ts";
import { moveIntoPlace } from "../util/moveIntoPlace.ts";

export interface CreateVersionOptions {
  /** The version's name, e.g. "5.1.0"; it becomes a URL segment and a folder name. */
  name: string;
  /** Path of site.config.ts (default: ./site.config.ts). */
  config?: string;
  cwd?: string;
  /** False to freeze the docs without an API snapshot (--no-api). */
  api?: boolean;
  /** Viewer checkout whose working tree is snapshotted; default as for build. */
  viewer?: string;
  log?: (line: string) => void;
}

export interface CreatedVersion {
  name: string;
  /** content/versioned_docs/version-<name> */
  docsDir: string;
  /** content/versioned_sidebars/version-<name>-sidebars.json */
  sidebarFile: string;
  /** The API snapshot written into the docs folder, when there is one. */
  apiSnapshot?: string;
  /** versions.json as written, newest first. */
  versions: string[];
  /** Things the user should know, e.g. a config that keeps another version the latest. */
  notes: string[];
  /**
   * `api:` links in the docs of the version this one supersedes (the previous latest) to API that changed in
   * this one, each with its file and line: their copies in this version are the pages to revisit. Empty
   * without an API snapshot or a previous version.
   */
  changedApiLinks: Diagnostic[];
}

/** Characters of a version name: with "version-" and "-sidebars.json" around it, a file name stays far below 255 bytes. */
const MAX_VERSION_NAME = 100;

/** A stage folder: `.version-<name>-` and the six characters mkdtemp adds. */
const STAGE_FOLDER = /^\.version-(.+)-[A-Za-z0-9]{6}$/;
/** What a stage holds; `versions` is written last, so once it is there the moves may have begun. */
const STAGED = { docs: "docs", sidebars: "sidebars.json", versions: "versions.json" } as const;

function refuse(message: string, file?: string): never {
  const diagnostic: Diagnostic = { severity: "error", code: "version", message, ...(file !== undefined && { file }) };
  throw new CartaDocsError(`${file ? `${file}: ` : ""}${message}`, [diagnostic]);
}

function readVersions(file: string, shown: string): string[] {
  if (!fs.existsSync(file)) return [];
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    refuse(`is not valid JSON (${error instanceof Error ? error.message : String(error)}); fix it before adding a version`, shown);
  }
  if (!Array.isArray(data) || data.some((v) => typeof v !== "string")) refuse("must be a JSON array of version names, newest first; fix it before adding a version", shown);
  return data as string[];
}

function checkName(name: string, versions: string[], config: ResolvedConfig, shown: (file: string) => string, targets: string[]): void {
  if (name.length > MAX_VERSION_NAME) refuse(`the version name is ${name.length} characters long; the limit is ${MAX_VERSION_NAME} (it names folders and files, e.g. versioned_sidebars/version-<name>-sidebars.json); choose a shorter name`);
  if (!VERSION_NAME.test(name)) refuse(`"${name}" is not a valid version name: it must be one URL path segment of letters, digits, ".", "_" and "-", starting with a letter or digit`);
  if (name === "current" || name === config.docs.currentPath) refuse(`"${name}" is reserved for the current docs (served at /${config.docs.routeBasePath}/${config.docs.currentPath}); choose another name`);
  if (versions.includes(name)) refuse(`version "${name}" already exists in versions.json; choose a new name`, shown(path.join(config.siteDir, config.contentDir, "versions.json")));
  for (const target of targets) if (fs.existsSync(target)) refuse(`version "${name}" is not in versions.json, but ${shown(target)} already exists; remove it or choose a new name`);
}

/** Where version `name`'s docs folder and sidebar file go. */
function versionPaths(contentDir: string, name: string): { docsDir: string; sidebarFile: string } {
  return {
    docsDir: path.join(contentDir, "versioned_docs", `version-${name}`),
    sidebarFile: path.join(contentDir, "versioned_sidebars", `version-${name}-sidebars.json`),
  };
}

/**
 * Clears what runs killed midway (SIGKILL, a power cut) left: their stage folders and, when one died between
 * its moves, the docs folder or sidebar it had moved before versions.json, the commit, listed the version.
 * Nothing reads those, but they would make this run refuse the same name; versions.json is never touched.
 */
function removeInterruptedRuns(contentDir: string, versions: string[], log: (line: string) => void): void {
  for (const entry of fs.readdirSync(contentDir)) {
    const name = STAGE_FOLDER.exec(entry)?.[1];
    if (name === undefined) continue;
    const stage = path.join(contentDir, entry);
    if (!versions.includes(name) && fs.existsSync(path.join(stage, STAGED.versions))) {
      const { docsDir, sidebarFile } = versionPaths(contentDir, name);
      // What is no longer in the stage was moved into place.
      if (!fs.existsSync(path.join(stage, STAGED.docs))) fs.rmSync(docsDir, { recursive: true, force: true });
      if (!fs.existsSync(path.join(stage, STAGED.sidebars))) fs.rmSync(sidebarFile, { force: true });
    }
    fs.rmSync(stage, { recursive: true, force: true });
    log(`removed what an interrupted \`version ${name}\` left in ${path.basename(contentDir)}/`);
  }
}

/** Every file of the current docs; refused, with every link named, when any leads out of the site (see content/insideSite.ts). */
function filesToFreeze(config: ResolvedConfig, currentDocs: string, sidebarsFile: string): string[] {
  const boundary = siteBoundary(config);
  const diagnostics = new Diagnostics();
  const files = boundary.allows(currentDocs, diagnostics) ? listFilesInside(currentDocs, boundary, diagnostics) : [];
  boundary.allows(sidebarsFile, diagnostics);
  if (diagnostics.errors.length > 0) {
    throw new CartaDocsError(`the current docs link to files outside the site, which a version must not copy; nothing was changed:\n${diagnostics.errors.map((d) => `${d.file}: ${d.message}`).join("\n")}`, diagnostics.errors);
  }
  return files;
}

/** The current docs' sidebars file as it is, or the autogenerated sidebar the build uses without one. */
function currentSidebars(contentDir: string, sidebarId: string): string {
  const file = path.join(contentDir, "sidebars.json");
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : `${JSON.stringify({ [sidebarId]: [{ type: "autogenerated", dirName: "." }] }, null, 2)}\n`;
}

export async function createVersion(options: CreateVersionOptions): Promise<CreatedVersion> {
  const log = options.log ?? (() => {});
  const config = await loadConfig(options.config, options.cwd);
  const lock = takeVersionLock(config.siteDir, log);
  if ("heldBy" in lock) refuse(`another \`carta-docs version\` (process ${lock.heldBy}) is running on this site; wait for it to finish (its lock is ${LOCK_FILE})`);
  try {
    return await createVersionLocked(options, config, log);
  } finally {
    lock.release();
  }
}

/** createVersion once it holds the site's lock: no other run touches content/ meanwhile. */
async function createVersionLocked(options: CreateVersionOptions, config: ResolvedConfig, log: (line: string) => void): Promise<CreatedVersion> {
  const { name } = options;
  const shown = (file: string) => path.relative(config.siteDir, file);
  const contentDir = path.resolve(config.siteDir, config.contentDir);
  const versionsFile = path.join(contentDir, "versions.json");
  const { docsDir, sidebarFile } = versionPaths(contentDir, name);
  const currentDocs = path.join(contentDir, "docs");

  const versions = readVersions(versionsFile, shown(versionsFile));
  removeInterruptedRuns(contentDir, versions, log);
  checkName(name, versions, config, shown, [docsDir, sidebarFile]);
  if (!fs.existsSync(currentDocs)) refuse(`there are no current docs to freeze: ${shown(currentDocs)} does not exist`);
  const docFiles = filesToFreeze(config, currentDocs, path.join(contentDir, "sidebars.json"));
  const apiConfig = options.api === false ? undefined : config.api;
  const viewer = apiConfig && resolveViewer({ ...config, api: apiConfig }, options.viewer);
  if (viewer && !fs.statSync(viewer.dir, { throwIfNoEntry: false })?.isDirectory()) {
    refuse(`the API snapshot needs the viewer's source, and there is no viewer checkout at ${viewer.dir}; pass --viewer <dir>, set CARTA_FRONTEND_DIR, or freeze the docs without an API snapshot with --no-api`);
  }

  const stage = fs.mkdtempSync(path.join(contentDir, `.version-${name}-`));
  try {
    const stagedDocs = path.join(stage, STAGED.docs);
    // Each file through its links: a frozen version holds copies, not links into the docs that go on changing.
    for (const rel of docFiles) {
      const target = insideOutput(stagedDocs, rel);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(path.join(currentDocs, rel), target);
    }
    fs.mkdirSync(stagedDocs, { recursive: true });
    fs.writeFileSync(path.join(stage, STAGED.sidebars), currentSidebars(contentDir, config.docs.defaultSidebarId));
    let apiSnapshot: string | undefined;
    if (apiConfig && viewer) {
      log(`API ${name}: converting the viewer's working tree at ${viewer.dir}`);
      const diagnostics = new Diagnostics();
      const snapshot = path.join(stagedDocs, "api-typedoc.json");
      const written = await writeApiSnapshot(apiStageOptions({ ...config, api: apiConfig }, viewer, [{ name, isCurrent: true }], diagnostics, log), name, snapshot);
      if (!written) throw new CartaDocsError(`the API snapshot of ${name} could not be made; nothing was changed`, diagnostics.errors);
      apiSnapshot = path.join(docsDir, "api-typedoc.json");
    }
    const newVersions = [name, ...versions];
    fs.writeFileSync(path.join(stage, STAGED.versions), `${JSON.stringify(newVersions, null, 2)}\n`);
    moveIntoPlace(
      [
        { from: stagedDocs, to: docsDir },
        { from: path.join(stage, STAGED.sidebars), to: sidebarFile },
        { from: path.join(stage, STAGED.versions), to: versionsFile },
      ],
      stage,
    );
    const notes: string[] = [];
    const pinned = config.docs.lastVersion;
    if (pinned && pinned !== name) notes.push(`${shown(config.configFile)} sets docs.lastVersion to "${pinned}", so ${name} is not served as the latest until you change or remove it`);
    const superseded = versions[0];
    let changed: Diagnostic[] = [];
    if (apiConfig && apiSnapshot && superseded) {
      // The version exists now, whatever this finds: a failure to load the older API is a note, not a refusal.
      const found = await changedApiLinks({ ...config, api: apiConfig }, superseded, name, options.viewer, log);
      changed = found.links;
      for (const error of found.errors) notes.push(`the docs of ${superseded} could not be checked for links to API changed in ${name}: ${error.message}`);
    }
    return { name, docsDir, sidebarFile, apiSnapshot, versions: newVersions, notes, changedApiLinks: changed };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}
