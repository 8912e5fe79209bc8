import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { gzipSize } from "../../bench/measure.ts";
import { referencedAssets, staticImports, upFrontBytes } from "../../bench/upfront.ts";

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe("referencedAssets", () => {
  it("finds stylesheets, module scripts and module preloads, not other links or classic scripts", () => {
    const html = `<head><link rel="canonical" href="/x"/><link rel="stylesheet" href="/b/assets/styles.css"/>
      <link rel="modulepreload" href="/b/assets/chunk.js"><link href="/b/print.css" rel="alternate stylesheet"></head>
      <body><script>inline()</script><script src="/b/classic.js"></script><script type="module" src="/b/assets/main.js"></script></body>`;
    expect(referencedAssets(html)).toEqual({ css: ["/b/assets/styles.css", "/b/print.css"], js: ["/b/assets/chunk.js", "/b/assets/main.js"] });
  });
});

describe("staticImports", () => {
  it("finds static imports and re-exports in minified code, not dynamic imports", () => {
    const js = `import{a as b}from"./chunk-1.js";import"./side.js";export*from"./re.js";const x=()=>import("./lazy.js");export{b};`;
    expect(staticImports(js)).toEqual(["./chunk-1.js", "./side.js", "./re.js"]);
  });
});

describe("upFrontBytes", () => {
  it("adds up the page, its stylesheet and its module graph, each gzipped, and leaves lazy bundles out", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-upfront-"));
    dirs.push(dir);
    const files: Record<string, string> = {
      "docs/page.html": `<link rel="stylesheet" href="/site/assets/s.css"><script type="module" src="/site/assets/main.js"></script>`,
      "assets/s.css": "body{margin:0}".repeat(40),
      "assets/main.js": `import{x}from"./shared.js";document.onclick=()=>import("./search.js");`,
      "assets/shared.js": "export const x=1;".repeat(30),
      "assets/search.js": "x".repeat(5000),
    };
    for (const [rel, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
    }
    const result = upFrontBytes(dir, "/site/", "docs/page.html");
    expect(result.files.map((f) => f.url)).toEqual(["docs/page.html", "/site/assets/s.css", "/site/assets/main.js", "/site/assets/shared.js"]);
    expect(result.gzip).toEqual({
      html: gzipSize(files["docs/page.html"]!),
      css: gzipSize(files["assets/s.css"]!),
      js: gzipSize(files["assets/main.js"]!) + gzipSize(files["assets/shared.js"]!),
    });
    expect(result.files[1]!.raw).toBe(files["assets/s.css"]!.length);
  });

  it("refuses an asset outside the site's base path", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-upfront-"));
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, "p.html"), `<link rel="stylesheet" href="https://cdn.example.org/x.css">`);
    expect(() => upFrontBytes(dir, "/site/", "p.html")).toThrow(/not under the site's base path/);
  });
});
