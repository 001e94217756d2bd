/**
 * Shapes shared by every route of the back office API (`/api/admin`). Used by the server to validate and by the
 * admin application to type its calls; free of server and browser imports.
 */
import { z } from 'zod';
import { typeMessage } from '../../lib/issue-messages';

export const ADMIN_API_BASE = '/api/admin';
/** Header every non-GET admin request must carry (with the shop's own Origin), else 403. */
export const ADMIN_CSRF_HEADER = 'X-Shop-Admin';
export const ADMIN_SESSION_COOKIE = 'shop_admin';

export const STAFF_ROLES = ['owner', 'manager'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

/**
 * What a role may do beyond the everyday back office. `edit_code`: the settings that put script or unsanitised
 * markup on the storefront (custom head and footer code and styles, analytics, tag-manager and call-tracking ids);
 * `manage_staff`: invitations, roles, disabling; `payment_credentials`: a payment method's provider settings; `shop_setup`: hiding or showing the guided start on
 * the dashboard;
 * `tax_settings`: the shop's taxes (rates, prices with or without tax: what every buyer pays and the shop declares);
 * `view_audit`: the audit log; `edit_orders`: changing a placed order's lines, quantities, address and delivery (which
 * moves stock and money); `marketing`: the marketing screens, Back-in-stock (every subscriber's address, unsubscribing
 * one) and Checkout recovery (its settings and the shoppers' addresses it keeps); `bulk_jobs`: jobs changing every product a filter matches at once (and their progress and
 * cancelling); `integrations`: webhooks, API tokens and Telegram alerts (each sends the shop's data elsewhere or
 * lets another program act in it); `export_data`: the orders and customers CSV exports (every buyer's contacts at once). The server checks
 * them on every route; the back office only hides what they refuse.
 */
export const STAFF_CAPABILITIES = [
  'edit_code',
  'manage_staff',
  'payment_credentials',
  'shop_setup',
  'tax_settings',
  'view_audit',
  'bulk_jobs',
  'export_data',
  'edit_orders',
  'marketing',
  'integrations',
] as const;
export type StaffCapability = (typeof STAFF_CAPABILITIES)[number];

export const ROLE_CAPABILITIES: Record<StaffRole, readonly StaffCapability[]> = {
  owner: STAFF_CAPABILITIES,
  manager: [],
};

/**
 * Step-up: the acting staff member's own password, sent again with a write that could hand the shop to someone else
 * (staff invitations, roles, disabling, payment credentials); missing or wrong, the write answers 403 naming it.
 */
export const stepUpPasswordSchema = z.string().max(200).optional();

/** Settings groups only staff with a capability may change (every staff member may read them). */
export const SETTINGS_GROUP_CAPABILITY: Partial<Record<string, StaffCapability>> = { taxes: 'tax_settings' };

export const hasCapability = (role: StaffRole, capability: StaffCapability): boolean => ROLE_CAPABILITIES[role].includes(capability);

export const languageSchema = z.enum(['en', 'ru']);

const NUL_MESSAGE = 'This value contains an invalid character.';
const BLANK_MESSAGE = 'This value should not be blank.';

/** A string stored or looked up as is (ids, codes); no NUL characters. */
export const idSchema = z
  .string()
  .min(1)
  .max(100)
  .refine((v) => !v.includes('\u0000'), NUL_MESSAGE);

/** Text staff type in: trimmed, at most `max` characters, not blank. */
export const requiredTextSchema = (max: number) =>
  z
    .string({ error: typeMessage(BLANK_MESSAGE) })
    .trim()
    .min(1, BLANK_MESSAGE)
    .max(max)
    .refine((v) => !v.includes('\u0000'), NUL_MESSAGE);

/** Optional text: blank becomes null. */
export const optionalTextSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !v.includes('\u0000'), NUL_MESSAGE)
    .nullish()
    .transform((v) => v || null);

/** The optimistic-concurrency version of an editable record; a stale one answers 409. */
export const versionSchema = z.int().min(1);

/** An ISO date (`2026-11-23`) or date-time in list filters. `to` with a bare date includes that whole day. */
export const dateFilterSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, 'Use an ISO date such as 2026-11-23')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Use an ISO date such as 2026-11-23');

/** `true` or `false` in a query string. */
export const booleanQuerySchema = z.enum(['true', 'false']).transform((v) => v === 'true');

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 25;

/** page, perPage and sort (`field` or `-field` for descending) of a list whose sortable fields are `fields`. */
export function listQuerySchema<const F extends string>(fields: readonly [F, ...F[]], defaultSort: F | `-${F}`) {
  const sortValues = [...fields, ...fields.map((f) => `-${f}` as const)] as [F | `-${F}`, ...(F | `-${F}`)[]];
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    perPage: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
    sort: z.enum(sortValues).default(defaultSort as never),
  });
}

/** Lists count their matches exactly up to this many past the page shown; beyond, `total` is a lower bound. */
export const LIST_COUNT_BOUND = 10_000;

export function listAnswerSchema<T extends z.ZodType>(item: T) {
  return z.strictObject({
    items: z.array(item),
    /** the number of matches, or with `totalCapped` at least this many (shown as "10,000+") */
    total: z.int(),
    totalCapped: z.boolean().optional(),
    page: z.int(),
    perPage: z.int(),
  });
}

/** A page of a list whose items are T (the answer of listAnswerSchema for an item schema of T). */
export type ListAnswer<T> = z.infer<ReturnType<typeof listAnswerSchema<z.ZodType<T>>>>;

/** Error body of every failing call (the storefront's error shape). */
export type FormErrors = { errors: string[]; children: Record<string, FormErrors> };
export const formErrorsSchema: z.ZodType<FormErrors> = z.lazy(() =>
  z.object({ errors: z.array(z.string()), children: z.record(z.string(), formErrorsSchema) }),
);
export const apiErrorSchema = z.object({
  success: z.literal(false),
  status: z.int(),
  message: z.string(),
  errorCode: z.int().optional(),
  errorPath: z.string().optional(),
  errors: formErrorsSchema,
  detail: z.object({ message: z.string() }),
});

/** Bulk moderation of reviews or comments. */
export const bulkActionSchema = z.object({
  ids: z.array(idSchema).min(1).max(100),
  action: z.enum(['approve', 'reject', 'delete']),
});
export type BulkAction = z.infer<typeof bulkActionSchema>;
export const bulkAnswerSchema = z.strictObject({ updated: z.int() });
export type BulkAnswer = z.infer<typeof bulkAnswerSchema>;

export const MODERATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const moderationStatusSchema = z.enum(MODERATION_STATUSES);
export type ModerationStatus = z.infer<typeof moderationStatusSchema>;
