import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { evaluateDiscount, discountErrorMessage, normalizeDiscountCode, type DiscountErrorCode } from '../../../lib/discount';
import type { Language } from '../../../lib/localize';
import { centsToAmount } from '../../../lib/money';
import type { Executor } from '../../db/client';
import { discountCodes } from '../../db/schema';
import type { AppEnv } from '../core/context';
import { ApiError } from '../core/errors';
import { readBody } from '../core/validate';
import { discountCheckBody, type DiscountCheckDto } from '../../../contract/storefront/commerce';
import { loadCatalogIds, resolveLines, type ResolvedLine } from './order-lines';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

export type AppliedDiscount = { code: DiscountCodeRow; discountCents: number; totalAfterDiscountCents: number };

/** A 400 carrying the discount error code of spec 8 on `field`. */
function discountError(errorCode: DiscountErrorCode, field: string, lang: Language): ApiError {
  const message = discountErrorMessage(errorCode, lang);
  return new ApiError(400, message, { errorCode, errorPath: field, fieldErrors: { [field]: [message] } });
}

/**
 * Applies a discount code, looked up by its code (case-insensitive) or its id, to priced lines.
 * Failures are 400s with the spec's error code on `field`.
 */
export async function applyDiscountCode(
  db: Executor,
  lookup: { code: string } | { id: string },
  lines: ResolvedLine[],
  options: { field: string; lang: Language; now: Date },
): Promise<AppliedDiscount> {
  const where = 'code' in lookup ? eq(discountCodes.code, normalizeDiscountCode(lookup.code)) : eq(discountCodes.id, lookup.id);
  const [code] = await db.select().from(discountCodes).where(where).limit(1);
  const catalogIds =
    code && code.catalogIds.length > 0
      ? await loadCatalogIds(
          db,
          lines.map((l) => l.product.id),
        )
      : new Map();
  const result = evaluateDiscount(
    code ?? null,
    lines.map((l) => ({ productId: l.product.id, catalogIds: catalogIds.get(l.product.id) ?? [], totalCents: l.totalCents })),
    options.now,
  );
  if (!result.ok) throw discountError(result.errorCode, options.field, options.lang);
  return { code: code!, discountCents: result.discountCents, totalAfterDiscountCents: result.totalAfterDiscountCents };
}

/**
 * Counts one use of the code inside the order transaction. The conditional update keeps
 * concurrent orders from using a limited code more often than allowed.
 */
export async function consumeDiscountCode(tx: Executor, codeId: string, field: string, lang: Language): Promise<void> {
  const [updated] = await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(
      and(
        eq(discountCodes.id, codeId),
        eq(discountCodes.enabled, true),
        sql`(${discountCodes.usageLimit} is null or ${discountCodes.usedCount} < ${discountCodes.usageLimit})`,
      ),
    )
    .returning({ id: discountCodes.id });
  if (!updated) throw discountError(4, field, lang);
}

export const discountRoutes = new Hono<AppEnv>().post('/discount-code', async (c) => {
  const { db, now } = c.var.deps;
  const lang = c.var.lang;
  const body = await readBody(c, discountCheckBody);
  const lines = await resolveLines(db, body.items, 'items.', lang);
  const applied = await applyDiscountCode(db, { code: body.code }, lines, { field: 'code', lang, now: now() });
  return c.json({
    id: applied.code.id,
    code: applied.code.code,
    price: centsToAmount(applied.discountCents),
    totalPrice: centsToAmount(applied.totalAfterDiscountCents),
  } satisfies DiscountCheckDto);
});
