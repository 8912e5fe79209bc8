/**
 * `path.join(dir, rel)` for the paths a folder walk makes by the thousand: `dir` normalized and not empty (as
 * path.resolve or path.relative give it), `rel` the names of entries below it joined by "/" (no "." or "..", no empty
 * name). On POSIX the two are joined as strings, which path.join would normalize again at some ten times the cost and
 * garbage (at 10,000 docs, some 40,000 paths a build); elsewhere path.join turns the "/" into the platform's separator.
 */
import path from "node:path";

export const joinUnder: (dir: string, rel: string) => string = path.sep === "/" ? (dir, rel) => (dir.endsWith("/") ? `${dir}${rel}` : `${dir}/${rel}`) : (dir, rel) => path.join(dir, rel);
