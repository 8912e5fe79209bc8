/**
 * What a page loads before it is usable: its HTML, the stylesheets it links, its module scripts and the
 * modules those import statically. Lazily loaded code (the search bundle, dynamic import()) is not counted.
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSize } from "./measure.ts";

interface UpFrontFile {
  /** Site-absolute URL, or the page's file for the HTML. */
  url: string;
  kind: "html" | "css" | "js";
  raw: number;
  gzip: number;
}

export interface UpFront {
  page: string;
  files: UpFrontFile[];
  /** Gzipped bytes by kind. */
  gzip: Record<UpFrontFile["kind"], number>;
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, "i").exec(tag)?.[1];

/** Stylesheets and module scripts a page references, in document order. */
export function referencedAssets(html: string): { css: string[]; js: string[] } {
  const css: string[] = [];
  const js: string[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, "rel")?.toLowerCase().split(/\s+/) ?? [];
    const href = attribute(tag, "href");
    if (!href) continue;
    if (rel.includes("stylesheet")) css.push(href);
    else if (rel.includes("modulepreload")) js.push(href);
  }
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, "src");
    if (src && attribute(tag, "type") === "module") js.push(src);
  }
  return { css: [...new Set(css)], js: [...new Set(js)] };
}

/** Specifiers of a module's static imports and re-exports (`import ... from "x"`, `import "x"`, `export ... from "x"`). */
export function staticImports(js: string): string[] {
  const found = [...js.matchAll(/\b(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g)].map((match) => match[1]!);
  return [...new Set(found)];
}

function fileOfUrl(buildDir: string, baseUrl: string, url: string): string {
  if (!url.startsWith(baseUrl)) throw new Error(`${url} is not under the site's base path ${baseUrl}`);
  return path.join(buildDir, decodeURIComponent(url.slice(baseUrl.length).split(/[?#]/)[0]!));
}

/** Up-front bytes of the page `htmlFile` (relative to `buildDir`) of a site served under `baseUrl`. */
export function upFrontBytes(buildDir: string, baseUrl: string, htmlFile: string): UpFront {
  const measure = (url: string, kind: UpFrontFile["kind"], data: Buffer): UpFrontFile => ({ url, kind, raw: data.length, gzip: gzipSize(data) });
  const html = fs.readFileSync(path.join(buildDir, htmlFile));
  const files = [measure(htmlFile, "html", html)];
  const { css, js } = referencedAssets(html.toString("utf8"));
  for (const url of css) files.push(measure(url, "css", fs.readFileSync(fileOfUrl(buildDir, baseUrl, url))));
  const pending = [...js];
  const seen = new Set<string>();
  for (let url = pending.shift(); url !== undefined; url = pending.shift()) {
    if (seen.has(url)) continue;
    seen.add(url);
    const data = fs.readFileSync(fileOfUrl(buildDir, baseUrl, url));
    files.push(measure(url, "js", data));
    const origin = new URL(url, "http://site.invalid");
    for (const specifier of staticImports(data.toString("utf8"))) pending.push(new URL(specifier, origin).pathname);
  }
  const gzip = { html: 0, css: 0, js: 0 };
  for (const file of files) gzip[file.kind] += file.gzip;
  return { page: htmlFile, files, gzip };
}
