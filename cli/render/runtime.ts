/**
 * The browser runtime: renderer/client bundled and minified with esbuild. The main bundle loads up
 * front; the search UI (with its engine) is a separate bundle fetched on first use of the search box.
 * Both are emitted through the asset registry, so their names carry a content hash. The head script
 * (colour mode, base URL check) is a third, tiny bundle, inlined in every page's head.
 */
import path from "node:path";
import type { AssetRegistry } from "../output/assets.ts";
import { PACKAGE_ROOT } from "../util/packageRoot.ts";

const CLIENT_DIR = path.join(PACKAGE_ROOT, "renderer", "client");

/** Entry points of the client, by the asset name they are emitted under. */
const ENTRIES = { main: "main.ts", search: "search.ts", head: "head.ts" } as const;

async function bundle(entry: string, format: "esm" | "iife" = "esm"): Promise<string> {
  // Loaded here, not with the pipeline: a build whose store keeps the bundles (most rebuilds) never needs it, and
  // loading esbuild's module took 40-50 ms of each.
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [path.join(CLIENT_DIR, entry)],
    bundle: true,
    minify: true,
    format,
    target: "es2020",
    platform: "browser",
    write: false,
    legalComments: "none",
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text.trimEnd();
}

export interface RuntimeAssets {
  js: string;
  searchJs: string;
  headScript: string;
}

export async function buildRuntime(assets: AssetRegistry): Promise<RuntimeAssets> {
  const [main, search, head] = await Promise.all([bundle(ENTRIES.main), bundle(ENTRIES.search), bundle(ENTRIES.head, "iife")]);
  return { js: assets.add("main.js", main), searchJs: assets.add("search.js", search), headScript: head };
}
