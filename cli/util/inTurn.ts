/**
 * Work that must not overlap, queued by key: each task starts when the one queued before it under the same
 * key has settled, whether it succeeded or not.
 */
export class InTurn {
  private readonly last = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.last.get(key) ?? Promise.resolve();
    const turn = before.then(task, task);
    const settled = turn.catch(() => {});
    this.last.set(key, settled);
    // Forgotten once nothing is queued behind it, so a long watch session keeps no settled work.
    void settled.then(() => {
      if (this.last.get(key) === settled) this.last.delete(key);
    });
    return turn;
  }
}
