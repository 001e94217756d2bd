import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDetailSchema, type ProductBody, type ProductDetail } from '../../../src/contract/admin';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { commerceFixtures, orderBody, type CommerceFixtures } from '../../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';

const both = (en: string, ru = `${en} ру`) => ({ en, ru });

/**
 * Stock is the orders' to move: a back office write never stores a stock figure its writer did not change, and a
 * change made from a figure orders have moved since is refused with the current figure instead of undoing a sale.
 */
describe.each(databaseKinds)('stock kept against concurrent sales (%s)', (kind) => {
  let app: TestApp;
  let manager: TestStaff;
  let fx: CommerceFixtures;
  let cash: string;
  let locationId: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    manager = await createSignedInStaff(app, 'manager', 'Mia Manager');
    fx = commerceFixtures(app);
    cash = await fx.paymentMethod({ kind: 'cash' });
    ({ id: locationId } = await fx.location({ paymentMethodCodes: [cash] }));
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (method: string, path: string, body?: unknown) =>
    adminRequest(app, path, { method, cookie: manager.cookie, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const detailOf = async (id: string) => productDetailSchema.parse(await expectJson(await call('GET', `/products/${id}`), 200));
  const buy = async (variationId: string, quantity: number, phone = '+7 999 000-00-01') => {
    const res = await app.request('/orders', {
      method: 'POST',
      json: orderBody([{ variationId, quantity }], { locationId }, cash, {
        customer: { name: 'Guest', phone, email: `${phone.replace(/\D/g, '')}@example.com` },
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
  };

  /** A product of two sizes, 50 of S and 8 of M. */
  async function tee(title = 'Tee'): Promise<ProductDetail> {
    const body: ProductBody = {
      title: both(title),
      enabled: true,
      options: [{ title: both('Size'), values: [{ title: both('S') }, { title: both('M') }] }],
      variations: [
        { values: [0], fullPriceCents: 1500, stock: 50, isDefault: true },
        { values: [1], fullPriceCents: 1500, stock: 8, isDefault: false },
      ],
    };
    return productDetailSchema.parse(await expectJson(await call('POST', '/products', body), 201));
  }

  /** The body the product editor sends: an existing variation's stock only as a change, with the figure it loaded. */
  function editorBody(detail: ProductDetail, stock: Record<number, number | null> = {}) {
    return {
      title: detail.title,
      slug: detail.slug,
      enabled: detail.enabled,
      catalogIds: detail.catalogIds,
      options: detail.options.map((o) => ({ id: o.id, title: o.title, values: o.values })),
      variations: detail.variations.map(({ valueIds: _v, title: _t, stock: seen, ...v }, i) =>
        i in stock ? { ...v, stock: stock[i], stockSeen: seen } : v,
      ),
      version: detail.version,
    };
  }

  it('an order between the editor loading and saving a typo fix keeps its sale', async () => {
    const product = await tee('Tee with a tpyo');
    const opened = await detailOf(product.id);
    await buy(opened.variations[0]!.id, 5);
    const saved = await expectJson(await call('PUT', `/products/${product.id}`, { ...editorBody(opened), title: both('Tee') }), 200);
    expect(saved.title.en).toBe('Tee');
    expect(saved.variations.map((v: { stock: number }) => v.stock)).toEqual([45, 8]);
    expect(await fx.stockOf(opened.variations[0]!.id)).toBe(45);
  });

  it('a stock change from a figure orders moved since is refused with the current figure; saving again applies it', async () => {
    const product = await tee();
    const opened = await detailOf(product.id);
    await buy(opened.variations[0]!.id, 5);
    await buy(opened.variations[1]!.id, 2);
    const refused = await expectJson(
      await call('PUT', `/products/${product.id}`, { ...editorBody(opened, { 0: 60, 1: 10 }), title: both('Renamed tee') }),
      409,
    );
    expect(refused.message).toMatch(/nothing was saved/);
    const errors = refused.errors.children.variations.children;
    expect(errors['0'].children.stock.errors).toEqual([
      'S: 45 in stock now, 50 when you opened the product (orders since). Save again to set your figure, or keep the current one.',
    ]);
    expect(errors['1'].children.stock.errors[0]).toMatch(/^M: 6 in stock now, 8 when/);
    // nothing of the save was written
    const after = await detailOf(product.id);
    expect(after).toMatchObject({ version: opened.version, title: opened.title });
    expect(after.variations.map((v) => v.stock)).toEqual([45, 6]);

    // re-applied from the current figures (the editor does this after showing them)
    const reapplied = await expectJson(
      await call('PUT', `/products/${product.id}`, { ...editorBody(after, { 0: 60 }), title: both('Renamed tee') }),
      200,
    );
    expect(reapplied.variations.map((v: { stock: number }) => v.stock)).toEqual([60, 6]);
    expect(reapplied.title.en).toBe('Renamed tee');
  });

  it('in Russian too, and a stock sent unchanged or without the figure seen', async () => {
    const product = await tee();
    const opened = await detailOf(product.id);
    await buy(opened.variations[1]!.id, 3);
    const ru = await expectJson(
      await adminRequest(app, `/products/${product.id}`, {
        method: 'PUT',
        cookie: manager.cookie,
        headers: { 'x-shop-language': 'ru' },
        body: JSON.stringify(editorBody(opened, { 1: 0 })),
      }),
      409,
    );
    expect(ru.errors.children.variations.children['1'].children.stock.errors[0]).toMatch(
      /^M ру: сейчас в наличии 5, когда вы открыли товар, было 8/,
    );
    // sending the figure seen as the stock is no change: the sale stays
    await expectJson(await call('PUT', `/products/${product.id}`, editorBody(opened, { 1: 8 })), 200);
    expect(await fx.stockOf(opened.variations[1]!.id)).toBe(5);
    // a stock without the figure it changes is refused, as it could undo any sale
    const current = await detailOf(product.id);
    const body = editorBody(current);
    const blind = await expectJson(
      await call('PUT', `/products/${product.id}`, {
        ...body,
        variations: body.variations.map((v, i) => (i === 1 ? { ...v, stock: 20 } : v)),
      }),
      400,
    );
    expect(blind.errors.children.variations.children['1'].children.stockSeen.errors).toEqual([
      "Send the stock you loaded (stockSeen) with a change of this variation's stock",
    ]);
    // unlimited is a figure like any other: from unlimited to 10 and back
    const limited = await expectJson(await call('PUT', `/products/${product.id}`, editorBody(current, { 1: null })), 200);
    expect(limited.variations[1].stock).toBeNull();
    const again = await expectJson(
      await call('PUT', `/products/${product.id}`, editorBody(productDetailSchema.parse(limited), { 1: 10 })),
      200,
    );
    expect(again.variations[1].stock).toBe(10);
  });

  it('saves racing with orders never undo a sale: stock ends at the start less what was sold', async () => {
    const product = await tee();
    const opened = await detailOf(product.id);
    const variationId = opened.variations[0]!.id;
    let detail = opened;
    const saves = async () => {
      for (let i = 0; i < 4; i++) {
        const res = await call('PUT', `/products/${product.id}`, { ...editorBody(detail), title: both(`Tee ${i}`) });
        detail = productDetailSchema.parse(await expectJson(res, 200));
      }
    };
    // eight buyers of one each, with their own phones (the per-contact limits are not what this is about)
    await Promise.all([saves(), ...Array.from({ length: 8 }, (_, i) => buy(variationId, 1, `+7 999 100-00-${10 + i}`))]);
    expect(await fx.stockOf(variationId)).toBe(42);
    expect((await detailOf(product.id)).title.en).toBe('Tee 3');
  });

  it('a bulk stock change checks the figure the list showed', async () => {
    const product = await tee();
    const list = await expectJson(await call('GET', `/products?q=${encodeURIComponent(product.slug)}`), 200);
    const row = list.items.find((p: { id: string }) => p.id === product.id);
    expect(row.stock).toBe(58);
    await buy(product.variations[0]!.id, 4);
    const stale = await expectJson(
      await call('POST', '/products/bulk', {
        action: 'stock',
        stock: 100,
        items: [{ id: product.id, version: row.version, stockSeen: 58 }],
      }),
      409,
    );
    expect(stale.errors.children.items.children['0'].children.stockSeen.errors).toEqual([
      'Tee: 54 in stock now, 58 in your list (orders since).',
    ]);
    expect(await fx.stockOf(product.variations[0]!.id)).toBe(46);
    await expectJson(
      await call('POST', '/products/bulk', {
        action: 'stock',
        stock: 100,
        items: [{ id: product.id, version: row.version, stockSeen: 54 }],
      }),
      200,
    );
    expect((await detailOf(product.id)).variations.map((v) => v.stock)).toEqual([100, 100]);
    const missing = await expectJson(
      await call('POST', '/products/bulk', { action: 'stock', stock: 1, items: [{ id: product.id, version: row.version + 1 }] }),
      400,
    );
    expect(missing.errors.children.items.children['0'].children.stockSeen).toBeTruthy();
  });

  it('a CSV import does not undo sales made since its export; a changed figure needs the stock unmoved; without the export column it is set', async () => {
    const product = await tee('Csv tee');
    const exported = await (await call('GET', '/products/export.csv')).text();
    const parsed = Papa.parse<Record<string, string>>(exported.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
    const rows = parsed.data.filter((r) => r.slug === product.slug);
    expect(rows.map((r) => [r.stock, r.stock_at_export])).toEqual([
      ['50', '50'],
      ['8', '8'],
    ]);
    const importCsv = (data: Record<string, string>[], fields = parsed.meta.fields!) =>
      call('POST', '/products/import', { csv: Papa.unparse({ fields, data: data.map((r) => fields.map((f) => r[f] ?? '')) }) });

    await buy(product.variations[0]!.id, 5);
    // the file as exported: the stock stays as the order left it
    await expectJson(await importCsv(rows), 200);
    expect(await fx.stockOf(product.variations[0]!.id)).toBe(45);

    // a new figure for S, typed over the exported one while S sold: refused with the current figure, nothing written
    const refused = await expectJson(await importCsv([{ ...rows[0]!, stock: '70', title_en: 'Csv tee renamed' }, rows[1]!]), 400);
    expect(refused.rowErrors).toEqual([
      {
        row: 2,
        column: 'stock',
        message:
          'S: 45 in stock now, 50 when the file was exported (orders since). Export again, or leave out the stock_at_export column to set the figures as they are.',
      },
    ]);
    expect((await detailOf(product.id)).title.en).toBe('Csv tee');
    // M did not sell: its new figure is set
    await expectJson(await importCsv([rows[0]!, { ...rows[1]!, stock: '12' }]), 200);
    expect((await detailOf(product.id)).variations.map((v) => v.stock)).toEqual([45, 12]);

    // a file without the export's column sets the figures as they are: an explicit count
    const counted = parsed.meta.fields!.filter((f) => f !== 'stock_at_export');
    await expectJson(await importCsv([{ ...rows[0]!, stock: '70' }, rows[1]!], counted), 200);
    expect((await detailOf(product.id)).variations.map((v) => v.stock)).toEqual([70, 8]);
    // and a file without a stock column leaves stock alone
    await buy(product.variations[0]!.id, 1);
    await expectJson(
      await importCsv(
        rows,
        counted.filter((f) => f !== 'stock'),
      ),
      200,
    );
    expect(await fx.stockOf(product.variations[0]!.id)).toBe(69);
  });

  it('a discount code saved by a manager keeps the uses orders counted meanwhile', async () => {
    const { id, code } = await fx.discountCode({ usageLimit: 10 });
    const opened = await expectJson(await call('GET', `/discount-codes/${id}`), 200);
    const product = await tee('Coded tee');
    const res = await app.request('/orders', {
      method: 'POST',
      json: orderBody([{ variationId: product.variations[0]!.id, quantity: 1 }], { locationId }, cash, { discountCodeId: id }),
    });
    expect(res.status).toBe(201);
    await expectJson(
      await call('PATCH', `/discount-codes/${id}`, {
        code,
        kind: opened.kind,
        value: 15,
        enabled: true,
        startsAt: null,
        expiresAt: null,
        minOrderCents: null,
        usageLimit: 10,
        productIds: [],
        catalogIds: [],
        version: opened.version,
      }),
      200,
    );
    expect(await fx.usedCountOf(id)).toBe(1);
  });
});
