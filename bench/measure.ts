/** Statistics and sizes for the benchmark. */
import { gzipSync } from "node:zlib";

/** The middle value (mean of the two middle ones for an even count); NaN for no values. */
export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/**
 * The p-th percentile (0-100) by linear interpolation between the closest ranks, so p50 of an even
 * count is the mean of the two middle values. NaN for no values.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  if (p < 0 || p > 100) throw new RangeError(`percentile must be between 0 and 100; got ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

/** Bytes once gzipped at the default level, as a static host or CDN would serve it. */
export function gzipSize(data: string | Buffer): number {
  return gzipSync(data).length;
}

/** CPU time this process has used so far, every thread's (user and system), in milliseconds. */
export function processCpuMs(): number {
  const { userCPUTime, systemCPUTime } = process.resourceUsage();
  return (userCPUTime + systemCPUTime) / 1000;
}

/** Milliseconds `work` takes, with its result. */
export function timed<T>(work: () => T): { ms: number; value: T } {
  const start = performance.now();
  const value = work();
  return { ms: performance.now() - start, value };
}
