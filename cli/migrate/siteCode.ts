/**
 * Finds and evaluates the code files of a Docusaurus site (its config, its sidebars) for migrate. A file that
 * does not parse, throws or does not finish is a CartaDocsError naming the file and the line.
 */
import fs from "node:fs";
import path from "node:path";
import { lineInStack } from "../config/load.ts";
import { TimeLimitError } from "../config/timeLimit.ts";
import { CartaDocsError } from "../util/diagnostics.ts";
import { TypeScriptModuleError } from "../util/importTypeScript.ts";
import { EvaluationError, evaluateModule, type EvaluatedModule } from "./evaluateModule.ts";

const CONFIG_NAMES = ["docusaurus.config.js", "docusaurus.config.ts", "docusaurus.config.mjs", "docusaurus.config.cjs", "docusaurus.config.mts", "docusaurus.config.cts"];

export function migrateError(file: string, message: string, line?: number): CartaDocsError {
  const where = `${file}${line ? `:${line}` : ""}`;
  return new CartaDocsError(`carta-docs migrate: ${where}: ${message}`, [{ severity: "error", code: "migrate", message, file, ...(line !== undefined && { line }) }]);
}

/** The site's docusaurus.config.*, or an error saying the folder is not a Docusaurus site. */
export function findDocusaurusConfig(siteDir: string, shownDir: string): string {
  if (!fs.existsSync(siteDir) || !fs.statSync(siteDir).isDirectory()) throw migrateError(shownDir, "no such folder; name the folder of a Docusaurus site (the one holding docusaurus.config.js)");
  const found = CONFIG_NAMES.map((name) => path.join(siteDir, name)).find((file) => fs.existsSync(file));
  if (!found) throw migrateError(shownDir, `not a Docusaurus site: it has none of ${CONFIG_NAMES.slice(0, 3).join(", ")}; name the folder holding the site's config`);
  return found;
}

/** The evaluated module at `file` (shown as `shown`), or a CartaDocsError with its file and line. */
export async function evaluateSiteFile(file: string, shown: string): Promise<EvaluatedModule> {
  try {
    return await evaluateModule(file, shown);
  } catch (error) {
    if (error instanceof TimeLimitError) throw migrateError(shown, error.problem);
    if (error instanceof TypeScriptModuleError) {
      const where = error.file && error.file !== file ? `${path.relative(path.dirname(file), error.file)}${error.line ? `:${error.line}` : ""}: ` : "";
      throw migrateError(shown, `${where}it does not parse: ${error.message}; fix it so that Docusaurus itself could load it`, error.file === file ? error.line : undefined);
    }
    const line = error instanceof EvaluationError ? error.line : lineInStack(error, file);
    const message = error instanceof Error ? `${error.name}: ${error.message.split("\n")[0]}` : String(error);
    throw migrateError(shown, `it threw ${message} when evaluated; fix it so that Docusaurus itself could load it`, line);
  }
}
