/**
 * The order of watch mode's builds: one at a time, the first with no changes; files that change while a build
 * runs are built together by the next one, so a save that lands mid-build is never lost.
 */

export interface QueuedBuild {
  /** Changed files (absolute paths); empty for the first build. */
  changes: string[];
  /** When the first of them was seen (epoch ms). */
  changedAt?: number;
  /** Whether one of them needs a fresh builder (a template or component of the running one changed). */
  restart: boolean;
}

export class RebuildQueue {
  private first = true;
  private pending: string[] = [];
  private pendingSince?: number;
  private restart = false;
  private running?: Promise<void>;

  constructor(private readonly build: (next: QueuedBuild) => Promise<void>) {}

  /** Starts the first build (or waits for the running one). */
  start(): void {
    this.running ??= this.drain();
  }

  /** Queues changed files: built now, or by the build after the running one. */
  add(files: string[], firstSeenAt: number, restart: boolean): void {
    this.pending.push(...files);
    this.pendingSince ??= firstSeenAt;
    this.restart ||= restart;
    this.start();
  }

  /** Resolves once no build runs or waits. */
  async idle(): Promise<void> {
    await this.running;
  }

  private async drain(): Promise<void> {
    while (this.first || this.pending.length > 0) {
      const next: QueuedBuild = { changes: this.pending, changedAt: this.pendingSince, restart: this.restart };
      this.first = false;
      this.pending = [];
      this.pendingSince = undefined;
      this.restart = false;
      await this.build(next);
    }
    this.running = undefined;
  }
}
