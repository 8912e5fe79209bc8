/**
 * "Edit this page" links, as Docusaurus's docs.editUrl: a string is the base the doc's path is appended to
 * (the path as Docusaurus would have it: the version's docs folder relative to the content folder, then the
 * doc's path in it, e.g. "versioned_docs/version-4.1.0/contributing/developer-tips.md"); a function
 * receives those parts and returns the whole URL.
 */
import path from "node:path";
import type { Doc } from "./docs.ts";
import type { EditUrlContext, EditUrlFunction } from "../config/schema.ts";
import { scriptUrlProblem } from "../util/scriptUrl.ts";

const posix = (p: string) => p.split(path.sep).join("/");

/** The doc's edit URL, or undefined when the site has none (or the function returns none for this doc). */
export function editUrlOf(editUrl: string | EditUrlFunction | undefined, doc: Doc, contentDir: string): string | undefined {
  if (editUrl === undefined) return undefined;
  const context: EditUrlContext = {
    versionDocsDirPath: posix(path.relative(contentDir, doc.version.docsDir)),
    docPath: posix(path.relative(doc.version.docsDir, doc.source)),
    version: doc.version.name,
    permalink: doc.permalink,
  };
  if (typeof editUrl === "string") return `${editUrl.replace(/\/+$/, "")}/${context.versionDocsDirPath}/${context.docPath}`;
  const url = editUrl(context);
  if (url !== undefined && typeof url !== "string") {
    throw new Error(`docs.editUrl returned ${typeof url} for ${doc.file}; it must return a URL string, or undefined for no link`);
  }
  const problem = url === undefined ? undefined : scriptUrlProblem(url);
  if (problem) throw new Error(`docs.editUrl returned "${url!.slice(0, 60)}" for ${doc.file}: ${problem}`);
  return url;
}
