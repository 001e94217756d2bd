/**
 * Shapes of the back office API for selling: discount codes, delivery (shipping zones, their rates, pickup
 * locations) and payment methods. The storefront checks what these write exactly as stored
 * (src/lib/discount.ts, src/lib/shipping.ts, src/server/api/commerce/delivery-routes.ts), so the rules below refuse
 * what checkout could not use or would read differently.
 */
import { z } from 'zod';
import { COUNTRY_CODES, zonesOf } from '../../lib/countries';
import { parseZoneEntry } from '../../lib/shipping-zones';
import { normalizeDiscountCode } from '../../lib/discount';
import { SHIPPING_RATE_KINDS } from '../../lib/shipping';
import {
  idSchema,
  listAnswerSchema,
  listQuerySchema,
  optionalTextSchema,
  requiredTextSchema,
  stepUpPasswordSchema,
  versionSchema,
} from './common';

const MAX_CENTS = 1_000_000_000;
const MAX_IDS = 500;

/** Amounts in minor units (cents), as money inputs send them (src/admin/lib/money-input.ts). */
const centsSchema = z.int('Enter a whole number of cents.').min(0).max(MAX_CENTS);
const nullableCents = centsSchema.nullish().transform((v) => v ?? null);

/** A text in both languages; English is required, Russian falls back to English on the storefront when blank. */
export const localizedTitleSchema = (max: number) =>
  z.object({ en: requiredTextSchema(max), ru: optionalTextSchema(max).transform((v) => v ?? '') });
export const optionalLocalizedSchema = (max: number) =>
  z
    .object({ en: optionalTextSchema(max), ru: optionalTextSchema(max) })
    .nullish()
    .transform((v) => (v && (v.en || v.ru) ? { en: v.en ?? '', ru: v.ru ?? '' } : null));
export type LocalizedInput = { en: string; ru: string };

const isoDateTime = z
  .string()
  .refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)), 'Use an ISO date and time such as 2026-11-23T10:00:00Z')
  .nullish()
  .transform((v) => v ?? null);

const idList = z
  .array(idSchema)
  .max(MAX_IDS)
  .default([])
  .transform((ids) => [...new Set(ids)]);

// ---------------------------------------------------------------- discount codes

export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
export const DISCOUNT_STATUSES = ['active', 'scheduled', 'expired', 'disabled', 'usedUp'] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

export const discountListQuerySchema = listQuerySchema(['code', 'createdAt', 'usedCount', 'expiresAt'], '-createdAt').extend({
  q: z.string().trim().max(100).optional(),
  status: z.enum(DISCOUNT_STATUSES).optional(),
});

/** What checkout accepts as a code (letters, digits, `-`, `_`), stored upper-case. */
export const discountCodeSchema = requiredTextSchema(64)
  .refine((v) => /^[\p{L}\p{N}_-]+$/u.test(v), 'Use letters, digits, "-" and "_" only.')
  .transform(normalizeDiscountCode);

export const discountBodySchema = z.object({
  code: discountCodeSchema,
  kind: z.enum(DISCOUNT_KINDS),
  /** percent 1..100, or the amount off in minor units */
  value: z.int('Enter a whole number.').min(1).max(MAX_CENTS),
  enabled: z.boolean().default(true),
  startsAt: isoDateTime,
  expiresAt: isoDateTime,
  minOrderCents: nullableCents,
  usageLimit: z
    .int()
    .min(1)
    .max(1_000_000_000)
    .nullish()
    .transform((v) => v ?? null),
  productIds: idList,
  catalogIds: idList,
});
export const discountUpdateSchema = discountBodySchema.extend({ version: versionSchema });

/** A contradiction in a record: the field it is shown on and the key of its message (`selling.problems.*`). */
export type Problem = { field: string; key: string };

/** Contradictions of a discount code the field rules cannot see: a percent over 100, an end not after the start. */
export function discountProblems(body: { kind: string; value: number; startsAt: string | null; expiresAt: string | null }): Problem[] {
  const problems: Problem[] = [];
  if (body.kind === 'percent' && body.value > 100) problems.push({ field: 'value', key: 'percentRange' });
  if (body.startsAt && body.expiresAt && Date.parse(body.expiresAt) <= Date.parse(body.startsAt)) {
    problems.push({ field: 'expiresAt', key: 'expiresBeforeStart' });
  }
  return problems;
}
export const enabledBodySchema = z.object({ enabled: z.boolean(), version: versionSchema });
export const versionQuerySchema = z.object({ version: z.coerce.number().pipe(versionSchema) });

export const namedRefSchema = z.strictObject({ id: z.string(), title: z.string() });
export type NamedRef = z.infer<typeof namedRefSchema>;
/** GET /selling/catalogs and GET /selling/products?q=: what a discount may be limited to. */
export const namedRefsSchema = z.array(namedRefSchema);
/** GET /selling/currency */
export const sellingCurrencySchema = z.strictObject({ currency: z.string() });
export type SellingCurrency = z.infer<typeof sellingCurrencySchema>;

export const adminDiscountListItemSchema = z.strictObject({
  id: z.string(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.int(),
  enabled: z.boolean(),
  startsAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  minOrderCents: z.int().nullable(),
  usageLimit: z.int().nullable(),
  usedCount: z.int(),
  productIds: z.array(z.string()),
  catalogIds: z.array(z.string()),
  status: z.enum(DISCOUNT_STATUSES),
  version: z.int(),
  createdAt: z.string(),
});
export type AdminDiscountListItem = z.infer<typeof adminDiscountListItemSchema>;
/** A code with the titles of the products and catalogs it names (missing ones are left out). */
export const adminDiscountSchema = adminDiscountListItemSchema.extend({
  products: z.array(namedRefSchema),
  catalogs: z.array(namedRefSchema),
});
export type AdminDiscount = z.infer<typeof adminDiscountSchema>;
export const discountListAnswerSchema = listAnswerSchema(adminDiscountListItemSchema);

/** Product and catalog pickers of a discount code. */
export const lookupQuerySchema = z.object({ q: z.string().trim().max(100).optional(), ids: z.string().max(20_000).optional() });

// ---------------------------------------------------------------- delivery

/** Values of shipping_rates.speed (schema comment): 1 day up to 1 month. */
export const SHIPPING_SPEEDS = [
  '1_day',
  '2_days',
  '3_days',
  '4_days',
  '5_days',
  '6_days',
  '1_week',
  '2_weeks',
  '3_weeks',
  '1_month',
] as const;

/** Whether `entry` names a known country, or a region of it the address form lists. */
export function isZoneEntry(entry: string): boolean {
  const { country, region } = parseZoneEntry(entry);
  if (!COUNTRY_CODES.includes(country)) return false;
  return region === null || zonesOf(country).some((zone) => zone.code.toUpperCase() === region);
}

/** A country (`US`) or a region of one as the address form lists it (`US-CA`, ISO 3166-2). */
const countrySchema = z
  .string()
  .trim()
  .max(20)
  .transform((v) => v.toUpperCase())
  .refine(isZoneEntry, 'Use an ISO country code such as AE, or a region such as US-CA.');

export const zoneBodySchema = z.object({
  title: localizedTitleSchema(200),
  /** ISO codes of countries or their regions (`US-CA`); an empty list means every country */
  countries: z
    .array(countrySchema)
    .max(300)
    .default([])
    .transform((codes) => [...new Set(codes)]),
  enabled: z.boolean().default(true),
  position: z.int().min(0).max(100_000).optional(),
});
export const zoneUpdateSchema = zoneBodySchema.extend({ version: versionSchema });

const weightSchema = z
  .number()
  .min(0)
  .max(1_000_000)
  .nullish()
  .transform((v) => v ?? null);

export const rateBodySchema = z.object({
  title: localizedTitleSchema(200),
  kind: z.enum(SHIPPING_RATE_KINDS),
  /** the price of a `flat` rate in minor units; 0 for the others */
  priceCents: centsSchema.default(0),
  minOrderCents: nullableCents,
  maxOrderCents: nullableCents,
  minWeight: weightSchema,
  maxWeight: weightSchema,
  speed: z
    .enum(SHIPPING_SPEEDS)
    .nullish()
    .transform((v) => v ?? null),
  enabled: z.boolean().default(true),
  position: z.int().min(0).max(100_000).optional(),
});
export const rateUpdateSchema = rateBodySchema.extend({ version: versionSchema });

/** Contradictions of a shipping rate: a minimum above its maximum, a fixed price of nothing. */
export function rateProblems(body: {
  kind: string;
  priceCents: number;
  minOrderCents: number | null;
  maxOrderCents: number | null;
  minWeight: number | null;
  maxWeight: number | null;
}): Problem[] {
  const problems: Problem[] = [];
  if (body.minOrderCents !== null && body.maxOrderCents !== null && body.minOrderCents > body.maxOrderCents) {
    problems.push({ field: 'maxOrderCents', key: 'maxBelowMin' });
  }
  if (body.minWeight !== null && body.maxWeight !== null && body.minWeight > body.maxWeight)
    problems.push({ field: 'maxWeight', key: 'maxBelowMin' });
  if (body.kind === 'flat' && body.priceCents <= 0) problems.push({ field: 'priceCents', key: 'flatNeedsPrice' });
  return problems;
}

/** A code of a pickup location or payment method: letters (capitals are taken as lower case), digits, "-" and "_". */
const lowerCodeSchema = (max: number) =>
  requiredTextSchema(max)
    .transform((v) => v.toLowerCase())
    .refine((v) => /^[a-z0-9][a-z0-9_-]*$/.test(v), 'Use letters, digits, "-" and "_".');

export const locationBodySchema = z.object({
  code: lowerCodeSchema(100),
  title: localizedTitleSchema(200),
  address: optionalLocalizedSchema(500),
  workTime: optionalLocalizedSchema(500),
  /** codes of the payment methods accepted there; empty means every enabled method */
  paymentMethodCodes: z
    .array(idSchema)
    .max(50)
    .default([])
    .transform((codes) => [...new Set(codes)]),
  enabled: z.boolean().default(true),
  position: z.int().min(0).max(100_000).optional(),
});
export const locationUpdateSchema = locationBodySchema.extend({ version: versionSchema });

/** A new order of a list: every record with the version the client saw. */
export const reorderBodySchema = z.object({
  items: z
    .array(z.object({ id: idSchema, version: versionSchema }))
    .min(1)
    .max(500),
});

const localizedAnswer = z.strictObject({ en: z.string(), ru: z.string() });
export const adminRateSchema = z.strictObject({
  id: z.string(),
  zoneId: z.string(),
  title: localizedAnswer,
  kind: z.enum(SHIPPING_RATE_KINDS),
  priceCents: z.int(),
  minOrderCents: z.int().nullable(),
  maxOrderCents: z.int().nullable(),
  minWeight: z.number().nullable(),
  maxWeight: z.number().nullable(),
  speed: z.enum(SHIPPING_SPEEDS).nullable(),
  enabled: z.boolean(),
  position: z.int(),
  version: z.int(),
});
export type AdminRate = z.infer<typeof adminRateSchema>;
export const adminZoneSchema = z.strictObject({
  id: z.string(),
  title: localizedAnswer,
  countries: z.array(z.string()),
  enabled: z.boolean(),
  position: z.int(),
  version: z.int(),
  rates: z.array(adminRateSchema),
});
export type AdminZone = z.infer<typeof adminZoneSchema>;
/** GET /shipping-zones */
export const adminZonesSchema = z.array(adminZoneSchema);
export const adminLocationSchema = z.strictObject({
  id: z.string(),
  code: z.string(),
  title: localizedAnswer,
  address: localizedAnswer.nullable(),
  workTime: localizedAnswer.nullable(),
  paymentMethodCodes: z.array(z.string()),
  enabled: z.boolean(),
  position: z.int(),
  version: z.int(),
});
export type AdminLocation = z.infer<typeof adminLocationSchema>;
/** GET /pickup-locations */
export const adminLocationsSchema = z.array(adminLocationSchema);

// ---------------------------------------------------------------- payment methods

export const PAYMENT_METHOD_KINDS = ['online', 'cash'] as const;
/** Online payment providers this shop has (src/server/api/commerce/payments/methods.ts PAYMENT_PROVIDERS). */
export const PAYMENT_PROVIDER_CODES = ['sandbox', 'stripe', 'yookassa'] as const;
export const SANDBOX_PROVIDER = 'sandbox';

const paymentMethodFields = {
  title: localizedTitleSchema(200),
  kind: z.enum(PAYMENT_METHOD_KINDS),
  provider: z
    .enum(PAYMENT_PROVIDER_CODES)
    .nullish()
    .transform((v) => v ?? null),
  enabled: z.boolean().default(true),
  position: z.int().min(0).max(100_000).optional(),
};
/** An online method names the provider that takes the payment; cash on delivery has none. */
export function paymentMethodProblems(body: { kind: string; provider: string | null }): Problem[] {
  if (body.kind === 'online' && !body.provider) return [{ field: 'provider', key: 'providerRequired' }];
  if (body.kind === 'cash' && body.provider) return [{ field: 'provider', key: 'cashHasNoProvider' }];
  return [];
}
export const paymentMethodCreateSchema = z.object({
  code: lowerCodeSchema(50),
  ...paymentMethodFields,
});
export const paymentMethodUpdateSchema = z.object({ ...paymentMethodFields, version: versionSchema });

export const adminPaymentMethodSchema = z.strictObject({
  code: z.string(),
  title: localizedAnswer,
  kind: z.enum(PAYMENT_METHOD_KINDS),
  provider: z.string().nullable(),
  enabled: z.boolean(),
  position: z.int(),
  version: z.int(),
  /** pickup locations that list this method */
  usedByLocations: z.array(z.string()),
  /** the provider's settings without its secret fields */
  settings: z.record(z.string(), z.unknown()),
  /** secret fields that hold a value (their values are never sent) */
  secretsSet: z.array(z.string()),
  /** where the provider must send its notifications (entered in its dashboard); null for cash */
  notificationUrl: z.string().nullable(),
  /** why the method cannot take payments here (a commerce message key), or null */
  unavailable: z.string().nullable(),
});
export type AdminPaymentMethod = z.infer<typeof adminPaymentMethodSchema>;

/** One input of a provider's settings form, made from its zod schema. */
export const providerFieldSchema = z.strictObject({
  name: z.string(),
  kind: z.enum(['text', 'secret', 'boolean', 'select', 'number', 'list']),
  choices: z.array(z.union([z.string(), z.number()])).optional(),
  default: z.unknown().optional(),
});
export type ProviderField = z.infer<typeof providerFieldSchema>;
export const adminPaymentProviderSchema = z.strictObject({
  code: z.string(),
  title: localizedAnswer,
  fields: z.array(providerFieldSchema),
});
export type AdminPaymentProvider = z.infer<typeof adminPaymentProviderSchema>;

export const paymentMethodsAnswerSchema = z.strictObject({
  items: z.array(adminPaymentMethodSchema),
  /** true while an enabled online method pays through the sandbox (anyone can mark its orders paid) */
  sandboxEnabled: z.boolean(),
  /** true when the shop is served over https without PAYMENT_SANDBOX=allow: the sandbox takes no payments */
  sandboxRefused: z.boolean(),
  /** every provider with its settings form */
  providers: z.array(adminPaymentProviderSchema),
});
export type PaymentMethodsAnswer = z.infer<typeof paymentMethodsAnswerSchema>;

/**
 * PUT /payment-methods/:code/settings: the provider's settings. A secret field left out or empty keeps its stored
 * value; `clearSecrets` names secret fields to empty.
 */
export const paymentMethodSettingsBodySchema = z.object({
  settings: z.record(z.string().max(100), z.unknown()),
  clearSecrets: z.array(z.string().max(100)).max(20).default([]),
  version: versionSchema,
  currentPassword: stepUpPasswordSchema,
});
