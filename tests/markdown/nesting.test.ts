/** The nesting bound (cli/markdown/nesting.ts): deep lines out and reported, everything else untouched. */
import { describe, expect, it } from "vitest";
import { limitNesting, MAX_NESTING } from "../../cli/markdown/nesting.ts";

describe("limitNesting", () => {
  it("leaves text within the limit as it is, fenced code and thematic breaks included", () => {
    const text = [`${"> ".repeat(MAX_NESTING)}x`, "```", `${"- ".repeat(200)}in code`, "```", "- ".repeat(40).trim(), `${"  ".repeat(MAX_NESTING - 1)}- x`].join("\n");
    expect(limitNesting(text)).toEqual({ text });
  });

  it("blanks each line nested past the limit, keeping line numbers, and names the first", () => {
    const lines = ["# T", `${"> ".repeat(MAX_NESTING + 1)}deep`, "ok", `${"  ".repeat(MAX_NESTING + 5)}- deeper`];
    const { text, tooDeep } = limitNesting(lines.join("\n"));
    expect(tooDeep).toEqual({ line: 2, depth: MAX_NESTING + 1 });
    expect(text).toBe(["# T", "", "ok", ""].join("\n"));
  });
});
