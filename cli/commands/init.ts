import path from "node:path";
import { CartaDocsError } from "../util/diagnostics.ts";
import { initSite } from "../init/initSite.ts";

/** `carta-docs init [dir]`: writes a minimal site and says what to run next. Returns the exit code. */
export function runInitCommand(dir: string): number {
  const err = process.stderr;
  try {
    const { dir: root, files } = initSite(dir);
    const shown = path.relative(process.cwd(), root) || ".";
    err.write(`Created a site in ${shown}:\n${files.map((f) => `  ${f}`).join("\n")}\n`);
    const cd = shown === "." ? "" : `cd ${shown} && `;
    err.write(`Next: ${cd}npx carta-docs start   (a live preview), or ${cd}npx carta-docs build\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof CartaDocsError)) throw error;
    err.write(`${error.message}\n`);
    return 1;
  }
}
