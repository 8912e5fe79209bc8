import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RequestLogEntry, type ServerHandle } from "../../cli/serve/index.ts";
import { BASE, FILES, makeSite, raw, serveSite, type Site } from "./fixture.ts";

const SCRIPT = '<script src="/__carta-docs/reload.js"></script>';
const injectScript = (html: string) => html.replace("</body>", `${SCRIPT}</body>`);

let site: Site;

beforeAll(async () => {
  site = await makeSite();
});
afterAll(() => site?.remove());

describe("starting and stopping", () => {
  it("listens on 127.0.0.1 and reports the home page URL", async () => {
    const server = await serveSite(site.dir);
    try {
      expect(server.port).toBeGreaterThan(0);
      expect(server.url).toBe(`http://127.0.0.1:${server.port}${BASE}`);
      expect(server.server.address()).toMatchObject({ address: "127.0.0.1", port: server.port });
      expect((await fetch(server.url)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("normalises the base path it is given", async () => {
    const server = await startServer({ dir: site.dir, basePath: "carta-frontend", port: 0 });
    try {
      expect(server.url).toBe(`http://127.0.0.1:${server.port}${BASE}`);
      expect((await raw(server.port, `${BASE}docs/next`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("rejects a port that is already in use with a clear message", async () => {
    const first = await serveSite(site.dir);
    try {
      await expect(serveSite(site.dir, { port: first.port })).rejects.toThrow(
        `Port ${first.port} on 127.0.0.1 is already in use; choose another with --port`,
      );
      expect((await raw(first.port, `${BASE}docs`)).status).toBe(200);
    } finally {
      await first.close();
    }
  });

  it("rejects an invalid port and a missing folder", async () => {
    await expect(serveSite(site.dir, { port: 70000 })).rejects.toThrow(/Port 70000 is not valid/);
    await expect(serveSite(join(site.dir, "missing"))).rejects.toThrow(/missing: it is not a folder/);
  });

  it("closes even while a long-lived response is open", async () => {
    const server = await serveSite(site.dir, {
      routes: {
        "/__carta-docs/events": (_req, res) => {
          res.writeHead(200, { "Content-Type": "text/event-stream" });
          res.write("data: hello\n\n");
        },
      },
    });
    const events = await fetch(`http://127.0.0.1:${server.port}/__carta-docs/events`);
    const reader = events.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("data: hello\n\n");
    await server.close();
    await expect(reader.read()).rejects.toThrow();
    await expect(fetch(server.url)).rejects.toThrow();
  });
});

describe("extra routes", () => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await serveSite(site.dir, {
      routes: {
        "/__carta-docs/events": (req, res) => {
          res.writeHead(200, { "Content-Type": "text/plain" });
          res.end(`handled ${req.method}`);
        },
      },
    });
  });
  afterAll(() => server.close());

  it("answers before the site, outside the base path, for any method, ignoring the query", async () => {
    const get = await raw(server.port, "/__carta-docs/events?since=3");
    expect(get.status).toBe(200);
    expect(get.body.toString()).toBe("handled GET");
    expect((await raw(server.port, "/__carta-docs/events", { method: "POST" })).body.toString()).toBe("handled POST");
    expect(get.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("matches the exact path only", async () => {
    expect((await raw(server.port, "/__carta-docs/events/more")).status).toBe(404);
    expect((await raw(server.port, "/__carta-docs")).status).toBe(404);
  });
});

describe("HTML injection", () => {
  let server: ServerHandle;
  let plain: ServerHandle;
  beforeAll(async () => {
    server = await serveSite(site.dir, { inject: injectScript });
    plain = await serveSite(site.dir);
  });
  afterAll(async () => {
    await server.close();
    await plain.close();
  });

  it("adds the script to every HTML page, the 404 page included", async () => {
    expect((await raw(server.port, `${BASE}docs/next`)).body.toString()).toBe(`<body>docs next root${SCRIPT}</body>`);
    const notFound = await raw(server.port, `${BASE}nope`);
    expect(notFound.status).toBe(404);
    expect(notFound.body.toString()).toContain(SCRIPT);
  });

  it("leaves other files alone", async () => {
    expect((await raw(server.port, `${BASE}assets/logo.js`)).body.toString()).toBe(FILES["assets/logo.js"]);
  });

  it("compresses the injected page and gives it its own ETag", async () => {
    const res = await raw(server.port, `${BASE}docs`, { headers: { "accept-encoding": "br" } });
    expect(brotliDecompressSync(res.body).toString()).toBe(`<body>docs 5.0.0 root${SCRIPT}</body>`);
    const identity = await raw(server.port, `${BASE}docs`);
    const withoutInjection = await raw(plain.port, `${BASE}docs`);
    expect(identity.headers.etag).not.toBe(withoutInjection.headers.etag);
    // A copy cached from a run without injection must not validate.
    const revalidated = await raw(server.port, `${BASE}docs`, {
      headers: { "if-none-match": withoutInjection.headers.etag as string },
    });
    expect(revalidated.status).toBe(200);
  });
});

describe("request log and failures", () => {
  it("reports each request, and a failing request as 500 without stopping the server", async () => {
    const entries: RequestLogEntry[] = [];
    const server = await serveSite(site.dir, {
      inject: (html) => {
        if (html.includes("AppStore")) throw new Error("inject failed");
        return html;
      },
      onRequest: (entry) => entries.push(entry),
    });
    try {
      expect((await raw(server.port, `${BASE}docs/next`)).status).toBe(200);
      expect((await raw(server.port, `${BASE}api/.-stores/class/AppStore`)).status).toBe(500);
      expect((await raw(server.port, `${BASE}docs/next`, { method: "DELETE" })).status).toBe(405);
      expect((await raw(server.port, `${BASE}docs/next`)).status).toBe(200);
      await expect.poll(() => entries.length).toBe(4);
      expect(entries.map(({ method, url, status }) => ({ method, url, status }))).toEqual([
        { method: "GET", url: `${BASE}docs/next`, status: 200 },
        { method: "GET", url: `${BASE}api/.-stores/class/AppStore`, status: 500 },
        { method: "DELETE", url: `${BASE}docs/next`, status: 405 },
        { method: "GET", url: `${BASE}docs/next`, status: 200 },
      ]);
      expect(entries[1]!.error).toBeInstanceOf(Error);
      expect(entries[0]!.error).toBeUndefined();
      expect(entries[0]!.durationMs).toBeGreaterThanOrEqual(0);
    } finally {
      await server.close();
    }
  });
});

describe("the folder on disk", () => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await serveSite(site.dir);
  });
  afterAll(() => server.close());

  it("streams large files whole, and serves them uncompressed rather than buffering them", async () => {
    const big = Buffer.alloc(9 * 1024 * 1024, "carta docs ");
    await writeFile(join(site.dir, "big.txt"), big);
    const res = await raw(server.port, `${BASE}big.txt`, { headers: { "accept-encoding": "br" } });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers["content-length"]).toBe(String(big.length));
    expect(res.body.equals(big)).toBe(true);
  });

  it("serves a folder swapped in after it started", async () => {
    const next = `${site.dir}-next`;
    await mkdir(join(next, "docs"), { recursive: true });
    await writeFile(join(next, "docs.html"), "<body>rebuilt docs</body>");
    await rename(site.dir, `${site.dir}-old`);
    await rename(next, site.dir);
    expect((await raw(server.port, `${BASE}docs`)).body.toString()).toBe("<body>rebuilt docs</body>");
    // The rebuilt folder has no 404.html: a plain-text 404 stands in.
    const missing = await raw(server.port, `${BASE}docs/next`);
    expect(missing.status).toBe(404);
    expect(missing.headers["content-type"]).toBe("text/plain; charset=utf-8");
    await rm(site.dir, { recursive: true });
    await rename(`${site.dir}-old`, site.dir);
  });
});
