/**
 * The search stage's keeper over a BuildCache (a build store's, see pipeline.ts searchFiles): each page's terms
 * by its render key (table `searchTerms`, which a store reads a part at a time as they are asked for: an edit asks
 * for the edited pages' alone), and each version's assembly in a few entries of table `search`, so that
 * a save writes again only what an edit changed: its layout (pages, keys, manifest, text files' starts;
 * `assembly <version>`), its doc file, and its shards and text files in groups of GROUP files, kept as their bytes
 * (their texts are made of the pages' two-byte strings, which a store saves at two bytes a character: at 10,000 docs,
 * 83 MB against 42 MB), which the output writes as they are. Each entry's key is
 * a token drawn when its value was made, which the layout names: an entry is that assembly's only while its key
 * is the token the layout holds (a part of a store from another build cannot pass for it).
 */
import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import type { BuildCache, StageScope } from "../cache/buildCache.ts";
import type { SearchKeeper } from "./searchFiles.ts";
import type { FileText, PageTerms, VersionAssembly } from "./searchIndex.ts";

/** Files per kept group: a group is some 640 KB of shards or 256 KB of texts. */
const GROUP = 64;

/** What `assembly <version>` keeps: the assembly without its files' texts, and the tokens of the entries holding them. */
interface Layout extends Omit<VersionAssembly, "doc" | "shards" | "texts"> {
  tokens: { doc: string; shards: string[]; texts: string[] };
  /** The layout's own key. */
  token: string;
}

type FileGroups = "shards" | "texts";

const layoutId = (version: string) => `assembly ${version}`;
const docId = (version: string) => `assembly ${version} doc`;
const groupId = (version: string, files: FileGroups, group: number) => `assembly ${version} ${files} ${group}`;

/** `files` in groups of GROUP. */
function grouped(files: readonly FileText[]): FileText[][] {
  return Array.from({ length: Math.ceil(files.length / GROUP) }, (_, g) => files.slice(g * GROUP, (g + 1) * GROUP));
}

const bytesOf = (text: FileText) => (typeof text === "string" ? Buffer.from(text) : text);

/** Whether a group of files holds what `kept` (a kept group's bytes) does: the very same, or the same bytes (an assembly made whole again). */
const sameFiles = (files: readonly FileText[], kept: readonly FileText[] | undefined) =>
  kept !== undefined && files.length === kept.length && files.every((file, i) => file === kept[i] || bytesOf(file).equals(bytesOf(kept[i]!)));

/** A keeper of the search stage's results in `cache`'s search table, pages' terms kept by `keys` (their render keys). */
export function keptSearch(cache: BuildCache, keys: ReadonlyMap<string, string>, scope: StageScope): SearchKeeper {
  const layouts = new Map<string, Layout>();
  const kept = <T>(id: string, token: string, table: "search" | "searchTerms" = "search") => (cache.holds(table, id, token) ? cache.peek<T>(table, id) : undefined);
  /** Keeps `value` under `id`: by `token` when it is what that token already names (the entry is kept as it was), else by a new one. */
  const keep = (id: string, value: unknown, token: string | undefined): string => {
    const key = token ?? randomUUID();
    cache.memo("search", id, key, scope, () => value);
    return key;
  };
  return {
    keyOf: (route) => keys.get(route) ?? "",
    terms: (route, make) => cache.memo("searchTerms", route, keys.get(route) ?? "", scope, make),
    termsKeptBy: (route, key) => kept<PageTerms>(route, key, "searchTerms"),
    keepTerms: (route) => cache.keepUnread("searchTerms", route),
    assembly(version) {
      const layout = cache.peek<Layout>("search", layoutId(version));
      if (!layout || !cache.holds("search", layoutId(version), layout.token)) return undefined;
      const doc = kept<string>(docId(version), layout.tokens.doc);
      const groups = (files: FileGroups) => layout.tokens[files].map((token, g) => kept<Buffer[]>(groupId(version, files, g), token));
      const shards = groups("shards");
      const texts = groups("texts");
      if (doc === undefined || shards.includes(undefined) || texts.includes(undefined)) return undefined;
      layouts.set(version, layout);
      const { tokens: _, token: __, ...rest } = layout;
      return { ...rest, doc, shards: shards.flat() as Buffer[], texts: texts.flat() as Buffer[] };
    },
    keepAssembly(version, assembly, previous) {
      const was = previous && layouts.get(version);
      const { doc, shards, texts, ...rest } = assembly;
      // Each group's files as kept: a group as it was keeps its entry and its bytes (the very ones `previous` holds).
      const keepGroups = (files: FileGroups, all: readonly FileText[], before: readonly FileText[] | undefined) => {
        const old = before && grouped(before);
        const kept = grouped(all).map((group, g) => {
          if (sameFiles(group, old?.[g])) return { token: keep(groupId(version, files, g), undefined, was!.tokens[files][g]), bytes: old![g]! };
          const bytes = group.map(bytesOf);
          return { token: keep(groupId(version, files, g), bytes, undefined), bytes };
        });
        return { tokens: kept.map((group) => group.token), files: kept.flatMap((group) => group.bytes) };
      };
      const keptShards = keepGroups("shards", shards, previous?.shards);
      const keptTexts = keepGroups("texts", texts, previous?.texts);
      const layout: Omit<Layout, "token"> = {
        ...rest,
        tokens: { doc: keep(docId(version), doc, doc === previous?.doc ? was?.tokens.doc : undefined), shards: keptShards.tokens, texts: keptTexts.tokens },
      };
      const same = was && isDeepStrictEqual({ ...layout, token: was.token }, was);
      const token = same ? was.token : randomUUID();
      keep(layoutId(version), same ? was : { ...layout, token }, token);
      return { ...assembly, shards: keptShards.files, texts: keptTexts.files };
    },
  };
}
