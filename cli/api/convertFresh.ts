/**
 * One fresh TypeDoc conversion of a version's source: the inputs checked, TypeDoc run, and a throw traced to
 * the file that caused it. Loaded only when a conversion is needed (TypeScript and TypeDoc take about a
 * second to load), on the main thread or on a conversion thread (see runConversion.ts).
 */
import { stat } from "node:fs/promises";
import { join } from "node:path";
import ts from "typescript";
import type { Diagnostics } from "../util/diagnostics.ts";
import { findUnparsableFile } from "./findUnparsableFile.ts";
import { runTypeDoc, type Conversion } from "./runTypeDoc.ts";
import { sourceFileLabel, type CodeSource } from "./sources.ts";
import type { ApiSettings } from "./types.ts";

/** What a conversion needs besides the source: where the site is (for file names in messages) and what to convert. */
export interface ConversionSettings {
  siteDir: string;
  api: Pick<ApiSettings, "entryPoints" | "index" | "tsconfig">;
}

/**
 * Converts the source at `root`; no conversion when its inputs are missing or TypeDoc threw, with the
 * reason in `diagnostics`. `ran` says whether TypeDoc was started.
 */
export async function convertFresh(
  source: CodeSource,
  root: string,
  settings: ConversionSettings,
  diagnostics: Diagnostics,
): Promise<{ conversion?: Conversion; ran: boolean }> {
  const { api, siteDir } = settings;
  if (!(await inputsAreReadable(source, root, settings, diagnostics))) return { ran: false };
  // The index file only feeds the landing page; a viewer without one is fine. So is one without an optional area's module.
  const entryPoints: string[] = [];
  for (const entry of api.entryPoints) if (!entry.optional || (await exists(join(root, entry.path)))) entryPoints.push(entry.path);
  if (await exists(join(root, api.index))) entryPoints.push(api.index);
  try {
    return { conversion: await runTypeDoc(root, entryPoints, api.tsconfig), ran: true };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const culprit = findUnparsableFile(root, api.tsconfig, entryPoints);
    const where = culprit === undefined ? "" : ` while parsing ${culprit}`;
    diagnostics.error("typedoc", `API ${source.version}: TypeDoc failed on the ${source.label}${where}: ${reason}`, {
      file: sourceFileLabel(source, culprit ?? api.tsconfig, siteDir),
    });
    return { ran: true };
  }
}

/** Reports missing entry points and a missing or unparseable tsconfig; false when there is one. */
async function inputsAreReadable(source: CodeSource, root: string, { api, siteDir }: ConversionSettings, diagnostics: Diagnostics): Promise<boolean> {
  let readable = true;
  for (const entry of api.entryPoints) {
    if (entry.optional || (await exists(join(root, entry.path)))) continue;
    diagnostics.error(
      "api-entry-point",
      `API ${source.version}: entry point ${entry.path} of ${entry.slug} does not exist in ${source.label}`,
      { file: sourceFileLabel(source, entry.path, siteDir) },
    );
    readable = false;
  }
  const where = sourceFileLabel(source, api.tsconfig, siteDir);
  if (!(await exists(join(root, api.tsconfig)))) {
    diagnostics.error("api-tsconfig", `API ${source.version}: ${api.tsconfig} does not exist in ${source.label}`, {
      file: where,
    });
    return false;
  }
  const { error } = ts.readConfigFile(join(root, api.tsconfig), ts.sys.readFile);
  if (error) {
    const line = error.file && error.start !== undefined ? error.file.getLineAndCharacterOfPosition(error.start).line + 1 : undefined;
    diagnostics.error(
      "api-tsconfig",
      `API ${source.version}: ${api.tsconfig} does not parse: ${ts.flattenDiagnosticMessageText(error.messageText, " ")}`,
      { file: where, ...(line !== undefined && { line }) },
    );
    readable = false;
  }
  return readable;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
