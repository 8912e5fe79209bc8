/**
 * A cache that travels (issue 40), at the markdown stage: a copy of the site at another path (a CI job's clone, its
 * cache restored) makes the markdown of no more files for a one-doc edit than the site does where it was built.
 * The pages rendered (movedCache.test.ts) do not show it: a doc's markdown made again, the same, renders no page.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { runBuild } from "../../cli/pipeline/upToDate.ts";
import { cleanTemp, copyFixtureSite, tempDir } from "../helpers/site.ts";

afterAll(cleanTemp);

/** The files whose markdown was made (renderMarkdown's bodies), counted as the stage asks for them. */
const made = vi.hoisted(() => ({ bodies: [] as string[] }));
vi.mock("../../cli/markdown/index.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../cli/markdown/index.ts")>();
  return {
    ...actual,
    renderMarkdown: (...args: Parameters<typeof actual.renderMarkdown>) => {
      made.bodies.push(args[0]);
      return actual.renderMarkdown(...args);
    },
  };
});

const build = (site: string) => runBuild({ config: path.join(site, "site.config.ts"), write: true, incremental: true });
const DOC = "content/docs/guide/first-steps.md";

/** Appends a sentence to the doc's last line and builds; the bodies whose markdown the build made. */
async function editAndBuild(site: string, sentence: string): Promise<string[]> {
  fs.appendFileSync(path.join(site, DOC), `\n${sentence}\n`);
  made.bodies = [];
  const outcome = await build(site);
  expect(outcome.result, "the stages ran").toBeDefined();
  return made.bodies;
}

describe("a copy of the site at another path", () => {
  it("makes the markdown of the edited doc alone, as the site does where it was built", async () => {
    const site = copyFixtureSite();
    await build(site);
    const here = await editAndBuild(site, "A first added sentence.");
    expect(here.filter((body) => body.includes("A first added sentence.")), "the edited doc's markdown is made").toHaveLength(1);

    const copy = path.join(tempDir("carta-docs-moved-markdown-"), "site");
    fs.cpSync(site, copy, { recursive: true });
    const there = await editAndBuild(copy, "A second added sentence.");
    expect(there.filter((body) => body.includes("A second added sentence."))).toHaveLength(1);
    expect(there.length, "no other file's markdown made again than where the site was built").toBe(here.length);
  }, 60_000);
});
