/**
 * The default site (no viewer checkout) checks each version's snippets against that version's API: next against
 * the sample's source (the 6.0 line), 5.0.0 and 4.1.0 against the snapshots the sample keeps. A name that one
 * version has and another lacks passes in the one and fails in the other, at the line of the call.
 */
import { appendFileSync, cpSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../cli/config/load.ts";
import type { Diagnostic } from "../../cli/util/diagnostics.ts";
import { runPipeline, type PipelineResult } from "../../cli/pipeline/pipeline.ts";
import { cleanTemp, ROOT, tempDir } from "../helpers/site.ts";

const PAGE = "code-snippet-tutorial/basics.md";
const pages = { next: `content/docs/${PAGE}`, "5.0.0": `content/versioned_docs/version-5.0.0/${PAGE}`, "4.1.0": `content/versioned_docs/version-4.1.0/${PAGE}` };
const CALLS = {
  setActiveFrame: "app.setActiveFrame(app.activeFrame);",
  updateActiveImageByFrame: "app.updateActiveImageByFrame(app.activeFrame);",
};

let result: PipelineResult;
/** Line of each appended call, by page file. */
const lines = new Map<string, Record<string, number>>();

/** Appends one javascript block per call to `file` and records the line each call lands on. */
function appendCalls(root: string, file: string, calls: (keyof typeof CALLS)[]): void {
  const target = path.join(root, file);
  let line = readFileSync(target, "utf8").split("\n").length;
  const at: Record<string, number> = {};
  for (const call of calls) {
    appendFileSync(target, `\n\`\`\`javascript\n${CALLS[call]}\n\`\`\`\n`);
    at[call] = line + 2;
    line += 4;
  }
  lines.set(file, at);
}

beforeAll(async () => {
  const root = tempDir();
  cpSync(path.join(ROOT, "content"), path.join(root, "content"), { recursive: true });
  appendCalls(root, pages["4.1.0"], ["setActiveFrame"]);
  appendCalls(root, pages["5.0.0"], ["setActiveFrame", "updateActiveImageByFrame"]);
  appendCalls(root, pages.next, ["updateActiveImageByFrame"]);
  const config = await loadConfig(path.join(ROOT, "site.config.ts"));
  // No checkout beside the temporary site: the sample stands in, with its snapshots for the frozen versions.
  result = await runPipeline({ config: { ...config, siteDir: root, api: { ...config.api!, viewerDir: "no-checkout" } }, write: false });
}, 240_000);
afterAll(cleanTemp);

const snippetErrors = (file: string): Diagnostic[] => result.errors.filter((d) => d.code === "snippet-type" && d.file === file);

describe("snippets of the default site, per version", () => {
  it("passes setActiveFrame in 4.1.0, where AppStore has it", () => {
    expect(snippetErrors(pages["4.1.0"])).toEqual([]);
  });

  it("fails setActiveFrame and updateActiveImageByFrame in 5.0.0, each at its line", () => {
    const errors = snippetErrors(pages["5.0.0"]);
    const at = lines.get(pages["5.0.0"])!;
    expect(errors.map((d) => d.line).sort()).toEqual([at.setActiveFrame, at.updateActiveImageByFrame].sort());
    expect(errors.find((d) => d.line === at.setActiveFrame)!.message).toContain("'setActiveFrame' does not exist");
    expect(errors.find((d) => d.line === at.updateActiveImageByFrame)!.message).toContain("'updateActiveImageByFrame' does not exist");
  });

  it("passes updateActiveImageByFrame in next, the 6.0 line", () => {
    expect(snippetErrors(pages.next)).toEqual([]);
  });

  it("reports no other error: the frozen versions are checked from the sample's snapshots", () => {
    expect(result.errors.filter((d) => !Object.values(pages).includes(d.file ?? ""))).toEqual([]);
  });
});
