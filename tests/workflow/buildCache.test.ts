/** The stage cache: reuse by key, replay of what a computation reported, and the one-off build's cache that keeps nothing. */
import { describe, expect, it } from "vitest";
import { BuildCache, createScope, type StageScope } from "../../cli/cache/buildCache.ts";

/** A computation that reports one of each kind of side result and counts its runs. */
function reporting(runs: { count: number }) {
  return (scope: StageScope) => {
    runs.count++;
    scope.diagnostics.warn("test", `run ${runs.count}`, { file: "a.md", line: 3 });
    scope.assets.add("logo.svg", "<svg/>");
    scope.unresolvedLinks.add("other.md");
    return `value ${runs.count}`;
  };
}

function reported(scope: StageScope) {
  return { messages: scope.diagnostics.items.map((d) => d.message), assets: [...scope.assets.files.keys()], unresolved: [...scope.unresolvedLinks] };
}

describe("BuildCache", () => {
  it("reuses a value while its key is unchanged and replays what it reported into every build", () => {
    const cache = new BuildCache();
    const runs = { count: 0 };
    const first = createScope("/b/");
    expect(cache.memo("markdown", "a.md", "k1", first, reporting(runs))).toBe("value 1");
    const second = createScope("/b/");
    expect(cache.memo("markdown", "a.md", "k1", second, reporting(runs))).toBe("value 1");
    expect(runs.count).toBe(1);
    expect(reported(second)).toEqual(reported(first));
    expect(reported(second)).toEqual({ messages: ["run 1"], assets: [expect.stringMatching(/^assets\/logo\.[0-9a-f]{10}\.svg$/)], unresolved: ["other.md"] });
    expect(cache.holds("markdown", "a.md", "k1")).toBe(true);
    expect(cache.holds("markdown", "a.md", "k2")).toBe(false);
  });

  it("computes again when the key changes, and forgets entries on request", () => {
    const cache = new BuildCache();
    const runs = { count: 0 };
    cache.memo("render", "/b/x", "k1", createScope("/b/"), reporting(runs));
    expect(cache.memo("render", "/b/x", "k2", createScope("/b/"), reporting(runs))).toBe("value 2");
    expect(cache.peek("render", "/b/x")).toBe("value 2");
    cache.forget("render", "/b/x");
    expect(cache.peek("render", "/b/x")).toBeUndefined();
    cache.memo("render", "/b/x", "k2", createScope("/b/"), reporting(runs));
    expect(runs.count).toBe(3);
  });

  it("for a one-off build keeps nothing and makes keys pointless, yet reports what each computation reported", () => {
    const cache = new BuildCache(false);
    expect(cache.keeps).toBe(false);
    const runs = { count: 0 };
    const scope = createScope("/b/");
    expect(cache.memo("markdown", "a.md", "", scope, reporting(runs))).toBe("value 1");
    expect(cache.memo("markdown", "a.md", "", scope, reporting(runs))).toBe("value 2");
    expect(cache.holds("markdown", "a.md", "")).toBe(false);
    expect(cache.peek("markdown", "a.md")).toBeUndefined();
    expect(reported(scope).messages).toEqual(["run 1", "run 2"]);
    expect(reported(scope).unresolved).toEqual(["other.md"]);
  });

  it("gives an object the same identity for as long as it lives", () => {
    const cache = new BuildCache();
    const model = {};
    expect(cache.identity(model)).toBe(cache.identity(model));
    expect(cache.identity({})).not.toBe(cache.identity(model));
  });
});
