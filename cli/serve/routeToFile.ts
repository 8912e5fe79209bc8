/**
 * Maps a request path onto the build folder the way a static host with trailing slashes off does:
 * `/base/x` is `x.html` (or `x/index.html`), `/base/x.html`, `/base/x/index.html` and `/base/x/`
 * redirect to `/base/x`, and files with other extensions are served under their own name.
 */
import type { RequestTarget } from "./requestTarget.ts";

export type RouteDecision =
  | { kind: "redirect"; status: 301 | 302; location: string }
  /** Paths relative to the served folder, in order: the first that is a file answers. */
  | { kind: "file"; candidates: string[] }
  | { kind: "not-found" };

/** "/carta-frontend", "carta-frontend/" and "/carta-frontend/" all become "/carta-frontend/"; "" becomes "/". */
export function normalizeBasePath(basePath: string): string {
  const trimmed = basePath.replace(/^\/+|\/+$/g, "");
  return trimmed ? `/${trimmed}/` : "/";
}

/** `basePath` must already be normalised. */
export function resolveRoute({ path, search }: RequestTarget, basePath: string): RouteDecision {
  if (basePath !== "/") {
    if (path === "/") return { kind: "redirect", status: 302, location: basePath + search };
    // The base path without its slash names the home page's folder, as on any static host.
    if (path === basePath.slice(0, -1)) return { kind: "redirect", status: 301, location: basePath + search };
  }
  if (!path.startsWith(basePath)) return { kind: "not-found" };

  const rest = path.slice(basePath.length);
  const segments = rest.split("/").filter((segment) => segment !== "");
  const canonical = withoutHtmlSuffix(segments);
  if (rest.endsWith("/") || canonical !== segments) {
    return { kind: "redirect", status: 301, location: basePath + canonical.map(encodeSegment).join("/") + search };
  }
  if (segments.length === 0) return { kind: "file", candidates: ["index.html"] };
  const relative = segments.join("/");
  return { kind: "file", candidates: [relative, `${relative}.html`, `${relative}/index.html`] };
}

/** Returns `segments` itself when there is nothing to strip, so callers can compare by identity. */
function withoutHtmlSuffix(segments: string[]): string[] {
  const last = segments.at(-1);
  if (last === "index.html") return segments.slice(0, -1);
  if (last && last.length > ".html".length && last.endsWith(".html")) {
    return [...segments.slice(0, -1), last.slice(0, -".html".length)];
  }
  return segments;
}

/** Re-encodes a decoded segment for a Location header; "?" and "#" would otherwise end the path. */
function encodeSegment(segment: string): string {
  return encodeURI(segment).replace(/[?#]/g, encodeURIComponent);
}
