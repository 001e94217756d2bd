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

export type PassTimers = {
  setInterval: (run: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
};

/**
 * Work an instance repeats every `intervalMs` (a queue's worker): passes never overlap within the instance, a
 * failed pass answers `fallback` after `onError`, and `stop` ends the timer and waits for a pass under way.
 */
export function startPasses<T>(options: {
  pass: () => Promise<T>;
  fallback: T;
  onError: (err: unknown) => void;
  timers: PassTimers;
  intervalMs: number;
  /** called first on stop (a pass may look at it to stop between its steps) */
  onStop?: () => void;
}): { run: () => Promise<T>; stop: () => Promise<void> } {
  let running: Promise<T> | null = null;
  let stopped = false;
  const run = () => {
    running ??= options
      .pass()
      .catch((err: unknown) => {
        options.onError(err);
        return options.fallback;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const handle = options.timers.setInterval(() => {
    if (!stopped) void run();
  }, options.intervalMs);
  return {
    run,
    async stop() {
      stopped = true;
      options.onStop?.();
      options.timers.clearInterval(handle);
      await running;
    },
  };
}
