import { commerce as en } from '../../locales/en.json';
import { commerce as ru } from '../../locales/ru.json';
import { dictionaryTranslator } from './dictionary';
import type { Language } from './localize';

/** Error codes of spec 8, in the order the rules are checked. */
export const DISCOUNT_ERROR = {
  notFound: 1,
  notApplicable: 2,
  expired: 3,
  invalid: 4,
  exceedsCartPrice: 5,
  minimumOrderNotMet: 6,
} as const;

export type DiscountErrorCode = (typeof DISCOUNT_ERROR)[keyof typeof DISCOUNT_ERROR];

const ERROR_NAMES = Object.fromEntries(Object.entries(DISCOUNT_ERROR).map(([name, code]) => [code, name])) as Record<
  DiscountErrorCode,
  keyof typeof DISCOUNT_ERROR
>;

/** The error's message in `lang`: `commerce.discountErrors` of the locales. */
export function discountErrorMessage(code: DiscountErrorCode, lang: Language): string {
  return dictionaryTranslator({ en: en.discountErrors, ru: ru.discountErrors }, lang)(ERROR_NAMES[code]);
}

/** Upper-case, trimmed form in which codes are stored and compared. */
export function normalizeDiscountCode(code: string): string {
  return code.trim().toUpperCase();
}

export type DiscountRule = {
  /** 'percent' (value 1..100) or 'fixed' (value in minor units) */
  kind: string;
  value: number;
  enabled: boolean;
  startsAt: Date | null;
  expiresAt: Date | null;
  minOrderCents: number | null;
  /** when either list is non-empty, only lines of these products or of products in these catalogs are discounted */
  productIds: string[];
  catalogIds: string[];
  usageLimit: number | null;
  usedCount: number;
};

export type DiscountLine = { productId: string; catalogIds: string[]; totalCents: number };

export type DiscountEvaluation =
  | { ok: true; discountCents: number; itemsTotalCents: number; totalAfterDiscountCents: number }
  | { ok: false; errorCode: DiscountErrorCode };

/**
 * Applies a discount code to order lines (prices already in minor units). `rule` null means no
 * such code. The minimum order amount is checked against the whole items total; the discount
 * itself only covers the lines the code applies to.
 */
export function evaluateDiscount(rule: DiscountRule | null, lines: DiscountLine[], now: Date): DiscountEvaluation {
  if (!rule) return { ok: false, errorCode: DISCOUNT_ERROR.notFound };
  const usedUp = rule.usageLimit !== null && rule.usedCount >= rule.usageLimit;
  if (!rule.enabled || usedUp || !isKnownKind(rule.kind) || rule.value <= 0) {
    return { ok: false, errorCode: DISCOUNT_ERROR.invalid };
  }
  // A code that has not started yet is not valid (yet); only one past its end has expired.
  if (rule.startsAt !== null && now < rule.startsAt) return { ok: false, errorCode: DISCOUNT_ERROR.invalid };
  if (rule.expiresAt !== null && now >= rule.expiresAt) return { ok: false, errorCode: DISCOUNT_ERROR.expired };

  const itemsTotalCents = sum(lines.map((l) => l.totalCents));
  const applicableCents = sum(lines.filter((l) => appliesToLine(rule, l)).map((l) => l.totalCents));
  if (applicableCents <= 0) return { ok: false, errorCode: DISCOUNT_ERROR.notApplicable };
  if (rule.minOrderCents !== null && itemsTotalCents < rule.minOrderCents) {
    return { ok: false, errorCode: DISCOUNT_ERROR.minimumOrderNotMet };
  }
  let discountCents: number;
  if (rule.kind === 'percent') {
    discountCents = Math.round((applicableCents * Math.min(rule.value, 100)) / 100);
  } else {
    if (rule.value > applicableCents) return { ok: false, errorCode: DISCOUNT_ERROR.exceedsCartPrice };
    discountCents = rule.value;
  }
  return { ok: true, discountCents, itemsTotalCents, totalAfterDiscountCents: itemsTotalCents - discountCents };
}

function isKnownKind(kind: string): boolean {
  return kind === 'percent' || kind === 'fixed';
}

function appliesToLine(rule: DiscountRule, line: DiscountLine): boolean {
  if (rule.productIds.length === 0 && rule.catalogIds.length === 0) return true;
  return rule.productIds.includes(line.productId) || line.catalogIds.some((id) => rule.catalogIds.includes(id));
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
