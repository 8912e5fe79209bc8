/** The build summary's line about the snippet check: what each version was checked against. */
import { describe, expect, it } from "vitest";
import { formatSnippets } from "../../cli/commands/report.ts";
import type { SnippetSummary } from "../../cli/snippets/index.ts";

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
