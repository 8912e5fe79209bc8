import path from "node:path";
import { CartaDocsError } from "../util/diagnostics.ts";
import { createVersion } from "../version/createVersion.ts";
import { createReporter } from "./progress.ts";
import { formatDiagnostics, styleFor } from "./report.ts";

export interface VersionCommandOptions {
  config?: string;
  /** False with --no-api. */
  api: boolean;
  viewer?: string;
}

/** `carta-docs version <name>`: freezes the current docs (and API) as a new version. Returns the exit code. */
export async function runVersionCommand(name: string, options: VersionCommandOptions): Promise<number> {
  const err = process.stderr;
  const style = styleFor(err);
  const reporter = createReporter(err, style);
  try {
    const created = await createVersion({ name, config: options.config, api: options.api, viewer: options.viewer, log: reporter.log });
    reporter.clear();
    const shown = (file: string) => path.relative(process.cwd(), file);
    err.write(`Version ${name} created:\n  ${shown(created.docsDir)}\n  ${shown(created.sidebarFile)}\n`);
    if (created.apiSnapshot) err.write(`  ${shown(created.apiSnapshot)}\n`);
    err.write(`versions.json is now ${JSON.stringify(created.versions)}: the first is served as the latest.\n`);
    for (const note of created.notes) err.write(`${style.yellow("note")} ${note}\n`);
    if (created.changedApiLinks.length > 0) {
      const superseded = created.versions[1];
      err.write(`${created.changedApiLinks.length} API link(s) in the docs of ${superseded} point at API that changed in ${name}; revisit these pages (their copies in ${name} and next):\n`);
      err.write(`${formatDiagnostics(created.changedApiLinks, style)}\n`);
    }
    return 0;
  } catch (error) {
    reporter.clear();
    if (!(error instanceof CartaDocsError)) throw error;
    err.write(`${formatDiagnostics(error.diagnostics, style)}\n${style.red(`version ${name} was not created; content/ is unchanged`)}\n`);
    return 1;
  }
}
