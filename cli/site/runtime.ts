/**
 * The browser runtime: renderer/client bundled and minified with esbuild. The main bundle loads up
 * front; the search UI (with its engine) is a separate bundle fetched on first use of the search box.
 * Both are emitted through the asset registry, so their names carry a content hash.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { AssetRegistry } from "./assets.ts";

const CLIENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../renderer/client");

/** Entry points of the client, by the asset name they are emitted under. */
const ENTRIES = { main: "main.ts", search: "search.ts" } as const;

async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [path.join(CLIENT_DIR, entry)],
    bundle: true,
    minify: true,
    format: "esm",
    target: "es2020",
    platform: "browser",
    write: false,
    legalComments: "none",
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

export interface RuntimeAssets {
  js: string;
  searchJs: string;
}

export async function buildRuntime(assets: AssetRegistry): Promise<RuntimeAssets> {
  const [main, search] = await Promise.all([bundle(ENTRIES.main), bundle(ENTRIES.search)]);
  return { js: assets.add("main.js", main), searchJs: assets.add("search.js", search) };
}
