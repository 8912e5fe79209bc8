/**
 * The plain static server `bench/load.ts` measures `carta-docs serve` against: Node's http and
 * fs.createReadStream, with no caching and no compression, and only the lookup a static host does for
 * this output (the file, else route.html, else folder/index.html). Prints its address, as serve does.
 *
 *   node --import tsx bench/staticServer.ts <dir> <baseUrl>
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

const TYPES: Record<string, string> = { ".html": "text/html; charset=utf-8", ".css": "text/css", ".js": "text/javascript", ".json": "application/json", ".svg": "image/svg+xml", ".xml": "application/xml" };

/** The files a request path may name, in the order a static host tries them; none outside the base path. */
export function staticCandidates(urlPath: string, baseUrl: string): string[] {
  const pathname = urlPath.split("?")[0]!;
  if (!`${pathname}/`.startsWith(baseUrl)) return [];
  const rel = pathname.slice(baseUrl.length).replace(/\/$/, "");
  if (rel.split("/").some((segment) => segment === ".." || segment.includes("%"))) return [];
  return rel === "" ? ["index.html"] : [rel, `${rel}.html`, `${rel}/index.html`];
}

function serveStatic(dir: string, baseUrl: string): http.Server {
  return http.createServer((request, response) => {
    const found = staticCandidates(request.url ?? "/", baseUrl).find((rel) => fs.statSync(path.join(dir, rel), { throwIfNoEntry: false })?.isFile());
    const file = path.join(dir, found ?? "404.html");
    response.writeHead(found ? 200 : 404, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
    fs.createReadStream(file).pipe(response);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir, baseUrl] = process.argv.slice(2);
  if (!dir || !baseUrl) throw new Error("usage: staticServer.ts <dir> <baseUrl>");
  const server = serveStatic(path.resolve(dir), baseUrl).listen(0, "127.0.0.1", () => {
    const { port } = server.address() as { port: number };
    process.stdout.write(`Serving ${dir} at http://127.0.0.1:${port}${baseUrl}\n`);
  });
}
