/**
 * Abandoned-checkout recovery on the storefront: the checkout reports its cart and the shopper's e-mail (with their
 * consent), a reminder's link restores the cart on any device, and its unsubscribe link stops marketing mail.
 */
import { z } from 'zod';
import { lineInputSchema, MAX_LINES, optionalEmailField, storableString } from './commerce';

/** The random key the browser keeps for its checkout (only its hash is stored). */
export const recoveryKeyField = storableString(100).min(32);

/** PUT /checkout-recovery: the cart as it is now; `contact` only from the checkout's contacts step. */
export const recoveryUpdateBody = z.object({
  key: recoveryKeyField,
  items: z.array(lineInputSchema).max(MAX_LINES),
  contact: z.object({ email: optionalEmailField, consent: z.boolean() }).optional(),
});
export type RecoveryUpdateInput = z.input<typeof recoveryUpdateBody>;

/** Whether the shop keeps this checkout for reminders (false: recovery is off, no consent, unsubscribed…). */
export const recoveryUpdateAnswer = z.strictObject({ tracked: z.boolean() });
export type RecoveryUpdateDto = z.infer<typeof recoveryUpdateAnswer>;

/** POST /checkout-recovery/restore and /checkout-recovery/unsubscribe, GET …/unsubscribe: a token from a reminder's link. */
export const recoveryTokenBody = z.object({ token: storableString(600).min(1) });

/** The cart a reminder's link restores, and the key this browser now holds for that checkout. */
export const recoveryRestoreAnswer = z.strictObject({
  key: z.string(),
  items: z.array(z.strictObject({ variationId: z.string(), quantity: z.int() })),
});
export type RecoveryRestoreDto = z.infer<typeof recoveryRestoreAnswer>;

/** GET /checkout-recovery/unsubscribe: whom the link unsubscribes (the address partly hidden), and whether it already is. */
export const unsubscribeAnswer = z.strictObject({ email: z.string(), unsubscribed: z.boolean() });
export type UnsubscribeDto = z.infer<typeof unsubscribeAnswer>;
