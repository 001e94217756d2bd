import { count, eq, inArray } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImportAnswerSchema, productImportRefusalSchema } from '../../../src/contract/admin';
import { onInvalidate } from '../../../src/server/cache/invalidation';
import { auditLog, catalogProducts, products, variations } from '../../../src/server/db/schema';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { createCatalog, createProduct } from '../../helpers/catalog-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';
import { createUser } from '../../helpers/users-fixtures';

const csvOf = (rows: Record<string, string>[]) => Papa.unparse(rows, { newline: '\n' });

describe.each(databaseKinds)('back office product CSV import and export (%s)', (kind) => {
  let app: TestApp;
  let owner: TestStaff;
  let manager: TestStaff;
  const tags: string[] = [];
  let stop: () => void;

  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await createSignedInStaff(app, 'owner');
    manager = await createSignedInStaff(app, 'manager', 'Ivan Importer');
    stop = onInvalidate((sent) => void tags.push(...sent));
    const shirts = await createCatalog(app.deps.db, { slug: 'shirts' });
    await createCatalog(app.deps.db, { slug: 'summer' });
    await createProduct(app.deps.db, {
      slug: 'linen-shirt',
      title: { en: 'Linen shirt', ru: 'Льняная рубашка' },
      description: { en: '<p>Cool, "airy" linen</p>', ru: '<p>Лён</p>' },
      options: [
        {
          title: { en: 'Size', ru: 'Размер' },
          values: [
            { en: 'S', ru: 'S' },
            { en: 'M', ru: 'M' },
          ],
        },
      ],
      variations: [
        { price: 40, discountPrice: 35.5, stock: 3, options: { Size: 'S' } },
        { price: 42, stock: null, isDefault: true, options: { Size: 'M' } },
      ],
      catalogs: [{ id: shirts.id }],
    });
    await app.deps.db.update(variations).set({ sku: 'LS-S' }).where(eq(variations.fullPriceCents, 4000));
    await createProduct(app.deps.db, { slug: 'plain-mug', title: '=SUM(A1)', variations: [{ price: 9.99, isDefault: true }] });
  });
  afterAll(async () => {
    stop();
    await app.close();
  });

  const exportCsv = async (who: TestStaff = manager) => {
    const response = await adminRequest(app, '/products/export.csv', { cookie: who.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    return response.text();
  };
  const importCsv = (csv: string, dryRun = false, who: TestStaff = manager) =>
    adminRequest(app, '/products/import', { method: 'POST', cookie: who.cookie, body: JSON.stringify({ csv, dryRun }) });
  const productCount = async () => (await app.deps.db.select({ n: count() }).from(products))[0]!.n;

  it('exports one row per variation with the product columns, options and prices; formulas are defused', async () => {
    const response = await adminRequest(app, '/products/export.csv', { cookie: manager.cookie });
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // a byte order mark, so spreadsheets read the file as UTF-8
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder().decode(bytes);
    const { data } = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
    const shirt = data.filter((r) => r.slug === 'linen-shirt');
    expect(shirt).toHaveLength(2);
    expect(shirt[0]).toMatchObject({
      title_en: 'Linen shirt',
      title_ru: 'Льняная рубашка',
      description_en: '<p>Cool, "airy" linen</p>',
      catalogs: 'shirts',
      enabled: 'true',
      option1_title_en: 'Size',
      option1_title_ru: 'Размер',
      option1_value_en: 'S',
      sku: 'LS-S',
      price: '40.00',
      discount_price: '35.50',
      stock: '3',
      default: 'false',
    });
    expect(shirt[1]).toMatchObject({
      title_en: '',
      option1_value_en: 'M',
      sku: '',
      price: '42.00',
      discount_price: '',
      stock: '',
      default: 'true',
    });
    expect(data.find((r) => r.slug === 'plain-mug')!.title_en).toBe("'=SUM(A1)");
  });

  it('round trip: importing the export changes nothing', async () => {
    const csv = await exportCsv();
    const before = await app.deps.db.select().from(variations);
    const answer = productImportAnswerSchema.parse(await expectJson(await importCsv(csv), 200));
    expect(answer).toMatchObject({ dryRun: false, created: 0, updated: 2 });
    expect(await exportCsv()).toBe(csv);
    const after = await app.deps.db.select().from(variations);
    expect(after.map((v) => v.id).sort()).toEqual(before.map((v) => v.id).sort());
    const [mug] = await app.deps.db.select().from(products).where(eq(products.slug, 'plain-mug'));
    expect(mug!.title.en).toBe('=SUM(A1)');
  });

  it('creates and updates products by address and variations by SKU in one audited write, refreshing their pages', async () => {
    const [shirtBefore] = await app.deps.db.select().from(products).where(eq(products.slug, 'linen-shirt'));
    const [sVariation] = await app.deps.db.select().from(variations).where(eq(variations.sku, 'LS-S'));
    tags.length = 0;
    const csv = csvOf([
      {
        slug: 'linen-shirt',
        title_en: 'Linen shirt',
        option1_title_en: 'Size',
        option1_title_ru: 'Размер',
        option1_value_en: 'S',
        sku: 'LS-S',
        price: '45',
        discount_price: '',
        stock: '7',
        catalogs: 'shirts|summer',
        enabled: 'yes',
        default: '',
      },
      {
        slug: 'linen-shirt',
        title_en: '',
        option1_title_en: '',
        option1_title_ru: '',
        option1_value_en: 'M',
        sku: '',
        price: '42.00',
        discount_price: '',
        stock: '',
        catalogs: '',
        enabled: '',
        default: 'true',
      },
      {
        slug: 'wool-socks',
        title_en: 'Wool socks',
        option1_title_en: 'Colour',
        option1_title_ru: 'Цвет',
        option1_value_en: 'Grey',
        sku: 'WS-G',
        price: '12,50',
        discount_price: '10',
        stock: '',
        catalogs: 'summer',
        enabled: 'true',
        default: '',
      },
      {
        slug: 'wool-socks',
        title_en: 'Wool socks',
        option1_title_en: 'Colour',
        option1_title_ru: '',
        option1_value_en: 'Black',
        sku: 'WS-B',
        price: '12.50',
        discount_price: '',
        stock: '0',
        catalogs: '',
        enabled: '',
        default: '',
      },
    ]);
    const dry = productImportAnswerSchema.parse(await expectJson(await importCsv(csv, true), 200));
    expect(dry).toMatchObject({ dryRun: true, rows: 4, created: 1, updated: 1 });
    expect(await app.deps.db.select().from(products).where(eq(products.slug, 'wool-socks'))).toHaveLength(0);
    expect(tags).toEqual([]);

    const answer = productImportAnswerSchema.parse(await expectJson(await importCsv(csv), 200));
    expect(answer.products).toEqual([
      { slug: 'linen-shirt', action: 'update', variations: 2 },
      { slug: 'wool-socks', action: 'create', variations: 2 },
    ]);
    const [socks] = await app.deps.db.select().from(products).where(eq(products.slug, 'wool-socks'));
    expect(socks).toMatchObject({ title: { en: 'Wool socks', ru: '' }, enabled: true, priceCents: 1000 });
    const socksVariations = await app.deps.db.select().from(variations).where(eq(variations.productId, socks!.id));
    expect(socksVariations.map((v) => [v.sku, v.fullPriceCents, v.discountPriceCents, v.stock, v.isDefault]).sort()).toEqual([
      ['WS-B', 1250, null, 0, false],
      ['WS-G', 1250, 1000, null, true],
    ]);
    const [sAfter] = await app.deps.db.select().from(variations).where(eq(variations.sku, 'LS-S'));
    expect(sAfter).toMatchObject({ id: sVariation!.id, fullPriceCents: 4500, discountPriceCents: null, stock: 7 });
    const links = await app.deps.db.select().from(catalogProducts).where(eq(catalogProducts.productId, shirtBefore!.id));
    expect(links).toHaveLength(2);
    expect(tags).toEqual(expect.arrayContaining([`product:${shirtBefore!.id}`, `product:${socks!.id}`]));
    expect(tags.filter((t) => t.startsWith('catalog:'))).toHaveLength(2);
    const audit = await app.deps.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entityId, [shirtBefore!.id, socks!.id]));
    // the round trip before updated the shirt once already
    expect(audit.map((a) => a.action).sort()).toEqual(['product.import.create', 'product.import.update', 'product.import.update']);
    expect(audit.find((a) => a.action === 'product.import.create')!.after).toMatchObject({ slug: 'wool-socks' });
    expect(audit.every((a) => a.staffName === 'Ivan Importer')).toBe(true);
    expect(await app.deps.db.select().from(auditLog).where(eq(auditLog.action, 'products.import'))).toHaveLength(2);
  });

  it('a price of 0 imports as "price on request"; a discount on it does not', async () => {
    const refused = productImportRefusalSchema.parse(
      await expectJson(
        await importCsv(
          csvOf([{ slug: 'bespoke-coat', title_en: 'Bespoke coat', sku: 'BC-1', price: '0', discount_price: '5', stock: '' }]),
        ),
        400,
      ),
    );
    expect(refused.rowErrors).toEqual([expect.objectContaining({ row: 2, column: 'discount_price' })]);
    await expectJson(
      await importCsv(csvOf([{ slug: 'bespoke-coat', title_en: 'Bespoke coat', sku: 'BC-1', price: '0', discount_price: '', stock: '' }])),
      200,
    );
    const [saved] = await app.deps.db.select().from(variations).where(eq(variations.sku, 'BC-1'));
    expect(saved).toMatchObject({ fullPriceCents: 0, discountPriceCents: null });
  });

  it('one bad row: every problem is listed with its row and column, and nothing is written', async () => {
    const before = await productCount();
    const variationsBefore = (await app.deps.db.select().from(variations)).length;
    tags.length = 0;
    const csv = csvOf([
      { slug: 'new-cap', title_en: 'Cap', sku: 'CAP-1', price: '15.00', stock: '2' },
      { slug: 'new-scarf', title_en: 'Scarf', sku: 'SC-1', price: 'cheap', stock: '-1' },
      { slug: 'new-belt', title_en: 'Belt', sku: 'BLT-1', price: '20', stock: '' },
    ]);
    const refused = await expectJson(await importCsv(csv), 400);
    const body = productImportRefusalSchema.parse(refused);
    expect(body.rowErrors).toEqual([
      { row: 3, column: 'price', message: 'Use an amount such as 12.50, or 0 for "price on request".' },
      { row: 3, column: 'stock', message: 'Use a whole number, or leave empty for unlimited.' },
    ]);
    expect(refused.errors.children.rows.children['3'].children.price.errors).toHaveLength(1);
    expect(await productCount()).toBe(before);
    expect((await app.deps.db.select().from(variations)).length).toBe(variationsBefore);
    expect(tags).toEqual([]);
    // the dry run of the same file says the same
    expect((await expectJson(await importCsv(csv, true), 400)).rowErrors).toHaveLength(2);
  });

  it("says a row's too long value in the request language", async () => {
    const csv = csvOf([{ slug: 'long-cap', title_en: 'x'.repeat(301), sku: 'LC-1', price: '15.00', stock: '2' }]);
    const rowErrors = async (lang: 'en' | 'ru') =>
      productImportRefusalSchema
        .parse(
          await expectJson(
            await adminRequest(app, '/products/import', {
              method: 'POST',
              cookie: manager.cookie,
              headers: { 'x-shop-language': lang },
              body: JSON.stringify({ csv, dryRun: true }),
            }),
            400,
          ),
        )
        .rowErrors.map((e) => e.message);
    expect(await rowErrors('en')).toEqual(['This value is too long: at most 300 characters.']);
    expect(await rowErrors('ru')).toEqual(['Слишком длинное значение: не более 300 символов.']);
  });

  it('refuses problems found while writing (unknown catalog, a SKU of another product, product rules) with nothing written', async () => {
    const before = await productCount();
    const csv = csvOf([
      { slug: 'lamp-a', title_en: 'Lamp A', catalogs: 'no-such-catalog', sku: 'LA-1', price: '5' },
      { slug: 'lamp-b', title_en: 'Lamp B', catalogs: '', sku: 'WS-G', price: '5' },
      { slug: 'lamp-c', title_en: 'x'.repeat(301), catalogs: '', sku: 'LC-1', price: '5' },
      { slug: 'lamp-d', title_en: 'Lamp D', catalogs: '', sku: 'LD-1', price: '5' },
    ]);
    const body = productImportRefusalSchema.parse(await expectJson(await importCsv(csv), 400));
    expect(body.rowErrors.map((e) => [e.row, e.column])).toEqual([
      [2, 'catalogs'],
      [3, 'sku'],
      [4, 'title_en'],
    ]);
    expect(await productCount()).toBe(before);
  });

  it('refuses a broken file: unknown or missing columns, no rows, duplicated SKUs and variations, differing product cells', async () => {
    const unknown = productImportRefusalSchema.parse(await expectJson(await importCsv('slug,title_en,price,colour\nx,X,1,red'), 400));
    expect(unknown.rowErrors).toEqual([expect.objectContaining({ row: 1, column: 'colour' })]);
    const missing = productImportRefusalSchema.parse(await expectJson(await importCsv('slug,title_en\nx,X'), 400));
    expect(missing.rowErrors).toEqual([expect.objectContaining({ row: 1, column: 'price' })]);
    expect(productImportRefusalSchema.parse(await expectJson(await importCsv('slug,title_en,price\n'), 400)).rowErrors[0]!.row).toBe(1);
    const rows = productImportRefusalSchema.parse(
      await expectJson(
        await importCsv(
          csvOf([
            { slug: 'cup', title_en: 'Cup', sku: 'C-1', price: '3', default: 'true' },
            { slug: 'cup', title_en: 'Mug', sku: 'C-1', price: '3', default: 'true' },
            { slug: 'Bad Slug', title_en: 'B', sku: 'B-1', price: '3', default: '' },
          ]),
        ),
        400,
      ),
    );
    expect(rows.rowErrors.map((e) => [e.row, e.column])).toEqual(
      expect.arrayContaining([
        [3, 'title_en'],
        [3, 'sku'],
        [3, 'default'],
        [4, 'slug'],
      ]),
    );
    expect((await expectJson(await importCsv(''), 400)).errors.children.csv).toBeTruthy();
    expect(
      (
        await adminRequest(app, '/products/import', {
          method: 'POST',
          cookie: manager.cookie,
          body: JSON.stringify({ csv: 'a', dryRun: 'maybe' }),
        })
      ).status,
    ).toBe(400);
  });

  it('takes the file as a multipart upload too', async () => {
    const form = new FormData();
    form.append(
      'file',
      new File([csvOf([{ slug: 'tea-towel', title_en: 'Tea towel', sku: 'TT-1', price: '6' }])], 'products.csv', { type: 'text/csv' }),
    );
    form.append('dryRun', 'true');
    const answer = await expectJson(
      await adminRequest(app, '/products/import', { method: 'POST', cookie: manager.cookie, body: form }),
      200,
    );
    expect(answer).toMatchObject({ dryRun: true, created: 1 });
    const noFile = await expectJson(
      await adminRequest(app, '/products/import', { method: 'POST', cookie: manager.cookie, body: new FormData() }),
      400,
    );
    expect(noFile.errors.children.file).toBeTruthy();
  });

  it('is for staff only: no session and customer tokens get 401, writes need the CSRF header', async () => {
    const customer = await createUser(app);
    expect((await adminRequest(app, '/products/export.csv')).status).toBe(401);
    expect((await app.request('/admin/products/export.csv', { token: customer.token })).status).toBe(401);
    expect(
      (
        await app.request('/admin/products/import', {
          method: 'POST',
          token: customer.token,
          json: { csv: 'x' },
          headers: { 'x-shop-admin': '1' },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await adminRequest(app, '/products/import', {
          method: 'POST',
          cookie: owner.cookie,
          csrf: false,
          body: JSON.stringify({ csv: 'x' }),
        })
      ).status,
    ).toBe(403);
    expect((await exportCsv(owner)).length).toBeGreaterThan(10);
  });
});
