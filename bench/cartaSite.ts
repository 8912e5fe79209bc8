/** The repository's own CARTA site, copied to a temporary folder so the bench's caches and output are its own. */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { loadConfig } from "../cli/config/load.ts";
import { ROOT, type SiteUnderTest } from "./builds.ts";

export interface CartaCopy extends SiteUnderTest {
  siteDir: string;
  /** A doc of the Next version, for the watch-mode edit. */
  docFile: string;
}

export async function copyCartaSite(dest: string): Promise<CartaCopy> {
  const repoConfig = path.join(ROOT, "site.config.ts");
  fs.cpSync(path.join(ROOT, "content"), path.join(dest, "content"), { recursive: true });
  const configFile = path.join(dest, "site.config.ts");
  // The config is the repository's, not a copy, so the bench measures the site as it is configured.
  fs.writeFileSync(configFile, `export { default } from ${JSON.stringify(pathToFileURL(repoConfig).href)};\n`);
  // The viewer the repository's build would use (api.viewerDir is relative to the repository); without one
  // both fall back to the sample code base. CARTA_FRONTEND_DIR, when set, wins in the child as it would.
  const { api } = await loadConfig(repoConfig);
  const viewer = api && path.resolve(ROOT, api.viewerDir);
  return {
    siteDir: dest,
    configFile,
    outDir: path.join(dest, "build"),
    docFile: path.join(dest, "content", "docs", "code-snippet-tutorial", "basics.md"),
    ...(viewer && fs.existsSync(viewer) && { viewer }),
  };
}
