/**
 * At most `max` tasks at a time in this process; up to `maxWaiting` more wait their turn in order, and any
 * beyond that are refused at once (`run` resolves to BUSY) so a flood queues no unbounded work. With `maxWaitMs`,
 * a task that waited that long for its turn is refused too, so a queue is only ever brief.
 */
export const BUSY = Symbol('busy');

export type ConcurrencyLimit = {
  run<T>(task: () => Promise<T>): Promise<T | typeof BUSY>;
  readonly active: number;
  readonly waiting: number;
};

export function createConcurrencyLimit(max: number, maxWaiting: number, options: { maxWaitMs?: number } = {}): ConcurrencyLimit {
  let active = 0;
  const queue: ((turn: boolean) => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next(true);
    else active--;
  };
  /** Waits for a slot; false when the wait bound passed first (the waiter has then left the queue). */
  const turn = () =>
    new Promise<boolean>((resolve) => {
      const waiter = (granted: boolean) => {
        if (timer) clearTimeout(timer);
        resolve(granted);
      };
      const timer =
        options.maxWaitMs === undefined
          ? undefined
          : setTimeout(() => {
              const index = queue.indexOf(waiter);
              if (index >= 0) queue.splice(index, 1);
              resolve(false);
            }, options.maxWaitMs);
      queue.push(waiter);
    });
  return {
    async run(task) {
      if (active >= max) {
        if (queue.length >= maxWaiting) return BUSY;
        // the slot is handed over by release(), so `active` stays counted for this task
        if (!(await turn())) return BUSY;
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
