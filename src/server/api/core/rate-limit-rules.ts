/**
 * The request limits of the shop: how many requests per window one client address (or one phone, e-mail or
 * account) may make to an action. Defaults here; the operator overrides them with RATE_LIMITS, e.g.
 * `RATE_LIMITS=lead=10/600,signIn=60/300` (limit/window seconds per name), or switches them off with
 * `RATE_LIMITS=off` (only for load tests and test servers).
 */
export type RateRule = { limit: number; windowSeconds: number };

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const RATE_LIMIT_DEFAULTS = {
  /** enquiries (POST /leads) per client address */
  lead: { limit: 5, windowSeconds: 10 * MINUTE },
  /** product reviews per client address */
  review: { limit: 5, windowSeconds: HOUR },
  /** article comments per client address */
  comment: { limit: 10, windowSeconds: HOUR },
  /** new accounts per client address */
  registration: { limit: 5, windowSeconds: HOUR },
  /** password-reset requests per client address, and per e-mail address asked about */
  passwordResetRequest: { limit: 5, windowSeconds: HOUR },
  /** orders per client address */
  orderPerAddress: { limit: 20, windowSeconds: HOUR },
  /** guest orders per customer phone and per customer e-mail */
  orderPerContact: { limit: 5, windowSeconds: HOUR },
  /** checkout contacts kept for reminders (PUT /checkout-recovery with an e-mail) per client address */
  recoveryContact: { limit: 60, windowSeconds: HOUR },
  /** sign-in requests per client address, whatever their outcome (wrong passwords have their own limits) */
  signIn: { limit: 30, windowSeconds: 5 * MINUTE },
  /** live-preview renders (POST /_preview/render) per client address */
  previewRender: { limit: 120, windowSeconds: MINUTE },
  /** predictive search requests (GET /search/suggest) per client address: a fast typist pauses a few times a second at most */
  searchSuggest: { limit: 300, windowSeconds: MINUTE },
  /** back-in-stock sign-ups per client address, and per e-mail address (each guest's sends a confirmation mail) */
  backInStock: { limit: 10, windowSeconds: HOUR },
} as const satisfies Record<string, RateRule>;

export type RateLimitName = keyof typeof RATE_LIMIT_DEFAULTS;

export type RateLimitSettings = { enabled: boolean; rules: Record<RateLimitName, RateRule> };

const isName = (name: string): name is RateLimitName => Object.hasOwn(RATE_LIMIT_DEFAULTS, name);

/** Reads the RATE_LIMITS setting; throws on a malformed entry so a typo does not silently keep a default. */
export function readRateLimitSettings(text: string | undefined): RateLimitSettings {
  const rules: Record<RateLimitName, RateRule> = { ...RATE_LIMIT_DEFAULTS };
  const value = text?.trim() ?? '';
  if (value === 'off') return { enabled: false, rules };
  if (value === '' || value === 'on') return { enabled: true, rules };
  for (const entry of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^(\w+)=(\d+)\/(\d+)$/.exec(entry);
    if (!match || !isName(match[1]!) || Number(match[2]) < 1 || Number(match[3]) < 1) {
      throw new Error(
        `RATE_LIMITS: "${entry}" is not name=limit/seconds with a known name (${Object.keys(RATE_LIMIT_DEFAULTS).join(', ')})`,
      );
    }
    rules[match[1] as RateLimitName] = { limit: Number(match[2]), windowSeconds: Number(match[3]) };
  }
  return { enabled: true, rules };
}

export type RateDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

/** Start of the fixed window `now` falls in; windows are aligned to the epoch so every instance agrees. */
export function windowStartOf(now: Date, rule: RateRule): Date {
  const size = rule.windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / size) * size);
}

/** The decision for the `hits`-th request of the window starting at `windowStart`. */
export function decide(hits: number, windowStart: Date, rule: RateRule, now: Date): RateDecision {
  if (hits <= rule.limit) return { allowed: true, remaining: rule.limit - hits };
  const windowEnd = windowStart.getTime() + rule.windowSeconds * 1000;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)) };
}
