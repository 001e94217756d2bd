import type { Logger } from './logger';

/**
 * Work done after the answer has gone out (e.g. sending a mail whose timing must not show in the answer).
 * A failure is logged, never lost; `idle()` waits for everything started so far (tests, shutdown).
 */
export type BackgroundTasks = {
  run(what: string, task: () => Promise<void>): void;
  idle(): Promise<void>;
};

/** `logger` is asked for at each failure, so a logger swapped later (tests) receives it. */
export function createBackgroundTasks(logger: () => Logger): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    run(what, task) {
      const running = Promise.resolve()
        .then(task)
        .catch((error: unknown) => logger().error({ err: error }, `${what} failed`))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
