/** Sites with an API reference for the tests. */
import fs from "node:fs";
import path from "node:path";
import { copyFixtureSite, read, ROOT, write } from "./site.ts";

const API_FIXTURES = path.join(ROOT, "tests/api/fixtures");
const AREAS = ["components", "components/Dialogs", "components/Shared", "models", "services", "stores", "utilities"];

/** The fixture site with an API reference: next from a copy of the fixture viewer, 2.0.0 and 1.0.0 from snapshots; 2.0.0's snapshot is `snapshot` when given (TypeDoc 0.23's JSON of the fixture viewer, changed; as text or data). */
export function apiSite(snapshot?: unknown): string {
  const site = copyFixtureSite();
  fs.cpSync(path.join(API_FIXTURES, "viewer"), path.join(site, "viewer"), { recursive: true });
  const newer = path.join(site, "content/versioned_docs/version-2.0.0/api-typedoc.json");
  if (snapshot === undefined) fs.copyFileSync(path.join(API_FIXTURES, "typedoc-0.23.json"), newer);
  else fs.writeFileSync(newer, typeof snapshot === "string" ? snapshot : JSON.stringify(snapshot));
  fs.copyFileSync(path.join(API_FIXTURES, "typedoc-0.22.json"), path.join(site, "content/versioned_docs/version-1.0.0/api-typedoc.json"));
  const api = {
    viewerDir: "viewer",
    repoUrl: "https://github.com/CARTAvis/carta-frontend",
    entryPoints: AREAS.map((area) => ({ slug: `.-${area}`, path: `src/${area}/index.ts`, title: area })),
  };
  write(site, "site.config.ts", read(site, "site.config.ts").replace("export default {", `export default {\n  api: ${JSON.stringify(api)},`));
  return site;
}

/** TypeDoc 0.23's JSON of the fixture viewer, as data to change. */
export function fixtureSnapshot(): { children: { name: string; children?: { name: string; kind: number; type?: unknown }[] }[] } {
  return JSON.parse(fs.readFileSync(path.join(API_FIXTURES, "typedoc-0.23.json"), "utf8"));
}

/** The class the site beside a viewer documents (see siteBesideViewer); a test edits its comment. */
export const APP_STORE = "/** The application's state. */\nexport class AppStore {\n  /** Opens a file. */\n  openFile(name: string): void {}\n}\n";

/**
 * `root/site`, whose API is the code base of a viewer checkout beside it (`root/viewer`, outside the site, as a
 * CI job clones both) with one store class; returns the site folder.
 */
export function siteBesideViewer(root: string): string {
  const site = path.join(root, "site");
  const api = { viewerDir: "../viewer", repoUrl: "https://example.org/repo", tsconfig: "tsconfig.json", index: "src/index.ts", entryPoints: [{ slug: ".-stores", path: "src/stores/index.ts", title: "Stores" }] };
  write(site, "site.config.ts", `export default ${JSON.stringify({ title: "Api site", baseUrl: "/", api })};\n`);
  write(site, "content/docs/intro.md", "---\nslug: /\n---\n# Intro\n\nSee [openFile](api:AppStore#openFile).\n");
  write(root, "viewer/tsconfig.json", `{ "compilerOptions": { "target": "es2020", "module": "esnext", "moduleResolution": "bundler" }, "include": ["src"] }\n`);
  write(root, "viewer/src/index.ts", `export * from "./stores";\n`);
  write(root, "viewer/src/stores/index.ts", `export * from "./AppStore";\n`);
  write(root, "viewer/src/stores/AppStore.ts", APP_STORE);
  return site;
}
