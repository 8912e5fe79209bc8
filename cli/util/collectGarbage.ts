/**
 * A full garbage collection, asked for where a one-off build has just let go of a TypeDoc conversion (its
 * project and TypeScript program, several hundred MB on the real viewer). Left to itself, V8 sizes the next
 * collection's threshold by the heap it last saw, so the garbage of the conversions let the real viewer's cold
 * build grow to about 1 GB where 150 MB were live after them.
 *
 * It runs once the current task has ended: within it, what the frames that led there still hold (and any
 * WeakRef's target read in it) is alive. And once V8's optimizing compilers are done with what they were
 * compiling on their own threads: a function queued for optimization is held by its job until the job's code is
 * installed, and the snippet check's hot functions are closures of TypeScript's checker, which hold its whole
 * program. Collected while such jobs were pending, most cold builds of the real viewer kept one conversion's
 * program (about 150 MB) live through the next conversion, which raised their peak by about 100 MB.
 *
 * Node gives `gc` only to a process started with --expose-gc, and the call that finishes the compilers' jobs only to
 * code parsed with --allow-natives-syntax: each flag is set at run time for a context made after, where the
 * function is taken from.
 */
import { setImmediate as nextTask } from "node:timers/promises";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";

/** Waits for the compilers' jobs, collects and says the heap in use after; made at the first collection. */
let collect: (() => number) | undefined;
/** The heap in use after the last collection. */
let liveAfterLast: number | undefined;
/**
 * More than a version's models and pages add to the heap between two collections (12-16 MB on the real viewer),
 * less than a conversion's program (130-150 MB).
 */
const KEPT_PROGRAM = 64 * 1024 ** 2;

export async function collectGarbage(): Promise<void> {
  await nextTask();
  collect ??= collector();
  let live = collect();
  // In about one cold build of ten a program was still held here all the same, and let go a task later (what held
  // it was not found): when the heap grew by more than a program since the last collection, it is collected again then.
  if (liveAfterLast !== undefined && live - liveAfterLast > KEPT_PROGRAM) {
    await nextTask();
    live = collect();
  }
  liveAfterLast = live;
}

function collector(): () => number {
  v8.setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const finishCompiles = compilesFinisher();
  return () => {
    finishCompiles();
    gc();
    return process.memoryUsage().heapUsed;
  };
}

/** A function that waits for the optimizing compilers' jobs and installs their code; a no-op where V8 lacks the call. */
function compilesFinisher(): () => void {
  v8.setFlagsFromString("--allow-natives-syntax");
  try {
    return runInNewContext("(function () { %FinalizeOptimization(); })") as () => void;
  } catch {
    return () => {};
  } finally {
    // Only that function is parsed so: elsewhere `%` stays the remainder operator it always is.
    v8.setFlagsFromString("--no-allow-natives-syntax");
  }
}
