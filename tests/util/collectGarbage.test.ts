/** A full collection asked for at run time, in a process started without --expose-gc. */
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { expect, it } from "vitest";
import { collectGarbage } from "../../cli/util/collectGarbage.ts";

it("collects what nothing refers to any more, once the task that asked has ended", async () => {
  expect((globalThis as { gc?: unknown }).gc, "the test process has no gc of its own").toBeUndefined();
  // A WeakRef's target lives until the task that made or read it has ended: a collection within it keeps it.
  const held = new WeakRef({ payload: new Array(100_000).fill("garbage") });
  await collectGarbage();
  expect(held.deref()).toBeUndefined();
});

it("collects what only a function queued for optimization on V8's compiler threads still holds", async () => {
  // A closure over `payload`, optimized on a compiler thread whose result waits to be installed (as the snippet
  // check's closures over TypeScript's program were when a build collected): the job holds the closure until then.
  v8.setFlagsFromString("--allow-natives-syntax");
  const queue = runInNewContext(`(function () {
    const payload = new Array(100000).fill("garbage");
    function hot(x) { return payload.length + x; }
    %PrepareFunctionForOptimization(hot);
    hot(1);
    %DisableOptimizationFinalization();
    %OptimizeFunctionOnNextCall(hot, "concurrent");
    hot(2);
    %WaitForBackgroundOptimization();
    return new WeakRef(payload);
  })`) as () => WeakRef<unknown[]>;
  v8.setFlagsFromString("--no-allow-natives-syntax");
  const held = queue();
  await collectGarbage();
  expect(held.deref()).toBeUndefined();
});

it("collects again a task later when the heap grew by more than a program since the last collection", async () => {
  await collectGarbage();
  // About 80 MB, let go only in the task after the one the collection runs in (as a program was, now and then).
  let payload: number[] | undefined = new Array(10_000_000).fill(1);
  const held = new WeakRef(payload);
  setImmediate(() => setImmediate(() => (payload = undefined)));
  await collectGarbage();
  expect(payload === undefined, "let go by now").toBe(true);
  expect(held.deref(), "and collected").toBeUndefined();
});
