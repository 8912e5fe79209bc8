/**
 * The API stage: per docs version, a typed model of the viewer's API, from a snapshot, a git ref or the
 * working tree through TypeDoc (cached). One version failing is reported and does not stop the others.
 */
import { readFile, stat } from "node:fs/promises";
import { Diagnostics, whileProcessing } from "../util/diagnostics.ts";
import { sha256 } from "../util/hash.ts";
import { specialFileMessage, specialKind } from "../util/inputPaths.ts";
import { jsonDepth } from "../util/json.ts";
import { siteBoundary } from "../content/insideSite.ts";
import { mapLimit } from "../util/eachLimit.ts";
import { ApiLoadError, loadProject, type ProjectContext } from "./loadProject.ts";
import type { ApiVersionModel, SourcePlace } from "./model.ts";
import { displayPath, planSources, readChangelog, type VersionSource } from "./sources.ts";
import { convertSource, projectOf, type TypeDocText } from "./typedoc.ts";
import type { ApiStageOptions } from "./types.ts";

export type * from "./model.ts";
export type { ApiStageOptions } from "./types.ts";
export { resolveApiLink } from "./resolveLink.ts";
export { typedocRuns, writeApiSnapshot } from "./typedoc.ts";

/**
 * What a version's model was built from, so that another thread (a render thread) can build the same model
 * from text rather than have the model copied to it, which costs the main thread more.
 */
export interface ModelRecipe {
  json: TypeDocText;
  context: Omit<ProjectContext, "warn">;
}

/** The model of a recipe; what building it reports was reported when the recipe was made. */
export function modelFromRecipe({ json, context }: ModelRecipe): ApiVersionModel {
  return loadProject(projectOf(json), { ...context, warn: () => {} });
}

/** Where a loaded version's model came from: its planned source and, for code, what that source holds. */
export interface LoadedSource {
  source: VersionSource;
  /** The commit or hash of the files converted; for a snapshot, the hash of its text. */
  identity?: string;
}

/**
 * The models by version; `recipes`, when given, gets each model's recipe where there is one, and `sources`
 * each model's source.
 */
export async function loadApi(options: ApiStageOptions, recipes?: Map<string, ModelRecipe>, sources?: Map<string, LoadedSource>): Promise<Map<string, ApiVersionModel>> {
  const models = new Map<string, ApiVersionModel>();
  // As many versions load at once as may convert at once (see runConversion.ts): one at a time unless
  // conversions run on threads. On the main thread, a version loading beside a conversion would run its
  // work in TypeDoc's pauses, which is no faster and would count as TypeDoc's time. Each version reports
  // on its own, and the reports join in version order.
  const planned = await planSources(options);
  const loads = await mapLimit(planned, options.conversionThreads ?? 1, async (source) => {
    options.log(`API ${source.version}: ${source.label}`);
    const diagnostics = new Diagnostics();
    const loaded = await whileProcessing(`loading the API of ${source.version} from`, source.label, () => loadVersion(source, { ...options, diagnostics }));
    return { source, diagnostics, loaded };
  });
  for (const { source, diagnostics, loaded } of loads) {
    options.diagnostics.items.push(...diagnostics.items);
    if (!loaded) continue;
    models.set(source.version, loaded.model);
    if (loaded.recipe) recipes?.set(source.version, loaded.recipe);
    sources?.set(source.version, { source, ...(loaded.identity !== undefined && { identity: loaded.identity }) });
  }
  return models;
}

/** How deeply an API's TypeDoc JSON may nest (see loadVersion). */
export const MAX_API_JSON_DEPTH = 200;

async function loadVersion(source: VersionSource, options: ApiStageOptions): Promise<{ model: ApiVersionModel; recipe?: ModelRecipe; identity?: string } | undefined> {
  const { diagnostics, siteDir } = options;
  const file = source.kind === "snapshot" ? displayPath(siteDir, source.file) : source.label;
  let json: unknown;
  let text: TypeDocText | undefined;
  let identity: string | undefined;
  let unparsed: SourcePlace[] | undefined;
  if (source.kind === "snapshot") {
    // A snapshot is content: it must lie inside the site like every other content file (the sample's are the
    // toolchain's own).
    if (!source.isExample && !siteBoundary(options).allows(source.file, diagnostics)) return undefined;
    const special = specialKind(await stat(source.file).catch(() => undefined));
    if (special) {
      diagnostics.error("special-file", specialFileMessage(special), { file });
      return undefined;
    }
    try {
      text = { text: await readFile(source.file, "utf8"), entry: false };
      json = projectOf(text);
      identity = sha256(text.text);
    } catch (error) {
      const reason = error instanceof SyntaxError ? `it is not valid JSON (truncated?): ${error.message}` : String(error);
      diagnostics.error("api-snapshot", `API ${source.version}: ${file} cannot be used: ${reason}`, { file });
      return undefined;
    }
  } else {
    const converted = await convertSource(source, options);
    if (converted === undefined) return undefined;
    ({ project: json, text, identity, unparsed } = converted);
  }
  // The loader, the declarations made from its model and the snippet check recurse into types: a type nested
  // thousands deep would overflow the stack. TypeDoc's JSON of the real viewer nests 27 levels.
  if (jsonDepth(json, MAX_API_JSON_DEPTH) > MAX_API_JSON_DEPTH) {
    diagnostics.error("api-too-deep", `API ${source.version}: ${file} cannot be used: its JSON nests more than ${MAX_API_JSON_DEPTH} levels deep (a real code base's nests about 30); a type nested so deeply cannot be documented: simplify it`, source.kind === "snapshot" ? { file } : {});
    return undefined;
  }
  const changelog = await readChangelog(source, options);
  const context: Omit<ProjectContext, "warn"> = {
    version: source.version,
    file,
    api: { entryPoints: options.api.entryPoints, index: options.api.index, repoUrl: options.api.repoUrl },
    isExample: source.isExample,
    sourceLabel: source.label,
    ...(source.sourceRef !== undefined && { sourceRef: source.sourceRef }),
    repoPrefix: source.repoPrefix,
    ...(changelog && { changelog }),
    ...(unparsed && { unparsed }),
  };
  try {
    const where = source.kind === "snapshot" ? { file } : {};
    const model = loadProject(json, { ...context, warn: (code, message) => diagnostics.warn(code, message, where), error: (code, message) => diagnostics.error(code, message, where) });
    return { model, ...(text && { recipe: { json: text, context } }), ...(identity !== undefined && { identity }) };
  } catch (error) {
    if (!(error instanceof ApiLoadError)) throw error;
    diagnostics.error("api-snapshot", error.message, source.kind === "snapshot" ? { file } : {});
    return undefined;
  }
}
