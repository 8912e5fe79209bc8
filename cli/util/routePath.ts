/**
 * Routes made of what authors write (a front matter slug, `docs.routeBasePath`, an API area's slug) must
 * be plain URL paths: read by a URL parser, they stay as written. As Docusaurus' isValidPathname does, this
 * refuses "." and ".." segments (also as %2e), backslashes, "?" and "#": a browser reads such a route as
 * another path than the output file written for it, and "..", as a file path, leads out of the output folder.
 * A relative slug is resolved against its doc's folder first, as in Docusaurus ("../setup" in guide/ is
 * /setup); unlike Docusaurus, which stops silently at the top, one that climbs above the docs is refused.
 */

/** Why `route` ("/" first) is not a plain URL path, or undefined when it is. */
export function routeProblem(route: string): string | undefined {
  if (route.includes("\0")) return "it holds a NUL character";
  let parsed: string;
  try {
    parsed = new URL(route, "https://site.invalid").pathname;
  } catch {
    return "it is not a URL path";
  }
  if (parsed === route || parsed === encodeURI(route)) return undefined;
  if (/(^|[/\\])(\.|%2e){1,2}([/\\]|$)/i.test(route)) return 'it has a "." or ".." segment (a browser reads it as another path, and it could lead out of the output folder)';
  if (route.includes("\\")) return "it holds a backslash (a browser reads it as a slash)";
  if (/[?#]/.test(route)) return 'it holds "?" or "#", which end a URL path';
  return `a browser reads it as ${parsed}`;
}

/** What a valid route looks like, for the end of an error message. */
export const PLAIN_ROUTE = 'use "/"-separated names without "." or ".." segments, backslashes, "?" or "#"';

/**
 * A slug as a route under its version's docs root: an absolute slug as it is, a relative one resolved against
 * the doc's folder (`dir`, "" at the top). Undefined when a relative slug climbs above the docs root.
 */
export function slugRoute(slug: string, dir: string): string | undefined {
  if (slug.startsWith("/")) return slug;
  const segments = dir === "" ? [] : dir.split("/");
  for (const segment of slug.split("/")) {
    if (segment === "..") {
      if (segments.pop() === undefined) return undefined;
    } else if (segment !== ".") segments.push(segment);
  }
  return `/${segments.join("/")}`;
}

export function joinRoute(...parts: string[]): string {
  const joined = parts.join("/").replace(/\/{2,}/g, "/");
  return joined.length > 1 ? joined.replace(/\/$/, "") : joined;
}
