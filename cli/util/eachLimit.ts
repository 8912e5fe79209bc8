/**
 * Runs `work` on every item, at most `limit` at a time; stops taking new items after the first failure,
 * waits for those under way, then rejects with that failure (so nothing is still running afterwards).
 */
export async function eachLimit<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failure) throw failure.error;
}

/** `work` on every item, at most `limit` at a time, with the results in the items' order; fails as eachLimit. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  await eachLimit([...items.keys()], limit, async (i) => {
    results[i] = await work(items[i]!);
  });
  return results;
}
