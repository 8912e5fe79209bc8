/**
 * Bodies the server had to produce (compressed, or HTML with a script injected), kept in memory so a
 * repeated request does not redo the work. An entry is valid while its file is unchanged on disk, and
 * the least recently used entries go once the total passes a byte budget.
 */
import { compress, type Encoding } from "./encoding.ts";
import type { FoundFile } from "./findFile.ts";

export type Variant = Encoding | "identity";

interface Entry {
  /** Identifies the file version the body was made from. */
  stamp: string;
  /** Shared by concurrent requests, so a body is produced once. */
  body: Promise<Buffer>;
  bytes: number;
}

const DEFAULT_BUDGET_BYTES = 64 * 1024 * 1024;

export class BodyCache {
  private readonly entries = new Map<string, Entry>();
  private totalBytes = 0;

  /** `load` reads a file's identity body (with any transformation applied). */
  constructor(
    private readonly load: (file: FoundFile) => Promise<Buffer>,
    private readonly budgetBytes = DEFAULT_BUDGET_BYTES,
  ) {}

  get(file: FoundFile, variant: Variant): Promise<Buffer> {
    const key = `${file.path}\0${variant}`;
    const { ino, size, mtimeMs } = file.stats;
    // The inode changes when a rebuild swaps a new folder in, even within one mtime tick.
    const stamp = `${ino}:${size}:${mtimeMs}`;
    const cached = this.entries.get(key);
    if (cached?.stamp === stamp) {
      // Re-inserted so that Map order stays least-recently-used first.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached.body;
    }
    if (cached) this.remove(key, cached);
    const identity = this.load(file);
    const body = variant === "identity" ? identity : identity.then((buffer) => compress(buffer, variant));
    const entry: Entry = { stamp, body, bytes: 0 };
    this.entries.set(key, entry);
    body.then(
      (buffer) => this.account(key, entry, buffer.length),
      () => this.remove(key, entry),
    );
    return body;
  }

  private account(key: string, entry: Entry, bytes: number): void {
    if (this.entries.get(key) !== entry) return; // replaced or evicted while it was being produced
    entry.bytes = bytes;
    this.totalBytes += bytes;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.totalBytes <= this.budgetBytes) break;
      this.remove(oldestKey, oldest);
    }
  }

  private remove(key: string, entry: Entry): void {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
  }
}
