import type { Problem } from '../../../../contract/admin';
import type { Language } from '../../../../lib/localize';
import { ApiError } from '../../core/errors';
import { adminMessage } from '../messages';

/*
 * Cache: discount codes, pickup locations and payment methods are read by checkout through uncached API calls
 * (POST /discount-code, GET /locations, /configs/payments-available-methods*, POST /orders), so their writes
 * drop no page. Shipping zones and rates are also quoted by product pages (the delivery estimate and rates in
 * the buy box and details): their writes send the `delivery` tag, which product pages carry (delivery-routes.ts).
 */

/** A selling message in the staff member's language (`adminApi.selling.*`). */
export const sellingMessage = (key: string, lang: Language, params: Record<string, string | number> = {}) =>
  adminMessage(`selling.${key}`, lang, params);

/** A 400 naming every contradiction at once, each on its field. */
export function problemsError(problems: Problem[], lang: Language): ApiError {
  const fieldErrors: Record<string, string[]> = {};
  for (const p of problems) (fieldErrors[p.field] ??= []).push(sellingMessage(`problems.${p.key}`, lang));
  const first = problems[0]!;
  return new ApiError(400, sellingMessage(`problems.${first.key}`, lang), { errorPath: first.field, fieldErrors });
}

export function refuseProblems(problems: Problem[], lang: Language): void {
  if (problems.length > 0) throw problemsError(problems, lang);
}

/** PostgreSQL 23505 on `constraint`, however deep the driver and Drizzle wrapped it. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, constraint: violated, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505' && (violated === undefined || violated === constraint)) return true;
    current = cause;
  }
  return false;
}
