import { utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { ServerHandle } from "../../cli/serve/index.ts";
import { BASE, FILES, LONG_SCRIPT, raw, useServedSite, type Site } from "./fixture.ts";

let site: Site;
let server: ServerHandle;

useServedSite((madeSite, started) => {
  site = madeSite;
  server = started;
});

const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  raw(server.port, BASE + path, { headers, method });

describe("content types", () => {
  it.each([
    ["docs/next", "text/html; charset=utf-8"],
    ["assets/main.1234abcd.js", "text/javascript; charset=utf-8"],
    ["style.css", "text/css; charset=utf-8"],
    ["search-index.json", "application/json; charset=utf-8"],
    ["sitemap.xml", "application/xml; charset=utf-8"],
    ["robots.txt", "text/plain; charset=utf-8"],
    ["img.png", "image/png"],
    ["font.woff2", "font/woff2"],
    [".env", "application/octet-stream"],
  ])("serves %s as %s", async (path, type) => {
    expect((await get(path)).headers["content-type"]).toBe(type);
  });

  it.each(["", "docs/next", "nope", "docs/next/", "%zz"])("sends nosniff on %s", async (path) => {
    expect((await get(path)).headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("Cache-Control", () => {
  it("lets hashed assets be cached forever", async () => {
    expect((await get("assets/main.1234abcd.js")).headers["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
  });

  it.each(["assets/logo.js", "vendor.abcdef12.js", "docs/next", "", "search-index.json", "img.png"])(
    "asks clients to revalidate %s",
    async (path) => {
      expect((await get(path)).headers["cache-control"]).toBe("no-cache");
    },
  );
});

describe("validators and conditional requests", () => {
  it("sends a strong ETag and Last-Modified", async () => {
    const res = await get("docs/next");
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    expect(new Date(res.headers["last-modified"] as string).getTime()).not.toBeNaN();
  });

  it("answers a matching If-None-Match with 304 and no body", async () => {
    const { headers } = await get("docs/next");
    const etag = headers.etag as string;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const res = await get("docs/next", { "if-none-match": ifNoneMatch });
      expect(res.status).toBe(304);
      expect(res.body.length).toBe(0);
      expect(res.headers.etag).toBe(etag);
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
    expect((await get("docs/next", { "if-none-match": '"stale"' })).status).toBe(200);
  });

  it("answers If-Modified-Since with 304 unless the file is newer", async () => {
    const { headers } = await get("style.css");
    const modified = headers["last-modified"] as string;
    expect((await get("style.css", { "if-modified-since": modified })).status).toBe(304);
    const earlier = new Date(Date.parse(modified) - 60_000).toUTCString();
    expect((await get("style.css", { "if-modified-since": earlier })).status).toBe(200);
    expect((await get("style.css", { "if-modified-since": "not a date" })).status).toBe(200);
  });

  it("lets If-None-Match decide when both are sent", async () => {
    const { headers } = await get("style.css");
    const res = await get("style.css", {
      "if-none-match": '"stale"',
      "if-modified-since": headers["last-modified"] as string,
    });
    expect(res.status).toBe(200);
  });

  it("changes the ETag and body when the file changes", async () => {
    const path = join(site.dir, "docs/next/contributing/developer-tips.html");
    const before = await get("docs/next/contributing/developer-tips", { "accept-encoding": "br" });
    await writeFile(path, "<body>developer tips, revised</body>");
    await utimes(path, new Date(), new Date(Date.now() + 5000));
    const after = await get("docs/next/contributing/developer-tips", { "accept-encoding": "br" });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // The compressed body was cached for the old file; it must not be served for the new one.
    expect(brotliDecompressSync(after.body).toString()).toBe("<body>developer tips, revised</body>");
  });
});

describe("compression", () => {
  const script = "assets/main.1234abcd.js";

  it("prefers brotli and says the body varies by Accept-Encoding", async () => {
    const res = await get(script, { "accept-encoding": "gzip, deflate, br" });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toBe("Accept-Encoding");
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(LONG_SCRIPT.length / 10);
    expect(brotliDecompressSync(res.body).toString()).toBe(LONG_SCRIPT);
  });

  it("uses gzip when brotli is not accepted", async () => {
    for (const accept of ["gzip", "br;q=0, gzip", "gzip;q=0.8, br;q=0.3"]) {
      const res = await get(script, { "accept-encoding": accept });
      expect(res.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(res.body).toString()).toBe(LONG_SCRIPT);
    }
  });

  it("sends the file as it is when no coding is accepted", async () => {
    for (const accept of [undefined, "identity", "br;q=0, gzip;q=0", "deflate"]) {
      const res = await get(script, accept ? { "accept-encoding": accept } : {});
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.headers.vary).toBe("Accept-Encoding");
      expect(res.body.toString()).toBe(LONG_SCRIPT);
    }
  });

  it("does not compress types that are already compressed", async () => {
    const res = await get("img.png", { "accept-encoding": "br, gzip" });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
  });

  it("tags each coding with its own ETag, and validates it", async () => {
    const plain = await get(script);
    const br = await get(script, { "accept-encoding": "br" });
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const revalidated = await get(script, { "accept-encoding": "br", "if-none-match": br.headers.etag as string });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.vary).toBe("Accept-Encoding");
  });
});

describe("methods", () => {
  it.each(["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])("refuses %s with 405 and Allow", async (method) => {
    const res = await get("docs/next", {}, method);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD");
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    for (const [path, headers] of [
      ["docs/next", {}],
      ["assets/main.1234abcd.js", { "accept-encoding": "br" }],
    ] as const) {
      const getRes = await get(path, headers);
      const head = await get(path, headers, "HEAD");
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(head.headers["content-length"]).toBe(String(getRes.body.length));
      expect(head.headers.etag).toBe(getRes.headers.etag);
      expect(head.headers["content-type"]).toBe(getRes.headers["content-type"]);
    }
  });

  it("answers HEAD of an unknown page with 404 and no body", async () => {
    const res = await get("nope", {}, "HEAD");
    expect(res.status).toBe(404);
    expect(res.body.length).toBe(0);
    expect(res.headers["content-length"]).toBe(String(Buffer.byteLength(FILES["404.html"]!)));
  });
});
