/**
 * llms-full.txt after an edit, from a build store (cli/llms/keptFullText.ts): the unchanged pages' parts are taken
 * from the previous build's file, no kept twin read, and the file is a clean build's byte for byte; a previous
 * file that is not as that build wrote it is not used (the file is put together from every twin again).
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, expect, it, vi } from "vitest";
import { BuildStore } from "../../cli/cache/buildStore.ts";
import { runPipeline } from "../../cli/pipeline/pipeline.ts";
import { writeScaleSite } from "../../bench/syntheticSite.ts";
import { cleanTemp, tempDir } from "../helpers/site.ts";

afterAll(cleanTemp);

const FULL = "docs/llms-full.txt";

/** Builds the site, with its store or clean, and answers the store the build opened (none for a clean build). */
async function build(configFile: string, outDir: string, incremental: boolean): Promise<BuildStore | undefined> {
  const opened = vi.spyOn(BuildStore, "open");
  try {
    const result = await runPipeline({ config: configFile, write: true, incremental, outDir, log: () => {} });
    expect(result.errors).toEqual([]);
    return opened.mock.results[0]?.value as BuildStore | undefined;
  } finally {
    opened.mockRestore();
  }
}

it("splices the edited page's twin into the previous llms-full.txt, equal to a clean build's, and falls back when that file changed", async () => {
  const site = tempDir();
  const configFile = writeScaleSite(site, { docs: 120, perCategory: 30 });
  const outDir = path.join(site, "build");
  const edit = (text: string) => fs.appendFileSync(path.join(site, "content/docs/topic-01/page-040.md"), `\n${text}\n`);
  const clean = async () => {
    const cleanDir = path.join(site, "clean");
    await build(configFile, cleanDir, false);
    return fs.readFileSync(path.join(cleanDir, FULL));
  };
  await build(configFile, outDir, true);

  edit("A sentence about a heron, added by the test.");
  const spliced = await build(configFile, outDir, true);
  const twinsRead = (store: BuildStore | undefined) => store!.apart.read.filter((read) => / twin(Full)?$/.test(read));
  expect(twinsRead(spliced)).toEqual([]);
  const text = fs.readFileSync(path.join(outDir, FULL));
  expect(text.toString()).toContain("about a heron");
  expect(text.equals(await clean())).toBe(true);

  // The previous file changed in place (same size): its parts cannot be trusted, every twin is read instead.
  const file = path.join(outDir, FULL);
  const bytes = fs.readFileSync(file);
  bytes[bytes.indexOf("heron")] = "H".charCodeAt(0);
  fs.writeFileSync(file, bytes);
  edit("And one about an egret.");
  const fallen = await build(configFile, outDir, true);
  expect(twinsRead(fallen).length).toBeGreaterThan(100);
  const again = fs.readFileSync(path.join(outDir, FULL));
  expect(again.toString()).toContain("about a heron");
  expect(again.equals(await clean())).toBe(true);
}, 120_000);
