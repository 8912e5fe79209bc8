/**
 * Where each version's API comes from: a snapshot (frozen versions), a git ref of the viewer checkout
 * extracted into the site's cache, the checkout's working tree (the current version), or the sample code base
 * when there is no checkout.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { mkdir, readFile, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, isAbsolute, join, relative } from "node:path";
import { extractCommit, gitLocation, headRef, isTag, listTags, resolveCommit, showFile, type GitLocation } from "./git.ts";
import { siteBoundary } from "../content/insideSite.ts";
import { nearest } from "../util/nearest.ts";
import { cacheFolderProblem } from "../util/siteCache.ts";
import { copyPlace, linkPackages } from "./packageLinks.ts";
import type { ApiStageOptions } from "./types.ts";

interface SourceCommon {
  version: string;
  /** For people: "git tag v4.1.0 (commit abc1234)", "working tree", ... */
  label: string;
  /** Git ref or commit for Defined-in links. */
  sourceRef?: string;
  /** Folder of the viewer inside its git repository, for Defined-in links. */
  repoPrefix: string;
  isExample: boolean;
}

type SnapshotSource = SourceCommon & { kind: "snapshot"; file: string };
export type TreeSource = SourceCommon & { kind: "tree"; root: string };
type GitSource = SourceCommon & { kind: "git"; repo: string; ref: string; commit: string };
export type CodeSource = TreeSource | GitSource;
export type VersionSource = SnapshotSource | CodeSource;

export const CHOSEN_BY = { flag: "--viewer", env: "CARTA_FRONTEND_DIR", config: "site config" } as const;

/** A path for messages: relative to the site when inside it. */
export function displayPath(siteDir: string, path: string): string {
  const inside = relative(siteDir, path);
  return inside && !inside.startsWith("..") && !isAbsolute(inside) ? inside : path;
}

function snapshotFile(options: ApiStageOptions, version: string): string {
  return join(options.contentDir, "versioned_docs", `version-${version}`, "api-typedoc.json");
}

/** Plans every version's source; a version that has none is reported and left out. */
export async function planSources(options: ApiStageOptions): Promise<VersionSource[]> {
  const { viewer, siteDir, versions, log } = options;
  if (!(await isDirectory(viewer.dir))) {
    // Only the config's default may be absent (a newcomer's first build); a folder the user named must exist.
    if (viewer.from !== "config") {
      options.diagnostics.error("api-source", `the viewer folder ${viewer.dir} (from ${CHOSEN_BY[viewer.from]}) does not exist; point it at a carta-frontend checkout`, {});
      return [];
    }
    log(
      `API: no viewer checkout at ${viewer.dir} (from ${CHOSEN_BY[viewer.from]}); using the sample code base ${displayPath(siteDir, options.exampleDir)} for every version`,
    );
    return Promise.all(versions.map(async ({ name, isCurrent }) => (isCurrent ? exampleSource(options, name) : exampleReleaseSource(options, name))));
  }

  const location = await gitLocation(viewer.dir);
  // Planned side by side (each asks git a few questions), reported in version order.
  const planned = await Promise.allSettled(versions.map(({ name, isCurrent }) => planVersion(options, name, isCurrent, location)));
  const sources: VersionSource[] = [];
  for (const plan of planned) {
    if (plan.status === "fulfilled") sources.push(plan.value);
    else if (plan.reason instanceof SourceError) options.diagnostics.error("api-source", plan.reason.message, { file: displayPath(siteDir, viewer.dir) });
    else throw plan.reason;
  }
  return sources;
}

/** The current version: the checkout's working tree, or the sample code base when there is no checkout. */
export async function currentSource(options: ApiStageOptions, version: string): Promise<TreeSource> {
  return (await isDirectory(options.viewer.dir)) ? workingTreeSource(options, version) : exampleSource(options, version);
}

function exampleSource(options: ApiStageOptions, version: string): TreeSource {
  return {
    kind: "tree",
    version,
    root: options.exampleDir,
    label: `sample code base ${displayPath(options.siteDir, options.exampleDir)}`,
    repoPrefix: "",
    isExample: true,
  };
}

/**
 * A frozen version of the sample: the snapshot stored with it (`versions/version-X/api-typedoc.json`, written by
 * `npm run sample-snapshots`), as a real project keeps its releases; else, for a version the sample has no
 * snapshot of, its source.
 */
async function exampleReleaseSource(options: ApiStageOptions, version: string): Promise<VersionSource> {
  const file = sampleSnapshotFile(options.exampleDir, version);
  if (!(await isFile(file))) return exampleSource(options, version);
  return { kind: "snapshot", version, file, label: `sample snapshot ${displayPath(options.siteDir, file)}`, repoPrefix: "", isExample: true };
}

/** Where the sample keeps the API snapshot of its frozen version `version`. */
export function sampleSnapshotFile(exampleDir: string, version: string): string {
  return join(exampleDir, "versions", `version-${version}`, "api-typedoc.json");
}

async function workingTreeSource(options: ApiStageOptions, version: string): Promise<TreeSource> {
  const location = await gitLocation(options.viewer.dir);
  const head = location && (await headRef(location.repo));
  return {
    kind: "tree",
    version,
    root: options.viewer.dir,
    // A detached HEAD is a bare commit; its short form is enough for people.
    label: head ? `working tree (${/^[0-9a-f]{40}$/.test(head) ? head.slice(0, 7) : head})` : "working tree",
    ...(head && { sourceRef: head }),
    repoPrefix: location?.prefix ?? "",
    isExample: false,
  };
}

class SourceError extends Error {}

async function planVersion(
  options: ApiStageOptions,
  version: string,
  isCurrent: boolean,
  location: GitLocation | undefined,
): Promise<VersionSource> {
  if (isCurrent) return workingTreeSource(options, version);

  const ref = options.api.refs[version] ?? `v${version}`;
  const snapshot = snapshotFile(options, version);
  if (await isFile(snapshot)) {
    return {
      kind: "snapshot",
      version,
      file: snapshot,
      label: `snapshot ${displayPath(options.siteDir, snapshot)}`,
      sourceRef: ref,
      repoPrefix: location?.prefix ?? "",
      isExample: false,
    };
  }
  const where = `no snapshot ${displayPath(options.siteDir, snapshot)}`;
  if (!location) {
    throw new SourceError(
      `API ${version}: ${where}, and the viewer checkout ${options.viewer.dir} is not a git repository, so git ref ${ref} cannot be read`,
    );
  }
  const commit = await resolveCommit(location.repo, ref);
  if (!commit) {
    const tags = nearestTags(ref, await listTags(location.repo));
    throw new SourceError(
      `API ${version}: ${where}, and git ref ${ref} does not exist in ${location.repo}` +
        (tags.length > 0 ? `; nearest tags: ${tags.join(", ")}` : "; the repository has no tags") +
        ` (set api.refs["${version}"] in the site config to use another ref)`,
    );
  }
  const kind = (await isTag(location.repo, ref)) ? "git tag" : "git ref";
  return {
    kind: "git",
    version,
    repo: location.repo,
    ref,
    commit,
    label: `${kind} ${ref} (commit ${commit.slice(0, 7)})`,
    sourceRef: ref,
    repoPrefix: location.prefix,
    isExample: false,
  };
}

/** `v4.1.0` as a number that orders releases (4001000); a pre-release sorts just below its release. */
function versionNumber(name: string): number | undefined {
  const match = /^v?(\d+)\.(\d+)(?:\.(\d+))?(-.*)?$/.exec(name);
  if (!match) return undefined;
  return Number(match[1]) * 1e6 + Number(match[2]) * 1e3 + Number(match[3] ?? 0) - (match[4] ? 0.5 : 0);
}

/** Up to five tags closest to `ref`: by version when both read as versions, else by spelling. */
function nearestTags(ref: string, tags: string[]): string[] {
  const wanted = versionNumber(ref);
  const versions = tags.flatMap((tag) => {
    const number = versionNumber(tag);
    return number === undefined ? [] : [{ tag, distance: Math.abs(number - (wanted ?? 0)) }];
  });
  if (wanted === undefined || versions.length === 0) return nearest(ref, tags, 5);
  return versions
    .sort((a, b) => a.distance - b.distance || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0))
    .slice(0, 5)
    .map(({ tag }) => tag);
}

/** Folder of the site's cache that holds the viewer's extracted git refs, one folder per commit. */
export const EXTRACTED_SOURCES = "sources";

/** A folder of the system's temporary folder for extracted refs, when the site has no cache to hold them; removed at exit. */
let temporaryFolder: string | undefined;
function temporarySources(): string {
  if (temporaryFolder === undefined) {
    const made = mkdtempSync(join(tmpdir(), "carta-docs-sources-"));
    temporaryFolder = made;
    process.once("exit", () => rmSync(made, { recursive: true, force: true }));
  }
  return temporaryFolder;
}

/** Where the git refs of a build are extracted: the site's cache, or a temporary folder when it cannot be written. */
export function extractedSourcesFolder(options: Pick<ApiStageOptions, "cacheDir">): string {
  return cacheFolderProblem(dirname(options.cacheDir)) === undefined ? join(options.cacheDir, EXTRACTED_SOURCES) : temporarySources();
}

/**
 * The folder TypeDoc reads. A git ref is extracted once into `<site>/.carta-docs-cache/sources/<commit>/`: where
 * carta-docs may write, never into the viewer checkout (another project's tree, maybe read-only). Its imports
 * resolve as the checkout's own files do, through links to the checkout's node_modules at the same places
 * (packageLinks.ts): above the checkout's copy are the viewer's packages, not this site's (whose own node_modules
 * would type `React.Component` for a checkout without one, and give a diff between identical sources). A
 * tsconfig's paths are relative to it and so hold in the copy. An extraction that fails leaves nothing.
 */
export async function sourceRoot(source: CodeSource, options: ApiStageOptions): Promise<string> {
  if (source.kind === "tree") return source.root;
  const dest = join(extractedSourcesFolder(options), source.commit);
  const place = await copyPlace(source.repo);
  // A copy made for the checkout elsewhere (a restored cache) may lie at another depth; its links are made again.
  if (await isDirectory(join(dest, place, source.repoPrefix))) await linkPackages(source.repo, source.repoPrefix, join(dest, place), dest);
  else {
    const partial = `${dest}.partial-${process.pid}`;
    await rm(partial, { recursive: true, force: true });
    try {
      await mkdir(join(partial, place), { recursive: true });
      await extractCommit(source.repo, source.commit, source.repoPrefix, join(partial, place));
      await linkPackages(source.repo, source.repoPrefix, join(partial, place), partial);
      // A copy of another depth is replaced; another build may have extracted the same commit meanwhile, and its copy is as good as ours.
      if (!(await isDirectory(join(dest, place)))) await rm(dest, { recursive: true, force: true });
      await rename(partial, dest).catch(async (error: unknown) => {
        if (!(await isDirectory(dest))) throw error;
        await rm(partial, { recursive: true, force: true });
      });
    } catch (error) {
      await rm(partial, { recursive: true, force: true });
      throw error;
    }
  }
  return join(dest, place, source.repoPrefix);
}

/** How a file of the source (relative to the viewer root) is named in messages. */
export function sourceFileLabel(source: CodeSource, file: string, siteDir: string): string {
  return source.kind === "git"
    ? `${source.ref}:${source.repoPrefix}${file}`
    : displayPath(siteDir, join(source.root, file));
}

/**
 * Name of the changelog kept beside a snapshot in versioned_docs/version-X. The leading underscore
 * keeps it out of the docs, as Docusaurus does for partials.
 */
export const SNAPSHOT_CHANGELOG = "_api-changelog.md";

/** The version's changelog: from its source, or next to its snapshot. */
export async function readChangelog(
  source: VersionSource,
  options: ApiStageOptions,
): Promise<{ markdown: string; file: string } | undefined> {
  const name = options.api.changelog;
  let markdown: string | undefined;
  let file: string;
  if (source.kind === "git") {
    markdown = await showFile(source.repo, source.commit, source.repoPrefix + name);
    file = sourceFileLabel(source, name, options.siteDir);
  } else {
    const path = source.kind === "tree" ? join(source.root, name) : join(dirname(source.file), SNAPSHOT_CHANGELOG);
    // The changelog kept beside a snapshot is content; a viewer's own is the viewer's (a folder the config names),
    // and the sample's is the toolchain's.
    if (source.kind === "snapshot" && !source.isExample && !siteBoundary(options).allows(path, options.diagnostics)) return undefined;
    markdown = await readFile(path, "utf8").catch(() => undefined);
    file = displayPath(options.siteDir, path);
  }
  return markdown === undefined ? undefined : { markdown, file };
}

export async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (info) => info.isDirectory(),
    () => false,
  );
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (info) => info.isFile(),
    () => false,
  );
}
