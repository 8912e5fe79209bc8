/**
 * Requests per second of `carta-docs serve` against a plain static server (bench/staticServer.ts) on the
 * same build of the fixture site: each runs in its own process and takes autocannon's 200 connections for
 * 20 s on 127.0.0.1, over the same mix of pages, search data and a stylesheet. Reported: requests per
 * second, failed requests, and how much each server's resident memory grew under the load. Then serve alone
 * takes a crowd, 1,000 connections at once for 20 s: failed requests (none allowed), p99 latency and memory
 * growth.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { runPipeline } from "../cli/pipeline/pipeline.ts";
import { ROOT } from "./builds.ts";
import type { Row } from "./report.ts";

const BIN = path.join(ROOT, "bin", "carta-docs");
const STATIC_SERVER = path.join(ROOT, "bench", "staticServer.ts");
const FIXTURE_SITE = path.join(ROOT, "tests", "fixtures", "site");
/** A browser's header: serve compresses for it; the plain server ignores it, as many static servers do. */
const HEADERS = { "accept-encoding": "gzip, deflate, br" };

export interface ServerLoad {
  requestsPerSecond: number;
  requests: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  non2xx: number;
  latencyP99Ms: number;
  /** Resident memory after the load minus before it (after a warm-up), in bytes. */
  rssGrowth: number;
}

export interface LoadFigures {
  connections: number;
  durationS: number;
  paths: string[];
  serve: ServerLoad;
  plain: ServerLoad;
  /** serve under `crowdConnections` connections at once, for `durationS`. */
  crowdConnections: number;
  crowd: ServerLoad;
}

export interface LoadOptions {
  /** A scratch folder for the site copy. */
  tmp: string;
  log: (line: string) => void;
  connections?: number;
  durationS?: number;
  crowdConnections?: number;
}

/** Resident memory in bytes from the text of /proc/<pid>/status. */
export function rssBytes(status: string): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!match) throw new Error("no VmRSS line in the process status");
  return Number(match[1]) * 1024;
}

/** The first local address a server printed, e.g. "http://127.0.0.1:4321/carta-frontend/". */
export function listeningUrl(output: string): string | undefined {
  return /http:\/\/127\.0\.0\.1:\d+\/\S*/.exec(output)?.[0];
}

const rssOf = (pid: number) => rssBytes(fs.readFileSync(`/proc/${pid}/status`, "utf8"));

/** Starts a server process and resolves with it and its address once it prints one. */
export function startServer(name: string, args: string[], cwd: string, timeoutMs = 60_000): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, NODE_ENV: "production", NO_COLOR: "1" }, stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let output = "";
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill();
      reject(new Error(`the ${name} ${why}: ${output.slice(-2000)}`));
    };
    const timer = setTimeout(() => fail(`printed no address within ${timeoutMs} ms`), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = listeningUrl(output);
      if (!url) return;
      clearTimeout(timer);
      child.removeAllListeners("exit");
      // Keep reading what it prints, without keeping it, so a full pipe never stalls it.
      for (const stream of [child.stdout, child.stderr]) stream.removeListener("data", onData).resume();
      resolve({ child, url });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code, signal) => fail(`exited (${signal ?? code})`));
  });
}

/** Warms the server's caches, then loads it and measures what it answered and how its memory grew. */
async function load(child: ChildProcess, url: string, paths: string[], connections: number, durationS: number): Promise<ServerLoad> {
  const requests = paths.map((p) => ({ path: p, headers: HEADERS }));
  await autocannon({ url, connections: 10, amount: 50 * paths.length, requests });
  const before = rssOf(child.pid!);
  const result = await autocannon({ url, connections, duration: durationS, requests });
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    latencyP99Ms: result.latency.p99,
    rssGrowth: rssOf(child.pid!) - before,
  };
}

/** Builds a copy of the fixture site once, then loads `carta-docs serve` and the plain server in turn. */
export async function measureLoad({ tmp, log, connections = 200, durationS = 20, crowdConnections = 1000 }: LoadOptions): Promise<LoadFigures> {
  const site = path.join(tmp, "load-site");
  fs.cpSync(FIXTURE_SITE, site, { recursive: true });
  const built = await runPipeline({ config: path.join(site, "site.config.ts"), write: true });
  if (!built.outDir) throw new Error(`the fixture site did not build: ${built.errors.map((e) => e.message).join("; ")}`);
  const base = built.config.baseUrl;
  const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(fs.readFileSync(path.join(built.outDir, "index.html"), "utf8"))?.[1];
  if (!stylesheet) throw new Error("the fixture site's home page links no stylesheet");
  const paths = [base, `${base}docs/guide/first-steps`, `${base}docs/next/guide/advanced`, `${base}search-doc.json`, stylesheet];

  const measure = async (name: string, args: string[], cwd: string, count = connections) => {
    const { child, url } = await startServer(name, args, cwd);
    try {
      log(`serve: ${count} connections for ${durationS} s against the ${name}`);
      return await load(child, new URL(url).origin, paths, count, durationS);
    } finally {
      child.kill();
    }
  };
  const serveArgs = [BIN, "serve", "--port", "0"];
  const serve = await measure("carta-docs server", serveArgs, site);
  const plain = await measure("plain static server", ["--import", "tsx", STATIC_SERVER, built.outDir, base], ROOT);
  const crowd = await measure("carta-docs server", serveArgs, site, crowdConnections);
  return { connections, durationS, paths, serve, plain, crowdConnections, crowd };
}

/** The "serve" group of the report. */
export function loadRows(figures: LoadFigures): Row[] {
  const group = "serve";
  const rows = (label: string, server: ServerLoad, isServe: boolean, connections = figures.connections): Row[] => {
    const shape = `${connections} connections, ${figures.durationS} s`;
    // serve keeps compressed bodies in a 64 MB cache: more growth than that is a leak. A crowd of connections
    // adds their socket buffers (up to about 64 KB each): 1,000 of them about 64 MB more.
    const memoryLimit = 100 + Math.max(0, connections - figures.connections) * 0.0625;
    return [
      { group, metric: `${label}: requests per second`, unit: "req/s", value: server.requestsPerSecond, runs: 1, note: `${shape}; p99 latency ${server.latencyP99Ms} ms` },
      {
        group,
        metric: `${label}: failed requests`,
        unit: "count",
        value: server.errors + server.non2xx,
        runs: 1,
        note: `${server.errors} connection errors (${server.timeouts} timeouts), ${server.non2xx} non-2xx of ${server.requests}`,
        ...(isServe && { target: { op: "<=", limit: 0 } }),
      },
      {
        group,
        metric: `${label}: memory growth under load`,
        unit: "MB",
        value: server.rssGrowth / 2 ** 20,
        runs: 1,
        ...(isServe && { target: { op: "<", limit: memoryLimit } }),
      },
    ];
  };
  const { crowd } = figures;
  const crowdLabel = `carta-docs serve, ${figures.crowdConnections.toLocaleString("en")} connections`;
  return [
    ...rows("carta-docs serve", figures.serve, true),
    ...rows("plain static server", figures.plain, false),
    { group, metric: "carta-docs serve / plain static server, requests per second", unit: "ratio", value: figures.serve.requestsPerSecond / figures.plain.requestsPerSecond, runs: 1 },
    ...rows(crowdLabel, crowd, true, figures.crowdConnections),
    { group, metric: `${crowdLabel}: p99 latency`, unit: "ms", value: crowd.latencyP99Ms, runs: 1, note: `${figures.durationS} s, ${crowd.requests} requests` },
  ];
}
