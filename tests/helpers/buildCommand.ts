/** `carta-docs build --format json` run in this process: its exit code and report. */
import path from "node:path";
import { vi } from "vitest";
import { runBuildCommand } from "../../cli/commands/build.ts";

export interface BuildReport {
  ok: boolean;
  errors: { code: string; message: string; file?: string; line?: number }[];
}

/**
 * Builds `site` (into `out`, an absolute path) as the CLI does, without a child process per build (those
 * take seconds each on a busy machine): the exit code, and the JSON report, with nothing printed.
 */
export async function build(site: string, out?: string): Promise<{ status: number; report: BuildReport }> {
  let stdout = "";
  const quiet = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  const capture = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((stdout += String(chunk)), true));
  try {
    const status = await runBuildCommand({ config: path.join(site, "site.config.ts"), format: "json", ...(out !== undefined && { out }) }, true);
    return { status, report: JSON.parse(stdout) as BuildReport };
  } finally {
    quiet.mockRestore();
    capture.mockRestore();
  }
}
