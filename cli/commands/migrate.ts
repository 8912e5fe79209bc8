import path from "node:path";
import { CartaDocsError } from "../util/diagnostics.ts";
import { lostRoutes, migrate } from "../migrate/migrate.ts";
import { reportSummary } from "../migrate/report.ts";
import { formatDiagnostics, styleFor } from "./report.ts";

export interface MigrateCommandOptions {
  out?: string;
  viewer?: string;
}

/** `carta-docs migrate <docusaurus-dir>`: writes the new site, prints what it did and what needs a person, then checks it. Returns the exit code. */
export async function runMigrateCommand(from: string, options: MigrateCommandOptions): Promise<number> {
  const err = process.stderr;
  const started = performance.now();
  try {
    const result = await migrate({ from, out: options.out, viewer: options.viewer });
    const shown = path.relative(process.cwd(), result.outDir) || ".";
    err.write(`Migrated ${from} to ${shown} in ${((performance.now() - started) / 1000).toFixed(1)} s:\n${reportSummary(result.report)}\n`);
    const check = result.check!;
    const lost = lostRoutes(result, check.routes);
    if (lost.length > 0) err.write(`Routes of the Docusaurus site with no page in the new site (${lost.length}):\n${lost.map((r) => `  ${r}`).join("\n")}\n`);
    if (check.errors.length + check.warnings.length > 0) err.write(`${formatDiagnostics([...check.errors, ...check.warnings], styleFor(err))}\n`);
    if (!check.ok) {
      err.write(`The new site does not build yet: ${check.errors.length} error(s) above (see MIGRATION.md in ${shown}).\n`);
      return 1;
    }
    err.write(`The new site builds: ${check.pages} pages, ${check.warnings.length} warning(s). Next: cd ${shown} && npx carta-docs build${options.viewer ? ` --viewer ${options.viewer}` : ""}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof CartaDocsError)) throw error;
    err.write(`${error.message}\n`);
    return 1;
  }
}
