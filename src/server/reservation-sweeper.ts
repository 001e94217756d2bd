import { releaseExpiredReservations } from './api/commerce/reservations';
import { orderLimits } from './api/commerce/shop-settings';
import type { AppDeps } from './api/core/context';

export type SweeperTimers = {
  setInterval: (run: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
};

export const nodeTimers: SweeperTimers = {
  setInterval: (run, ms) => setInterval(run, ms).unref(),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

export type ReservationSweeper = {
  /** One pass: releases the stock of online orders unpaid for longer than the configured minutes, and of orders paid on receipt not confirmed by their deadline. */
  sweep: () => Promise<number>;
  /** Stops the timer and waits for a pass under way. */
  stop: () => Promise<void>;
};

/**
 * Every instance runs one sweeper; passes never overlap within an instance, and
 * releaseExpiredReservations makes concurrent passes of several instances safe.
 */
export function startReservationSweeper(deps: AppDeps, timers: SweeperTimers = nodeTimers): ReservationSweeper {
  let running: Promise<number> | null = null;
  let stopped = false;

  async function pass(): Promise<number> {
    const minutes = deps.config.unpaidReservationMinutes ?? (await orderLimits(deps.db)).unpaidReservationMinutes;
    const released = await releaseExpiredReservations(deps.db, { now: deps.now(), minutes });
    if (released) deps.logger.info({ released }, 'stock of unpaid online and unconfirmed offline orders released');
    return released;
  }

  function sweep(): Promise<number> {
    running ??= pass()
      .catch((err: unknown) => {
        deps.logger.warn({ err }, 'releasing unpaid reservations failed; retrying on the next pass');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  const handle = timers.setInterval(() => {
    if (!stopped) void sweep();
  }, deps.config.reservationSweepSeconds * 1000);

  return {
    sweep,
    async stop() {
      stopped = true;
      timers.clearInterval(handle);
      await running;
    },
  };
}
