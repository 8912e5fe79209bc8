/**
 * The terms of one version's index, read from its shards as they are fetched (searchData.ts has the format).
 * A term's id is its place among all the version's terms, sorted, as in an index of one piece: the engine
 * over loaded shards finds, orders and scores exactly as over the whole index. A lookup that needs a shard
 * not loaded yet notes it (see `takeMissing`) and goes on as if its terms were absent; the engine then loads
 * what was missing and asks again (searchEngine.ts, `VersionIndex.find`).
 */
import { lastAtMost, type SearchIndexFile, type SearchShardFile } from "./searchData.ts";

interface Shard {
  terms: string[];
  sections: string[];
  titles: string[];
}

/** Above every character a term may continue with: `prefix + AFTER` ends the range of terms beginning `prefix`. */
const AFTER = "\uffff";

export class TermIndex {
  private readonly first: string[];
  /** Id of each shard's first term. */
  private readonly base: number[] = [];
  private readonly shards: (Shard | undefined)[];
  private readonly missing = new Set<number>();

  constructor(manifest: SearchIndexFile) {
    this.first = manifest.shards.first;
    let id = 0;
    for (const count of manifest.shards.terms) {
      this.base.push(id);
      id += count;
    }
    this.shards = this.first.map(() => undefined);
  }

  /** Adds a fetched shard. */
  add(shard: number, file: SearchShardFile): void {
    this.shards[shard] = { terms: file.terms === "" ? [] : file.terms.split(" "), sections: file.sections, titles: file.titles };
  }

  /** Whether a lookup since the last `takeMissing` needed a shard not loaded. */
  lacksShards(): boolean {
    return this.missing.size > 0;
  }

  /** Shards lookups needed since the last call, and found not loaded. */
  takeMissing(): number[] {
    const shards = [...this.missing];
    this.missing.clear();
    return shards;
  }

  /** The shard whose range holds `term` (the last whose first term is not after it), or -1 before the first. */
  private shardOf(term: string): number {
    return lastAtMost(this.first, term);
  }

  /** Shard `n` if loaded; else notes it missing. */
  private loaded(n: number): Shard | undefined {
    const shard = this.shards[n];
    if (!shard) this.missing.add(n);
    return shard;
  }

  /** The shard and place of a term's id (only of loaded shards: ids come from them). */
  private locate(id: number): [Shard, number] {
    const n = lastAtMost(this.base, id);
    return [this.shards[n]!, id - this.base[n]!];
  }

  term(id: number): string {
    const [shard, at] = this.locate(id);
    return shard.terms[at]!;
  }

  /** A term's postings, as searchData.ts encodes them: its sections, and the pages whose title holds it. */
  postings(id: number): { sections: string; titles: string } {
    const [shard, at] = this.locate(id);
    return { sections: shard.sections[at] ?? "", titles: shard.titles[at] ?? "" };
  }

  /** The id of `term`, undefined when the index lacks it (or its shard is not loaded). */
  id(term: string): number | undefined {
    const n = this.shardOf(term);
    if (n === -1) return undefined;
    const shard = this.loaded(n);
    if (!shard) return undefined;
    const at = lowerBound(shard.terms, term);
    return shard.terms[at] === term ? this.base[n]! + at : undefined;
  }

  /**
   * Ids of the terms starting with `prefix` (itself included), in order, until `take` says stop: each shard
   * the range covers is read in turn.
   */
  private each(prefix: string, take: (id: number, term: string) => boolean): void {
    const end = prefix + AFTER;
    for (let n = Math.max(0, this.shardOf(prefix)); n < this.first.length && this.first[n]! < end; n++) {
      const shard = this.loaded(n);
      if (!shard) continue;
      for (let at = lowerBound(shard.terms, prefix); at < shard.terms.length && shard.terms[at]!.startsWith(prefix); at++) {
        if (!take(this.base[n]! + at, shard.terms[at]!)) return;
      }
    }
  }

  /** Terms starting with `prefix` (not itself), in order; the first `limit` of them. */
  longer(prefix: string, limit = Infinity): number[] {
    const found: number[] = [];
    this.each(prefix, (id, term) => {
      if (term !== prefix) found.push(id);
      return found.length < limit;
    });
    return found;
  }

  /** Terms starting with `prefix` for which `keep` holds, in order. */
  filter(prefix: string, keep: (term: string) => boolean): number[] {
    const found: number[] = [];
    this.each(prefix, (id, term) => {
      if (keep(term)) found.push(id);
      return true;
    });
    return found;
  }
}

/** The first place in sorted `terms` not before `term`. */
function lowerBound(terms: readonly string[], term: string): number {
  let low = 0;
  let high = terms.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (terms[mid]! < term) low = mid + 1;
    else high = mid;
  }
  return low;
}
