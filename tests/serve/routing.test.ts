import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerHandle } from "../../cli/serve/index.ts";
import { BASE, FILES, raw, serveSite, useServedSite, type Site } from "./fixture.ts";

let site: Site;
let server: ServerHandle;

useServedSite((madeSite, started) => {
  site = madeSite;
  server = started;
});

const get = (path: string, init: RequestInit = {}) =>
  fetch(`http://127.0.0.1:${server.port}${path}`, { redirect: "manual", ...init });

describe("base path", () => {
  it("redirects / to the base path with 302, keeping the query", async () => {
    const res = await get("/?utm=x");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${BASE}?utm=x`);
  });

  it("redirects the base path without its slash to the base path", async () => {
    const res = await get("/carta-frontend");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(BASE);
  });

  it("answers the base path itself with index.html", async () => {
    const res = await get(BASE);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await res.text()).toBe(FILES["index.html"]);
  });

  it.each(["/docs/next", "/elsewhere/", "/carta-frontendX", "/carta-frontendX/docs", "/index.html"])(
    "answers %s, outside the base path, with the 404 page",
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(await res.text()).toBe(FILES["404.html"]);
    },
  );
});

describe("routes to files", () => {
  it.each([
    ["docs", "docs.html"],
    ["docs/next", "docs/next.html"],
    ["docs/next/contributing/developer-tips", "docs/next/contributing/developer-tips.html"],
    ["api", "api/index.html"],
    ["api/.-stores/class/AppStore", "api/.-stores/class/AppStore.html"],
  ])("serves %s from %s", async (route, file) => {
    const res = await get(BASE + route);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await res.text()).toBe(FILES[file]);
  });

  it.each([
    "assets/main.1234abcd.js",
    "search-index.json",
    "sitemap.xml",
    "img.png",
    "robots.txt",
    "font.woff2",
    ".env",
  ])("serves %s under its own name", async (path) => {
    const res = await get(BASE + path);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from(FILES[path]!));
  });

  it("decodes percent-encoded names", async () => {
    const res = await get(`${BASE}odd%20name.txt`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("space in name");
  });

  it.each(["nope", "docs/nope", "assets", "assets/missing.1234abcd.js", "api/.-stores"])(
    "answers unknown %s with status 404 and the 404 page",
    async (path) => {
      const res = await get(BASE + path);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(await res.text()).toBe(FILES["404.html"]);
    },
  );
});

describe("canonical URLs (trailing slashes off)", () => {
  it.each([
    ["docs/next.html", "docs/next"],
    ["docs/next/", "docs/next"],
    ["docs/next//", "docs/next"],
    ["api/index.html", "api"],
    ["api/", "api"],
    ["index.html", ""],
    ["api/.-stores/class/AppStore.html", "api/.-stores/class/AppStore"],
    ["odd%20name.html", "odd%20name"],
    ["a%3Fb/", "a%3Fb"],
  ])("redirects %s with 301 to %s", async (from, to) => {
    const res = await get(BASE + from);
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(BASE + to);
  });

  it("keeps the query string when redirecting", async () => {
    const res = await get(`${BASE}docs/next.html?a=1&b=%20`);
    expect(res.headers.get("location")).toBe(`${BASE}docs/next?a=1&b=%20`);
    const slash = await get(`${BASE}docs/next/?q=x`);
    expect(slash.headers.get("location")).toBe(`${BASE}docs/next?q=x`);
  });

  it("follows redirects to the page", async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}${BASE}docs/next/`);
    expect(res.status).toBe(200);
    expect(res.url).toBe(`http://127.0.0.1:${server.port}${BASE}docs/next`);
    expect(await res.text()).toBe(FILES["docs/next.html"]);
  });
});

describe("a site served at the root", () => {
  let rootServer: ServerHandle;
  beforeAll(async () => {
    rootServer = await serveSite(site.dir, { basePath: "/" });
  });
  afterAll(() => rootServer.close());

  it("answers / with index.html and routes without a prefix", async () => {
    expect((await raw(rootServer.port, "/")).body.toString()).toBe(FILES["index.html"]);
    expect((await raw(rootServer.port, "/docs/next")).body.toString()).toBe(FILES["docs/next.html"]);
  });

  it("never redirects to a protocol-relative URL", async () => {
    const res = await raw(rootServer.port, "//evil.example/");
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("/evil.example");
  });
});
