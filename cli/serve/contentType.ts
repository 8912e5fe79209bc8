/** Content-Type by file extension; text types are exactly the ones worth compressing. */
import { extname } from "node:path";

export interface ContentType {
  header: string;
  compressible: boolean;
  html: boolean;
}

const TEXT_TYPES: Record<string, string> = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".map": "application/json",
  ".svg": "image/svg+xml",
  ".xml": "application/xml",
  ".txt": "text/plain",
  ".md": "text/markdown",
};

const BINARY_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
};

export function contentTypeFor(filePath: string): ContentType {
  const extension = extname(filePath).toLowerCase();
  const text = TEXT_TYPES[extension];
  if (text) return { header: `${text}; charset=utf-8`, compressible: true, html: extension === ".html" };
  return { header: BINARY_TYPES[extension] ?? "application/octet-stream", compressible: false, html: false };
}
