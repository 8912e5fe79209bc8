/**
 * Watch mode end to end, through the programmatic API: the served page follows an edit, open pages get
 * the reload event, a broken build keeps the last good page and shows the overlay's errors, fixing it
 * clears them, and an edited template is picked up by a fresh builder.
 */
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serve, type RebuildEvent, type WatchHandle } from "../../cli/index.ts";
import { EVENTS_PATH } from "../../cli/watch/index.ts";
import { cleanTemp, copyFixtureSite, read, write } from "../helpers/site.ts";

const ADVANCED = "content/docs/guide/advanced.md";
const ROUTE = "/carta-frontend/docs/next/guide/advanced";

/** A client of the live-reload event stream that keeps every event it receives. */
class EventStream {
  private readonly received: { event: string; data: unknown }[] = [];
  private readonly waiters: (() => void)[] = [];
  private request?: http.ClientRequest;

  async connect(url: string): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.request = http.get(url, (res) => {
        res.setEncoding("utf8");
        let buffer = "";
        res.on("data", (chunk: string) => {
          buffer += chunk;
          for (let end = buffer.indexOf("\n\n"); end !== -1; end = buffer.indexOf("\n\n")) {
            const lines = buffer.slice(0, end).split("\n");
            buffer = buffer.slice(end + 2);
            const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
            this.received.push({ event: field("event") ?? "message", data: JSON.parse(field("data") ?? "null") });
            for (const wake of this.waiters.splice(0)) wake();
          }
        });
        resolve();
      });
      this.request.on("error", reject);
    });
    return this;
  }

  /** The first event named `name` not yet taken, waiting for it if need be. */
  async next<T>(name: string): Promise<T> {
    for (;;) {
      const index = this.received.findIndex((e) => e.event === name);
      if (index !== -1) return this.received.splice(index, 1)[0]!.data as T;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  close(): void {
    this.request?.destroy();
  }
}

let site: string;
let handle: WatchHandle;
let stream: EventStream;
const streams: EventStream[] = [];

const page = async (route: string) => (await fetch(new URL(route, handle.url))).text();
const nextRebuild = () => new Promise<RebuildEvent>((resolve) => handle.events.once("rebuild", resolve));
const openStream = async () => {
  const opened = await new EventStream().connect(new URL(EVENTS_PATH, handle.url).href);
  streams.push(opened);
  return opened;
};

beforeAll(async () => {
  site = copyFixtureSite();
  write(site, "site.config.ts", read(site, "site.config.ts").replace("export default {", 'export default {\n  templatesDir: "templates",'));
  write(site, "templates/notFound.tsx", 'export default function NotFound() {\n  return "custom not found, first edition";\n}\n');
  handle = await serve({ watch: true, config: path.join(site, "site.config.ts"), port: 0 });
  stream = await openStream();
}, 60_000);

afterAll(async () => {
  for (const opened of streams) opened.close();
  await handle?.close();
  cleanTemp();
});

describe("watch mode", () => {
  it("builds into the dev cache folder and serves it with the live-reload client", async () => {
    expect(handle.firstBuild).toMatchObject({ ok: true, pages: 16, changes: [] });
    expect(handle.outDir).toBe(path.join(site, ".carta-docs-cache", "dev"));
    const html = await page(ROUTE);
    expect(html).toContain("zanzibarnext");
    expect(html).toContain(`new EventSource("${EVENTS_PATH}")`);
    expect(await stream.next("hello")).toMatchObject({ session: expect.any(String) });
  });

  it("rebuilds an edited page, tells open pages to reload, and reports when the change was seen and written", async () => {
    const rebuilt = nextRebuild();
    write(site, ADVANCED, read(site, ADVANCED).replace("zanzibarnext", "quetzalnext"));
    const reload = await stream.next<{ routes: string[]; changedAt: number; writtenAt: number }>("reload");
    expect(reload.routes).toEqual([ROUTE]);
    expect(reload.writtenAt).toBeGreaterThanOrEqual(reload.changedAt);
    const event = await rebuilt;
    expect(event).toMatchObject({ ok: true, routes: [ROUTE], changes: [path.join(site, ADVANCED)] });
    expect(event.finishedAt).toBeGreaterThanOrEqual(event.changedAt!);
    expect(await page(ROUTE)).toContain("quetzalnext");
  }, 30_000);

  it("keeps serving the last good page on an error, shows it with file and line, and clears it when fixed", async () => {
    write(site, ADVANCED, read(site, ADVANCED).replace("sidebar_position: 2", "sidebar_position: [2"));
    const failure = await stream.next<{ errors: { file: string; line: number; message: string }[] }>("build-error");
    expect(failure.errors[0]).toMatchObject({ file: ADVANCED, line: expect.any(Number), message: expect.stringMatching(/not valid YAML/) });
    expect(await page(ROUTE)).toContain("quetzalnext");

    // A page opened meanwhile shows the errors at once.
    const late = await openStream();
    expect(await late.next("build-error")).toEqual(failure);

    write(site, ADVANCED, read(site, ADVANCED).replace("sidebar_position: [2", "sidebar_position: 2").replace("quetzalnext", "okapinext"));
    await stream.next("build-ok");
    expect((await stream.next<{ routes: string[] }>("reload")).routes).toEqual([ROUTE]);
    expect(await page(ROUTE)).toContain("okapinext");
  }, 30_000);

  it("loads an edited template in a fresh builder", async () => {
    expect(await page("/carta-frontend/no-such-page")).toContain("first edition");
    const rebuilt = nextRebuild();
    write(site, "templates/notFound.tsx", 'export default function NotFound() {\n  return "custom not found, second edition";\n}\n');
    expect(await rebuilt).toMatchObject({ ok: true, changes: [path.join(site, "templates/notFound.tsx")] });
    expect(await page("/carta-frontend/no-such-page")).toContain("second edition");
  }, 30_000);

  it("stops serving when closed", async () => {
    const closing = handle;
    await closing.close();
    await expect(fetch(closing.url)).rejects.toThrow();
  });
});
