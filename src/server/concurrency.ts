/**
 * At most `max` tasks at a time in this process; up to `maxWaiting` more wait their turn in order, and any
 * beyond that are refused at once (`run` resolves to BUSY) so a flood queues no unbounded work.
 */
export const BUSY = Symbol('busy');

export type ConcurrencyLimit = {
  run<T>(task: () => Promise<T>): Promise<T | typeof BUSY>;
  readonly active: number;
  readonly waiting: number;
};

export function createConcurrencyLimit(max: number, maxWaiting: number): ConcurrencyLimit {
  let active = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else active--;
  };
  return {
    async run(task) {
      if (active >= max) {
        if (queue.length >= maxWaiting) return BUSY;
        // the slot is handed over by release(), so `active` stays counted for this task
        await new Promise<void>((resolve) => queue.push(resolve));
      } else {
        active++;
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
