/**
 * Rendering on threads: the CARTA site (docs and an API reference of the sample viewer) built with render
 * threads writes exactly what a build on one thread writes, reports the same diagnostics, and survives a
 * thread that fails.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../cli/config/load.ts";
import { runPipeline, type PipelineResult } from "../../cli/pipeline/pipeline.ts";
import { ROOT, cleanTemp, snapshotTree, tempDir, write } from "../helpers/site.ts";

let site: string;
let serial: PipelineResult;

/** The repository's site in a temporary folder, with a template that fails on one page. */
function copySite(): string {
  const dir = tempDir();
  for (const entry of ["site.config.ts", "content"]) fs.cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  const config = fs.readFileSync(path.join(dir, "site.config.ts"), "utf8");
  // The sample viewer stands in for the API (there is no checkout beside the copy); the site's own
  // doc template wraps the built-in one and fails on one page, so rendering reports something.
  const edited = config
    .replace("./cli/config/define.ts", path.join(ROOT, "cli/config/define.ts"))
    .replace("defineConfig({", 'defineConfig({\n  templatesDir: "templates",').replace('viewerDir: "../carta-frontend"', 'viewerDir: "no-checkout"');
  fs.writeFileSync(path.join(dir, "site.config.ts"), edited);
  write(
    dir,
    "templates/doc.tsx",
    `import Doc from ${JSON.stringify(path.join(ROOT, "templates/doc.tsx"))};
export default function Failing(props: Parameters<typeof Doc>[0]) {
  if (props.page.route.endsWith("/next/code-snippet-tutorial/regions")) throw new Error("this page fails on purpose");
  return Doc(props);
}
`,
  );
  return dir;
}

const build = (outDir: string, renderThreads: number, config: string | Awaited<ReturnType<typeof loadConfig>> = path.join(site, "site.config.ts"), log?: (line: string) => void) =>
  runPipeline({ config, outDir: path.join(site, outDir), write: false, renderThreads, ...(log && { log }) });

beforeAll(async () => {
  site = copySite();
  serial = await build("serial", 0);
}, 120_000);
afterAll(cleanTemp);

function htmlOf(result: PipelineResult): Record<string, string> {
  return Object.fromEntries([...result.html].map(([route, html]) => [route, html.toString("base64")]));
}

describe("rendering on threads", () => {
  it("the one-thread build is a real comparison: every page but the failing one, and the failure reported", () => {
    expect(serial.html.size).toBeGreaterThan(300);
    expect(serial.errors.filter((e) => e.code === "render").map((e) => e.message)).toEqual([expect.stringContaining("this page fails on purpose")]);
    // Pages that link to the page that failed have broken links: reported too, in page order (the sidebar once).
    expect(serial.errors.filter((e) => e.code === "broken-link").length).toBeGreaterThan(3);
  });

  it("renders the same bytes and reports the same diagnostics as one thread", async () => {
    const threaded = await build("threaded", 2);
    expect(htmlOf(threaded)).toEqual(htmlOf(serial));
    expect(threaded.diagnostics).toEqual(serial.diagnostics);
  }, 120_000);

  it("renders a failed thread's pages on the main thread, and says so", async () => {
    // The thread loads the config from its file; a config object whose file is gone fails it.
    const moved = tempDir();
    const config = await loadConfig(path.join(site, "site.config.ts"));
    const lines: string[] = [];
    const result = await build("fallback", 1, { ...config, configFile: path.join(moved, "missing.config.ts") }, (line) => lines.push(line));
    expect(lines.some((line) => /a render thread failed, so the main thread rendered its pages/.test(line))).toBe(true);
    expect(htmlOf(result)).toEqual(htmlOf(serial));
    expect(result.diagnostics).toEqual(serial.diagnostics);
    // The twins, which threads make after the pages, were made here too: the full texts are made of them.
    expect(result.llmsFull.length).toBe(3);
    expect(result.llmsFull).toEqual(serial.llmsFull);
  }, 120_000);
  it("writes the same files as one thread", async () => {
    fs.rmSync(path.join(site, "templates"), { recursive: true });
    const config = path.join(site, "site.config.ts");
    fs.writeFileSync(config, fs.readFileSync(config, "utf8").replace('  templatesDir: "templates",\n', ""));
    const one = await runPipeline({ config, outDir: path.join(site, "one"), write: true, renderThreads: 0 });
    const two = await runPipeline({ config, outDir: path.join(site, "two"), write: true, renderThreads: 1 });
    expect(one.errors).toEqual([]);
    expect(snapshotTree(path.join(site, "two"))).toEqual(snapshotTree(path.join(site, "one")));
    expect(two.filesWritten).toBe(one.filesWritten);
  }, 120_000);

});
