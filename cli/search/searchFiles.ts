/**
 * The search stage: each docs version's search files, from its pages' terms. With a keeper (a build store's, see
 * keptSearch.ts) each page's terms are made once and kept by its render key, and each version's files as last
 * assembled are kept too, so that an edit of a few pages patches them (searchPatch.ts) rather than putting them
 * together again from every page. A version is assembled whole on a cold build, when its pages were added,
 * removed or moved, when more than PATCHED_PAGES of them changed, or when searchPatch.ts cannot patch the edit.
 */
import { searchFileNames, searchShardFile, searchTextFile, SHARD_CHARS } from "../../renderer/client/searchData.ts";
import { splitList } from "../links/checkLinks.ts";
import { InternalError } from "../util/diagnostics.ts";
import { sha1 } from "../util/hash.ts";
import { assembleVersion, pageTermsOf, type FileText, type PageTerms, type SearchDoc, type VersionAssembly } from "./searchIndex.ts";
import { patchVersion, type PageEdit } from "./searchPatch.ts";
import type { Page } from "../pages/pages.ts";

/**
 * Where a build keeps what the search stage made: each page's terms by a key of what they are made of (its
 * rendering), and each version's assembly.
 */
export interface SearchKeeper {
  /** The key a page's terms are kept by in this build (its render key). */
  keyOf(route: string): string;
  /** The page's terms: as kept by its key, else made by `make` (and kept). */
  terms(route: string, make: () => PageTerms): PageTerms;
  /** The page's terms as kept by `key` (an earlier build's), if they still are: asked before `terms` replaces them. */
  termsKeptBy(route: string, key: string): PageTerms | undefined;
  /** Keeps the page's terms as they are, unread: a version patched needs the edited pages' alone. */
  keepTerms(route: string): void;
  /** The version's files as the last build assembled them, if kept. */
  assembly(version: string): VersionAssembly | undefined;
  /**
   * Keeps this build's assembly of the version (`previous`: the one it was patched from or replaces); returns it as
   * kept (its shards and text files as the bytes kept, which the output writes as they are).
   */
  keepAssembly(version: string, assembly: VersionAssembly, previous: VersionAssembly | undefined): VersionAssembly;
}

/** Edited pages a version is patched for at most: past it, patching costs about what a whole assembly does. */
const PATCHED_PAGES = 64;

export interface SearchFiles {
  /** Every search file's text (or bytes), by path in the output. */
  files: Map<string, FileText>;
  /** The files whose text is the kept assembly's same file's (the output links them unread: pipeline.ts linkUnchangedSearchFiles). */
  unchanged: Set<string>;
  /** The versions with edited pages whose files were patched, not assembled whole. */
  patched: string[];
}

/** A page of a version, with what its terms are made of. */
interface SearchablePage {
  page: Page;
  sections: SearchDoc[] | undefined;
}

function missingTerms(page: Page): never {
  throw new InternalError(new Error("a kept rendering's search terms are not kept"), "putting the search files together, at the page of", page.source);
}

/**
 * The list of links of each docs page, in page order, and a digest of them: while the digest holds, so do the
 * sections each version marks as cited. (A page's list as it is: splitting 10,000 took longer than the patch.)
 */
function citedOf(pages: readonly Page[], rendered: ReadonlyMap<string, { links?: string }>): { lists: string[]; digest: string } {
  const lists = pages.filter((page) => page.kind === "doc").map((page) => rendered.get(page.route)?.links ?? "");
  return { lists, digest: sha1(lists.join("\n")) };
}

/**
 * The search files of `pages`, from each page's documents taken when it was rendered: a doc file and an
 * index (manifest and shards of about `shardChars` characters) per docs version, with the pages of no
 * version in each, and their texts. A site without versions has one set.
 */
export function buildSearchFiles(
  pages: Page[],
  rendered: ReadonlyMap<string, { search?: SearchDoc[]; links?: string }>,
  versions: readonly string[],
  defaultVersion: string,
  shardChars = SHARD_CHARS,
  keeper?: SearchKeeper,
): SearchFiles {
  const byVersion = new Map<string, SearchablePage[]>([defaultVersion, ...versions].map((v) => [v, []]));
  const everywhere: SearchablePage[] = [];
  for (const page of pages) {
    const done = rendered.get(page.route);
    const sections = done?.search;
    if (!done || sections?.length === 0) continue;
    const version = page.version?.name;
    if (version === undefined) everywhere.push({ page, sections });
    else byVersion.get(version)?.push({ page, sections });
  }
  const cited = citedOf(pages, rendered);
  const result: SearchFiles = { files: new Map(), unchanged: new Set(), patched: [] };
  const made = new Map<string, PageTerms>();
  let urls: Set<string> | undefined;
  // Without its documents, a kept rendering's terms are kept (see RenderedPage.search): a build asks for them alone.
  const termsOf = ({ page, sections }: SearchablePage) => {
    let terms = made.get(page.route);
    if (!terms) made.set(page.route, (terms = keeper ? keeper.terms(page.route, () => (sections ? pageTermsOf(sections) : missingTerms(page))) : pageTermsOf(sections ?? missingTerms(page))));
    return terms;
  };
  // Each version's edited pages' old terms are looked up before any page's terms are kept again.
  const plans = [...byVersion].map(([version, own]) => {
    const versionPages = [...everywhere, ...own];
    const keys = versionPages.map(({ page }) => keeper?.keyOf(page.route) ?? "");
    const previous = keeper?.assembly(version);
    return { version, versionPages, keys, previous, edits: previous && shardChars === previous.shardChars ? editsOf(previous, versionPages, keys, keeper!) : undefined };
  });
  for (const { version, versionPages, keys, previous, edits } of plans) {
    // A patch needs the edited pages' terms alone; the others' stay kept as they are, unread.
    const patched = edits && patchVersion(previous!, keys, edits.map(({ index, old }) => ({ index, old, now: termsOf(versionPages[index]!) })), cited.digest);
    if (patched) {
      const edited = new Set(edits.map(({ index }) => index));
      for (const [index, { page }] of versionPages.entries()) if (!edited.has(index)) keeper!.keepTerms(page.route);
      if (edits.length > 0) result.patched.push(version);
    }
    const assembly = patched ?? assembleVersion(version, versionPages.map(termsOf), keys, { urls: (urls ??= new Set(cited.lists.flatMap(splitList))), digest: cited.digest }, shardChars);
    addFiles(result, version, defaultVersion, keeper ? keeper.keepAssembly(version, assembly, previous) : assembly, previous);
  }
  return result;
}

/**
 * The pages of a version whose terms changed since its `previous` assembly, with their terms then; undefined when
 * the version's pages are not those of then, in the same order, or too many changed, or a changed page's earlier
 * terms are no longer kept.
 */
function editsOf(previous: VersionAssembly, pages: readonly SearchablePage[], keys: readonly string[], keeper: SearchKeeper): Omit<PageEdit, "now">[] | undefined {
  if (previous.routes.length !== pages.length || pages.some(({ page }, i) => page.route !== previous.routes[i])) return undefined;
  const edits: Omit<PageEdit, "now">[] = [];
  for (const [index, key] of keys.entries()) {
    if (key === previous.keys[index]) continue;
    const old = edits.length < PATCHED_PAGES ? keeper.termsKeptBy(previous.routes[index]!, previous.keys[index]!) : undefined;
    if (!old) return undefined;
    edits.push({ index, old });
  }
  return edits;
}

/** Adds a version's files to `result`; those whose text is the very text of `previous`'s same file are unchanged. */
function addFiles(result: SearchFiles, version: string, defaultVersion: string, assembly: VersionAssembly, previous: VersionAssembly | undefined): void {
  const add = (name: string, text: FileText, was: FileText | undefined) => {
    result.files.set(name, text);
    if (text === was) result.unchanged.add(name);
  };
  const names = searchFileNames(version, defaultVersion);
  add(names.doc, assembly.doc, previous?.doc);
  add(names.index, assembly.index, previous?.index);
  assembly.shards.forEach((shard, n) => add(searchShardFile(version, n), shard, previous?.shards[n]));
  assembly.texts.forEach((text, n) => add(searchTextFile(version, n), text, previous?.texts[n]));
}
