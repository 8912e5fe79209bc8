/**
 * The API stage: per docs version, a typed model of the viewer's API, from a snapshot, a git ref or the
 * working tree through TypeDoc (cached). One version failing is reported and does not stop the others.
 */
import { readFile } from "node:fs/promises";
import { ApiLoadError, loadProject } from "./loadProject.ts";
import type { ApiVersionModel } from "./model.ts";
import { displayPath, planSources, readChangelog, type VersionSource } from "./sources.ts";
import { convertSource } from "./typedoc.ts";
import type { ApiStageOptions } from "./types.ts";

export type * from "./model.ts";
export type { ApiEntryPoint, ApiSettings, ApiStageOptions } from "./types.ts";
export { API_KINDS, API_MEMBER_KINDS, allItems, itemLocation } from "./model.ts";
export { resolveApiLink, type ApiLinkResolution } from "./resolveLink.ts";
export { typedocRuns, writeApiSnapshot } from "./typedoc.ts";
export { declarationTokens, signatureTokens, typeTokens, typeToText, type TypeToken } from "./typeText.ts";

export async function loadApi(options: ApiStageOptions): Promise<Map<string, ApiVersionModel>> {
  const models = new Map<string, ApiVersionModel>();
  // One version at a time: a conversion of the real viewer takes a lot of memory.
  for (const source of await planSources(options)) {
    options.log(`API ${source.version}: ${source.label}`);
    const model = await loadVersion(source, options);
    if (model) models.set(source.version, model);
  }
  return models;
}

async function loadVersion(source: VersionSource, options: ApiStageOptions): Promise<ApiVersionModel | undefined> {
  const { diagnostics, siteDir } = options;
  const file = source.kind === "snapshot" ? displayPath(siteDir, source.file) : source.label;
  let json: unknown;
  if (source.kind === "snapshot") {
    try {
      json = JSON.parse(await readFile(source.file, "utf8"));
    } catch (error) {
      const reason = error instanceof SyntaxError ? `it is not valid JSON (truncated?): ${error.message}` : String(error);
      diagnostics.error("api-snapshot", `API ${source.version}: ${file} cannot be used: ${reason}`, { file });
      return undefined;
    }
  } else {
    json = await convertSource(source, options);
    if (json === undefined) return undefined;
  }
  const changelog = await readChangelog(source, options);
  try {
    return loadProject(json, {
      version: source.version,
      file,
      api: options.api,
      isExample: source.isExample,
      sourceLabel: source.label,
      ...(source.sourceRef !== undefined && { sourceRef: source.sourceRef }),
      repoPrefix: source.repoPrefix,
      ...(changelog && { changelog }),
      warn: (code, message) => diagnostics.warn(code, message, source.kind === "snapshot" ? { file } : {}),
    });
  } catch (error) {
    if (!(error instanceof ApiLoadError)) throw error;
    diagnostics.error("api-snapshot", error.message, source.kind === "snapshot" ? { file } : {});
    return undefined;
  }
}
