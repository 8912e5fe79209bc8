/**
 * The benchmark's large synthetic site: a viewer code base in a git repository (tags v1.0.0 and v2.0.0,
 * the working tree ahead of them for Next) and a docs site of three versions that documents it.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { versionDocs } from "./synthetic/docsContent.ts";
import { API_AREAS, planDeclarations, viewerFiles, type ViewerRelease } from "./synthetic/viewerSource.ts";

/** Frozen docs versions, newest first; their API comes from the git tags `v${name}`. */
export const FROZEN_VERSIONS = ["2.0.0", "1.0.0"] as const;
/** How many declarations each release adds over the previous one. */
const ADDED_PER_RELEASE = 30;

function writeTree(root: string, files: Map<string, string>): void {
  for (const [rel, text] of files) {
    const file = path.join(root, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
}

function git(cwd: string, args: string[]): void {
  // Identity and signing are set here so the user's git config cannot make a commit fail.
  execFileSync("git", ["-c", "user.name=carta-docs bench", "-c", "user.email=bench@example.org", "-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false", ...args], {
    cwd,
    stdio: "pipe",
  });
}

/** Releases oldest first: v1.0.0, v2.0.0, then the working tree (Next) with `declarations` in all. */
function releases(declarations: number): ViewerRelease[] {
  const versions = [...FROZEN_VERSIONS].reverse();
  const notes = (version: string, i: number) => ({ version, notes: [i === 0 ? "First release." : `Added ${ADDED_PER_RELEASE} declarations.`, "Updated documentation comments."] });
  const all = [...versions, "3.0.0-dev"];
  return all.map((version, i) => ({
    version,
    declarations: declarations - (all.length - 1 - i) * ADDED_PER_RELEASE,
    changelog: all.slice(0, i + 1).map(notes).reverse(),
  }));
}

/** Writes the code base into `dir` as a git repository: one commit and tag per frozen version, Next left uncommitted. */
export function writeViewerRepo(dir: string, declarations: number): void {
  fs.mkdirSync(dir, { recursive: true });
  git(dir, ["init", "-q"]);
  const all = releases(declarations);
  for (const release of all) {
    writeTree(dir, viewerFiles(release));
    if (release === all.at(-1)) break;
    git(dir, ["add", "-A"]);
    git(dir, ["commit", "-q", "-m", `Release ${release.version}`]);
    git(dir, ["tag", `v${release.version}`]);
  }
}

/** Classes that every version has: docs link to them. */
function stableClasses(declarations: number): string[] {
  const oldest = releases(declarations)[0]!.declarations;
  return planDeclarations(oldest).filter((d) => d.kind === "class").map((d) => d.name);
}

function siteConfig(viewerDir: string, refs: Record<string, string>): Record<string, unknown> {
  return {
    title: "Synthetic Docs",
    tagline: "A large generated site for the benchmark",
    url: "https://example.org",
    baseUrl: "/synthetic/",
    navbar: {
      title: "Synthetic",
      items: [
        { type: "docSidebar", sidebarId: "docsSidebar", label: "Docs", position: "left" },
        { type: "api", label: "API", position: "left" },
        { type: "docsVersionDropdown" },
        { type: "search" },
        { type: "colorMode" },
      ],
    },
    footer: { copyright: "Generated for the carta-docs benchmark." },
    api: {
      viewerDir,
      repoUrl: "https://github.com/example/synthetic-viewer",
      tsconfig: "tsconfig.json",
      index: "src/index.tsx",
      changelog: "CHANGELOG.md",
      refs,
      entryPoints: API_AREAS.map((area) => ({ slug: area.slug, path: `src/${area.dir}/index.ts`, title: area.title })),
    },
  };
}

export interface SiteOptions {
  /** Docs pages of each version, the introduction included. */
  pagesPerVersion: number;
  /** Declarations of the viewer's Next; the docs link only to those of every version. */
  declarations: number;
  /** Viewer root, relative to the site. */
  viewerDir: string;
  /**
   * Times the site's size: a site of scale N has 3N versions (Next, 2.0.0, 1.0.0 and older ones that
   * document the v1.0.0 code base), each with its docs and its API reference. Default 1.
   */
  scale?: number;
}

/** Frozen versions of a site of `scale`, newest first: 2.0.0, 1.0.0, then 0.9.0, 0.8.0, ... */
export function frozenVersions(scale = 1): string[] {
  const older = Array.from({ length: 3 * (scale - 1) }, (_, i) => `0.${9 - i}.0`);
  return [...FROZEN_VERSIONS, ...older];
}

/** Writes the site (config and content) into `dir` and returns the config file. */
export function writeSite(dir: string, options: SiteOptions): string {
  const apiClasses = stableClasses(options.declarations);
  const content = path.join(dir, "content");
  const docs = (label: string) => versionDocs({ pages: options.pagesPerVersion, label, apiClasses });
  const frozen = frozenVersions(options.scale);
  // Only 2.0.0 and 1.0.0 have tags; older versions document the oldest tag's code base.
  const refs = Object.fromEntries(frozen.filter((v) => !(FROZEN_VERSIONS as readonly string[]).includes(v)).map((v) => [v, `v${FROZEN_VERSIONS.at(-1)}`]));
  writeTree(path.join(content, "docs"), docs("Next"));
  for (const version of frozen) {
    writeTree(path.join(content, "versioned_docs", `version-${version}`), docs(version));
    writeTree(content, new Map([[`versioned_sidebars/version-${version}-sidebars.json`, `${JSON.stringify({ docsSidebar: [{ type: "autogenerated", dirName: "." }] })}\n`]]));
  }
  writeTree(
    content,
    new Map([
      ["versions.json", `${JSON.stringify(frozen)}\n`],
      ["pages/index.md", "---\ntitle: Home\n---\n\n## Welcome\n\nStart with the [docs](/docs).\n"],
      ["api/api.md", `The API of the synthetic viewer, in ${API_AREAS.length} areas.\n`],
    ]),
  );
  const configFile = path.join(dir, "site.config.ts");
  fs.writeFileSync(configFile, `// Generated by bench/syntheticSite.ts.\nexport default ${JSON.stringify(siteConfig(options.viewerDir, refs), null, 2)};\n`);
  return configFile;
}

/** The site of the scale rows: one docs version of `docs` pages in categories of `perCategory`, no API reference. */
export interface ScaleSiteOptions {
  docs: number;
  perCategory: number;
}

/** Writes a docs-only site (the scale rows': pages per site size, see bench/scale.ts) into `dir`; returns its config file. */
export function writeScaleSite(dir: string, { docs, perCategory }: ScaleSiteOptions): string {
  const content = path.join(dir, "content");
  // The introduction besides `docs` pages, so every category is full.
  writeTree(path.join(content, "docs"), versionDocs({ pages: docs + 1, label: "Next", apiClasses: [], perCategory }));
  writeTree(
    content,
    new Map([
      ["sidebars.json", `${JSON.stringify({ docsSidebar: [{ type: "autogenerated", dirName: "." }] })}\n`],
      ["pages/index.md", "---\ntitle: Home\n---\n\n## Welcome\n\nStart with the [docs](/docs).\n"],
    ]),
  );
  const config = {
    title: "Synthetic Docs",
    url: "https://example.org",
    baseUrl: "/synthetic/",
    navbar: { title: "Synthetic", items: [{ type: "docSidebar", sidebarId: "docsSidebar", label: "Docs", position: "left" }, { type: "search" }, { type: "colorMode" }] },
    footer: { copyright: "Generated for the carta-docs benchmark." },
  };
  const configFile = path.join(dir, "site.config.ts");
  fs.writeFileSync(configFile, `// Generated by bench/syntheticSite.ts.\nexport default ${JSON.stringify(config, null, 2)};\n`);
  return configFile;
}
