/**
 * A copy of the CARTA site whose frozen versions are read from snapshots, as a project keeps its releases
 * (`carta-docs version` writes one when a version is frozen): the inputs of issue 28's "cold build with
 * snapshot inputs" on the real viewer's site, where the repository's site has no snapshots and a cold build
 * converts every version from its git tag. The snapshots are the conversions a cold build of `from` left
 * in its cache, so writing them converts nothing.
 */
import fs from "node:fs";
import path from "node:path";
import { loadApi, type ModelRecipe } from "../cli/api/index.ts";
import { projectOf } from "../cli/api/typedoc.ts";
import { apiStageOptions, type ApiSiteConfig } from "../cli/pipeline/viewerSource.ts";
import { loadConfig } from "../cli/config/load.ts";
import { Diagnostics } from "../cli/util/diagnostics.ts";
import type { CartaCopy } from "./cartaSite.ts";

/** The frozen versions of a site (content/versions.json), newest first. */
function frozenVersions(contentDir: string): string[] {
  const file = path.join(contentDir, "versions.json");
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as string[]) : [];
}

/**
 * Writes `content/versioned_docs/version-X/api-typedoc.json` into `into` for each frozen version of `from`
 * (a site copy built cold against `viewer`), from the conversions in `from`'s cache; returns the versions
 * written. Throws when a version has no conversion to write.
 */
export async function writeFrozenSnapshots(from: CartaCopy, viewer: string, into: CartaCopy): Promise<string[]> {
  const config = (await loadConfig(from.configFile)) as ApiSiteConfig;
  const versions = frozenVersions(path.join(from.siteDir, "content"));
  const diagnostics = new Diagnostics();
  const recipes = new Map<string, ModelRecipe>();
  const options = apiStageOptions(config, { dir: viewer, from: "flag" }, versions.map((name) => ({ name, isCurrent: false })), diagnostics, () => {});
  await loadApi(options, recipes);
  for (const version of versions) {
    const recipe = recipes.get(version);
    if (!recipe) {
      const why = diagnostics.items.find((d) => d.severity === "error")?.message ?? "no conversion of it";
      throw new Error(`no snapshot of ${version} can be written from ${from.siteDir}: ${why}`);
    }
    const file = path.join(into.siteDir, "content", "versioned_docs", `version-${version}`, "api-typedoc.json");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(projectOf(recipe.json))}\n`);
  }
  return versions;
}
