/** Retry policy of the mail queue (pure, so it is tested without a clock). */

/** After this many failed attempts a mail is given up (status failed) and logged. */
export const MAX_MAIL_ATTEMPTS = 8;
/** A claimed mail is due again after this long, so a worker that died mid-send does not lose it. */
export const MAIL_CLAIM_MS = 5 * 60_000;

const BASE_DELAY_MS = 30_000;
const MAX_DELAY_MS = 6 * 60 * 60_000;

/** Delay before attempt `attempts + 1` after `attempts` failures: 30 s, 1 min, 2 min, ... at most 6 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
}
