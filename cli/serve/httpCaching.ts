/** Validators (ETag, Last-Modified), conditional requests and Cache-Control. */
import { createHash } from "node:crypto";
import type { Stats } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import type { Encoding } from "./encoding.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";
// `name.3f9a1c2b.js`: the hash changes whenever the content does, so the URL can be cached forever.
const HASHED_NAME = /\.[0-9a-f]{8,}\.[^./]+$/;

/** `relativePath` is relative to the served folder, with "/" separators. */
export function cacheControlFor(relativePath: string): string {
  return relativePath.startsWith("assets/") && HASHED_NAME.test(relativePath) ? IMMUTABLE : "no-cache";
}

/** Strong ETag of a file as it is on disk. */
export function statEtag(stats: Stats): string {
  return `"${stats.size.toString(36)}-${Math.floor(stats.mtimeMs * 1000).toString(36)}"`;
}

/** Strong ETag of a body the server produced (e.g. HTML with a script injected). */
export function contentEtag(body: Buffer): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** A strong ETag names one byte sequence, so each content coding gets its own. */
export function withEncoding(etag: string, encoding: Encoding): string {
  return `${etag.slice(0, -1)}-${encoding}"`;
}

export function lastModified(stats: Stats): string {
  return stats.mtime.toUTCString();
}

/** If-None-Match wins over If-Modified-Since when both are sent (RFC 9110 §13.2.2). */
export function isNotModified(headers: IncomingHttpHeaders, etag: string, mtimeMs: number): boolean {
  const ifNoneMatch = headers["if-none-match"];
  if (ifNoneMatch !== undefined) {
    // GET and HEAD compare weakly: a W/ prefix on the client's tag does not prevent a match.
    return ifNoneMatch.split(",").some((tag) => {
      const trimmed = tag.trim();
      return trimmed === "*" || trimmed.replace(/^W\//, "") === etag;
    });
  }
  const since = Date.parse(headers["if-modified-since"] ?? "");
  // HTTP dates have whole seconds; the file's sub-second part must not make it look newer.
  return !Number.isNaN(since) && Math.floor(mtimeMs / 1000) * 1000 <= since;
}
