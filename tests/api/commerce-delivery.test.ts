import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceFixtures, orderBody, type CommerceFixtures } from '../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

describe.each(databaseKinds)('delivery and payment methods on %s', (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let card: string;
  let cash: string;
  let store: { id: string; code: string };
  let unrestricted: { id: string; code: string };
  let zoneId: string;
  let rateIds: Record<string, string>;
  beforeAll(async () => {
    app = await createTestApp(kind);
    fx = commerceFixtures(app);
    card = await fx.paymentMethod({ code: 'card', kind: 'online', title: 'Card' });
    cash = await fx.paymentMethod({ code: 'cash', kind: 'cash', title: 'Cash' });
    await fx.paymentMethod({ code: 'crypto', kind: 'online', enabled: false });
    store = await fx.location({ code: 'store', paymentMethodCodes: [cash, 'crypto'], title: 'Store' });
    unrestricted = await fx.location({ code: 'depot', title: 'Depot', position: 1 });
    await fx.location({ code: 'closed', enabled: false });
    zoneId = await fx.zone({ countries: ['AE', 'OM'], title: 'Gulf' });
    await fx.zone({ enabled: false, title: 'Hidden zone' });
    rateIds = {
      free: await fx.rate(zoneId, { kind: 'free', title: { en: 'Free', ru: 'Бесплатно' }, minOrderCents: 10_000, position: 1 }),
      flat: await fx.rate(zoneId, { kind: 'flat', priceCents: 1_250, maxWeight: 10, speed: '2_days', position: 2 }),
      manager: await fx.rate(zoneId, { kind: 'by_manager', position: 3 }),
    };
    await fx.rate(zoneId, { kind: 'flat', enabled: false, position: 4 });
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists enabled zones with their enabled rates, in the request language', async () => {
    const res = await app.request('/shipping-zones?lang=ru');
    expect(res.status).toBe(200);
    const zones = await res.json();
    expect(zones).toHaveLength(1);
    expect(zones[0]).toMatchObject({ id: zoneId, title: 'Gulf (ru)', countries: ['AE', 'OM'] });
    expect(zones[0].rates).toEqual([
      {
        id: rateIds.free,
        title: 'Бесплатно',
        kind: 'free',
        price: 0,
        minOrderAmount: 100,
        maxOrderAmount: null,
        minWeight: null,
        maxWeight: null,
        speed: null,
      },
      expect.objectContaining({ id: rateIds.flat, kind: 'flat', price: 12.5, maxWeight: 10, speed: '2_days' }),
      expect.objectContaining({ id: rateIds.manager, kind: 'by_manager', price: 0 }),
    ]);
  });

  it('serves regions of a country when a zone names them (US-CA), the whole country when it names the country', async () => {
    const regional = await fx.zone({ countries: ['US-CA', 'US-NY', 'AE'], title: 'West coast and Gulf' });
    const rateId = await fx.rate(regional, { kind: 'flat', priceCents: 900 });
    const zones = (await (await app.request('/shipping-zones')).json()) as {
      id: string;
      countries: string[];
      regionNames: Record<string, string>;
    }[];
    expect(zones.find((z) => z.id === regional)).toMatchObject({
      countries: ['US-CA', 'US-NY', 'AE'],
      regionNames: { 'US-CA': 'California', 'US-NY': 'New York' },
    });
    const { variationId } = await fx.product({ stock: 10 });
    const order = (country: string, region?: string) => {
      const body = orderBody([{ variationId, quantity: 1 }], { zoneId: regional, rateId, country }, cash) as {
        delivery: { address: Record<string, string> };
      };
      if (region) body.delivery.address['region'] = region;
      return app.request('/orders', { method: 'POST', json: body });
    };
    expect((await order('US', 'CA')).status).toBe(201);
    expect((await order('AE')).status).toBe(201);
    for (const [country, region, path] of [
      ['US', 'TX', 'region'],
      ['US', undefined, 'region'],
      ['RU', undefined, 'country'],
    ] as const) {
      const refused = await order(country, region);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { errorPath: string }).errorPath).toBe(`delivery.address.${path}`);
    }
  });

  it('lists enabled pickup locations', async () => {
    const locations = await (await app.request('/locations')).json();
    expect(locations.map((l: { code: string }) => l.code)).toEqual(['store', 'depot']);
    expect(locations[0]).toEqual({ id: store.id, code: 'store', title: 'Store', address: '1 Main street', workTime: '9-18' });
  });

  it('maps enabled payment methods by code', async () => {
    expect(await (await app.request('/configs/payments-available-methods')).json()).toEqual({
      card: { methodName: 'Card', kind: 'online' },
      cash: { methodName: 'Cash', kind: 'cash' },
    });
  });

  it("restricts methods to a location's list, enabled ones only", async () => {
    const res = await app.request('/configs/payments-available-methods-by-location?code=store');
    expect(await res.json()).toEqual({ cash: { methodName: 'Cash', kind: 'cash' } });
  });

  it('gives every enabled method for a location without a list, for shipping, and without a code', async () => {
    for (const query of ['?code=depot', '?code=shipping', '']) {
      const methods = await (await app.request(`/configs/payments-available-methods-by-location${query}`)).json();
      expect(Object.keys(methods)).toEqual([card, cash]);
    }
    expect(unrestricted.code).toBe('depot');
  });

  it('answers 404 for unknown or disabled locations', async () => {
    for (const code of ['nowhere', 'closed']) {
      const res = await app.request(`/configs/payments-available-methods-by-location?code=${code}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ success: false, status: 404, message: 'Pickup location not found' });
    }
  });

  it('refuses a malformed location code', async () => {
    const res = await app.request(`/configs/payments-available-methods-by-location?code[]=a&code[]=b`);
    expect(res.status).toBe(400);
  });
});
