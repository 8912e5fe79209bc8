/**
 * What the snippet check of a version reports: the build summary's line (what each version was checked
 * against), and a version whose source cannot be read.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatSnippets } from "../../cli/commands/report.ts";
import type { Doc } from "../../cli/content/docs.ts";
import { Diagnostics } from "../../cli/util/diagnostics.ts";
import { checkVersionSnippets, type SnippetSummary } from "../../cli/snippets/index.ts";
import { loadFixtureJson } from "../api/helpers.ts";

const summary = (version: string, from: SnippetSummary["from"], checked: number, extra: Partial<SnippetSummary> = {}): SnippetSummary => ({ version, from, checked, nocheck: 0, failed: 0, cached: 0, ...extra });

describe("formatSnippets", () => {
  it("names the versions checked from source and those checked from a snapshot", () => {
    const line = formatSnippets([summary("next", "source", 31, { cached: 2, nocheck: 1 }), summary("5.0.0", "source", 28), summary("4.1.0", "snapshot", 12, { failed: 1 })]);
    expect(line).toBe("snippets type-checked: next 31 (2 from cache), 5.0.0 28 from source; 4.1.0 12 from a snapshot; 1 nocheck, 1 failed");
  });

  it("lists a version that could not be checked as skipped", () => {
    const line = formatSnippets([summary("4.1.0", "snapshot", 0, { skipped: "api.snippets.globals names what this version's API lacks" }), summary("next", "source", 3)]);
    expect(line).toBe("snippets type-checked: next 3 from source; 4.1.0 skipped; 0 nocheck, 0 failed");
  });
});

describe("checkVersionSnippets", () => {
  it("reports a source that cannot be read (a git ref that cannot be extracted), keeps no result and goes on", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), "carta-docs-snippets-"));
    try {
      const diagnostics = new Diagnostics();
      const doc = { file: "content/docs/t/a.md", dir: "t", body: "```js\napp.closeCurrentFile();\n```\n", bodyLineOffset: 0 } as Doc;
      const { summary, uses } = await checkVersionSnippets({
        version: "2.0.0",
        docs: [doc],
        settings: { include: ["t"], globals: { app: "AppStore" } },
        model: await loadFixtureJson("typedoc-0.23.json"),
        source: { kind: "source", identity: "git abc", root: () => Promise.reject(new Error("ENOSPC: no space left on device")), tsconfig: "tsconfig.json" },
        cacheDir,
        configFile: "site.config.ts",
        diagnostics,
      });
      expect(summary).toMatchObject({ version: "2.0.0", checked: 0, skipped: "the source of 2.0.0 could not be read" });
      expect(uses).toBeUndefined();
      expect(diagnostics.errors).toEqual([expect.objectContaining({ code: "snippet-source", message: expect.stringContaining("the snippets of 2.0.0 cannot be checked: its source cannot be read: ENOSPC") })]);
      expect(readdirSync(cacheDir)).toEqual([]);
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  }, 30_000);
});
