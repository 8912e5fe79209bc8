/**
 * The server under abuse, on loopback only: slow clients do not starve others, and a request that could be
 * read two ways (request smuggling) is refused before it reaches the site. Many connections at once are the
 * benchmark's (bench/load.ts), with their figures.
 */
import net from "node:net";
import { describe, expect, it } from "vitest";
import type { ServerHandle } from "../../cli/serve/index.ts";
import type { RequestLogEntry } from "../../cli/serve/requestHandler.ts";
import { BASE, FILES, makeSite, raw, serveSite, useServedSite } from "./fixture.ts";

let server: ServerHandle;
useServedSite((_, s) => (server = s));

/** Everything the server sends on one connection for `request`, until it closes or goes quiet. */
function exchange(port: number, request: string, quietMs = 500): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    let timer = setTimeout(() => socket.end(), quietMs);
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      clearTimeout(timer);
      timer = setTimeout(() => socket.end(), quietMs);
    });
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(received);
    });
    socket.on("error", reject);
    socket.write(request);
  });
}

describe("slow clients (slowloris)", () => {
  it("answers a normal request while 100 connections send their headers a line at a time", async () => {
    const slow: net.Socket[] = [];
    const drips: NodeJS.Timeout[] = [];
    try {
      for (let i = 0; i < 100; i++) {
        const socket = net.connect(server.port, "127.0.0.1");
        socket.on("error", () => {});
        socket.write(`GET ${BASE} HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
        // Ten header lines over about two seconds, never the blank line that ends them.
        let lines = 0;
        const drip = setInterval(() => (lines++ < 10 ? socket.write(`X-Slow-${lines}: ${"a".repeat(10)}\r\n`) : clearInterval(drip)), 200);
        drips.push(drip);
        slow.push(socket);
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      const response = await raw(server.port, `${BASE}docs/next`);
      expect(response.status).toBe(200);
      expect(response.body.toString()).toBe(FILES["docs/next.html"]);
      // Answered while every slow client was still connected and still sending.
      expect(slow.filter((socket) => socket.destroyed || socket.readyState !== "open")).toEqual([]);
    } finally {
      for (const drip of drips) clearInterval(drip);
      for (const socket of slow) socket.destroy();
    }
  });
});

describe("request smuggling", () => {
  // An unknown coding makes the rest of the connection the POST's body (RFC 9112, 6.3): the POST alone is answered, 405.
  it.each([
    ["Content-Length with Transfer-Encoding", "Content-Length: 6\r\nTransfer-Encoding: chunked\r\n", "400"],
    ["Transfer-Encoding twice", "Transfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n", "400"],
    ["two different Content-Lengths", "Content-Length: 6\r\nContent-Length: 0\r\n", "400"],
    ["an unknown Transfer-Encoding", "Transfer-Encoding: xchunked\r\n", "405"],
  ])("answers %s once and never serves the request hidden behind it", async (_, headers, status) => {
    const site = await makeSite();
    const seen: RequestLogEntry[] = [];
    const own = await serveSite(site.dir, { onRequest: (entry) => seen.push(entry) });
    try {
      const smuggled = `GET ${BASE}docs/next HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
      const request = `POST ${BASE} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n0\r\n\r\n${smuggled}`;
      const received = await exchange(own.port, request);
      const statuses = [...received.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => m[1]);
      expect(statuses).toEqual([status]);
      expect(received).not.toContain(FILES["docs/next.html"]);
      expect(seen.map((entry) => `${entry.method} ${entry.url}`)).toEqual(status === "400" ? [] : [`POST ${BASE}`]);
    } finally {
      await own.close();
      await site.remove();
    }
  });

  it("still serves a plain request on the same server afterwards", async () => {
    await exchange(server.port, `POST ${BASE} HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`);
    expect((await raw(server.port, `${BASE}docs/next`)).status).toBe(200);
  });
});
