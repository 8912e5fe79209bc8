/** The repository's own CARTA site, copied to a temporary folder so the bench's caches and output are its own. */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { loadConfig } from "../cli/config/load.ts";
import { resolveViewer } from "../cli/pipeline/viewerSource.ts";
import { ROOT, type SiteUnderTest } from "./builds.ts";

export interface CartaCopy extends SiteUnderTest {
  siteDir: string;
  /** A doc of the Next version, for the watch-mode edit. */
  docFile: string;
}

const REPO_CONFIG = path.join(ROOT, "site.config.ts");

/**
 * The CARTA site as a newcomer builds it: every version documents the sample code base, whether or not a
 * viewer checkout sits where the config looks (the copy's config points api.viewerDir at a folder that does
 * not exist), so its figures compare from machine to machine.
 */
export function copyCartaSite(dest: string): CartaCopy {
  fs.cpSync(path.join(ROOT, "content"), path.join(dest, "content"), { recursive: true });
  const configFile = path.join(dest, "site.config.ts");
  // The repository's config, not a copy, so the bench measures the site as it is configured.
  fs.writeFileSync(
    configFile,
    `import site from ${JSON.stringify(pathToFileURL(REPO_CONFIG).href)};\n` +
      `export default { ...site, api: site.api && { ...site.api, viewerDir: "no-viewer-checkout" } };\n`,
  );
  return {
    siteDir: dest,
    configFile,
    outDir: path.join(dest, "build"),
    docFile: path.join(dest, "content", "docs", "code-snippet-tutorial", "basics.md"),
  };
}

/**
 * The viewer checkout a build of the repository would document (CARTA_FRONTEND_DIR, else the config's
 * api.viewerDir); undefined when it does not exist.
 */
export async function realViewer(): Promise<string | undefined> {
  const config = await loadConfig(REPO_CONFIG);
  if (!config.api) return undefined;
  const { dir } = resolveViewer({ ...config, api: config.api }, undefined);
  return fs.existsSync(dir) ? dir : undefined;
}
