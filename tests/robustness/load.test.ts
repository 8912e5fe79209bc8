/**
 * Load: 200 concurrent connections for 20 s against `carta-docs serve` on 127.0.0.1, over a mix of pages,
 * assets, redirects and not-found paths. No request may fail, and the server's memory must stay bounded.
 * Requests per second are reported by the benchmark, not asserted here.
 */
import path from "node:path";
import autocannon from "autocannon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type ServerHandle } from "../../cli/serve/index.ts";
import { runPipeline } from "../../cli/pipeline.ts";
import { cleanTemp, copyFixtureSite } from "../helpers/site.ts";

let server: ServerHandle;

beforeAll(async () => {
  const site = copyFixtureSite();
  await runPipeline({ config: path.join(site, "site.config.ts"), write: true });
  server = await startServer({ dir: path.join(site, "build"), basePath: "/carta-frontend/", port: 0 });
});
afterAll(async () => {
  await server.close();
  cleanTemp();
});

/** The bound: the server keeps files and compressed bodies in caches of fixed size, so 100 MB is generous. */
const MEMORY_BOUND = 100 * 1024 * 1024;

describe("serving under load", () => {
  it("answers 200 concurrent connections for 20 s without errors and with bounded memory", async () => {
    global.gc?.();
    const before = process.memoryUsage().rss;
    const result = await autocannon({
      url: `http://127.0.0.1:${server.port}`,
      connections: 200,
      duration: 20,
      requests: [
        { path: "/carta-frontend/docs/guide/first-steps", headers: { "accept-encoding": "br, gzip" } },
        { path: "/carta-frontend/docs/next/guide/advanced" },
        { path: "/carta-frontend/search-doc.json", headers: { "accept-encoding": "gzip" } },
        { path: "/carta-frontend/docs/guide/first-steps.html" },
        { path: "/carta-frontend/no/such/page" },
      ],
    });
    const after = process.memoryUsage().rss;
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.non2xx).toBeGreaterThan(0); // the redirect and the 404 in the mix
    expect(result["2xx"]).toBeGreaterThan(result.non2xx);
    expect(result.requests.total).toBeGreaterThan(1000);
    expect(after - before).toBeLessThan(MEMORY_BOUND);
    const page = await fetch(`http://127.0.0.1:${server.port}/carta-frontend/docs/guide/first-steps`);
    expect(page.status).toBe(200);
  }, 60_000);
});
