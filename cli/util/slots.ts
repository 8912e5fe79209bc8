/** At most `count` tasks at a time; the others wait, first come first served. */
export class Slots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly count: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.count) this.running += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve)); // handed a slot by a finished task
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
