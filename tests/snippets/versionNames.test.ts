/**
 * The default site (no viewer checkout) checks each version's snippets against that version's API: next against
 * the sample's source (the 6.0 line), 5.0.0 and 4.1.0 against the snapshots the sample keeps. A name that one
 * version has and another lacks passes in the one and fails in the other, at the line of the call; so does a
 * global that only some versions' viewers set (`enums` in next, through `api.snippets.versions`).
 */
import { appendFileSync, cpSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../cli/config/load.ts";
import type { ResolvedConfig } from "../../cli/config/load.ts";
import type { Diagnostic } from "../../cli/util/diagnostics.ts";
import { runPipeline, type PipelineResult } from "../../cli/pipeline/pipeline.ts";
import { cleanTemp, ROOT, tempDir } from "../helpers/site.ts";

const PAGE = "code-snippet-tutorial/basics.md";
const pages = { next: `content/docs/${PAGE}`, "5.0.0": `content/versioned_docs/version-5.0.0/${PAGE}`, "4.1.0": `content/versioned_docs/version-4.1.0/${PAGE}` };
const CALLS = {
  setActiveFrame: "app.setActiveFrame(app.activeFrame);",
  updateActiveImageByFrame: "app.updateActiveImageByFrame(app.activeFrame);",
  enumsScaling: "app.activeFrame.renderConfig.setScaling(enums.FrameScaling.LOG);",
  utilsClamp: "console.log(utils.clamp(7, 0, 5));",
};

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

/** The default site in a temporary folder with `calls` appended per version, built against the sample. */
async function buildWith(calls: Record<keyof typeof pages, (keyof typeof CALLS)[]>, snippets?: (api: NonNullable<ResolvedConfig["api"]>) => NonNullable<ResolvedConfig["api"]>["snippets"]): Promise<PipelineResult> {
  const root = tempDir();
  cpSync(path.join(ROOT, "content"), path.join(root, "content"), { recursive: true });
  for (const [version, list] of Object.entries(calls)) appendCalls(root, pages[version as keyof typeof pages], list);
  const config = await loadConfig(path.join(ROOT, "site.config.ts"));
  const api = config.api!;
  // No checkout beside the temporary site: the sample stands in, with its snapshots for the frozen versions.
  return runPipeline({ config: { ...config, siteDir: root, api: { ...api, viewerDir: "no-checkout", snippets: snippets ? snippets(api) : api.snippets } }, write: false });
}

afterAll(cleanTemp);

const errorsOf = (result: PipelineResult, code: string, file?: string): Diagnostic[] => result.errors.filter((d) => d.code === code && (file === undefined || d.file === file));

describe("snippets of the default site, per version", () => {
  let result: PipelineResult;
  beforeAll(async () => {
    result = await buildWith({ "4.1.0": ["setActiveFrame", "enumsScaling"], "5.0.0": ["setActiveFrame", "updateActiveImageByFrame"], next: ["updateActiveImageByFrame", "enumsScaling", "utilsClamp"] });
  }, 240_000);

  it("passes setActiveFrame in 4.1.0, where AppStore has it, and fails enums there with the globals 4.1.0 has", () => {
    const errors = errorsOf(result, "snippet-type", pages["4.1.0"]);
    const at = lines.get(pages["4.1.0"])!;
    expect(errors.map((d) => d.line)).toEqual([at.enumsScaling]);
    expect(errors[0]!.message).toContain("Cannot find name 'enums'");
    expect(errors[0]!.message).toContain("The snippets of 4.1.0 see only app and carta: its viewer sets no global 'enums'");
  });

  it("passes updateActiveImageByFrame in 5.0.0, as the 5.0.0 release names it, and fails setActiveFrame at its line", () => {
    const errors = errorsOf(result, "snippet-type", pages["5.0.0"]);
    const at = lines.get(pages["5.0.0"])!;
    expect(errors.map((d) => d.line)).toEqual([at.setActiveFrame]);
    expect(errors[0]!.message).toContain("'setActiveFrame' does not exist");
  });

  it("passes updateActiveImageByFrame, enums.FrameScaling.LOG and utils in next, the 6.0 line", () => {
    expect(errorsOf(result, "snippet-type", pages.next)).toEqual([]);
  });

  it("reports no other error: the frozen versions are checked from the sample's snapshots", () => {
    expect(result.errors.filter((d) => !Object.values(pages).includes(d.file ?? ""))).toEqual([]);
  });
});

describe("per-version globals that name a module", () => {
  let result: PipelineResult;
  beforeAll(async () => {
    result = await buildWith({ "4.1.0": ["utilsClamp"], "5.0.0": [], next: [] }, (api) => ({
      ...api.snippets,
      versions: {
        ...api.snippets.versions,
        // A snapshot keeps the entry points' modules: the utilities are one, the enumerations are not.
        "4.1.0": { globals: { app: "AppStore", carta: "AppStore", utils: { module: "src/utilities/index.ts" } } },
        "5.0.0": { globals: { app: "AppStore", enums: { module: "src/enums/index.ts" } } },
        nxt: { globals: { app: "AppStore" } },
      },
    }));
  }, 240_000);

  it("types a module global of a snapshot version from the declarations of its area", () => {
    expect(errorsOf(result, "snippet-type", pages["4.1.0"])).toEqual([]);
    expect(result.snippets.find((s) => s.version === "4.1.0")).toMatchObject({ failed: 0 });
  });

  it("names a module the version's snapshot does not keep, and checks none of that version's snippets", () => {
    const errors = errorsOf(result, "snippet-globals").filter((d) => d.message.includes("versions.5.0.0"));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ file: expect.stringMatching(/site\.config\.ts$/), message: expect.stringContaining("api.snippets.versions.5.0.0.globals.enums is the module src/enums/index.ts, which the snapshot of 5.0.0 does not keep") });
    expect(result.snippets.find((s) => s.version === "5.0.0")?.skipped).toBeDefined();
  });

  it("names a versions key that is no docs version, with the versions there are", () => {
    const errors = errorsOf(result, "snippet-globals").filter((d) => d.message.includes("nxt"));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toBe('api.snippets.versions.nxt names no docs version; the versions are next, 5.0.0, 4.1.0 (the current one as "next")');
  });
});
