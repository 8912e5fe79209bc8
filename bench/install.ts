/**
 * Issue 40's install row: what `npm ci` costs a site that depends on carta-docs alone (this checkout packed with
 * `npm pack`, as a registry would serve it) against the CARTA Docusaurus site (docs_website/package.json with
 * its package-lock.json, copied into a folder of its own), both with a warm npm cache: each is installed once to
 * fill the cache, then timed on a second `npm ci` (which removes node_modules first, as CI starts without one).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Row } from "./report.ts";
import { realViewer } from "./cartaSite.ts";
import { packedPackage } from "./startup.ts";

/** The CARTA Docusaurus site of the viewer checkout the bench measures (realViewer: CARTA_FRONTEND_DIR, else the config's). */
async function docusaurusSite(): Promise<string | undefined> {
  const viewer = await realViewer();
  const site = viewer && path.join(viewer, "docs_website");
  return site && fs.existsSync(path.join(site, "package-lock.json")) ? site : undefined;
}

interface Install {
  /** Packages installed: folders of node_modules (nested ones too) holding a package.json. */
  packages: number;
  /** Disk used by node_modules, in KiB (du -sk). */
  diskKiB: number;
  /** Wall time of the timed `npm ci`, warm cache. */
  ms: number;
}

export interface InstallFigures {
  cartaDocs: Install;
  /** Undefined when no CARTA Docusaurus site was found (its reason in `missing`). */
  docusaurus?: Install;
  missing?: string;
}

/** Package folders under `nodeModules`: node_modules/<name> and node_modules/@scope/<name>, nested ones too. */
export function countPackages(nodeModules: string): number {
  if (!fs.existsSync(nodeModules)) return 0;
  let count = 0;
  for (const name of fs.readdirSync(nodeModules)) {
    if (name.startsWith(".")) continue;
    const dir = path.join(nodeModules, name);
    const packages = name.startsWith("@") ? fs.readdirSync(dir).map((inner) => path.join(dir, inner)) : [dir];
    for (const pkg of packages) {
      if (!fs.existsSync(path.join(pkg, "package.json"))) continue;
      count++;
      count += countPackages(path.join(pkg, "node_modules"));
    }
  }
  return count;
}

const NPM_FLAGS = ["--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"];

/** `npm ci` in `dir` twice (the first fills the cache), the second timed; then what it installed. */
function installTwice(dir: string): Install {
  const ci = () => execFileSync("npm", ["ci", ...NPM_FLAGS], { cwd: dir, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, NODE_ENV: "development" } });
  ci();
  const started = performance.now();
  ci();
  const ms = performance.now() - started;
  const nodeModules = path.join(dir, "node_modules");
  const diskKiB = Number(execFileSync("du", ["-sk", nodeModules], { encoding: "utf8" }).split("\t")[0]);
  return { packages: countPackages(nodeModules), diskKiB, ms };
}

export async function measureInstall({ tmp, log }: { tmp: string; log: (line: string) => void }): Promise<InstallFigures> {
  const tarball = packedPackage(tmp);
  const own = path.join(tmp, "install", "carta-docs-site");
  fs.mkdirSync(own, { recursive: true });
  fs.writeFileSync(path.join(own, "package.json"), `${JSON.stringify({ name: "a-docs-site", private: true, devDependencies: { "carta-docs": `file:${tarball}` } }, null, 2)}\n`);
  execFileSync("npm", ["install", "--package-lock-only", ...NPM_FLAGS], { cwd: own, stdio: ["ignore", "ignore", "inherit"] });
  const cartaDocs = installTwice(own);
  log(`install: carta-docs ${cartaDocs.packages} packages, ${Math.round(cartaDocs.diskKiB / 1024)} MiB, ${(cartaDocs.ms / 1000).toFixed(1)} s`);
  const site = await docusaurusSite();
  if (!site) return { cartaDocs, missing: "no CARTA Docusaurus site (docs_website/ with its package-lock.json) in the viewer checkout" };
  const copy = path.join(tmp, "install", "docusaurus-site");
  fs.mkdirSync(copy, { recursive: true });
  for (const file of ["package.json", "package-lock.json"]) fs.copyFileSync(path.join(site, file), path.join(copy, file));
  const docusaurus = installTwice(copy);
  log(`install: Docusaurus ${docusaurus.packages} packages, ${Math.round(docusaurus.diskKiB / 1024)} MiB, ${(docusaurus.ms / 1000).toFixed(1)} s`);
  return { cartaDocs, docusaurus };
}

/** The install rows: carta-docs' figures, and each as a ratio of the Docusaurus site's when it was measured. */
export function installRows(f: InstallFigures): Row[] {
  const group = "install (npm ci, warm cache)";
  const d = f.docusaurus;
  const against = (own: number, theirs: number | undefined, unit: string) => (theirs === undefined ? f.missing : `Docusaurus site: ${theirs.toLocaleString("en")} ${unit}, ${(theirs / own).toFixed(1)} x`);
  return [
    { group, metric: "packages installed", unit: "count", value: f.cartaDocs.packages, runs: 1, note: against(f.cartaDocs.packages, d?.packages, "packages") },
    { group, metric: "node_modules on disk", unit: "MB", value: f.cartaDocs.diskKiB / 1024, runs: 1, note: against(f.cartaDocs.diskKiB / 1024, d && Math.round(d.diskKiB / 1024), "MiB") },
    { group, metric: "npm ci, wall time", unit: "s", value: f.cartaDocs.ms / 1000, runs: 1, note: against(f.cartaDocs.ms / 1000, d && Number((d.ms / 1000).toFixed(1)), "s") },
    ...(d ? [{ group, metric: "npm ci wall time / the Docusaurus site's", unit: "ratio" as const, value: f.cartaDocs.ms / d.ms, runs: 1, target: { op: "<" as const, limit: 1 } }] : []),
  ];
}
