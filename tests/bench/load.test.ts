/** The load benchmark's helpers: reading a process's memory and a server's address, the plain server's file lookup, and the report rows. */
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listeningUrl, loadRows, rssBytes, type LoadFigures, type ServerLoad } from "../../bench/load.ts";
import { verdict } from "../../bench/report.ts";
import { staticCandidates } from "../../bench/staticServer.ts";
import { cleanTemp, ROOT, tempDir, write } from "../helpers/site.ts";

afterAll(cleanTemp);

describe("rssBytes", () => {
  it("reads VmRSS (in kB) from /proc/<pid>/status, not VmHWM or other lines", () => {
    const status = "Name:\tnode\nVmPeak:\t 999999 kB\nVmHWM:\t  888888 kB\nVmRSS:\t   12345 kB\nRssAnon:\t 1 kB\n";
    expect(rssBytes(status)).toBe(12345 * 1024);
  });

  it("refuses a status without the line rather than reporting zero", () => {
    expect(() => rssBytes("Name:\tnode\n")).toThrow(/VmRSS/);
  });
});

describe("listeningUrl", () => {
  it("finds the local address in what serve prints, with its base path", () => {
    expect(listeningUrl("Serving build at http://127.0.0.1:43121/carta-frontend/\n(press Ctrl+C to stop)\n")).toBe("http://127.0.0.1:43121/carta-frontend/");
    expect(listeningUrl("Serving build at http://127.0.0.1:")).toBeUndefined();
  });
});

describe("staticCandidates", () => {
  const base = "/carta-frontend/";

  it("tries the file, then the route's .html, then a folder's index.html", () => {
    expect(staticCandidates("/carta-frontend/docs/2.0.0", base)).toEqual(["docs/2.0.0", "docs/2.0.0.html", "docs/2.0.0/index.html"]);
    expect(staticCandidates("/carta-frontend/search-doc.json?v=1", base)).toEqual(["search-doc.json", "search-doc.json.html", "search-doc.json/index.html"]);
  });

  it("maps the base path, with or without its slash, to index.html", () => {
    expect(staticCandidates("/carta-frontend/", base)).toEqual(["index.html"]);
    expect(staticCandidates("/carta-frontend", base)).toEqual(["index.html"]);
  });

  it("names nothing outside the base path or above the served folder", () => {
    expect(staticCandidates("/other/index.html", base)).toEqual([]);
    expect(staticCandidates("/carta-frontendx/docs", base)).toEqual([]);
    expect(staticCandidates("/carta-frontend/../secret", base)).toEqual([]);
    expect(staticCandidates("/carta-frontend/%2e%2e/secret", base)).toEqual([]);
  });
});

describe("the plain static server", () => {
  it("serves a route's .html file, a folder route's .html beside the folder, and 404.html otherwise", async () => {
    const dir = tempDir();
    write(dir, "docs.html", "docs root");
    write(dir, "docs/guide.html", "guide page");
    write(dir, "404.html", "not found page");
    const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "bench/staticServer.ts"), dir, "/base/"], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
    try {
      const url = await new Promise<string>((resolve) => child.stdout.on("data", (chunk: Buffer) => resolve(listeningUrl(chunk.toString())!)));
      const get = async (route: string) => {
        const response = await fetch(new URL(route, url));
        return [response.status, response.headers.get("content-type"), await response.text()];
      };
      expect(await get("/base/docs")).toEqual([200, "text/html; charset=utf-8", "docs root"]);
      expect(await get("/base/docs/guide")).toEqual([200, "text/html; charset=utf-8", "guide page"]);
      expect(await get("/base/nope")).toEqual([404, "text/html; charset=utf-8", "not found page"]);
    } finally {
      child.kill();
    }
  }, 30_000);
});

describe("loadRows", () => {
  const server = (overrides: Partial<ServerLoad>): ServerLoad => ({ requestsPerSecond: 1000, requests: 20_000, errors: 0, timeouts: 0, non2xx: 0, latencyP99Ms: 40, rssGrowth: 10 * 2 ** 20, ...overrides });
  const figures: LoadFigures = {
    connections: 200,
    durationS: 20,
    paths: ["/"],
    serve: server({ requestsPerSecond: 1500, errors: 2, timeouts: 1, non2xx: 3, rssGrowth: 150 * 2 ** 20 }),
    plain: server({ requestsPerSecond: 3000, errors: 4 }),
    crowdConnections: 1000,
    crowd: server({ requestsPerSecond: 1200, latencyP99Ms: 900, rssGrowth: 30 * 2 ** 20 }),
  };
  const rows = loadRows(figures);
  const find = (metric: string) => rows.find((row) => row.metric === metric)!;

  it("reports both servers' requests per second and their ratio in the serve group", () => {
    expect(rows.every((row) => row.group === "serve")).toBe(true);
    expect(find("carta-docs serve: requests per second")).toMatchObject({ value: 1500, unit: "req/s", note: expect.stringContaining("200 connections, 20 s") });
    expect(find("plain static server: requests per second").value).toBe(3000);
    expect(find("carta-docs serve / plain static server, requests per second").value).toBeCloseTo(0.5);
  });

  it("counts errors and non-2xx answers as failed requests, and holds serve (only) to none", () => {
    const failed = find("carta-docs serve: failed requests");
    expect(failed).toMatchObject({ value: 5, note: "2 connection errors (1 timeouts), 3 non-2xx of 20000" });
    expect(verdict(failed)).toBe("NO");
    expect(verdict(find("plain static server: failed requests"))).toBe("-");
  });

  it("reports serve under 1,000 connections: failed requests held to none, p99 latency and memory growth", () => {
    expect(find("carta-docs serve, 1,000 connections: failed requests")).toMatchObject({ value: 0, target: { op: "<=", limit: 0 } });
    expect(verdict(find("carta-docs serve, 1,000 connections: failed requests"))).toBe("yes");
    expect(find("carta-docs serve, 1,000 connections: p99 latency")).toMatchObject({ value: 900, unit: "ms" });
    expect(find("carta-docs serve, 1,000 connections: memory growth under load")).toMatchObject({ value: 30, unit: "MB", target: { op: "<", limit: 150 } });
    expect(find("carta-docs serve, 1,000 connections: requests per second").note).toContain("1000 connections, 20 s");
  });

  it("reports memory growth in MB, over the bound for serve here", () => {
    const growth = find("carta-docs serve: memory growth under load");
    expect(growth).toMatchObject({ value: 150, unit: "MB" });
    expect(verdict(growth)).toBe("NO");
    expect(find("plain static server: memory growth under load").value).toBe(10);
  });
});
