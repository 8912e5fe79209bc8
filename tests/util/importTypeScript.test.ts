/** A site's own TypeScript module (config, templates), bundled by esbuild and imported without loader hooks. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { bundleModule, importBundle, importTypeScript, stillFresh, TypeScriptModuleError } from "../../cli/util/importTypeScript.ts";
import { loadConfig } from "../../cli/config/load.ts";
import { CartaDocsError } from "../../cli/util/diagnostics.ts";
import { age, cleanTemp, copyFixtureSite, read, runCli, tempDir, write } from "../helpers/site.ts";

afterAll(cleanTemp);

async function thrown(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("importTypeScript", () => {
  it("bundles relative imports (also as file: URLs), each file keeping its own import.meta", async () => {
    const dir = tempDir();
    write(dir, "lib/where.ts", "export const where: { url: string; dir: string; file: string } = { url: import.meta.url, dir: import.meta.dirname, file: import.meta.filename };\n");
    write(dir, "other.ts", "export const other = 'from a file: URL';\n");
    write(dir, "main.ts", `import { where } from "./lib/where.ts";\nimport { other } from ${JSON.stringify(pathToFileURL(path.join(dir, "other.ts")).href)};\nexport default { where, own: import.meta.url, other };\n`);
    const mod = (await importTypeScript(path.join(dir, "main.ts"))) as { default: { where: { url: string; dir: string; file: string }; own: string; other: string } };
    expect(mod.default.where).toEqual({ url: pathToFileURL(path.join(dir, "lib/where.ts")).href, dir: path.join(dir, "lib"), file: path.join(dir, "lib/where.ts") });
    expect(mod.default.own).toBe(pathToFileURL(path.join(dir, "main.ts")).href);
    expect(mod.default.other).toBe("from a file: URL");
    // Nothing is written beside the source (its folder may be read-only), and the temporary bundle is gone.
    expect(fs.readdirSync(dir).sort()).toEqual(["lib", "main.ts", "other.ts"]);
    expect(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`carta-docs-main.ts.${process.pid}-`))).toEqual([]);
  });

  it("evaluates the module afresh on each call, so an edit is seen", async () => {
    const dir = tempDir();
    write(dir, "value.ts", "export default 1;\n");
    expect((await importTypeScript(path.join(dir, "value.ts"))).default).toBe(1);
    write(dir, "value.ts", "export default 2;\n");
    expect((await importTypeScript(path.join(dir, "value.ts"))).default).toBe(2);
  });

  it("a bundle names the files it was made of: reusable while they hold, evaluated afresh; not once one changes", async () => {
    const dir = tempDir();
    write(dir, "part.ts", "export const part = 'first';\n");
    write(dir, "main.ts", "import { part } from './part.ts';\nexport default part;\n");
    age(dir, ["part.ts", "main.ts"]);
    const main = path.join(dir, "main.ts");
    const bundle = await bundleModule(main);
    expect(bundle.inputs?.map(([file]) => file).sort()).toEqual([main, path.join(dir, "part.ts")].sort());
    expect(stillFresh(bundle, main)).toBe(true);
    expect(stillFresh(bundle, path.join(dir, "other.ts")), "another module's").toBe(false);
    expect((await importBundle(bundle)).default).toBe("first");
    write(dir, "part.ts", "export const part = 'second, longer';\n");
    expect(stillFresh(bundle, main)).toBe(false);
  });

  it("a bundle of a file changed just before or while it was bundled is not reusable (it may have been read before the change)", async () => {
    const dir = tempDir();
    write(dir, "main.ts", "export default 1;\n");
    const bundle = await bundleModule(path.join(dir, "main.ts"));
    expect(bundle.inputs).toBeUndefined();
    expect(stillFresh(bundle, path.join(dir, "main.ts"))).toBe(false);
  });

  it("gives require (a CommonJS-style config's) and TSX", async () => {
    const dir = tempDir();
    write(dir, "tsconfig.json", '{ "compilerOptions": { "jsx": "react-jsx" } }\n');
    write(dir, "cjs.ts", 'const p = require("node:path");\nexport default p.join("a", "b");\n');
    write(dir, "page.tsx", 'import { renderToStaticMarkup } from "react-dom/server";\nexport default renderToStaticMarkup(<p title="t">hello</p>);\n');
    expect((await importTypeScript(path.join(dir, "cjs.ts"))).default).toBe(path.join("a", "b"));
    // react resolves from the checkout's node_modules only for a module inside the checkout: copy it there.
    const inside = path.join(process.cwd(), `.import-ts-test-${process.pid}`);
    fs.mkdirSync(inside, { recursive: true });
    try {
      fs.copyFileSync(path.join(dir, "tsconfig.json"), path.join(inside, "tsconfig.json"));
      fs.copyFileSync(path.join(dir, "page.tsx"), path.join(inside, "page.tsx"));
      expect((await importTypeScript(path.join(inside, "page.tsx"))).default).toBe('<p title="t">hello</p>');
    } finally {
      fs.rmSync(inside, { recursive: true, force: true });
    }
  });

  it("resolves package imports as Node would from the source's folder, wherever the bundle is imported from", async () => {
    const dir = tempDir();
    write(dir, "node_modules/dual/package.json", JSON.stringify({ name: "dual", exports: { ".": { import: "./esm.mjs", module: "./module.mjs", require: "./cjs.cjs" }, "./extra": "./extra.mjs" }, main: "./cjs.cjs" }));
    write(dir, "node_modules/dual/esm.mjs", "export default 'import condition';\n");
    write(dir, "node_modules/dual/module.mjs", "export default 'module condition';\n");
    write(dir, "node_modules/dual/cjs.cjs", "module.exports = 'require condition';\n");
    write(dir, "node_modules/dual/extra.mjs", "export const extra = import.meta.url;\n");
    write(dir, "main.ts", 'import dual from "dual";\nimport { extra } from "dual/extra";\nimport { sep } from "path";\nexport default { dual, extra, sep };\n');
    // `.carta-docs-cache` a file beside it changes nothing: nothing is written there.
    write(dir, ".carta-docs-cache", "a file\n");
    const mod = (await importTypeScript(path.join(dir, "main.ts"))) as { default: { dual: string; extra: string; sep: string } };
    expect(mod.default).toEqual({ dual: "import condition", extra: pathToFileURL(path.join(dir, "node_modules/dual/extra.mjs")).href, sep: path.sep });
  });

  it("names the file and line of a syntax error, also in a file the module imports", async () => {
    const dir = tempDir();
    write(dir, "broken.ts", "export const a = 1;\nexport const b = ;\n");
    write(dir, "main.ts", 'import { a } from "./broken.ts";\nexport default a;\n');
    const error = await thrown(() => importTypeScript(path.join(dir, "main.ts")));
    expect(error).toBeInstanceOf(TypeScriptModuleError);
    expect(error).toMatchObject({ file: path.join(dir, "broken.ts"), line: 2 });
  });
});

describe("loading a config through it", () => {
  const config = (source: string, extra: Record<string, string> = {}) => {
    const dir = tempDir();
    write(dir, "site.config.ts", source);
    for (const [file, text] of Object.entries(extra)) write(dir, file, text);
    return path.join(dir, "site.config.ts");
  };
  const diagnosticOf = async (file: string) => {
    const error = await thrown(() => loadConfig(file));
    expect(error).toBeInstanceOf(CartaDocsError);
    return (error as CartaDocsError).diagnostics[0]!;
  };

  it("a relative import that does not exist: the import named, at its line", async () => {
    const d = await diagnosticOf(config('const t = "x";\nimport { x } from "./nope.ts";\nexport default { title: x };\n'));
    expect(d).toMatchObject({ file: expect.stringMatching(/site\.config\.ts$/), line: 2 });
    expect(d.message).toContain('cannot find the file imported as "./nope.ts"');
  });

  it("a throw in a file the config imports: the line of the config that called it, through the source map", async () => {
    const file = config('import { title } from "./title.ts";\n\nexport default { title: title() };\n', { "title.ts": 'export function title(): string {\n  throw new Error("no title");\n}\n' });
    const d = await diagnosticOf(file);
    expect(d.message).toBe("could not load the config: it threw Error: no title");
    expect(d.line).toBe(3);
  });

  it("a syntax error in a file the config imports: that file and line in the message", async () => {
    const d = await diagnosticOf(config('import { t } from "./part.ts";\nexport default { title: t };\n', { "part.ts": "export const t = (;\n" }));
    expect(d.message).toMatch(/part\.ts:1: syntax error: /);
  });
});

describe("the command line (the checkout's compiled copy)", () => {
  it("renders with a site's own TSX template, bundled with the component it imports", () => {
    const site = copyFixtureSite();
    write(site, "site.config.ts", read(site, "site.config.ts").replace("export default {", 'export default {\n  templatesDir: "templates",'));
    write(site, "templates/parts/Notice.tsx", "export function Notice(props: { text: string }) {\n  return <p className=\"own-notice\">{props.text}</p>;\n}\n");
    write(site, "templates/notFound.tsx", 'import { Notice } from "./parts/Notice.tsx";\nexport default function NotFound() {\n  return <html><body><Notice text="nothing here, says the site" /></body></html>;\n}\n');
    write(site, "tsconfig.json", '{ "compilerOptions": { "jsx": "react-jsx" } }\n');
    // As in a project that installed carta-docs: react resolves from the site's node_modules.
    fs.symlinkSync(path.join(process.cwd(), "node_modules"), path.join(site, "node_modules"));
    const { status, stderr } = runCli(["build"], site);
    expect(status, stderr).toBe(0);
    expect(read(site, "build/404.html")).toContain('<p class="own-notice">nothing here, says the site</p>');
    expect(fs.existsSync(path.join(site, "templates", ".carta-docs-cache"))).toBe(false);
  }, 60_000);
});
