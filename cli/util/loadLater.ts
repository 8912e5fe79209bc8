/**
 * A package loaded on first use rather than with the module that uses it: the highlighter, the HTML sanitizer
 * and the MDX parser cost about 0.6 s to load, which a build that renders no page needing them (an edit of one
 * page without code, raw HTML or MDX) need not pay. Loaded synchronously (require; Node 20.19 and later
 * require an ES module package too), so the rendering that calls it stays synchronous.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** A function returning the package `name`, loaded on its first call. */
export function loadLater<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
