/**
 * A full garbage collection, asked for where a one-off build has just let go of a TypeDoc conversion (its
 * project and TypeScript program, several hundred MB on the real viewer). Left to itself, V8 sizes the next
 * collection's threshold by the heap it last saw, so the garbage of the conversions let the real viewer's cold
 * build grow to about 1 GB where 150 MB were live after them.
 *
 * It runs once the current task has ended: within it, what the frames that led there still hold (and any
 * WeakRef's target read in it) is alive. Collected at once, one or two of the real viewer's three conversions
 * kept their whole program (about 130 MB live) in each cold build measured, through the next conversion.
 *
 * Node gives `gc` only to a process started with --expose-gc; setting the flag at run time gives it to a
 * context made after, which is where it is taken from.
 */
import { setImmediate as nextTask } from "node:timers/promises";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";

let gc: (() => void) | undefined;

export async function collectGarbage(): Promise<void> {
  await nextTask();
  if (!gc) {
    v8.setFlagsFromString("--expose-gc");
    gc = runInNewContext("gc") as () => void;
  }
  gc();
}
