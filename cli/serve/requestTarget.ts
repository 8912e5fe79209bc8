/** Turns a raw request target into a decoded path that is safe to map onto files, or says why not. */

/** Longer targets are refused with 414 before any work is done on them. */
const MAX_URL_LENGTH = 8192;

export interface RequestTarget {
  /** The pathname percent-decoded once; never holds a `..` segment, a backslash or a NUL. */
  path: string;
  /** The query string as sent, with its leading "?", or "": redirects carry it over unchanged. */
  search: string;
}

export type ParsedTarget =
  | { ok: true; target: RequestTarget }
  | { ok: false; status: 400 | 414; reason: string };

// A "%" not followed by two hex digits; decodeURIComponent would throw too, but less precisely.
const MALFORMED_ESCAPE = /%(?![0-9a-fA-F]{2})/;

export function parseRequestTarget(url: string): ParsedTarget {
  if (url.length > MAX_URL_LENGTH) {
    return { ok: false, status: 414, reason: `The URL is longer than ${MAX_URL_LENGTH} bytes` };
  }
  const queryStart = url.indexOf("?");
  const rawPath = queryStart === -1 ? url : url.slice(0, queryStart);
  const search = queryStart === -1 ? "" : url.slice(queryStart);
  if (!rawPath.startsWith("/")) return refuse("The request path must start with /");
  if (MALFORMED_ESCAPE.test(rawPath)) return refuse("The URL has malformed percent-encoding");

  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return refuse("The URL's percent-encoding is not valid UTF-8");
  }
  // Checked after decoding so every encoding of these characters (%5c, %2e%2e, ..%2f) is caught.
  if (path.includes("\0")) return refuse("The path holds a NUL byte");
  if (path.includes("\\")) return refuse("The path holds a backslash");
  if (path.split("/").includes("..")) return refuse("The path holds a '..' segment");
  return { ok: true, target: { path, search } };
}

function refuse(reason: string): ParsedTarget {
  return { ok: false, status: 400, reason };
}
