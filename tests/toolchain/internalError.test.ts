/**
 * An unexpected exception inside a stage is a bug in carta-docs: it is named as one, with the step and the file
 * being processed, whether the step is synchronous (rendering a page, checking its links) or not (loading an
 * API version). Errors the toolchain raised on purpose pass through unchanged.
 */
import { describe, expect, it } from "vitest";
import { CartaDocsError, InternalError, internalDiagnostic, whileProcessing } from "../../cli/util/diagnostics.ts";

const thrown = (work: () => unknown): unknown => {
  try {
    work();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe("whileProcessing", () => {
  it("names a synchronous failure as a bug, with the step and the file, and keeps the stack", () => {
    const cause = new TypeError("x is undefined");
    const error = thrown(() => whileProcessing("checking the links of", "content/docs/a.md", () => { throw cause; }));
    expect(error).toBeInstanceOf(InternalError);
    expect((error as InternalError).message).toBe("a bug in carta-docs: TypeError: x is undefined (while checking the links of content/docs/a.md); please report it with the file that set it off");
    expect((error as InternalError).stack).toBe(cause.stack);
    expect(internalDiagnostic(error)).toMatchObject({ severity: "error", code: "internal", file: "content/docs/a.md" });
  });

  it("names an async failure the same way", async () => {
    const work = whileProcessing("loading the API of 5.0.0 from", "snapshot x.json", async () => {
      throw new RangeError("too deep");
    });
    await expect(work).rejects.toThrow("a bug in carta-docs: RangeError: too deep (while loading the API of 5.0.0 from snapshot x.json)");
  });

  it("passes the toolchain's own errors and plain results through", async () => {
    const own = new CartaDocsError("site.config.ts: invalid", []);
    expect(thrown(() => whileProcessing("reading", "a.md", () => { throw own; }))).toBe(own);
    expect(whileProcessing("reading", "a.md", () => 42)).toBe(42);
    await expect(whileProcessing("loading", "b", async () => 7)).resolves.toBe(7);
  });
});
