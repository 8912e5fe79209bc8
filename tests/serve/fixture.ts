/** A small built site on disk, shaped like the build output, plus a server over it and raw-request helpers. */
import { afterAll, beforeAll } from "vitest";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { startServer, type ServeOptions, type ServerHandle } from "../../cli/serve/index.ts";

export const BASE = "/carta-frontend/";

/** Long enough that compression clearly pays off. */
export const LONG_SCRIPT = `export const data = ${JSON.stringify("carta ".repeat(2000))};\n`;

export const FILES: Record<string, string> = {
  "index.html": "<!doctype html><title>Home</title><body>home page</body>",
  "404.html": "<!doctype html><title>Not found</title><body>page not found</body>",
  "docs.html": "<body>docs 5.0.0 root</body>",
  "docs/next.html": "<body>docs next root</body>",
  "docs/next/contributing/developer-tips.html": "<body>developer tips</body>",
  "api/index.html": "<body>api folder index</body>",
  "api/.-stores/class/AppStore.html": "<body>AppStore class</body>",
  "assets/main.1234abcd.js": LONG_SCRIPT,
  "assets/logo.js": "console.log('not hashed');\n",
  "vendor.abcdef12.js": "console.log('hashed, but not under assets');\n",
  "search-index.json": '{"index":[]}',
  "sitemap.xml": '<?xml version="1.0"?><urlset/>',
  "robots.txt": "User-agent: *\n",
  "style.css": "body{margin:0}",
  "img.png": "\x89PNG fake",
  "font.woff2": "wOF2 fake",
  ".env": "SECRET=inside-is-served",
  "odd name.txt": "space in name",
};

export interface Site {
  dir: string;
  /** A folder beside the site, reachable only through symbolic links. */
  outside: string;
  remove(): Promise<void>;
}

export async function makeSite(): Promise<Site> {
  const root = await mkdtemp(join(tmpdir(), "carta-serve-"));
  const dir = join(root, "build");
  const outside = join(root, "outside");
  for (const [path, content] of Object.entries(FILES)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  await mkdir(outside);
  await writeFile(join(outside, "secret.txt"), "outside secret");
  await writeFile(join(outside, "secret.html"), "<body>outside page</body>");
  await symlink("/etc/passwd", join(dir, "passwd"));
  await symlink("/etc/passwd", join(dir, "passwd.txt"));
  await symlink(outside, join(dir, "outside-folder"));
  await symlink(join(outside, "secret.html"), join(dir, "leak.html"));
  // Links that stay inside are fine.
  await symlink(join(dir, "docs.html"), join(dir, "alias.html"));
  await symlink("docs", join(dir, "docs-link"));
  return { dir, outside, remove: () => rm(root, { recursive: true, force: true }) };
}

export async function serveSite(dir: string, options: Partial<ServeOptions> = {}): Promise<ServerHandle> {
  return startServer({ dir, basePath: BASE, port: 0, ...options });
}

/** Makes the fixture folder and serves it for the tests of one file; `ready` receives both. */
export function useServedSite(ready: (site: Site, server: ServerHandle) => void): void {
  let site: Site | undefined;
  let server: ServerHandle | undefined;
  beforeAll(async () => {
    site = await makeSite();
    server = await serveSite(site.dir);
    ready(site, server);
  });
  afterAll(async () => {
    await server?.close();
    await site?.remove();
  });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request sent exactly as written: fetch would normalise "..", backslashes and the like away. */
export function raw(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const { method = "GET", headers } = options;
    const req = request({ host: "127.0.0.1", port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}
