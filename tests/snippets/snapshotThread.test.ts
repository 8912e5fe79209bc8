/**
 * The snapshot check thread (cli/snippets/snapshotCheck.ts): a snapshot version's snippets checked on it give what
 * the same check gives on the calling thread, and a job the thread cannot take is checked on the calling thread.
 */
import { tmpdir } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiVersionModel } from "../../cli/api/model.ts";
import { declarationFile } from "../../cli/snippets/declarations.ts";
import { checkAgainstSnapshot, SnapshotCheckThread, type SnapshotCheckJob } from "../../cli/snippets/snapshotCheck.ts";
import { loadFixtureJson } from "../api/helpers.ts";

let model: ApiVersionModel;
const thread = new SnapshotCheckThread();

beforeAll(async () => {
  model = await loadFixtureJson("typedoc-0.25.json");
}, 60_000);
afterAll(() => thread.close());

function job(code: string[]): SnapshotCheckJob {
  const appStore = model.areas.flatMap((area) => area.items).find((item) => item.name === "AppStore")!;
  return {
    identity: "0123456789abcdef0123",
    cacheDir: tmpdir(),
    model,
    globals: [{ name: "app", file: declarationFile(model, appStore)!, exportName: "AppStore", instance: true }],
    pages: code.map((text, i) => ({ file: `page-${i}.md`, blocks: [{ language: "js" as const, code: text, line: 10, nocheck: false }] })),
    collect: true,
  };
}

describe("the snapshot check thread", () => {
  it("finds the problems and uses the calling thread finds", async () => {
    const pages = job(["const frames = app.frames;\nconsole.log(frames.length);", "app.openFiel('x');"]);
    const here = await checkAgainstSnapshot(pages);
    const there = await thread.check(pages);
    expect(there).toEqual(here);
    // One page passes and one fails, and the passing one's uses name AppStore's member.
    expect(there.problems.map((problems) => problems.length)).toEqual([0, 1]);
    expect(there.problems[1]![0]!.message).toMatch(/openFiel/);
    expect(there.uses[0]!.targets.map((target) => target.label)).toContain("AppStore.frames");
  }, 60_000);

  it("checks one after another, each job its own answer", async () => {
    const [first, second] = await Promise.all([thread.check(job(["app.nope;"])), thread.check(job(["app.frames;"]))]);
    expect(first.problems[0]).toHaveLength(1);
    expect(second.problems[0]).toHaveLength(0);
  }, 60_000);

  it("checks a job that cannot cross to the thread on the calling thread", async () => {
    // A function cannot be copied to another thread: posting the job fails, and the check runs here.
    const uncopyable = { ...job(["app.frames;"]), model: { ...model, onlyHere: () => {} } as ApiVersionModel };
    const result = await thread.check(uncopyable);
    expect(result.problems).toEqual([[]]);
  }, 60_000);
});
