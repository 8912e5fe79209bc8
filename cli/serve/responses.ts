/** Writing responses: whole bodies, redirects, and files with validators, compression and streaming. */
import { open } from "node:fs/promises";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { pipeline } from "node:stream/promises";
import type { BodyCache } from "./bodyCache.ts";
import { contentTypeFor } from "./contentType.ts";
import { negotiateEncoding } from "./encoding.ts";
import type { FoundFile } from "./findFile.ts";
import { cacheControlFor, contentEtag, isNotModified, lastModified, statEtag, withEncoding } from "./httpCaching.ts";

/** Larger files are streamed as they are rather than compressed in memory. */
const MAX_COMPRESSED_FILE_BYTES = 8 * 1024 * 1024;

/** A body held in memory; HEAD gets the same headers and no body. */
export function sendBody(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: Buffer,
  headers: OutgoingHttpHeaders,
): void {
  res.writeHead(status, { ...headers, "Content-Length": body.length });
  res.end(req.method === "HEAD" ? undefined : body);
}

export function sendText(req: IncomingMessage, res: ServerResponse, status: number, text: string): void {
  sendBody(req, res, status, Buffer.from(`${text}\n`), {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
  });
}

export function redirect(res: ServerResponse, status: 301 | 302, location: string): void {
  res.writeHead(status, { Location: location, "Content-Length": 0 });
  res.end();
}

/**
 * Serves `file` with status 200, or 304 when the client's copy is current. `cache` produces bodies
 * that cannot be streamed from disk: compressed ones, and HTML when `transformsHtml` is set.
 */
export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: FoundFile,
  cache: BodyCache,
  transformsHtml: boolean,
): Promise<void> {
  const type = contentTypeFor(file.path);
  const transformed = type.html && transformsHtml;
  const encoding =
    type.compressible && (transformed || file.stats.size <= MAX_COMPRESSED_FILE_BYTES)
      ? negotiateEncoding(req.headers["accept-encoding"])
      : undefined;
  // A transformed body is tagged by its content: the same file served without the
  // transformation (another server run) must not validate against it.
  const identity = transformed ? await cache.get(file, "identity") : undefined;
  const baseEtag = identity ? contentEtag(identity) : statEtag(file.stats);
  const etag = encoding ? withEncoding(baseEtag, encoding) : baseEtag;

  const headers: OutgoingHttpHeaders = {
    ETag: etag,
    "Last-Modified": lastModified(file.stats),
    "Cache-Control": cacheControlFor(file.relativePath),
    ...(type.compressible && { Vary: "Accept-Encoding" }),
  };
  if (isNotModified(req.headers, etag, file.stats.mtimeMs)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers["Content-Type"] = type.header;

  const body = encoding ? await cache.get(file, encoding) : identity;
  if (body) {
    sendBody(req, res, 200, body, { ...headers, ...(encoding && { "Content-Encoding": encoding }) });
    return;
  }
  if (req.method === "HEAD") {
    res.writeHead(200, { ...headers, "Content-Length": file.stats.size });
    res.end();
    return;
  }
  // Opened before the status is written, so a file that vanished can still get an error response.
  const handle = await open(file.path);
  res.writeHead(200, { ...headers, "Content-Length": file.stats.size });
  // A failure mid-stream (client gone, file truncated) can only end the connection, which pipeline does.
  await pipeline(handle.createReadStream(), res).catch(() => undefined);
}
