/** Search files made the way the build makes them, from search documents, for the search tests. */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "../../cli/pages/pages.ts";
import { buildSearchFiles } from "../../cli/search/searchFiles.ts";
import type { SearchDoc } from "../../cli/search/searchIndex.ts";

/** A search document with the docs version of its page ("" for a page of no version). */
export interface VersionedDoc extends SearchDoc {
  version: string;
}

/** A search document of version `version` (default "5.0.0"); `u` is its route plus anchor. */
export const doc = (u: string, t: string, s: string, x: string, version = "5.0.0", k = "docs"): VersionedDoc => ({ u, t, s, x, k, version });

/**
 * The search files of documents grouped into pages by route, with `links` as the links of docs pages
 * (by route); versions are those of the documents, the default one `latest`; index shards of about
 * `shardChars` characters (the build's size by default).
 */
export function searchFilesOf(docs: VersionedDoc[], latest = "5.0.0", links: Record<string, string[]> = {}, shardChars?: number): Map<string, string> {
  const byRoute = new Map<string, VersionedDoc[]>();
  for (const d of docs) {
    const route = d.u.split("#")[0]!;
    byRoute.set(route, [...(byRoute.get(route) ?? []), d]);
  }
  const pages = [...byRoute].map(([route, sections]) => {
    const { version, k } = sections[0]!;
    return { route, kind: k === "api" ? "apiItem" : "doc", ...(version && { version: { name: version } }) } as unknown as Page;
  });
  const rendered = new Map([...byRoute].map(([route, search]) => [route, { search, links: (links[route] ?? []).join("\0") }]));
  const versions = [...new Set(docs.map((d) => d.version).filter(Boolean))];
  const { files } = buildSearchFiles(pages, rendered, versions.length ? versions : [latest], latest, shardChars);
  return new Map([...files].map(([name, text]) => [name, text.toString()]));
}

export function writeFiles(dir: string, files: Map<string, string>): void {
  for (const [name, data] of files) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), data);
  }
}
