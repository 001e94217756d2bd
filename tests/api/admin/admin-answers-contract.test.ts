import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  adminLocationsSchema,
  adminTagsSchema,
  adminZonesSchema,
  adminDiscountSchema,
  articleCategoriesSchema,
  articleDetailSchema,
  articleListSchema,
  auditListSchema,
  backInStockListSchema,
  backInStockVariationsSchema,
  builderRevisionListSchema,
  builderRevisionSchema,
  builderSectionTypesSchema,
  builderTargetDetailSchema,
  builderTargetListSchema,
  catalogCandidatesSchema,
  catalogDetailSchema,
  catalogListSchema,
  catalogProductsSchema,
  commentListSchema,
  customerDetailSchema,
  customerListSchema,
  customerTagsSchema,
  dashboardSchema,
  discountListAnswerSchema,
  leadListSchema,
  linkTargetListSchema,
  mediaDetailSchema,
  mediaListSchema,
  menuDetailSchema,
  menuListSchema,
  namedRefsSchema,
  orderDetailSchema,
  orderListSchema,
  orderStatesSchema,
  paymentMethodsAnswerSchema,
  productChoicesSchema,
  productDetailSchema,
  productListSchema,
  redirectItemSchema,
  redirectListSchema,
  reviewListSchema,
  sellingCurrencySchema,
  sessionAnswerSchema,
  settingsAnswerSchema,
  staffListSchema,
  CONTENT_MENU_NAMES,
  INTERNAL_LINK_KINDS,
  BUILDER_TARGET_KINDS,
} from '../../../src/contract/admin';
import { shopSettingsSchema } from '../../../src/lib/settings';
import { DEMO_OWNER } from '../../../src/server/api/admin/staff';
import { adminRequest, signInStaff } from '../../helpers/admin-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';
import { commerceFixtures, orderBody } from '../../helpers/commerce-fixtures';
import { createUser } from '../../helpers/users-fixtures';

/**
 * Each screen of the back office reads answers its contract (src/contract/admin) declares: signed in as the seeded
 * shop's owner, one list and one detail per screen is read as the back office reads it and must parse to itself
 * against its strict schema (no field missing or mistyped, none undeclared; where a schema is shared with an input and
 * so not strict, the parse drops what it does not declare and the parsed answer differs).
 */
describe.each(databaseKinds)('the back office contract on %s', (kind) => {
  let app: TestApp;
  let cookie: string;

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: true });
    cookie = await signInStaff(app, DEMO_OWNER.email, DEMO_OWNER.password);
    // a customer's order and lead (the seeded shop has none)
    const fx = commerceFixtures(app);
    const card = await fx.paymentMethod({ kind: 'online' });
    const zone = await fx.zone();
    const rate = await fx.rate(zone, { kind: 'by_manager', priceCents: 0 });
    const product = await fx.product({ stock: 2, sku: 'CONTRACT-1' });
    const customer = await createUser(app);
    const placed = await app.request('/orders', {
      method: 'POST',
      token: customer.token,
      json: orderBody([{ variationId: product.variationId, quantity: 1 }], { zoneId: zone, rateId: rate }, card),
    });
    expect(placed.status).toBe(201);
    await app.request('/leads', {
      method: 'POST',
      json: { product: product.productId, variation: product.variationId, name: 'Lead', phone: '+971 50 123 4567' },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  /** The answer of GET `path`, checked against `schema`. */
  async function read<S extends z.ZodType>(schema: S, path: string): Promise<z.output<S>> {
    const response = await adminRequest(app, path, { cookie });
    expect(response.status, path).toBe(200);
    const answer: unknown = await response.json();
    const parsed = schema.safeParse(answer);
    expect(parsed.error?.issues ?? [], `${path}: ${JSON.stringify(answer).slice(0, 300)}`).toEqual([]);
    expect(parsed.data, path).toEqual(answer);
    return parsed.data as z.output<S>;
  }
  const first = <T>(items: T[], what: string): T => {
    expect(items.length, `the seeded shop has ${what}`).toBeGreaterThan(0);
    return items[0]!;
  };

  it('answers the session, dashboard, orders, customers, moderation, leads and audit as declared', async () => {
    await read(sessionAnswerSchema, '/session');
    await read(dashboardSchema, '/dashboard');
    await read(orderStatesSchema, '/order-states');
    const orders = await read(orderListSchema, '/orders');
    await read(orderDetailSchema, `/orders/${first(orders.items, 'orders').id}`);
    const customers = await read(customerListSchema, '/customers');
    await read(customerDetailSchema, `/customers/${first(customers.items, 'customers').id}`);
    await read(customerTagsSchema, '/customers/tags');
    await read(reviewListSchema, '/reviews');
    await read(reviewListSchema, '/reviews?status=approved');
    await read(commentListSchema, '/comments');
    first((await read(leadListSchema, '/leads')).items, 'leads');
    await read(auditListSchema, '/audit');
    await read(backInStockListSchema, '/marketing/back-in-stock');
    await read(backInStockVariationsSchema, '/marketing/back-in-stock/variations');
  });

  it('answers the catalog and media screens as declared', async () => {
    const products = await read(productListSchema, '/products');
    await read(productDetailSchema, `/products/${first(products.items, 'products').id}`);
    await read(productChoicesSchema, '/product-choices');
    const catalogs = await read(catalogListSchema, '/catalogs');
    const catalog = first(catalogs.items, 'catalogs');
    await read(catalogDetailSchema, `/catalogs/${catalog.id}`);
    await read(catalogProductsSchema, `/catalogs/${catalog.id}/products`);
    await read(catalogCandidatesSchema, `/catalogs/${catalog.id}/candidates?q=a`);
    const media = await read(mediaListSchema, '/media');
    await read(mediaDetailSchema, `/media/${first(media.items, 'images').id}`);
  });

  it('answers the content screens as declared', async () => {
    const articles = await read(articleListSchema, '/articles');
    await read(articleDetailSchema, `/articles/${first(articles.items, 'articles').id}`);
    const categories = await read(articleCategoriesSchema, '/article-categories');
    await read(adminTagsSchema, `/article-categories/${first(categories, 'article categories').id}/tags`);
    const menus = await read(menuListSchema, '/menus');
    expect(menus.map((menu) => menu.name).sort()).toEqual([...CONTENT_MENU_NAMES].sort());
    for (const name of CONTENT_MENU_NAMES) await read(menuDetailSchema, `/menus/${name}`);
    await read(redirectListSchema, '/redirects');
    const created = await adminRequest(app, '/redirects', {
      cookie,
      method: 'POST',
      body: JSON.stringify({ fromPath: '/contract-old', toPath: '/about' }),
    });
    expect(created.status).toBe(201);
    const redirect = redirectItemSchema.parse(await created.json());
    await read(redirectItemSchema, `/redirects/${redirect.id}`);
    for (const linkKind of INTERNAL_LINK_KINDS) await read(linkTargetListSchema, `/link-targets?kind=${linkKind}`);
  });

  it('answers the settings, staff and selling screens as declared', async () => {
    const settings = await read(settingsAnswerSchema, '/settings');
    for (const { group, value } of settings.groups) {
      // a group's value is what the settings' own schema outputs for it
      expect(shopSettingsSchema.shape[group].parse(value), group).toEqual(value);
    }
    expect(settings.groups.map((g) => g.group)).toEqual(Object.keys(shopSettingsSchema.shape));
    await read(staffListSchema, '/staff');
    const discounts = await read(discountListAnswerSchema, '/discount-codes');
    await read(adminDiscountSchema, `/discount-codes/${first(discounts.items, 'discount codes').id}`);
    await read(adminZonesSchema, '/shipping-zones');
    await read(adminLocationsSchema, '/pickup-locations');
    await read(paymentMethodsAnswerSchema, '/payment-methods');
    await read(sellingCurrencySchema, '/selling/currency');
    await read(namedRefsSchema, '/selling/catalogs');
    await read(namedRefsSchema, '/selling/products?q=a');
  });

  it('answers the builder as declared', async () => {
    await read(builderSectionTypesSchema, '/builder/section-types');
    for (const targetKind of BUILDER_TARGET_KINDS) {
      const targets = await read(builderTargetListSchema, `/builder/targets?kind=${targetKind}`);
      const target = first(targets.items, `${targetKind} builder targets`).target;
      await read(builderTargetDetailSchema, `/builder/target/${target}`);
      const revisions = await read(builderRevisionListSchema, `/builder/target/${target}/revisions`);
      if (revisions.items[0]) await read(builderRevisionSchema, `/builder/target/${target}/revisions/${revisions.items[0].number}`);
    }
  });
});
