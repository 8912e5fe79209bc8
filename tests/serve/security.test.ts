import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import type { ServerHandle } from "../../cli/serve/index.ts";
import { BASE, FILES, raw, useServedSite } from "./fixture.ts";

let server: ServerHandle;

useServedSite((_site, started) => {
  server = started;
});

/** Nothing from outside the site may ever appear in a body. */
function expectNothingLeaked(body: Buffer): void {
  expect(body.toString()).not.toMatch(/root:|outside secret|outside page/);
}

async function expectStillServing(): Promise<void> {
  const res = await raw(server.port, `${BASE}docs/next`);
  expect(res.status).toBe(200);
  expect(res.body.toString()).toBe(FILES["docs/next.html"]);
}

describe("paths that try to leave the folder", () => {
  it.each([
    "../../etc/passwd",
    "docs/../../../etc/passwd",
    "%2e%2e/%2e%2e/etc/passwd",
    "%2E%2E/%2E%2E/etc/passwd",
    ".%2e/.%2e/etc/passwd",
    "..%2f..%2fetc%2fpasswd",
    "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "%2e%2e%5c%2e%2e%5cetc%5cpasswd",
    "..\\..\\etc\\passwd",
    "docs\\next",
    "docs%5cnext",
    "index.html%00.png",
    "%00",
    "docs/next%00",
  ])("refuses %s with 400", async (path) => {
    const res = await raw(server.port, BASE + path);
    expect(res.status).toBe(400);
    expectNothingLeaked(res.body);
    await expectStillServing();
  });

  it("does not decode twice: %252e%252e is just a name that does not exist", async () => {
    const res = await raw(server.port, `${BASE}%252e%252e/%252e%252e/etc/passwd`);
    expect(res.status).toBe(404);
    expectNothingLeaked(res.body);
  });

  it.each(["%zz", "%e0%a4%a", "%e0%a4", "%ff", "%", "docs/%2"])(
    "refuses malformed encoding %s with 400",
    async (path) => {
      const res = await raw(server.port, BASE + path);
      expect(res.status).toBe(400);
      await expectStillServing();
    },
  );

  it("refuses targets that are not a path", async () => {
    expect((await raw(server.port, "http://127.0.0.1/carta-frontend/")).status).toBe(400);
    expect((await raw(server.port, "*", { method: "OPTIONS" })).status).toBe(400);
  });
});

describe("overlong URLs", () => {
  it("refuses URLs over 8 KB with 414 and keeps serving", async () => {
    const res = await raw(server.port, BASE + "a".repeat(9000));
    expect(res.status).toBe(414);
    await expectStillServing();
  });

  it("accepts a URL of exactly 8 KB", async () => {
    const path = BASE + "a".repeat(8192 - BASE.length);
    expect(path.length).toBe(8192);
    expect((await raw(server.port, path)).status).toBe(404);
  });
});

describe("symbolic links", () => {
  it.each(["passwd", "passwd.txt", "outside-folder/secret.txt", "outside-folder/secret", "leak"])(
    "does not follow %s out of the folder",
    async (path) => {
      const res = await raw(server.port, BASE + path);
      expect(res.status).toBe(404);
      expect(res.body.toString()).toBe(FILES["404.html"]);
      expectNothingLeaked(res.body);
    },
  );

  it("follows links that stay inside the folder", async () => {
    expect((await raw(server.port, `${BASE}alias`)).body.toString()).toBe(FILES["docs.html"]);
    expect((await raw(server.port, `${BASE}docs-link/next`)).body.toString()).toBe(FILES["docs/next.html"]);
  });
});

describe("hidden files and dot-folders", () => {
  it("serves dot-folders such as API areas and hidden files inside the folder", async () => {
    expect((await raw(server.port, `${BASE}api/.-stores/class/AppStore`)).status).toBe(200);
    expect((await raw(server.port, `${BASE}.env`)).status).toBe(200);
  });
});

it("survives a request Node cannot parse", async () => {
  const reply = await new Promise<string>((resolve, reject) => {
    const socket = connect(server.port, "127.0.0.1", () => socket.end("NOT HTTP AT ALL\r\n\r\n"));
    let data = "";
    socket.on("data", (chunk) => (data += chunk.toString()));
    socket.on("close", () => resolve(data));
    socket.on("error", reject);
  });
  expect(reply).toMatch(/^HTTP\/1\.1 400/);
  await expectStillServing();
});
