import type { Stats } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { BodyCache } from "../../cli/serve/bodyCache.ts";
import { negotiateEncoding } from "../../cli/serve/encoding.ts";
import type { FoundFile } from "../../cli/serve/findFile.ts";

describe("negotiateEncoding", () => {
  it.each([
    [undefined, undefined],
    ["", undefined],
    ["identity", undefined],
    ["deflate", undefined],
    ["gzip, deflate, br", "br"],
    ["br", "br"],
    ["BR;Q=1", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0.9, br;q=0.5", "gzip"],
    ["gzip;q=0.5, br;q=0.5", "br"],
    ["*", "br"],
    ["*;q=0.1, br;q=0", "gzip"],
    ["br;q=nonsense, gzip;q=0", undefined],
  ])("%j chooses %j", (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe("BodyCache", () => {
  const file = (path: string, mtimeMs = 1, size = 10): FoundFile => ({
    path,
    relativePath: path,
    stats: { ino: 1, size, mtimeMs } as Stats,
  });

  function counting(body = "x".repeat(100)) {
    const loads: string[] = [];
    const load = async (f: FoundFile) => {
      loads.push(f.path);
      return Buffer.from(body);
    };
    return { loads, load };
  }

  it("produces each body once while the file is unchanged, and again once it changes", async () => {
    const { loads, load } = counting("hello hello hello");
    const cache = new BodyCache(load);
    const [a, b] = await Promise.all([cache.get(file("/a"), "gzip"), cache.get(file("/a"), "gzip")]);
    expect(gunzipSync(a).toString()).toBe("hello hello hello");
    expect(b).toBe(a);
    await cache.get(file("/a"), "gzip");
    expect(loads).toEqual(["/a"]);
    await cache.get(file("/a", 2), "gzip");
    await cache.get(file("/a", 2, 11), "gzip");
    expect(loads).toEqual(["/a", "/a", "/a"]);
    await cache.get(file("/a", 2, 11), "br");
    expect(loads).toHaveLength(4);
  });

  it("drops the least recently used bodies beyond its budget", async () => {
    const { loads, load } = counting();
    const cache = new BodyCache(load, 250); // room for two 100-byte bodies
    await cache.get(file("/a"), "identity");
    await cache.get(file("/b"), "identity");
    await cache.get(file("/a"), "identity"); // /a is now the most recent
    await cache.get(file("/c"), "identity"); // evicts /b
    expect(loads).toEqual(["/a", "/b", "/c"]);
    await cache.get(file("/a"), "identity");
    await cache.get(file("/b"), "identity");
    expect(loads).toEqual(["/a", "/b", "/c", "/b"]);
  });

  it("forgets failures so the next request tries again", async () => {
    let fail = true;
    const cache = new BodyCache(async () => {
      if (fail) throw new Error("read failed");
      return Buffer.from("ok");
    });
    await expect(cache.get(file("/a"), "identity")).rejects.toThrow("read failed");
    fail = false;
    expect((await cache.get(file("/a"), "identity")).toString()).toBe("ok");
  });
});
