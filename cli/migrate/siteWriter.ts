/**
 * Writes the new site: every file into a staging folder beside the output (through the output gate,
 * output/outputGate.ts), moved into place by one rename at the end, so a failed migration leaves nothing. The
 * output must not exist or be an empty folder, and lie outside the Docusaurus folder.
 */
import fs from "node:fs";
import path from "node:path";
import { isInside } from "../content/insideSite.ts";
import { insideOutput } from "../output/outputGate.ts";
import { migrateError } from "./siteCode.ts";

export class SiteWriter {
  readonly staging: string;
  /** Files written, relative to the site. */
  readonly files: string[] = [];

  constructor(
    readonly outDir: string,
    shownOut: string,
    docusaurusDir: string,
  ) {
    if (isInside(outDir, docusaurusDir) || outDir === docusaurusDir || isInside(docusaurusDir, outDir)) {
      throw migrateError(shownOut, "the output folder may not be the Docusaurus folder, inside it or around it: migrate never writes into the site it reads; name a new folder beside it");
    }
    const stat = fs.statSync(outDir, { throwIfNoEntry: false });
    if (stat && (!stat.isDirectory() || fs.readdirSync(outDir).length > 0)) {
      throw migrateError(shownOut, `${stat.isDirectory() ? "the output folder is not empty" : "the output is a file"}; migrate writes a new site only into a new or empty folder (name another with --out, or remove it)`);
    }
    fs.mkdirSync(path.dirname(outDir), { recursive: true });
    this.staging = fs.mkdtempSync(path.join(path.dirname(outDir), `.${path.basename(outDir)}.migrate-`));
  }

  write(rel: string, data: string | Buffer): void {
    const file = insideOutput(this.staging, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, data);
    this.files.push(rel);
  }

  has(rel: string): boolean {
    return this.files.includes(rel);
  }

  /** Moves the staged site into place: the output folder (absent or empty) is replaced by one rename. */
  commit(): void {
    if (fs.existsSync(this.outDir)) fs.rmdirSync(this.outDir); // empty, checked above; rmdir refuses otherwise
    fs.renameSync(this.staging, this.outDir);
  }

  /** Removes what was staged (after a failure). */
  discard(): void {
    fs.rmSync(this.staging, { recursive: true, force: true });
  }
}
