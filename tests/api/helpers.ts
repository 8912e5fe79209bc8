/** Shared set-up of the API stage tests: the fixture viewer, stage options and temporary folders. */
import { cpSync } from "node:fs";
import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Diagnostics } from "../../cli/util/diagnostics.ts";
import { loadProject } from "../../cli/api/loadProject.ts";
import type { ApiItem, ApiMember, ApiVersionModel } from "../../cli/api/model.ts";
import type { ApiSettings, ApiStageOptions } from "../../cli/api/types.ts";
import { commitAll, gitIn } from "../helpers/git.ts";

export const FIXTURES = fileURLToPath(new URL("./fixtures/", import.meta.url));
export const FIXTURE_VIEWER = join(FIXTURES, "viewer");
const REPO_URL = "https://github.com/CARTAvis/carta-frontend";

export const API_SETTINGS: ApiSettings = {
  entryPoints: [
    { slug: ".-components", path: "src/components/index.ts", title: "components" },
    { slug: ".-components/Dialogs", path: "src/components/Dialogs/index.ts", title: "components/Dialogs" },
    { slug: ".-components/Shared", path: "src/components/Shared/index.ts", title: "components/Shared" },
    { slug: ".-models", path: "src/models/index.ts", title: "models" },
    { slug: ".-services", path: "src/services/index.ts", title: "services" },
    { slug: ".-stores", path: "src/stores/index.ts", title: "stores" },
    { slug: ".-utilities", path: "src/utilities/index.ts", title: "utilities" },
  ],
  index: "src/index.tsx",
  tsconfig: "tsconfig.json",
  refs: {},
  repoUrl: REPO_URL,
  changelog: "CHANGELOG.md",
};

/** Temporary folders of one test file, removed by `cleanup`. */
export class TempDirs {
  private readonly dirs: string[] = [];

  async make(): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), "carta-docs-api-"));
    this.dirs.push(dir);
    return dir;
  }

  /** A fresh copy of the fixture viewer. */
  async viewer(): Promise<string> {
    const dir = join(await this.make(), "viewer");
    await cp(FIXTURE_VIEWER, dir, { recursive: true });
    return dir;
  }

  async cleanup(): Promise<void> {
    await Promise.all(this.dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }
}

export type TestOptions = ApiStageOptions & { lines: string[] };

export function stageOptions(
  siteDir: string,
  viewerDir: string,
  versions: ApiStageOptions["versions"],
  overrides: Partial<ApiStageOptions> = {},
): TestOptions {
  const lines: string[] = [];
  return {
    siteDir,
    contentDir: join(siteDir, "content"),
    cacheDir: join(siteDir, ".carta-docs-cache"),
    versions,
    viewer: { dir: viewerDir, from: "flag" },
    exampleDir: FIXTURE_VIEWER,
    api: API_SETTINGS,
    log: (line) => lines.push(line),
    diagnostics: new Diagnostics(),
    lines,
    ...overrides,
  };
}

/** The model of a committed TypeDoc JSON fixture of an older release. */
export async function loadFixtureJson(file: string, sourceRef?: string): Promise<ApiVersionModel> {
  const json: unknown = JSON.parse(await readFile(join(FIXTURES, file), "utf8"));
  return loadProject(json, {
    version: "1.0.0",
    file,
    api: API_SETTINGS,
    isExample: false,
    sourceLabel: `fixture ${file}`,
    ...(sourceRef !== undefined && { sourceRef }),
    repoPrefix: "",
    warn: () => {},
  });
}

export function item(model: ApiVersionModel, name: string): ApiItem {
  const found = [...model.areas.flatMap((area) => area.items), ...model.indexItems].filter((i) => i.name === name);
  if (found.length !== 1) throw new Error(`expected one item ${name}, found ${found.length}`);
  return found[0]!;
}

export function member(owner: ApiItem, name: string): ApiMember {
  const found = owner.members.find((m) => m.name === name);
  if (!found) throw new Error(`${owner.name} has no member ${name}; it has ${owner.members.map((m) => m.name).join(", ")}`);
  return found;
}

/**
 * A git repository at `dir` (which must not exist) holding a copy of the fixture viewer, committed and tagged
 * v1.0.0; returns a git runner with a fixed identity and no signing, so the machine's git config does not matter.
 */
export function fixtureViewerRepo(dir: string): (...args: string[]) => string {
  cpSync(FIXTURE_VIEWER, dir, { recursive: true });
  commitAll(dir, "1.0.0");
  const git = gitIn(dir);
  git("tag", "v1.0.0");
  return git;
}
