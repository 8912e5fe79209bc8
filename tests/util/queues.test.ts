/** Slots and mapLimit (at most N tasks at once) and InTurn (tasks under one key one after another). */
import { describe, expect, it } from "vitest";
import { mapLimit } from "../../cli/util/eachLimit.ts";
import { InTurn } from "../../cli/util/inTurn.ts";
import { Slots } from "../../cli/util/slots.ts";

/** A task that records when it starts and ends, and finishes when `release` is called. */
function recorder() {
  const events: string[] = [];
  const releases = new Map<string, () => void>();
  const task = (name: string, fail = false) => async () => {
    events.push(`start ${name}`);
    await new Promise<void>((resolve) => releases.set(name, resolve));
    events.push(`end ${name}`);
    if (fail) throw new Error(`${name} failed`);
    return name;
  };
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  const release = async (name: string) => {
    releases.get(name)!();
    await settle();
  };
  return { events, task, release, settle };
}

describe("Slots", () => {
  it("runs at most `count` tasks at once, the waiting ones in the order they came", async () => {
    const slots = new Slots(2);
    const { events, task, release, settle } = recorder();
    const results = ["a", "b", "c", "d"].map((name) => slots.run(task(name)));
    await settle();
    expect(events).toEqual(["start a", "start b"]);
    await release("b");
    expect(events).toEqual(["start a", "start b", "end b", "start c"]);
    await release("a");
    await release("c");
    await release("d");
    expect(events.filter((e) => e.startsWith("start"))).toEqual(["start a", "start b", "start c", "start d"]);
    expect(await Promise.all(results)).toEqual(["a", "b", "c", "d"]);
  });

  it("frees the slot of a task that fails", async () => {
    const slots = new Slots(1);
    const { events, task, release, settle } = recorder();
    const failed = slots.run(task("a", true));
    const next = slots.run(task("b"));
    const failure = expect(failed).rejects.toThrow("a failed");
    await settle();
    await release("a");
    await failure;
    expect(events).toContain("start b");
    await release("b");
    expect(await next).toBe("b");
  });
});

describe("InTurn", () => {
  it("runs tasks under one key one after another, and under other keys at once", async () => {
    const turns = new InTurn();
    const { events, task, release, settle } = recorder();
    const first = turns.run("x", task("x1", true));
    const second = turns.run("x", task("x2"));
    const other = turns.run("y", task("y1"));
    await settle();
    expect(events).toEqual(["start x1", "start y1"]);
    const failure = expect(first).rejects.toThrow("x1 failed");
    await release("x1");
    await failure;
    expect(events).toContain("start x2"); // after a failure too
    await release("x2");
    await release("y1");
    expect([await second, await other]).toEqual(["x2", "y1"]);
  });
});

describe("mapLimit", () => {
  it("keeps the items' order whatever order the work ends in, with at most `limit` running", async () => {
    let running = 0;
    let most = 0;
    const results = await mapLimit([30, 5, 20, 1, 10], 2, async (ms) => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running -= 1;
      return ms * 2;
    });
    expect(results).toEqual([60, 10, 40, 2, 20]);
    expect(most).toBe(2);
  });
});
