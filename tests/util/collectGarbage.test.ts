/** A full collection asked for at run time, in a process started without --expose-gc. */
import { expect, it } from "vitest";
import { collectGarbage } from "../../cli/util/collectGarbage.ts";

it("collects what nothing refers to any more, once the task that asked has ended", async () => {
  expect((globalThis as { gc?: unknown }).gc, "the test process has no gc of its own").toBeUndefined();
  // A WeakRef's target lives until the task that made or read it has ended: a collection within it keeps it.
  const held = new WeakRef({ payload: new Array(100_000).fill("garbage") });
  await collectGarbage();
  expect(held.deref()).toBeUndefined();
});
