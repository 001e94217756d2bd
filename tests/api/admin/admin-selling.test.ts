import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  adminDiscountSchema,
  adminLocationSchema,
  adminZoneSchema,
  discountListAnswerSchema,
  paymentMethodsAnswerSchema,
} from '../../../src/contract/admin';
import { onInvalidate } from '../../../src/server/cache/invalidation';
import { collectPageTags } from '../../../src/server/cache/page-tags';
import { auditLog, discountCodes, paymentMethods, pickupLocations, shippingRates } from '../../../src/server/db/schema';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { commerceFixtures, orderBody, type CommerceFixtures } from '../../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';
import { createUser, type TestUser } from '../../helpers/users-fixtures';

const DAY = 86_400_000;
const ID = '00000000-0000-4000-8000-000000000000';

describe.each(databaseKinds)('back office selling (%s)', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let manager: TestStaff;
  let owner: TestStaff;
  let customer: TestUser;
  const invalidated: string[][] = [];
  let stopListening: () => void;

  beforeAll(async () => {
    app = await createTestApp(kind);
    fx = commerceFixtures(app);
    manager = await createSignedInStaff(app, 'manager', 'Mia Manager');
    owner = await createSignedInStaff(app, 'owner', 'Olga Owner');
    customer = await createUser(app);
    stopListening = onInvalidate((tags) => void invalidated.push([...tags]));
  });
  afterAll(async () => {
    stopListening();
    await app.close();
  });

  const send = (method: string, path: string, body?: unknown, who: TestStaff = manager) =>
    adminRequest(app, path, { method, cookie: who.cookie, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const get = async (path: string) => expectJson(await send('GET', path), 200);
  const auditOf = (entityId: string) => app.deps.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
  const fieldsOf = (body: { errors: { children: Record<string, unknown> } }) => Object.keys(body.errors.children);
  let codeSeq = 0;
  const uniqueCode = (prefix = 'SALE') => `${prefix}${Date.now().toString(36)}${(codeSeq += 1)}`.toUpperCase();

  describe('discount codes', () => {
    const discount = (overrides: Record<string, unknown> = {}) => ({ code: uniqueCode(), kind: 'percent', value: 10, ...overrides });

    it('creates a code upper-case with every condition, shows it, and writes an audit row in the same transaction', async () => {
      invalidated.length = 0;
      const product = await fx.product({ priceCents: 5_000 });
      const catalogId = await fx.catalog([product.productId]);
      const startsAt = new Date(Date.now() - DAY).toISOString();
      const expiresAt = new Date(Date.now() + DAY).toISOString();
      const code = uniqueCode('new');
      const created = await expectJson(
        await send('POST', '/discount-codes', {
          code: code.toLowerCase(),
          kind: 'fixed',
          value: 1_250,
          startsAt,
          expiresAt,
          minOrderCents: 3_000,
          usageLimit: 5,
          productIds: [product.productId, product.productId],
          catalogIds: [catalogId],
        }),
        201,
      );
      expect(created).toMatchObject({
        code: code.toUpperCase(),
        kind: 'fixed',
        value: 1_250,
        enabled: true,
        startsAt,
        expiresAt,
        minOrderCents: 3_000,
        usageLimit: 5,
        usedCount: 0,
        productIds: [product.productId],
        catalogIds: [catalogId],
        products: [{ id: product.productId }],
        catalogs: [{ id: catalogId, title: 'Catalog' }],
        status: 'active',
        version: 1,
      });
      expect(await get(`/discount-codes/${created.id}`)).toEqual(created);
      const audit = await auditOf(created.id);
      expect(audit).toMatchObject([{ action: 'discount.create', entityType: 'discount_code', staffName: 'Mia Manager' }]);
      // checkout reads these rows through uncached API calls: nothing on a cached page changed
      expect(invalidated.flat()).toEqual([]);
    });

    it('refuses a code that differs from an existing one only in letter case', async () => {
      const code = uniqueCode('dup');
      await expectJson(await send('POST', '/discount-codes', discount({ code })), 201);
      const body = await expectJson(await send('POST', '/discount-codes', discount({ code: code.toLowerCase() })), 400);
      expect(body.errorPath).toBe('code');
      expect(body.errors.children.code.errors[0]).toMatch(/already exists/);
    });

    it('answers field errors for bad input and contradictions, writing nothing', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [discount({ code: '' }), 'code'],
        [discount({ code: 'has space' }), 'code'],
        [discount({ kind: 'gift' }), 'kind'],
        [discount({ value: 0 }), 'value'],
        [discount({ value: 1.5 }), 'value'],
        [discount({ value: 101 }), 'value'],
        [discount({ startsAt: '2026-12-01T00:00:00Z', expiresAt: '2026-11-01T00:00:00Z' }), 'expiresAt'],
        [discount({ startsAt: 'tomorrow' }), 'startsAt'],
        [discount({ minOrderCents: -1 }), 'minOrderCents'],
        [discount({ usageLimit: 0 }), 'usageLimit'],
        [discount({ productIds: [ID] }), 'productIds'],
        [discount({ catalogIds: [ID] }), 'catalogIds'],
      ];
      const before = (await app.deps.db.select().from(discountCodes)).length;
      for (const [body, field] of cases) {
        const answer = await expectJson(await send('POST', '/discount-codes', body), 400);
        expect(fieldsOf(answer), JSON.stringify(body)).toContain(field);
      }
      const percent = await expectJson(await send('POST', '/discount-codes', discount({ value: 150 })), 400);
      expect(percent.errors.children.value.errors).toEqual(['A percentage is from 1 to 100.']);
      const ru = await expectJson(
        await adminRequest(app, '/discount-codes', {
          method: 'POST',
          cookie: manager.cookie,
          headers: { 'x-shop-language': 'ru' },
          body: JSON.stringify(discount({ value: 150 })),
        }),
        400,
      );
      expect(ru.errors.children.value.errors).toEqual(['Процент — от 1 до 100.']);
      expect((await app.deps.db.select().from(discountCodes)).length).toBe(before);
    });

    it('lists with search, status filter, usage counts and paging', async () => {
      const tag = uniqueCode('LIST');
      const now = Date.now();
      const make = async (suffix: string, extra: Partial<typeof discountCodes.$inferInsert>) =>
        fx.discountCode({ code: `${tag}${suffix}`, ...extra });
      const active = await make('A', {});
      const scheduled = await make('S', { startsAt: new Date(now + DAY) });
      const expired = await make('E', { expiresAt: new Date(now - DAY) });
      const disabled = await make('D', { enabled: false });
      const usedUp = await make('U', { usageLimit: 2, usedCount: 2 });
      const list = (query: string) => get(`/discount-codes?q=${tag.toLowerCase()}&${query}`);
      const all = await list('sort=code');
      expect(all.total).toBe(5);
      expect(all.items.map((i: { code: string; status: string }) => `${i.code}:${i.status}`)).toEqual([
        `${active.code}:active`,
        `${disabled.code}:disabled`,
        `${expired.code}:expired`,
        `${scheduled.code}:scheduled`,
        `${usedUp.code}:usedUp`,
      ]);
      expect(all.items.find((i: { code: string }) => i.code === usedUp.code)).toMatchObject({ usedCount: 2, usageLimit: 2 });
      for (const [status, row] of [
        ['active', active],
        ['scheduled', scheduled],
        ['expired', expired],
        ['disabled', disabled],
        ['usedUp', usedUp],
      ] as const) {
        expect(
          (await list(`status=${status}`)).items.map((i: { id: string }) => i.id),
          status,
        ).toEqual([row.id]);
      }
      const paged = await list('sort=-code&perPage=2&page=2');
      expect(paged).toMatchObject({ total: 5, page: 2, perPage: 2 });
      expect(paged.items.map((i: { code: string }) => i.code)).toEqual([expired.code, disabled.code]);
      for (const [query, field] of [
        ['status=old', 'status'],
        ['sort=value', 'sort'],
        ['perPage=500', 'perPage'],
      ]) {
        expect(fieldsOf(await expectJson(await send('GET', `/discount-codes?${query}`), 400))).toContain(field);
      }
    });

    it('edits, disables and deletes with the version; a stale version is a 409 that changes nothing', async () => {
      const created = await expectJson(await send('POST', '/discount-codes', discount()), 201);
      const edited = await expectJson(
        await send('PATCH', `/discount-codes/${created.id}`, {
          ...discount({ code: created.code, kind: 'fixed', value: 500, usageLimit: 3 }),
          version: 1,
        }),
        200,
      );
      expect(edited).toMatchObject({ kind: 'fixed', value: 500, usageLimit: 3, version: 2 });
      const stale = await expectJson(
        await send('PATCH', `/discount-codes/${created.id}`, { ...discount({ code: created.code, value: 20 }), version: 1 }),
        409,
      );
      expect(stale.errorPath).toBe('version');
      expect(
        await expectJson(await send('POST', `/discount-codes/${created.id}/enabled`, { enabled: false, version: 1 }), 409),
      ).toMatchObject({ status: 409 });
      const disabled = await expectJson(await send('POST', `/discount-codes/${created.id}/enabled`, { enabled: false, version: 2 }), 200);
      expect(disabled).toMatchObject({ enabled: false, status: 'disabled', version: 3, value: 500 });
      expect((await send('DELETE', `/discount-codes/${created.id}?version=2`)).status).toBe(409);
      expect((await send('DELETE', `/discount-codes/${created.id}?version=3`)).status).toBe(204);
      expect((await send('GET', `/discount-codes/${created.id}`)).status).toBe(404);
      expect((await send('PATCH', `/discount-codes/${created.id}`, { ...discount(), version: 3 })).status).toBe(404);
      const actions = (await auditOf(created.id)).map((a) => a.action).sort();
      expect(actions).toEqual(['discount.create', 'discount.delete', 'discount.disable', 'discount.update']);
      const update = (await auditOf(created.id)).find((a) => a.action === 'discount.update')!;
      expect(update.before).toMatchObject({ kind: 'percent', value: 10 });
      expect(update.after).toMatchObject({ kind: 'fixed', value: 500 });
    });

    it('refuses renaming a code onto another one', async () => {
      const a = await expectJson(await send('POST', '/discount-codes', discount()), 201);
      const b = await expectJson(await send('POST', '/discount-codes', discount()), 201);
      const body = await expectJson(
        await send('PATCH', `/discount-codes/${b.id}`, { ...discount({ code: a.code.toLowerCase() }), version: 1 }),
        400,
      );
      expect(body.errorPath).toBe('code');
    });

    it('tells the shop currency', async () => {
      await fx.setSettings('ecommerce', { currency: 'USD' });
      expect(await get('/selling/currency')).toEqual({ currency: 'USD' });
    });

    it('finds products and catalogs for the pickers', async () => {
      const product = await fx.product({ title: 'Zebra lamp' });
      const catalogId = await fx.catalog([product.productId]);
      expect(await get('/selling/products?q=zebra')).toEqual([{ id: product.productId, title: 'Zebra lamp' }]);
      expect(await get(`/selling/products?ids=${product.productId}`)).toEqual([{ id: product.productId, title: 'Zebra lamp' }]);
      expect((await get(`/selling/catalogs?ids=${catalogId}`)).map((c: { id: string }) => c.id)).toEqual([catalogId]);
    });
  });

  describe('a code written through the back office is what checkout applies', () => {
    let cheap: { productId: string; variationId: string };
    let other: { productId: string; variationId: string };
    beforeAll(async () => {
      cheap = await fx.product({ priceCents: 2_000 });
      other = await fx.product({ priceCents: 9_000 });
    });
    const check = (code: string, items: { variationId: string; quantity: number }[]) =>
      app.request('/discount-code', { method: 'POST', json: { code, items } });
    const create = async (body: Record<string, unknown>) =>
      expectJson(await send('POST', '/discount-codes', { code: uniqueCode('CHK'), kind: 'percent', value: 10, ...body }), 201);
    const expectError = async (code: string, items: { variationId: string; quantity: number }[], errorCode: number, message: string) => {
      const body = await expectJson(await check(code.toLowerCase(), items), 400);
      expect(body).toMatchObject({ errorCode, errorPath: 'code', message });
    };

    it('answers each of the six errors of spec 8, and a discount when the conditions hold', async () => {
      const line = () => [{ variationId: cheap.variationId, quantity: 1 }];
      await expectError('NO-SUCH-CODE', line(), 1, 'Discount code does not exist');
      const onlyOther = await create({ productIds: [other.productId] });
      await expectError(onlyOther.code, line(), 2, 'Discount code does not apply to these products');
      const expired = await create({
        startsAt: new Date(Date.now() - 2 * DAY).toISOString(),
        expiresAt: new Date(Date.now() - DAY).toISOString(),
      });
      await expectError(expired.code, line(), 3, 'Discount code has expired');
      const notStarted = await create({ startsAt: new Date(Date.now() + DAY).toISOString() });
      await expectError(notStarted.code, line(), 4, 'Discount code is invalid');
      const tooBig = await create({ kind: 'fixed', value: 5_000 });
      await expectError(tooBig.code, line(), 5, "Discount value can't exceed cart price");
      const minimum = await create({ minOrderCents: 3_000 });
      await expectError(minimum.code, line(), 6, 'Minimum order amount not met');
      // usage limit reached: one order uses the only allowed time, then the code is invalid
      const limited = await create({ usageLimit: 1 });
      const cash = await fx.paymentMethod({ kind: 'cash' });
      const { id: locationId } = await fx.location();
      await expectJson(
        await app.request('/orders', { method: 'POST', json: orderBody(line(), { locationId }, cash, { discountCodeId: limited.id }) }),
        201,
      );
      expect((await get(`/discount-codes/${limited.id}`)).usedCount).toBe(1);
      await expectError(limited.code, line(), 4, 'Discount code is invalid');
      // disabled through the back office: invalid too
      const disabled = await create({});
      await expectJson(await send('POST', `/discount-codes/${disabled.id}/enabled`, { enabled: false, version: 1 }), 200);
      await expectError(disabled.code, line(), 4, 'Discount code is invalid');
      // and when every condition holds
      const valid = await create({
        kind: 'fixed',
        value: 500,
        minOrderCents: 2_000,
        productIds: [cheap.productId],
        usageLimit: 10,
        startsAt: new Date(Date.now() - DAY).toISOString(),
        expiresAt: new Date(Date.now() + DAY).toISOString(),
      });
      const applied = await expectJson(await check(valid.code.toLowerCase(), line()), 200);
      expect(applied).toEqual({ id: valid.id, code: valid.code, price: 5, totalPrice: 15 });
    });
  });

  describe('delivery', () => {
    it('creates zones and rates that checkout offers exactly as written', async () => {
      invalidated.length = 0;
      const zone = await expectJson(
        await send('POST', '/shipping-zones', { title: { en: 'Gulf', ru: 'Залив' }, countries: ['ae', 'SA', 'AE'] }),
        201,
      );
      expect(zone).toMatchObject({ title: { en: 'Gulf', ru: 'Залив' }, countries: ['AE', 'SA'], enabled: true, version: 1, rates: [] });
      const rate = await expectJson(
        await send('POST', `/shipping-zones/${zone.id}/rates`, {
          title: { en: 'Courier', ru: 'Курьер' },
          kind: 'flat',
          priceCents: 1_500,
          minOrderCents: 1_000,
          maxOrderCents: 50_000,
          minWeight: 0,
          maxWeight: 30,
          speed: '2_days',
        }),
        201,
      );
      expect(rate).toMatchObject({ zoneId: zone.id, kind: 'flat', priceCents: 1_500, speed: '2_days', version: 1, position: 0 });
      const free = await expectJson(
        await send('POST', `/shipping-zones/${zone.id}/rates`, { title: { en: 'Free' }, kind: 'free', priceCents: 700 }),
        201,
      );
      expect(free).toMatchObject({ priceCents: 0, position: 1, title: { en: 'Free', ru: '' } });
      const storefront = await expectJson(await app.request('/shipping-zones'), 200);
      const offered = storefront.find((z: { id: string }) => z.id === zone.id);
      expect(offered).toMatchObject({ title: 'Gulf', countries: ['AE', 'SA'] });
      expect(offered.rates[0]).toMatchObject({
        id: rate.id,
        title: 'Courier',
        kind: 'flat',
        price: 15,
        minOrderAmount: 10,
        maxOrderAmount: 500,
        maxWeight: 30,
        speed: '2_days',
      });
      expect((await auditOf(rate.id)).map((a) => a.action)).toEqual(['shipping-rate.create']);
      expect((await auditOf(zone.id)).map((a) => a.action)).toEqual(['shipping-zone.create']);

      const disabled = await expectJson(
        await send('PATCH', `/shipping-zones/${zone.id}`, { title: { en: 'Gulf' }, countries: ['AE'], enabled: false, version: 1 }),
        200,
      );
      expect(disabled).toMatchObject({ enabled: false, version: 2, rates: [{ id: rate.id }, { id: free.id }] });
      expect((await expectJson(await app.request('/shipping-zones'), 200)).some((z: { id: string }) => z.id === zone.id)).toBe(false);
      expect((await send('PATCH', `/shipping-zones/${zone.id}`, { title: { en: 'Gulf' }, version: 1 })).status).toBe(409);
      // product pages quote the zones' rates: each write that succeeded drops them (and nothing else), the refused one nothing
      expect(invalidated).toEqual([['delivery'], ['delivery'], ['delivery'], ['delivery']]);
      const { tags } = await collectPageTags(() => app.request('/shipping-zones'));
      expect(tags).toEqual(['delivery']);
    });

    it('refuses contradictory rates and bad zones with field errors', async () => {
      const zone = await expectJson(await send('POST', '/shipping-zones', { title: { en: 'Z' } }), 201);
      const rate = (extra: Record<string, unknown>) => ({ title: { en: 'R' }, kind: 'flat', priceCents: 100, ...extra });
      const cases: [Record<string, unknown>, string][] = [
        [rate({ minOrderCents: 5_000, maxOrderCents: 1_000 }), 'maxOrderCents'],
        [rate({ minWeight: 10, maxWeight: 2 }), 'maxWeight'],
        [rate({ priceCents: 0 }), 'priceCents'],
        [rate({ kind: 'cheap' }), 'kind'],
        [rate({ speed: '10_years' }), 'speed'],
        [rate({ title: { en: ' ' } }), 'title'],
        [rate({ minWeight: -1 }), 'minWeight'],
      ];
      for (const [body, field] of cases) {
        const answer = await expectJson(await send('POST', `/shipping-zones/${zone.id}/rates`, body), 400);
        expect(fieldsOf(answer), JSON.stringify(body)).toContain(field);
      }
      expect(await app.deps.db.select().from(shippingRates).where(eq(shippingRates.zoneId, zone.id))).toEqual([]);
      expect((await send('POST', `/shipping-zones/${ID}/rates`, rate({}))).status).toBe(404);
      const badCountry = await expectJson(await send('POST', '/shipping-zones', { title: { en: 'Z' }, countries: ['XX'] }), 400);
      expect(fieldsOf(badCountry)).toEqual(['countries']);
      const ok = await expectJson(await send('POST', `/shipping-zones/${zone.id}/rates`, rate({})), 201);
      const stale = await send('PATCH', `/shipping-rates/${ok.id}`, { ...rate({ priceCents: 200 }), version: 5 });
      expect(stale.status).toBe(409);
      const contradictory = await expectJson(
        await send('PATCH', `/shipping-rates/${ok.id}`, { ...rate({ minWeight: 3, maxWeight: 1 }), version: 1 }),
        400,
      );
      expect(contradictory.errors.children.maxWeight.errors).toEqual(['The maximum must not be below the minimum.']);
      expect(
        await expectJson(await send('PATCH', `/shipping-rates/${ok.id}`, { ...rate({ kind: 'by_manager' }), version: 1 }), 200),
      ).toMatchObject({ kind: 'by_manager', priceCents: 0, version: 2 });
      expect((await send('DELETE', `/shipping-rates/${ok.id}?version=1`)).status).toBe(409);
      expect((await send('DELETE', `/shipping-rates/${ok.id}?version=2`)).status).toBe(204);
      expect((await auditOf(ok.id)).map((a) => a.action).sort()).toEqual([
        'shipping-rate.create',
        'shipping-rate.delete',
        'shipping-rate.update',
      ]);
      const kept = await expectJson(await send('POST', `/shipping-zones/${zone.id}/rates`, rate({})), 201);
      expect((await send('DELETE', `/shipping-zones/${zone.id}?version=1`)).status).toBe(204);
      expect((await auditOf(kept.id)).map((a) => a.action).sort()).toEqual(['shipping-rate.create', 'shipping-rate.delete']);
      expect(await app.deps.db.select().from(shippingRates).where(eq(shippingRates.zoneId, zone.id))).toEqual([]);
    });

    it('orders zones and rates', async () => {
      const a = await expectJson(await send('POST', '/shipping-zones', { title: { en: 'A' } }), 201);
      const b = await expectJson(await send('POST', '/shipping-zones', { title: { en: 'B' } }), 201);
      const r1 = await expectJson(await send('POST', `/shipping-zones/${a.id}/rates`, { title: { en: 'r1' }, kind: 'free' }), 201);
      const r2 = await expectJson(await send('POST', `/shipping-zones/${a.id}/rates`, { title: { en: 'r2' }, kind: 'free' }), 201);
      expect(
        (
          await send('POST', '/shipping-zones/order', {
            items: [
              { id: b.id, version: 1 },
              { id: a.id, version: 9 },
            ],
          })
        ).status,
      ).toBe(409);
      const zones = await expectJson(
        await send('POST', '/shipping-zones/order', {
          items: [
            { id: b.id, version: 1 },
            { id: a.id, version: 1 },
          ],
        }),
        200,
      );
      const ids = zones.map((z: { id: string }) => z.id);
      expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
      const after = await expectJson(
        await send('POST', `/shipping-zones/${a.id}/rates/order`, {
          items: [
            { id: r2.id, version: 1 },
            { id: r1.id, version: 1 },
          ],
        }),
        200,
      );
      expect(after.find((z: { id: string }) => z.id === a.id).rates.map((r: { id: string }) => r.id)).toEqual([r2.id, r1.id]);
      // a rate of another zone cannot be ordered here
      expect((await send('POST', `/shipping-zones/${b.id}/rates/order`, { items: [{ id: r1.id, version: 2 }] })).status).toBe(404);
      expect(
        (
          await send('POST', '/shipping-zones/order', {
            items: [
              { id: a.id, version: 2 },
              { id: a.id, version: 2 },
            ],
          })
        ).status,
      ).toBe(400);
    });

    it('pickup locations: create, edit, refuse unknown payment methods and taken codes, stale versions', async () => {
      const cash = await fx.paymentMethod({ kind: 'cash' });
      const body = {
        code: `store-${Date.now()}`,
        title: { en: 'Mall store', ru: 'Магазин в ТЦ' },
        address: { en: '1 Mall road', ru: 'Торговая ул., 1' },
        workTime: { en: '10-22', ru: '10–22' },
        paymentMethodCodes: [cash],
      };
      const created = await expectJson(await send('POST', '/pickup-locations', body), 201);
      expect(created).toMatchObject({ ...body, enabled: true, version: 1 });
      const storefront = await expectJson(await app.request('/locations?lang=ru'), 200);
      expect(storefront.find((l: { id: string }) => l.id === created.id)).toEqual({
        id: created.id,
        code: body.code,
        title: 'Магазин в ТЦ',
        address: 'Торговая ул., 1',
        workTime: '10–22',
      });
      const methods = await expectJson(await app.request(`/configs/payments-available-methods-by-location?code=${body.code}`), 200);
      expect(Object.keys(methods)).toEqual([cash]);

      const unknown = await expectJson(
        await send('POST', '/pickup-locations', { ...body, code: `${body.code}-2`, paymentMethodCodes: ['bitcoin'] }),
        400,
      );
      expect(unknown.errors.children.paymentMethodCodes.errors).toEqual(['No such payment method: bitcoin.']);
      const taken = await expectJson(await send('POST', '/pickup-locations', body), 400);
      expect(taken.errorPath).toBe('code');
      expect(fieldsOf(await expectJson(await send('POST', '/pickup-locations', { ...body, code: 'Bad Code' }), 400))).toContain('code');
      // capitals are taken as lower case: the same code in capitals is the taken one, a new one is stored lower-case
      expect((await expectJson(await send('POST', '/pickup-locations', { ...body, code: body.code.toUpperCase() }), 400)).errorPath).toBe(
        'code',
      );
      const capitals = await expectJson(await send('POST', '/pickup-locations', { ...body, code: `MALL-${body.code}` }), 201);
      expect(capitals.code).toBe(`mall-${body.code}`);

      const edited = await expectJson(
        await send('PATCH', `/pickup-locations/${created.id}`, { ...body, paymentMethodCodes: [], address: null, version: 1 }),
        200,
      );
      expect(edited).toMatchObject({ paymentMethodCodes: [], address: null, version: 2 });
      expect((await send('PATCH', `/pickup-locations/${created.id}`, { ...body, version: 1 })).status).toBe(409);
      const ordered = await expectJson(await send('POST', '/pickup-locations/order', { items: [{ id: created.id, version: 2 }] }), 200);
      expect(ordered.find((l: { id: string }) => l.id === created.id)).toMatchObject({ position: 0, version: 3 });
      expect((await send('DELETE', `/pickup-locations/${created.id}?version=2`)).status).toBe(409);
      expect((await send('DELETE', `/pickup-locations/${created.id}?version=3`)).status).toBe(204);
      expect((await auditOf(created.id)).map((a) => a.action).sort()).toEqual([
        'pickup-location.create',
        'pickup-location.delete',
        'pickup-location.order',
        'pickup-location.update',
      ]);
    });

    it('reorders more records than an index entry holds: a hundred pickup locations, one audit entry naming them all', async () => {
      const rows = Array.from({ length: 100 }, (_, i) => ({
        id: crypto.randomUUID(),
        code: `many-${kind}-${i}`,
        title: { en: `Point ${i}`, ru: `Пункт ${i}` },
      }));
      await app.deps.db.insert(pickupLocations).values(rows);
      const items = rows.map((row) => ({ id: row.id, version: 1 })).reverse();
      const ordered = await expectJson(await send('POST', '/pickup-locations/order', { items }), 200);
      expect(ordered.find((l: { id: string }) => l.id === rows[99]!.id)).toMatchObject({ position: 0, version: 2 });
      const [entry] = await app.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'pickup-location.order'), eq(auditLog.staffId, manager.id)))
        .orderBy(desc(auditLog.createdAt))
        .limit(1);
      expect((entry!.after as { id: string }[]).map((a) => a.id)).toEqual(items.map((i) => i.id));
    });
  });

  describe('payment methods', () => {
    it('lists, creates, edits, enables and disables the sandbox, orders, and tells when the sandbox is on', async () => {
      const code = `pay-${Date.now()}`;
      const list = await expectJson(
        await send('POST', '/payment-methods', {
          code,
          title: { en: 'Card online', ru: 'Картой онлайн' },
          kind: 'online',
          provider: 'sandbox',
        }),
        201,
      );
      expect(list.items.find((m: { code: string }) => m.code === code)).toMatchObject({
        kind: 'online',
        provider: 'sandbox',
        enabled: true,
        version: 1,
        usedByLocations: [],
      });
      expect(list.sandboxEnabled).toBe(true);
      const off = await expectJson(
        await send('PATCH', `/payment-methods/${code}`, {
          title: { en: 'Card', ru: 'Карта' },
          kind: 'online',
          provider: 'sandbox',
          enabled: false,
          version: 1,
        }),
        200,
      );
      expect(off.items.find((m: { code: string }) => m.code === code)).toMatchObject({
        enabled: false,
        title: { en: 'Card', ru: 'Карта' },
        version: 2,
      });
      const storefront = await expectJson(await app.request('/configs/payments-available-methods'), 200);
      expect(storefront[code]).toBeUndefined();
      expect(
        (await send('PATCH', `/payment-methods/${code}`, { title: { en: 'Card' }, kind: 'online', provider: 'sandbox', version: 1 }))
          .status,
      ).toBe(409);
      const on = await expectJson(
        await send('PATCH', `/payment-methods/${code}`, {
          title: { en: 'Card' },
          kind: 'online',
          provider: 'sandbox',
          enabled: true,
          version: 2,
        }),
        200,
      );
      expect(on.sandboxEnabled).toBe(true);
      expect((await expectJson(await app.request('/configs/payments-available-methods'), 200))[code]).toEqual({
        methodName: 'Card',
        kind: 'online',
      });
      const reordered = await expectJson(await send('POST', '/payment-methods/order', { items: [{ id: code, version: 3 }] }), 200);
      expect(reordered.items.find((m: { code: string }) => m.code === code)).toMatchObject({ position: 0, version: 4 });
      expect((await auditOf(code)).map((a) => a.action).sort()).toEqual([
        'payment-method.create',
        'payment-method.order',
        'payment-method.update',
        'payment-method.update',
      ]);
    });

    it('refuses contradictions: an online method without provider, cash with one, a taken code', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ code: 'x-online', title: { en: 'X' }, kind: 'online' }, 'provider'],
        [{ code: 'x-cash', title: { en: 'X' }, kind: 'cash', provider: 'sandbox' }, 'provider'],
        [{ code: 'x-paypal', title: { en: 'X' }, kind: 'online', provider: 'paypal' }, 'provider'],
        [{ code: 'Bad code', title: { en: 'X' }, kind: 'cash' }, 'code'],
        [{ code: 'x-title', title: { en: '' }, kind: 'cash' }, 'title'],
      ];
      for (const [body, field] of cases) {
        expect(fieldsOf(await expectJson(await send('POST', '/payment-methods', body), 400)), JSON.stringify(body)).toContain(field);
      }
      const code = await fx.paymentMethod({ kind: 'cash' });
      const taken = await expectJson(await send('POST', '/payment-methods', { code, title: { en: 'X' }, kind: 'cash' }), 400);
      expect(taken.errorPath).toBe('code');
    });

    it('refuses deleting a method pickup locations or orders use; deletes an unused one', async () => {
      const used = await fx.paymentMethod({ kind: 'cash' });
      const location = await fx.location({ paymentMethodCodes: [used] });
      const refused = await expectJson(await send('DELETE', `/payment-methods/${used}?version=1`), 400);
      expect(refused.errors.children.code.errors[0]).toContain(location.code);
      await app.deps.db.update(pickupLocations).set({ paymentMethodCodes: [] }).where(eq(pickupLocations.id, location.id));
      const product = await fx.product({ priceCents: 1_000 });
      await expectJson(
        await app.request('/orders', {
          method: 'POST',
          json: orderBody([{ variationId: product.variationId, quantity: 1 }], { locationId: location.id }, used),
        }),
        201,
      );
      const withOrders = await expectJson(await send('DELETE', `/payment-methods/${used}?version=1`), 400);
      expect(withOrders.errors.children.code.errors[0]).toMatch(/disable/);
      const unused = await fx.paymentMethod({ kind: 'cash' });
      expect((await send('DELETE', `/payment-methods/${unused}?version=2`)).status).toBe(409);
      expect((await send('DELETE', `/payment-methods/${unused}?version=1`)).status).toBe(204);
      expect(await app.deps.db.select().from(paymentMethods).where(eq(paymentMethods.code, unused))).toEqual([]);
      expect(
        (
          await app.deps.db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.entityId, unused), eq(auditLog.action, 'payment-method.delete')))
        ).length,
      ).toBe(1);
    });
  });

  it('answers in the shapes of the shared contract', async () => {
    const code = await expectJson(
      await send('POST', '/discount-codes', {
        code: uniqueCode('SHAPE'),
        kind: 'fixed',
        value: 100,
        productIds: [(await fx.product()).productId],
      }),
      201,
    );
    expect(adminDiscountSchema.parse(code)).toEqual(code);
    expect(adminDiscountSchema.parse(await get(`/discount-codes/${code.id}`))).toEqual(code);
    const list = await get('/discount-codes');
    expect(discountListAnswerSchema.parse(list)).toEqual(list);
    const zone = await fx.zone({ countries: ['AE'] });
    await fx.rate(zone, { minWeight: 1.5, speed: '1_week' });
    const zones = await get('/shipping-zones');
    expect(z.array(adminZoneSchema).parse(zones)).toEqual(zones);
    await fx.location();
    const locations = await get('/pickup-locations');
    expect(z.array(adminLocationSchema).parse(locations)).toEqual(locations);
    const methods = await get('/payment-methods');
    expect(paymentMethodsAnswerSchema.parse(methods)).toEqual(methods);
  });

  describe('who may use it', () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/discount-codes'],
      ['GET', `/discount-codes/${ID}`],
      ['POST', '/discount-codes', { code: 'ROLE', kind: 'percent', value: 5 }],
      ['PATCH', `/discount-codes/${ID}`, { code: 'ROLE', kind: 'percent', value: 5, version: 1 }],
      ['POST', `/discount-codes/${ID}/enabled`, { enabled: false, version: 1 }],
      ['DELETE', `/discount-codes/${ID}?version=1`],
      ['GET', '/selling/products'],
      ['GET', '/selling/catalogs'],
      ['GET', '/selling/currency'],
      ['GET', '/shipping-zones'],
      ['POST', '/shipping-zones', { title: { en: 'Z' } }],
      ['POST', '/shipping-zones/order', { items: [{ id: ID, version: 1 }] }],
      ['PATCH', `/shipping-zones/${ID}`, { title: { en: 'Z' }, version: 1 }],
      ['DELETE', `/shipping-zones/${ID}?version=1`],
      ['POST', `/shipping-zones/${ID}/rates`, { title: { en: 'R' }, kind: 'free' }],
      ['POST', `/shipping-zones/${ID}/rates/order`, { items: [{ id: ID, version: 1 }] }],
      ['PATCH', `/shipping-rates/${ID}`, { title: { en: 'R' }, kind: 'free', version: 1 }],
      ['DELETE', `/shipping-rates/${ID}?version=1`],
      ['GET', '/pickup-locations'],
      ['POST', '/pickup-locations', { code: 'role', title: { en: 'L' } }],
      ['POST', '/pickup-locations/order', { items: [{ id: ID, version: 1 }] }],
      ['PATCH', `/pickup-locations/${ID}`, { code: 'role', title: { en: 'L' }, version: 1 }],
      ['DELETE', `/pickup-locations/${ID}?version=1`],
      ['GET', '/payment-methods'],
      ['POST', '/payment-methods', { code: 'role', title: { en: 'M' }, kind: 'cash' }],
      ['POST', '/payment-methods/order', { items: [{ id: 'nope', version: 1 }] }],
      ['PATCH', '/payment-methods/nope', { title: { en: 'M' }, kind: 'cash', version: 1 }],
      ['DELETE', '/payment-methods/nope?version=1'],
    ];

    it.each(routes)('%s %s: 401 without a session or with a customer token, never writing', async (method, path, body) => {
      const init = { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
      expect((await adminRequest(app, path, init)).status).toBe(401);
      expect((await adminRequest(app, path, { ...init, headers: { authorization: `Bearer ${customer.token}` } })).status).toBe(401);
      if (method !== 'GET') expect((await adminRequest(app, path, { ...init, cookie: manager.cookie, csrf: false })).status).toBe(403);
    });

    it.each(routes)('%s %s: a manager and the owner may (no 401/403)', async (method, path, body) => {
      for (const who of [manager, owner]) {
        const status = (await send(method, path, body, who)).status;
        expect([200, 201, 204, 400, 404]).toContain(status);
      }
    });
  });
});
