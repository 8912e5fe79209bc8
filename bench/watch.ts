/**
 * Watch mode's edit-to-reload time: `carta-docs serve --watch` on a site copy, a connection to the event
 * stream its pages open, one line appended to a doc, and the time until the stream says "reload".
 * Measured only when the toolchain has watch mode; otherwise the reason is reported, never a number.
 * Also how watch mode's file watcher groups a burst of new files (a branch switch) into rebuilds.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { CONTENT_DELAY_MS } from "../cli/watch/index.ts";
import { watchFiles } from "../cli/watch/fileWatcher.ts";
import { childEnv, ROOT } from "./builds.ts";
import type { Row } from "./report.ts";

const BIN = path.join(ROOT, "bin", "carta-docs");

export interface StreamEvent {
  event: string;
  data: string;
}

export type WatchFigures =
  | { measured: true; latenciesMs: number[]; reloads: StreamEvent[] }
  | { measured: false; reason: string };

/** Complete server-sent events in `buffer`, and the incomplete rest to keep for the next chunk. */
export function parseEvents(buffer: string): { events: StreamEvent[]; rest: string } {
  const blocks = buffer.replace(/\r\n/g, "\n").split("\n\n");
  const rest = blocks.pop() ?? "";
  const events = blocks.flatMap((block) => {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    }
    // A block of only comments (": ping") or retry lines is no event.
    return data.length > 0 || block.includes("event:") ? [{ event, data: data.join("\n") }] : [];
  });
  return { events, rest };
}

/** The event stream a served page opens, from its `new EventSource("...")`. */
export function eventSourceUrl(html: string, pageUrl: string): string | undefined {
  const match = /new EventSource\(\s*(["'`])(.+?)\1/.exec(html);
  return match ? new URL(match[2]!, pageUrl).href : undefined;
}

interface EventStream {
  /** Resolves with the first event named `name` after now, or rejects after `timeoutMs`. */
  next(name: string, timeoutMs: number): Promise<StreamEvent>;
  close(): void;
}

/** Connects to the stream; resolves once its first event (the server's greeting) shows it is live. */
function openStream(url: string, timeoutMs: number): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const waiting: { name: string; resolve: (event: StreamEvent) => void }[] = [];
    let buffer = "";
    let live = false;
    const stream: EventStream = {
      next: (name, ms) =>
        new Promise((done, fail) => {
          const timer = setTimeout(() => fail(new Error(`no "${name}" event within ${ms} ms`)), ms);
          waiting.push({ name, resolve: (event) => (clearTimeout(timer), done(event)) });
        }),
      close: () => request.destroy(),
    };
    const timer = setTimeout(() => (request.destroy(), reject(new Error(`${url} sent no event within ${timeoutMs} ms`))), timeoutMs);
    const request = http.get(url, { headers: { Accept: "text/event-stream" } }, (response) => {
      if (response.statusCode !== 200) return (clearTimeout(timer), reject(new Error(`${url} answered ${response.statusCode}`)));
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        const parsed = parseEvents(buffer + chunk);
        buffer = parsed.rest;
        for (const event of parsed.events) {
          const i = waiting.findIndex((w) => w.name === event.event);
          if (i >= 0) waiting.splice(i, 1)[0]!.resolve(event);
        }
        if (!live && parsed.events.length > 0) {
          live = true;
          clearTimeout(timer);
          resolve(stream);
        }
      });
    });
    request.once("error", (error) => (clearTimeout(timer), reject(error)));
  });
}

/** Starts the server and resolves with the first local URL it prints (messages before it may name others). */
function startWatch(options: WatchOptions, timeoutMs: number): { child: ChildProcess; url: Promise<string> } {
  const args = [BIN, "serve", "--watch", "--port", "0", "--config", options.configFile, ...(options.viewer ? ["--viewer", options.viewer] : [])];
  const child = spawn(process.execPath, args, {
    cwd: options.siteDir,
    env: childEnv(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the watch server printed no URL within ${timeoutMs / 1000} s:\n${output.slice(-2000)}`)), timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d+[^\s]*/.exec(output);
      if (match) (clearTimeout(timer), resolve(match[0]));
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("exit", (code) => (clearTimeout(timer), reject(new Error(`the watch server exited (code ${code}):\n${output.slice(-2000)}`))));
  });
  url.catch(() => {}); // handled by the awaiting caller; avoids an unhandled rejection after a late exit
  return { child, url };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

export interface WatchOptions {
  configFile: string;
  siteDir: string;
  /** The doc the edits append to. */
  docFile: string;
  viewer?: string;
  edits: number;
}

export async function measureWatchReload(options: WatchOptions): Promise<WatchFigures> {
  if (!fs.existsSync(path.join(ROOT, "cli", "watch"))) return { measured: false, reason: "watch mode not available (no cli/watch)" };
  const help = spawnSync(process.execPath, [BIN, "serve", "--help"], { encoding: "utf8" });
  if (!/--watch\b/.test(help.stdout)) return { measured: false, reason: "watch mode not available (carta-docs serve has no --watch)" };

  const { child, url } = startWatch(options, 300_000);
  try {
    const pageUrl = await url;
    const page = await fetch(pageUrl);
    const streamUrl = eventSourceUrl(await page.text(), pageUrl);
    if (!streamUrl) return { measured: false, reason: `watch mode not measurable (the served page, status ${page.status}, opens no EventSource)` };
    const latenciesMs: number[] = [];
    const reloads: StreamEvent[] = [];
    for (let i = 0; i < options.edits; i++) {
      const stream = await openStream(streamUrl, 10_000);
      try {
        const reload = stream.next("reload", 30_000);
        const start = performance.now();
        fs.appendFileSync(options.docFile, `\nA line added by the benchmark, edit ${i + 1}.\n`);
        reloads.push(await reload);
        latenciesMs.push(performance.now() - start);
      } finally {
        stream.close();
      }
      // Let the server finish what follows a reload (search files) before the next edit, as a writer would.
      await sleep(1500);
    }
    return { measured: true, latenciesMs, reloads };
  } catch (error) {
    return { measured: false, reason: `watch mode failed: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    await stop(child);
  }
}

export interface BurstFigures {
  files: number;
  /** Batches (each one rebuild) the watcher made of them. */
  batches: number;
}

/** `files` docs written at once into a watched folder of `tmp`, batched with content's delay as watch mode does. */
export async function measureBurst(tmp: string, files: number): Promise<BurstFigures> {
  const dir = fs.mkdtempSync(path.join(tmp, "burst-"));
  const batches: string[][] = [];
  const watcher = await watchFiles({ paths: [dir], delayFor: () => CONTENT_DELAY_MS, onBatch: (changed) => batches.push(changed), onError: () => {} });
  try {
    for (let i = 0; i < files; i++) fs.writeFileSync(path.join(dir, `page-${i}.md`), `# Page ${i}\n`);
    for (let waited = 0; new Set(batches.flat()).size < files; waited += 50) {
      if (waited > 30_000) throw new Error(`the watcher reported ${new Set(batches.flat()).size} of ${files} files within 30 s`);
      await sleep(50);
    }
    return { files, batches: batches.length };
  } finally {
    await watcher.close();
  }
}

export function burstRows(burst: BurstFigures): Row[] {
  return [{ group: "watch", metric: `${burst.files} docs written at once: rebuilds`, unit: "count", value: burst.batches, runs: 1, target: { op: "<", limit: 20 }, note: `batched ${CONTENT_DELAY_MS} ms after the last change` }];
}
