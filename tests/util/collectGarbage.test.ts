/** A full collection asked for at run time, in a process started without --expose-gc. */
import { setImmediate as nextTask } from "node:timers/promises";
import { expect, it } from "vitest";
import { collectGarbage } from "../../cli/util/collectGarbage.ts";

it("collects what nothing refers to any more", async () => {
  expect((globalThis as { gc?: unknown }).gc, "the test process has no gc of its own").toBeUndefined();
  const held = (() => new WeakRef({ payload: new Array(100_000).fill("garbage") }))();
  // A WeakRef's target lives until the task that made or read it has ended.
  await nextTask();
  collectGarbage();
  expect(held.deref()).toBeUndefined();
});
