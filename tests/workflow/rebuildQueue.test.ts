/**
 * Watch mode's build order, with builds the test holds open: files saved while a build runs are built by
 * the next one, together, and none is dropped or built twice.
 */
import { describe, expect, it } from "vitest";
import { RebuildQueue, type QueuedBuild } from "../../cli/watch/rebuildQueue.ts";

/** A queue whose builds each wait until the test ends them. */
function heldQueue() {
  const builds: QueuedBuild[] = [];
  const ends: (() => void)[] = [];
  const queue = new RebuildQueue((next) => {
    builds.push(next);
    return new Promise((resolve) => ends.push(resolve));
  });
  /** Ends the running build and lets the queue start the next one, if any. */
  const endBuild = async () => {
    ends.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { queue, builds, endBuild };
}

describe("the rebuild queue", () => {
  it("builds files saved during a build, together, once it ends", async () => {
    const { queue, builds, endBuild } = heldQueue();
    queue.start();
    expect(builds).toEqual([{ changes: [], changedAt: undefined, restart: false }]);

    queue.add(["/site/content/docs/a.md"], 10, false);
    queue.add(["/site/content/docs/b.md"], 20, true);
    // Nothing starts while the first build runs.
    expect(builds).toHaveLength(1);
    await endBuild();
    expect(builds[1]).toEqual({ changes: ["/site/content/docs/a.md", "/site/content/docs/b.md"], changedAt: 10, restart: true });

    // A save during that build is built by one more.
    queue.add(["/site/content/docs/a.md"], 30, false);
    await endBuild();
    expect(builds[2]).toEqual({ changes: ["/site/content/docs/a.md"], changedAt: 30, restart: false });

    await endBuild();
    await queue.idle();
    expect(builds).toHaveLength(3);
  });

  it("starts a build at once when none runs", async () => {
    const { queue, builds, endBuild } = heldQueue();
    queue.start();
    await endBuild();
    await queue.idle();
    queue.add(["/site/site.config.ts"], 40, false);
    expect(builds[1]).toEqual({ changes: ["/site/site.config.ts"], changedAt: 40, restart: false });
    await endBuild();
    await queue.idle();
  });
});
