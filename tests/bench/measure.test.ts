import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { gzipSize, median, percentile, timed } from "../../bench/measure.ts";

describe("median and percentile", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });

  it("interpolates between the closest ranks and does not reorder its input", () => {
    const values = [10, 0, 30, 20, 40];
    expect(percentile(values, 0)).toBe(0);
    expect(percentile(values, 100)).toBe(40);
    expect(percentile(values, 95)).toBeCloseTo(38);
    expect(percentile(values, 25)).toBe(10);
    expect(values).toEqual([10, 0, 30, 20, 40]);
  });

  it("puts p95 of 1..100 between the 95th and 96th values", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 95)).toBeCloseTo(95.05);
    expect(percentile(values, 50)).toBe(50.5);
  });

  it("rejects a percentile outside 0-100", () => {
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });
});

describe("gzipSize", () => {
  it("measures what a gzip stream of the data weighs", () => {
    const text = "<p>repeated</p>".repeat(1000);
    const size = gzipSize(text);
    expect(size).toBeLessThan(text.length / 20);
    expect(size).toBeGreaterThan(20);
    expect(gzipSize(Buffer.from(text))).toBe(size);
  });

  it("is the size of a default-level gzip stream of the data", () => {
    const data = Buffer.from("carta-docs bench ".repeat(50));
    const stream = gzipSync(data);
    expect(gunzipSync(stream).equals(data)).toBe(true);
    expect(gzipSize(data)).toBe(stream.length);
  });
});

describe("timed", () => {
  it("returns the work's result and a non-negative duration", () => {
    const { ms, value } = timed(() => 6 * 7);
    expect(value).toBe(42);
    expect(ms).toBeGreaterThanOrEqual(0);
  });
});
