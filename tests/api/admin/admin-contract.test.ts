import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  adminCommentSchema,
  adminLeadSchema,
  adminReviewSchema,
  apiErrorSchema,
  auditListSchema,
  bulkAnswerSchema,
  commentListSchema,
  customerDetailSchema,
  customerListSchema,
  dashboardSchema,
  leadListSchema,
  orderDetailSchema,
  orderListSchema,
  orderNoteSchema,
  orderStatesSchema,
  reviewListSchema,
  sessionAnswerSchema,
} from '../../../src/contract/admin';
import { adminRequest, createSignedInStaff, type TestStaff } from '../../helpers/admin-fixtures';
import { createReview } from '../../helpers/catalog-fixtures';
import { commerceFixtures, orderBody } from '../../helpers/commerce-fixtures';
import { addArticle, addComment, addPage } from '../../helpers/content-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';
import { createUser } from '../../helpers/users-fixtures';

/** Every answer of the admin API parses with the contract's schema, so the back office can rely on its types. */
describe.each(databaseKinds)('admin API answers match the shared contract (%s)', (kind) => {
  let app: TestApp;
  let owner: TestStaff;
  let orderId: string;
  let customerId: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await createSignedInStaff(app, 'owner');
    const fx = commerceFixtures(app);
    const card = await fx.paymentMethod({ kind: 'online' });
    const zone = await fx.zone();
    const rate = await fx.rate(zone, { kind: 'by_manager', priceCents: 0 });
    const product = await fx.product({ stock: 2, sku: 'S-1' });
    for (const [i, code] of ['new', 'processing', 'canceled'].entries()) await fx.orderState(code, code, i);
    const customer = await createUser(app);
    customerId = customer.id;
    const placed = await app.request('/orders', {
      method: 'POST',
      token: customer.token,
      json: orderBody([{ variationId: product.variationId, quantity: 1 }], { zoneId: zone, rateId: rate }, card),
    });
    orderId = ((await placed.json()) as { id: string }).id;
    await createReview(app.deps.db, { productId: product.productId, status: 'pending' });
    const categoryId = await addPage(app.deps.db, { type: 'category' });
    await addComment(app.deps.db, { articleId: await addArticle(app.deps.db, { categoryId }), status: 'pending' });
    await app.request('/leads', {
      method: 'POST',
      json: { product: product.productId, variation: product.variationId, name: 'Lead', phone: '+971 50 123 4567' },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  async function answer<S extends z.ZodType>(schema: S, path: string, init: Parameters<typeof adminRequest>[2] = {}): Promise<z.infer<S>> {
    const response = await adminRequest(app, path, { cookie: owner.cookie, ...init });
    const body: unknown = await response.json();
    const parsed = schema.safeParse(body);
    expect(parsed.error?.issues, `${path}: ${JSON.stringify(body).slice(0, 300)}`).toBeUndefined();
    return parsed.data!;
  }
  const write = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });

  it('reads', async () => {
    await answer(sessionAnswerSchema, '/session');
    await answer(dashboardSchema, '/dashboard');
    await answer(orderStatesSchema, '/order-states');
    expect((await answer(orderListSchema, '/orders')).total).toBe(1);
    await answer(orderDetailSchema, `/orders/${orderId}`);
    expect((await answer(reviewListSchema, '/reviews')).items).toHaveLength(1);
    expect((await answer(commentListSchema, '/comments')).items).toHaveLength(1);
    expect((await answer(leadListSchema, '/leads')).items[0]!.variationId).toBeTruthy();
    await answer(customerListSchema, '/customers');
    await answer(customerDetailSchema, `/customers/${customerId}`);
    await answer(auditListSchema, '/audit');
  });

  it('writes and errors', async () => {
    await answer(orderDetailSchema, `/orders/${orderId}/delivery-price`, write('POST', { priceCents: 500, version: 1 }));
    await answer(orderDetailSchema, `/orders/${orderId}/status`, write('POST', { status: 'processing', version: 2 }));
    await answer(orderNoteSchema, `/orders/${orderId}/notes`, write('POST', { text: 'note' }));
    await answer(apiErrorSchema, `/orders/${orderId}/cancel`, write('POST', { version: 1 }));
    await answer(orderDetailSchema, `/orders/${orderId}/cancel`, write('POST', { version: 3 }));
    const [review] = (await answer(reviewListSchema, '/reviews')).items;
    await answer(adminReviewSchema, `/reviews/${review!.id}`, write('PATCH', { reply: 'Thanks', version: review!.version }));
    await answer(bulkAnswerSchema, '/reviews/bulk', write('POST', { ids: [review!.id], action: 'approve' }));
    const [comment] = (await answer(commentListSchema, '/comments')).items;
    await answer(adminCommentSchema, `/comments/${comment!.id}`, write('PATCH', { text: 'Edited', version: comment!.version }));
    const [lead] = (await answer(leadListSchema, '/leads')).items;
    await answer(adminLeadSchema, `/leads/${lead!.id}`, write('PATCH', { handled: true, version: lead!.version }));
    await answer(bulkAnswerSchema, '/comments/bulk', write('POST', { ids: [comment!.id], action: 'reject' }));
    await answer(apiErrorSchema, `/customers/${customerId}`, write('PATCH', { disabled: 'no' }));
    await answer(customerDetailSchema, `/customers/${customerId}`, write('PATCH', { disabled: true, version: 1 }));
    await answer(apiErrorSchema, '/dashboard', { cookie: null });
  });
});
