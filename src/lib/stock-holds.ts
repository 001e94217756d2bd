/**
 * How much stock an order paid on receipt (cash and other offline methods) may hold before the shop confirms it, so
 * one order, or one customer's orders, cannot take a product off sale. Framework-free: the order API applies these
 * rules (its conditional stock update repeats `unitsOneOrderMayTake` in SQL), the back office and tests read them.
 */

export type HoldRule = {
  /** the share of a variation's available stock one unconfirmed order may take, in percent (100: all of it) */
  percent: number;
  /** what one order may always take, however small the share: the last few items stay buyable */
  floor: number;
};

/** The most items of a variation with `available` in stock one unconfirmed order may take. */
export function unitsOneOrderMayTake(available: number, rule: HoldRule): number {
  return Math.max(0, Math.min(available, Math.max(rule.floor, Math.floor((available * rule.percent) / 100))));
}

/** When an unconfirmed order placed at `placedAt` gives its stock back, `hours` later. */
export function reservationDeadline(placedAt: Date, hours: number): Date {
  return new Date(placedAt.getTime() + hours * 3_600_000);
}

/** Whether a customer holding `held` unconfirmed items may add `adding` more under a limit of `max`. */
export function mayHoldMore(held: number, adding: number, max: number): boolean {
  return adding === 0 || held + adding <= max;
}
