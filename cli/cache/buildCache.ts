/**
 * Stage results kept from one build to the next, so that a watch-mode rebuild redoes only the work whose
 * inputs changed. A table holds one entry per id (a version, a doc, a route) with the key of the inputs it
 * was computed from. What a computation reported on the side (diagnostics, asset files, unresolved links)
 * is stored with its value and replayed into every build that reuses it, so a reused result reports
 * exactly what a fresh one would.
 */
import { AssetRegistry } from "../output/assets.ts";
import { Diagnostics, type Diagnostic } from "../util/diagnostics.ts";

/** Where a computation reports besides its value; one per build, and a fresh one per computation. */
export interface StageScope {
  baseUrl: string;
  diagnostics: Diagnostics;
  assets: AssetRegistry;
  /** Hrefs left as written after a warning, which the link checker skips. */
  unresolvedLinks: Set<string>;
}

export type CacheTable = "content" | "api" | "snippets" | "snippetBlocks" | "apiDiff" | "markdown" | "apiPages" | "apiItemNames" | "assets" | "render" | "links" | "search" | "searchTerms";

/** How a build store loads a table's entries when they are first asked for (see BuildCache.lazily). */
export interface LazyTable {
  /** Loads the entries stored with `id`'s (its part), if not loaded yet. */
  fetch(id: string): void;
  /** Loads every entry not loaded yet. */
  all(): void;
}

/**
 * One kept result: what `memo` stores, and what a build store (buildStore.ts) saves as plain data. What it
 * reported on the side is left out when it reported nothing (most results): three empty lists an entry were a
 * seventh of the objects a large site's store loads.
 */
export interface Entry {
  key: string;
  value: unknown;
  diagnostics?: Diagnostic[];
  assets?: [string, string | Buffer][];
  unresolvedLinks?: string[];
}

export function createScope(baseUrl: string): StageScope {
  return { baseUrl, diagnostics: new Diagnostics(), assets: new AssetRegistry(baseUrl), unresolvedLinks: new Set() };
}

export class BuildCache {
  private readonly tables = new Map<CacheTable, Map<string, Entry>>();
  private readonly identities = new WeakMap<object, string>();
  private nextIdentity = 1;
  /** Names this cache's identities, so that no key made with one can match a key of another process. */
  private readonly salt = `${process.pid}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2)}`;
  /** Tables this cache stored a result into. */
  private readonly storedIn = new Set<CacheTable>();
  /** Entries this build looked up or stored, by table: what a build store saves (see `used`). */
  private readonly touched = new Map<CacheTable, Set<string>>();
  /** Tables a build store loads part by part, as their entries are asked for. */
  private readonly lazy = new Map<CacheTable, LazyTable>();

  /**
   * `keep` false: a one-off build's cache, which computes everything, keeps nothing and so needs no keys
   * (the render and links stages skip making them; see `keeps`). `session` false with `keep`: a one-off build
   * whose results a build store keeps on disk for the next one (see buildStore.ts); such a build uses threads
   * as any one-off build does. `neutralize`: writes a key's absolute paths as paths relative to the site (a build
   * store's, so that its keys hold when the site is cloned elsewhere; see `neutral`).
   */
  constructor(
    private readonly keep = true,
    readonly session = keep,
    private readonly neutralize?: (key: string) => string,
  ) {}

  /**
   * `text` (a key, or what a key is hashed from) with the site's folder written relative: every key goes through
   * it in `memo`; a stage that hashes its inputs into a key passes them through it first.
   */
  neutral(text: string): string {
    return this.neutralize ? this.neutralize(text) : text;
  }

  /** Whether results are kept for later builds, so that keys are worth making. */
  get keeps(): boolean {
    return this.keep;
  }

  /**
   * Reports made after their stage ran: API pages carry closures (comment markdown) that report while a
   * template calls them. They report here, and whoever runs the closure moves the reports where they belong.
   */
  readonly late = new Diagnostics();

  /** The value computed for `id` from inputs `key`: reused when the key is unchanged, else computed and kept. */
  memo<T>(table: CacheTable, id: string, key: string, into: StageScope, compute: (scope: StageScope) => T): T {
    const hit = this.lookup(table, id, key, into);
    if (hit) return hit.value as T;
    const scope = createScope(into.baseUrl);
    return this.store(table, id, key, scope, compute(scope), into);
  }

  async memoAsync<T>(table: CacheTable, id: string, key: string, into: StageScope, compute: (scope: StageScope) => Promise<T>): Promise<T> {
    const hit = this.lookup(table, id, key, into);
    if (hit) return hit.value as T;
    const scope = createScope(into.baseUrl);
    return this.store(table, id, key, scope, await compute(scope), into);
  }

  /** Whether the value kept for `id` was computed from inputs `key` (a memo call would reuse it). */
  holds(table: CacheTable, id: string, key: string): boolean {
    return this.entryOf(table, id)?.key === this.neutral(key);
  }

  /** The value last kept for `id`, whatever its inputs were. */
  peek<T>(table: CacheTable, id: string): T | undefined {
    return this.entryOf(table, id)?.value as T | undefined;
  }

  /** Drops one entry, or a whole table: for inputs a key cannot see (a viewer source edit, an image). */
  forget(table: CacheTable, id?: string): void {
    // Loaded first, so that no part loaded later brings the entries back.
    const lazy = this.lazy.get(table);
    if (id === undefined) {
      lazy?.all();
      this.tables.delete(table);
    } else {
      lazy?.fetch(id);
      this.tables.get(table)?.delete(id);
    }
  }

  /**
   * Marks the entry kept for `id` as used by this build without reading it: a build store keeps it as it is (in a
   * part not loaded, unread). For entries a build needs only when their page changed (a page's search terms).
   */
  keepUnread(table: CacheTable, id: string): void {
    this.touch(table, id);
  }

  /** How many entries of `table` this build used, read or not. */
  usedCount(table: CacheTable): number {
    return this.touched.get(table)?.size ?? 0;
  }

  /** Has a build store load `table`'s entries as they are first asked for (see LazyTable). */
  lazily(table: CacheTable, load: LazyTable): void {
    this.lazy.set(table, load);
  }

  /**
   * A name that stays the same for one object (an API page), to put objects into keys: the one given with
   * `name`, which says what the object was made from and so holds across processes, else a number of this
   * cache alone, which no key kept on disk can match.
   */
  identity(value: object): string {
    let id = this.identities.get(value);
    if (id === undefined) this.identities.set(value, (id = `${this.salt}-${this.nextIdentity++}`));
    return id;
  }

  /** Names `value` by `token`, a digest of the inputs it was made from (see `identity`). */
  name(value: object, token: string): void {
    this.identities.set(value, `=${token}`);
  }

  /** The entries of `tables` this cache's build used (looked up or stored), for a build store to save. */
  used(tables: readonly CacheTable[]): Map<CacheTable, Map<string, Entry>> {
    const out = new Map<CacheTable, Map<string, Entry>>();
    for (const table of tables) {
      const entries = this.tables.get(table);
      const ids = this.touched.get(table);
      const used = new Map<string, Entry>();
      // A loop, not arrays per entry: a large site's store saves some 50,000 entries.
      if (entries && ids) {
        for (const id of ids) {
          const entry = entries.get(id);
          if (entry) used.set(id, entry);
        }
      }
      out.set(table, used);
    }
    return out;
  }

  /** Whether this cache computed anything it keeps in `tables` (a build store with nothing new need not save). */
  changedIn(tables: readonly CacheTable[]): boolean {
    return tables.some((table) => this.storedIn.has(table));
  }

  /**
   * Takes entries a build store loaded (see buildStore.ts), as if this cache had computed them: the tables become
   * this cache's own (not copied: at 10,000 docs some 40,000 entries), which the store must not use again.
   */
  adopt(tables: Map<CacheTable, Map<string, Entry>>): void {
    for (const [table, entries] of tables) this.tables.set(table, entries);
  }

  /** Takes the entries of one part of a table a build store loads lazily, beside those taken before. */
  adoptPart(table: CacheTable, entries: ReadonlyMap<string, Entry>): void {
    let kept = this.tables.get(table);
    if (!kept) this.tables.set(table, (kept = new Map<string, Entry>()));
    for (const [id, entry] of entries) kept.set(id, entry);
  }

  /** The entry kept for `id`, its part loaded first in a table loaded lazily. */
  private entryOf(table: CacheTable, id: string): Entry | undefined {
    this.lazy.get(table)?.fetch(id);
    return this.tables.get(table)?.get(id);
  }

  private touch(table: CacheTable, id: string): void {
    let ids = this.touched.get(table);
    if (!ids) this.touched.set(table, (ids = new Set()));
    ids.add(id);
  }

  private lookup(table: CacheTable, id: string, key: string, into: StageScope): Entry | undefined {
    const entry = this.entryOf(table, id);
    if (entry?.key !== this.neutral(key)) return undefined;
    this.touch(table, id);
    replay(entry, into);
    return entry;
  }

  private store<T>(table: CacheTable, id: string, key: string, scope: StageScope, value: T, into: StageScope): T {
    const entry: Entry = {
      key: this.neutral(key),
      value,
      ...(scope.diagnostics.items.length > 0 && { diagnostics: [...scope.diagnostics.items] }),
      ...(scope.assets.files.size > 0 && { assets: [...scope.assets.files] }),
      ...(scope.unresolvedLinks.size > 0 && { unresolvedLinks: [...scope.unresolvedLinks] }),
    };
    if (this.keep) {
      let entries = this.tables.get(table);
      if (!entries) this.tables.set(table, (entries = new Map<string, Entry>()));
      entries.set(id, entry);
      this.touch(table, id);
      this.storedIn.add(table);
    }
    replay(entry, into);
    return value;
  }
}

/** Moves what `from` reported into `into`, for work done side by side and reported in a fixed order. */
export function mergeScope(from: StageScope, into: StageScope): void {
  replay({ diagnostics: from.diagnostics.items, assets: [...from.assets.files], unresolvedLinks: [...from.unresolvedLinks] }, into);
}

function replay(entry: Omit<Entry, "key" | "value">, into: StageScope): void {
  if (entry.diagnostics) into.diagnostics.items.push(...entry.diagnostics);
  for (const [rel, data] of entry.assets ?? []) into.assets.files.set(rel, data);
  for (const href of entry.unresolvedLinks ?? []) into.unresolvedLinks.add(href);
}
