/** Progress and colour: a status line rewritten in place on a terminal, plain lines in CI or a pipe, no colour with NO_COLOR. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createReporter, isInteractive } from "../../cli/commands/progress.ts";
import { styleFor } from "../../cli/commands/report.ts";

function fakeStream(isTTY: boolean): NodeJS.WriteStream & { text: string } {
  const stream = { isTTY, text: "", write: (chunk: string) => ((stream.text += chunk), true) };
  return stream as unknown as NodeJS.WriteStream & { text: string };
}

afterEach(() => vi.unstubAllEnvs());

describe("the reporter", () => {
  it("on a terminal, rewrites one status line and clears it before log lines and the summary", () => {
    vi.stubEnv("CI", "");
    vi.stubEnv("NO_COLOR", "1");
    const stream = fakeStream(true);
    const reporter = createReporter(stream, styleFor(stream));
    reporter.progress("rendering pages", 1, 3);
    reporter.progress("rendering pages", 2, 3); // within the redraw interval: skipped
    reporter.progress("rendering pages", 3, 3); // the last count is always shown
    reporter.log("API next: unchanged, using cache");
    reporter.clear();
    expect(stream.text).toBe("\r\u001b[2Krendering pages 1/3\r\u001b[2Krendering pages 3/3\r\u001b[2KAPI next: unchanged, using cache\n");
  });

  it("in CI or a pipe, prints log lines only", () => {
    vi.stubEnv("CI", "true");
    const ci = fakeStream(true);
    expect(isInteractive(ci)).toBe(false);
    const reporter = createReporter(ci, styleFor(ci));
    reporter.progress("rendering pages", 1, 3);
    reporter.log("rendered 3 pages");
    reporter.clear();
    expect(ci.text).toBe("rendered 3 pages\n");
    vi.stubEnv("CI", "");
    expect(isInteractive(fakeStream(false))).toBe(false);
    expect(isInteractive(fakeStream(true))).toBe(true);
  });

  it("colours only a terminal, and never with NO_COLOR set", () => {
    vi.stubEnv("NO_COLOR", "");
    vi.stubEnv("TERM", "xterm");
    expect(styleFor(fakeStream(true)).red("x")).toBe("\u001b[31mx\u001b[39m");
    expect(styleFor(fakeStream(false)).red("x")).toBe("x");
    vi.stubEnv("NO_COLOR", "1");
    expect(styleFor(fakeStream(true)).red("x")).toBe("x");
  });
});
