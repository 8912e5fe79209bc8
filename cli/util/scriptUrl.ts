/**
 * URLs a link must not lead to: `javascript:` and `vbscript:` run script when followed, `data:` shows a document
 * the site did not publish (and React writes a placeholder that throws in place of a `javascript:` href anyway).
 */
const SCRIPT_SCHEMES = ["javascript", "vbscript", "data"];

/** The scheme of `href` when it is one of those, read as a browser reads it (tabs, newlines and controls ignored). */
function scriptScheme(href: string): string | undefined {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href.replace(/[\u0000-\u0020]/g, ""))?.[1]?.toLowerCase();
  return scheme !== undefined && SCRIPT_SCHEMES.includes(scheme) ? scheme : undefined;
}

/** What is wrong with `href` as a link, or undefined when it may be one. */
export function scriptUrlProblem(href: string): string | undefined {
  const scheme = scriptScheme(href);
  return scheme && `a ${scheme}: URL is not allowed in a link (it would run script or show a document the site does not publish); use an http(s) or mailto URL, or a path under the site`;
}
