import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { DEFAULT_MESSAGES } from '../../../lib/validation';
import { leads, products, variations } from '../../db/schema';
import type { AppEnv } from '../core/context';
import { fieldError } from '../core/errors';
import { clientAddress, enforceRateLimit } from '../core/rate-limit';
import { readBody } from '../core/validate';
import { leadBody, type CreatedDto } from '../../../contract/storefront/commerce';
import { commerceMessage } from './messages';
import { queueShopNoticeSafely } from '../../mail/notices';
import { recordShopEvent } from '../../integrations/outbox';
import { enquiryTextRequired } from './shop-settings';

export const leadRoutes = new Hono<AppEnv>().post('/leads', async (c) => {
  const { db, now } = c.var.deps;
  const { lang, user } = c.var;
  await enforceRateLimit(c, 'lead', clientAddress(c));
  const body = await readBody(c, leadBody);
  if (body.text === null && (await enquiryTextRequired(db))) {
    throw fieldError('text', DEFAULT_MESSAGES['forms.errors.noEmpty']);
  }
  let productId: string | null = null;
  if (body.product !== undefined && body.product !== null) {
    if (body.product.trim() === '') throw fieldError('product', commerceMessage('invalidProductId', lang));
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, body.product), eq(products.enabled, true)));
    if (!product) throw fieldError('product', commerceMessage('productNotFound', lang));
    productId = product.id;
  }
  let variationId: string | null = null;
  if (body.variation) {
    const [variation] = await db
      .select({ id: variations.id, productId: variations.productId })
      .from(variations)
      .innerJoin(products, eq(products.id, variations.productId))
      .where(and(eq(variations.id, body.variation), eq(products.enabled, true)));
    if (!variation || (productId !== null && variation.productId !== productId)) {
      throw fieldError('variation', commerceMessage('productNotFound', lang));
    }
    variationId = variation.id;
    productId = variation.productId;
  }
  const id = randomUUID();
  const lead = {
    id,
    type: body.type,
    productId,
    variationId,
    userId: user?.id ?? null,
    name: body.name,
    phone: body.phone,
    email: body.email ?? null,
    text: body.text ?? null,
    createdAt: now(),
  };
  await db.transaction(async (tx) => {
    await tx.insert(leads).values(lead);
    const { userId: _user, createdAt, ...shared } = lead;
    await recordShopEvent(tx, 'lead.created', { ...shared, createdAt: createdAt.toISOString() }, createdAt);
  });
  await queueShopNoticeSafely(c.var.deps, 'lead-created', { leadId: id });
  return c.json({ success: true, id } satisfies CreatedDto, 201);
});
