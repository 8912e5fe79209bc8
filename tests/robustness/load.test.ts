/**
 * Load: 200 concurrent connections for 20 s against `carta-docs serve` on 127.0.0.1, over a mix of pages,
 * assets, redirects and not-found paths. No request may fail, and the server's memory must stay bounded.
 * Requests per second are reported by the benchmark, not asserted here.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runPipeline } from "../../cli/pipeline/pipeline.ts";
import { BIN, cleanTemp, copyFixtureSite } from "../helpers/site.ts";

/** The server runs in its own process, so its memory is measured apart from the load generator's. */
let server: ChildProcess;
let port: number;

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

beforeAll(async () => {
  const site = copyFixtureSite();
  await runPipeline({ config: path.join(site, "site.config.ts"), write: true });
  server = spawn(process.execPath, [BIN, "serve", "--port", "0"], { cwd: site, stdio: ["ignore", "pipe", "pipe"] });
  port = await new Promise<number>((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      if (match) resolve(Number(match[1]));
    };
    server.stdout!.on("data", onData);
    server.stderr!.on("data", onData);
    server.on("exit", (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
  });
}, 30_000);
afterAll(() => {
  server.kill();
  cleanTemp();
});

const CONNECTIONS = 200;
/** The bound: the server keeps compressed bodies in a cache of fixed size (64 MB), so 100 MB of growth is generous. */
const MEMORY_BOUND = 100 * 1024 * 1024;

describe("serving under load", () => {
  it("answers 200 concurrent connections for 20 s without errors and with bounded memory", async () => {
    // Warm the server's caches first, so the bound measures growth under load and not the first fill.
    await autocannon({ url: `http://127.0.0.1:${port}/carta-frontend/docs/guide/first-steps`, connections: 10, amount: 200 });
    const before = rssOf(server.pid!);
    const result = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: CONNECTIONS,
      duration: 20,
      requests: [
        { path: "/carta-frontend/docs/guide/first-steps", headers: { "accept-encoding": "br, gzip" } },
        { path: "/carta-frontend/docs/next/guide/advanced" },
        { path: "/carta-frontend/search-doc.json", headers: { "accept-encoding": "gzip" } },
        { path: "/carta-frontend/docs/guide/first-steps.html" },
        { path: "/carta-frontend/no/such/page" },
      ],
    });
    const after = rssOf(server.pid!);
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.non2xx).toBeGreaterThan(0); // the redirect and the 404 in the mix
    expect(result["2xx"]).toBeGreaterThan(result.non2xx);
    // Every request sent was answered but those in flight (one per connection) when the 20 s ended; how many fit
    // in the 20 s is the benchmark's figure (bench/load.ts).
    expect(result.requests.total).toBeGreaterThan(0);
    expect(result.requests.sent - result.requests.total).toBeLessThanOrEqual(CONNECTIONS);
    expect(after - before).toBeLessThan(MEMORY_BOUND);
    const page = await fetch(`http://127.0.0.1:${port}/carta-frontend/docs/guide/first-steps`);
    expect(page.status).toBe(200);
  }, 60_000);
});
