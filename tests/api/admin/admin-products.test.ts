import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  productBulkAnswerSchema,
  productChoicesSchema,
  productDetailSchema,
  productListSchema,
  type ProductBody,
  type ProductDetail,
} from '../../../src/contract/admin';
import { enableCatalogStatsCache } from '../../../src/server/api/catalog/catalog-stats';
import { onInvalidate } from '../../../src/server/cache/invalidation';
import {
  auditLog,
  builderDrafts,
  builderRevisions,
  cartItems,
  catalogs,
  discountCodes,
  images,
  orderItems,
  products,
  redirects,
  variations,
} from '../../../src/server/db/schema';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { createCatalog, createProduct } from '../../helpers/catalog-fixtures';
import { commerceFixtures, orderBody } from '../../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';
import { createUser } from '../../helpers/users-fixtures';

const both = (en: string, ru = `${en} ру`) => ({ en, ru });

/** A product with Colour (Red, Blue) and Size (S, M): four variations, red S the default. */
function shirtBody(extra: Partial<ProductBody> = {}): ProductBody {
  const grid = [0, 1].flatMap((colour) => [0, 1].map((size) => [colour, size]));
  return {
    title: both('Linen shirt', 'Льняная рубашка'),
    description: { en: '<p>Soft <b>linen</b></p><script>alert(1)</script><img src=x onerror="alert(2)">', ru: '<p>Мягкий лён</p>' },
    enabled: true,
    options: [
      {
        title: both('Colour', 'Цвет'),
        view: 'color',
        values: [
          { title: both('Red', 'Красный'), value: '#c0392b' },
          { title: both('Blue', 'Синий'), value: '#2e86de' },
        ],
      },
      { title: both('Size', 'Размер'), view: 'radio', values: [{ title: both('S') }, { title: both('M') }] },
    ],
    variations: grid.map((values, i) => ({ values, fullPriceCents: 2000 + i * 100, stock: 5, sku: `SH-${i}`, isDefault: i === 0 })),
    ...extra,
  };
}

describe.each(databaseKinds)('back office products (%s)', (kind) => {
  let app: TestApp;
  let owner: TestStaff;
  let manager: TestStaff;
  let tags: string[] = [];
  let stop: () => void = () => {};

  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await createSignedInStaff(app, 'owner', 'Olga Owner');
    manager = await createSignedInStaff(app, 'manager', 'Max Manager');
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(() => {
    tags = [];
    stop = onInvalidate((t) => void tags.push(...t));
  });
  afterEach(() => stop());

  const call = (method: string, path: string, body?: unknown, who: TestStaff | null = manager) =>
    adminRequest(app, path, { method, cookie: who?.cookie ?? null, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const create = async (body: ProductBody = shirtBody()): Promise<ProductDetail> =>
    productDetailSchema.parse(await expectJson(await call('POST', '/products', body), 201));
  const update = (detail: ProductDetail, changes: Partial<ProductBody>, version = detail.version) =>
    call('PUT', `/products/${detail.id}`, { ...bodyOf(detail), ...changes, version });
  const auditOf = (id: string) => app.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id));

  /** The editable body of a product as the editor sends it back. */
  function bodyOf(detail: ProductDetail): ProductBody {
    return {
      title: detail.title,
      slug: detail.slug,
      description: detail.description,
      metaTitle: detail.metaTitle,
      metaDescription: detail.metaDescription,
      enabled: detail.enabled,
      imageIds: detail.imageIds,
      catalogIds: detail.catalogIds,
      relatedProductIds: detail.relatedProducts.map((r) => r.id),
      properties: detail.properties,
      weight: detail.weight,
      height: detail.height,
      width: detail.width,
      length: detail.length,
      options: detail.options.map((o) => ({
        id: o.id,
        title: o.title,
        type: o.type as 'string',
        view: o.view as 'select',
        unit: o.unit,
        values: o.values,
      })),
      // an existing variation's stock goes only as a change (with the figure seen): left out, orders' figure stays
      variations: detail.variations.map(({ valueIds: _v, title: _t, stock: _s, ...v }) => v),
    };
  }

  async function image(): Promise<string> {
    const id = randomUUID();
    await app.deps.db.insert(images).values({
      id,
      name: `${id}.webp`,
      uri: `/media/${id}.webp`,
      mime: 'image/webp',
      width: 10,
      height: 10,
      extension: 'webp',
      size: 100,
    });
    return id;
  }

  it('creates a product with its options and variations grid: sanitised description, titles from values, listing price, audit, tags', async () => {
    const catalog = await createCatalog(app.deps.db);
    const [first, second] = [await image(), await image()];
    const detail = await create(
      shirtBody({ catalogIds: [catalog.id], imageIds: [first!, second!], properties: [{ title: both('Material'), value: both('Linen') }] }),
    );
    expect(detail).toMatchObject({
      slug: 'linen-shirt',
      url: '/products/linen-shirt',
      enabled: true,
      version: 1,
      catalogIds: [catalog.id],
      imageIds: [first, second],
      priceCents: 2000,
      priceFullCents: 2000,
    });
    expect(detail.description.en).toContain('<b>linen</b>');
    expect(detail.description.en).not.toMatch(/script|onerror/);
    expect(detail.options.map((o) => [o.title.en, o.view, o.values.map((v) => v.title.en)])).toEqual([
      ['Colour', 'color', ['Red', 'Blue']],
      ['Size', 'radio', ['S', 'M']],
    ]);
    expect(detail.options[0]!.values[0]!.value).toBe('#c0392b');
    expect(detail.variations.map((v) => v.title?.en)).toEqual(['Red / S', 'Red / M', 'Blue / S', 'Blue / M']);
    expect(detail.variations.map((v) => v.values)).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
    ]);
    expect(detail.variations.filter((v) => v.isDefault)).toHaveLength(1);
    const [row] = await app.deps.db.select().from(products).where(eq(products.id, detail.id));
    expect(row).toMatchObject({ sortTitle: 'linen shirt', priceCents: 2000 });
    expect(tags).toEqual(expect.arrayContaining([`product:${detail.id}`, `catalog:${catalog.id}`]));
    expect(await auditOf(detail.id)).toEqual([expect.objectContaining({ action: 'product.create', staffName: 'Max Manager' })]);

    // the storefront sells it at once, with its options and swatches
    const page = await app.request(`/products/${detail.slug}`);
    expect(page.status).toBe(200);
    const storefront = (await page.json()) as { variations: { id: string }[]; options: { view: string }[] };
    expect(storefront.variations).toHaveLength(4);
    expect(storefront.options.map((o) => o.view)).toEqual(['color', 'radio']);

    // a second one with the same title gets the next free address
    const again = await create(shirtBody({ enabled: false }));
    expect(again.slug).toBe('linen-shirt-2');
  });

  it('lists, searches and filters products, with catalogs, variation counts and stock', async () => {
    const catalog = await createCatalog(app.deps.db);
    const listed = await create(shirtBody({ title: both('Searchable parka'), catalogIds: [catalog.id] }));
    await create(shirtBody({ title: both('Other parka'), enabled: false }));
    const list = productListSchema.parse(await expectJson(await call('GET', `/products?catalogId=${catalog.id}`), 200));
    expect(list.items).toEqual([
      expect.objectContaining({
        id: listed.id,
        title: 'Searchable parka',
        variationsCount: 4,
        stock: 20,
        catalogs: [expect.objectContaining({ id: catalog.id })],
      }),
    ]);
    const byTitle = await expectJson(await call('GET', `/products?q=${encodeURIComponent('searchable')}&enabled=true`), 200);
    expect(byTitle.items.map((p: { id: string }) => p.id)).toEqual([listed.id]);
    await expectJson(
      await update(listed, {
        variations: bodyOf(listed).variations.map((v, i) => ({ ...v, sku: i === 0 ? 'UNIQUE-SKU-42' : v.sku })),
      } as Partial<ProductBody>),
      200,
    );
    const bySku = await expectJson(await call('GET', '/products?q=unique-sku'), 200);
    expect(bySku.items.map((p: { id: string }) => p.id)).toEqual([listed.id]);
    const disabled = await expectJson(await call('GET', '/products?enabled=false&q=parka'), 200);
    expect(disabled.items.map((p: { title: string }) => p.title)).toEqual(['Other parka']);
    const sorted = await expectJson(await call('GET', '/products?sort=-priceCents&perPage=2'), 200);
    expect(sorted).toMatchObject({ page: 1, perPage: 2 });
    expect(sorted.items.length).toBeLessThanOrEqual(2);
    const bad = await expectJson(await call('GET', '/products?enabled=maybe&sort=colour'), 400);
    expect(Object.keys(bad.errors.children).sort()).toEqual(['enabled', 'sort']);
  });

  it('refuses bad input with field errors and writes nothing: blank title, negative price, discount above price, bad grid, two defaults, unknown catalog', async () => {
    const before = (await app.deps.db.select().from(products)).length;
    const base = shirtBody();
    const zero = await expectJson(
      await call('POST', '/products', {
        ...base,
        title: { en: ' ', ru: '' },
        variations: base.variations.map((v, i) => (i === 1 ? { ...v, fullPriceCents: -100 } : v)),
      }),
      400,
    );
    expect(zero.errors.children.title.children.en.errors).toHaveLength(1);
    expect(zero.errors.children.variations.children['1'].children.fullPriceCents.errors[0]).toMatch(/price on request/);
    const onRequestDiscount = await expectJson(
      await call('POST', '/products', {
        ...base,
        variations: base.variations.map((v, i) => (i === 1 ? { ...v, fullPriceCents: 0, discountPriceCents: 100 } : v)),
      }),
      400,
    );
    expect(onRequestDiscount.errors.children.variations.children['1'].children.discountPriceCents.errors).toHaveLength(1);
    const wrong = await expectJson(
      await call('POST', '/products', {
        ...base,
        catalogIds: [randomUUID()],
        variations: [
          { ...base.variations[0], discountPriceCents: 5000, isDefault: true },
          { ...base.variations[1], values: [0, 5], isDefault: true },
          { ...base.variations[0], isDefault: false, discountPriceCents: null },
        ],
      }),
      400,
    );
    expect(Object.keys(wrong.errors.children).sort()).toEqual(['catalogIds', 'variations']);
    const rows = wrong.errors.children.variations;
    expect(rows.errors).toEqual(['Mark exactly one variation as the default']);
    expect(Object.keys(rows.children['0'].children)).toEqual(['discountPriceCents']);
    expect(Object.keys(rows.children['1'].children)).toEqual(['values']);
    expect(rows.children['2'].children.values.errors).toEqual(['Another variation has the same values']);
    const noVariations = await expectJson(await call('POST', '/products', { title: both('X'), variations: [] }), 400);
    expect(noVariations.errors.children.variations).toBeTruthy();
    const ru = await expectJson(
      await adminRequest(app, '/products', {
        method: 'POST',
        cookie: manager.cookie,
        headers: { 'x-shop-language': 'ru' },
        body: JSON.stringify({ ...base, catalogIds: [randomUUID()] }),
      }),
      400,
    );
    expect(ru.errors.children.catalogIds.errors).toEqual(['Одного из выбранных каталогов не существует']);
    expect(await app.deps.db.select().from(products)).toHaveLength(before);
  });

  it('names a too long title as too long, in the request language (not as blank)', async () => {
    const before = (await app.deps.db.select().from(products)).length;
    const body = JSON.stringify({ ...shirtBody(), title: { en: 'x'.repeat(301), ru: '' } });
    const titleErrors = async (lang: 'en' | 'ru') =>
      (
        await expectJson(
          await adminRequest(app, '/products', { method: 'POST', cookie: manager.cookie, headers: { 'x-shop-language': lang }, body }),
          400,
        )
      ).errors.children.title.children.en.errors;
    expect(await titleErrors('en')).toEqual(['This value is too long: at most 300 characters.']);
    expect(await titleErrors('ru')).toEqual(['Слишком длинное значение: не более 300 символов.']);
    expect(await app.deps.db.select().from(products)).toHaveLength(before);
  });

  it('needs a staff session: no session and customer tokens get 401, managers may write', async () => {
    const customer = await createUser(app);
    expect((await call('GET', '/products', undefined, null)).status).toBe(401);
    expect((await call('POST', '/products', shirtBody(), null)).status).toBe(401);
    expect((await app.request('/admin/products', { token: customer.token })).status).toBe(401);
    expect(
      (
        await app.request('/admin/products', {
          method: 'POST',
          token: customer.token,
          headers: { 'x-shop-admin': '1', origin: 'http://localhost:4321' },
          json: shirtBody(),
        })
      ).status,
    ).toBe(401);
    const product = await create();
    expect((await call('DELETE', `/products/${product.id}?version=1`, undefined, null)).status).toBe(401);
    const catalog = await createCatalog(app.deps.db);
    const choices = productChoicesSchema.parse(await expectJson(await call('GET', '/product-choices', undefined, owner), 200));
    expect(choices.catalogs.map((c) => c.id)).toContain(catalog.id);
    // a write without the back office's header is refused before anything happens
    const forged = await adminRequest(app, `/products/${product.id}?version=1`, {
      method: 'DELETE',
      cookie: manager.cookie,
      csrf: false,
      headers: { origin: 'http://localhost:4321' },
    });
    expect(forged.status).toBe(403);
    expect((await call('GET', `/products/${product.id}`)).status).toBe(200);
    const twice = await expectJson(
      await call('POST', '/products/bulk', {
        action: 'disable',
        items: [
          { id: product.id, version: 1 },
          { id: product.id, version: 1 },
        ],
      }),
      400,
    );
    expect(twice.errors.children.items).toBeTruthy();
  });

  it('updates with a version: stale 409, slug change adds a redirect and drops catalog links, audit before and after', async () => {
    const [a, b] = [await createCatalog(app.deps.db), await createCatalog(app.deps.db)];
    const product = await create(shirtBody({ title: both('Rename me'), catalogIds: [a.id] }));
    const catalogVersions = async () =>
      Object.fromEntries(
        (
          await app.deps.db
            .select({ id: catalogs.id, version: catalogs.version })
            .from(catalogs)
            .where(inArray(catalogs.id, [a.id, b.id]))
        ).map((c) => [c.id, c.version]),
      );
    const versionsBefore = await catalogVersions();
    tags = [];
    const saved = productDetailSchema.parse(
      await expectJson(await update(product, { slug: 'renamed-shirt', catalogIds: [b.id], metaTitle: both('Meta'), weight: 1.5 }), 200),
    );
    expect(saved).toMatchObject({ version: 2, slug: 'renamed-shirt', catalogIds: [b.id], metaTitle: both('Meta'), weight: 1.5 });
    expect(saved.variations.map((v) => v.id)).toEqual(product.variations.map((v) => v.id));
    expect(tags).toEqual(expect.arrayContaining([`product:${product.id}`, `catalog:${a.id}`, `catalog:${b.id}`, 'redirects']));
    // both catalogs' product lists changed: an editor holding either one's older list gets a conflict, not a silent overwrite
    expect(await catalogVersions()).toEqual({ [a.id]: versionsBefore[a.id]! + 1, [b.id]: versionsBefore[b.id]! + 1 });
    const [redirect] = await app.deps.db.select().from(redirects).where(eq(redirects.fromPath, '/products/rename-me'));
    expect(redirect).toMatchObject({ toPath: '/products/renamed-shirt' });
    const followed = await app.request(`/redirects?from=${encodeURIComponent('/products/rename-me')}`);
    expect(await followed.json()).toEqual({ from: '/products/rename-me', to: '/products/renamed-shirt' });

    // back to the first address: the redirect away from it goes, the other way round comes
    await expectJson(await update(saved, { slug: 'rename-me' }), 200);
    expect(await app.deps.db.select().from(redirects).where(eq(redirects.fromPath, '/products/rename-me'))).toEqual([]);
    expect(
      await app.deps.db.select({ to: redirects.toPath }).from(redirects).where(eq(redirects.fromPath, '/products/renamed-shirt')),
    ).toEqual([{ to: '/products/rename-me' }]);

    const stale = await expectJson(await update(saved, { title: both('Lost') }, 2), 409);
    expect(stale.errors.children.version).toBeTruthy();
    const other = await create(shirtBody({ title: both('Taken slug') }));
    const taken = await expectJson(await update({ ...saved, version: 3 }, { slug: other.slug }), 400);
    expect(taken.errors.children.slug.errors).toEqual(['Another product already has this address']);
    expect((await call('PUT', `/products/${randomUUID()}`, { ...bodyOf(saved), version: 1 })).status).toBe(404);
    const audit = await auditOf(product.id);
    expect(audit.map((e) => e.action).sort()).toEqual(['product.create', 'product.update', 'product.update']);
    const first = audit.find((e) => e.action === 'product.update' && (e.after as { slug: string }).slug === 'renamed-shirt')!;
    expect(first.before).toMatchObject({ slug: 'rename-me', version: 1 });
  });

  it("keeps a product's tax class: standard by default, set, kept when left out, an unknown class refused", async () => {
    const plain = await create(shirtBody({ title: both('Plain shirt') }));
    expect(plain.taxClass).toBe('standard');
    const product = await create(shirtBody({ title: both('Taxed shirt'), taxClass: 'reduced' }));
    expect(product.taxClass).toBe('reduced');
    // an editor that does not send the field (bodyOf leaves it out) leaves it as it is
    const kept = productDetailSchema.parse(await expectJson(await update(product, { title: both('Taxed shirt, renamed') }), 200));
    expect(kept.taxClass).toBe('reduced');
    const bad = await expectJson(await update(kept, { taxClass: 'luxury' as never }), 400);
    expect(bad.errors.children.taxClass.errors).toEqual(['Choose a tax class']);
    const exempt = productDetailSchema.parse(await expectJson(await update(kept, { taxClass: 'exempt' }), 200));
    expect(exempt.taxClass).toBe('exempt');
    const [row] = await app.deps.db.select({ taxClass: products.taxClass }).from(products).where(eq(products.id, product.id));
    expect(row).toEqual({ taxClass: 'exempt' });
  });

  it('regenerated grids keep variations whose values remain; removed values drop their variations; prices and images follow', async () => {
    const img = await image();
    const product = await create(shirtBody({ imageIds: [img] }));
    const [colour, size] = product.options;
    // Size loses M and gains L; Blue/S keeps its id; the default moves to Blue/S, which shows the image
    const options = [colour!, { ...size!, values: [size!.values[0]!, { title: both('L') }] }];
    const keep = product.variations.filter((v) => v.values[1] === 0);
    const grid = [
      ...keep.map((v) => ({
        id: v.id,
        values: v.values,
        fullPriceCents: v.fullPriceCents,
        isDefault: v.values[0] === 1,
        imageId: v.values[0] === 1 ? img : null,
        discountPriceCents: v.values[0] === 1 ? 1500 : null,
      })),
      { values: [0, 1], fullPriceCents: 3000, stock: null, isDefault: false },
      { values: [1, 1], fullPriceCents: 3100, stock: 0, isDefault: false },
    ];
    const saved = productDetailSchema.parse(
      await expectJson(await update(product, { options, variations: grid } as Partial<ProductBody>), 200),
    );
    expect(saved.options[1]!.values.map((v) => v.title.en)).toEqual(['S', 'L']);
    expect(saved.options[1]!.values[0]!.id).toBe(size!.values[0]!.id);
    expect(saved.variations.map((v) => v.title?.en)).toEqual(['Red / S', 'Blue / S', 'Red / L', 'Blue / L']);
    expect(saved.variations.slice(0, 2).map((v) => v.id)).toEqual(keep.map((v) => v.id));
    const blueS = saved.variations[1]!;
    expect(blueS).toMatchObject({ isDefault: true, imageId: img, discountPriceCents: 1500 });
    expect(saved).toMatchObject({ priceCents: 1500, priceFullCents: blueS.fullPriceCents });
    const gone = product.variations.filter((v) => v.values[1] === 1).map((v) => v.id);
    for (const id of gone) expect(await app.deps.db.select().from(variations).where(eq(variations.id, id))).toEqual([]);

    const foreignImage = await expectJson(
      await update(saved, {
        variations: saved.variations.map((v, i) => ({ ...v, imageId: i === 0 ? randomUUID() : v.imageId })),
      } as Partial<ProductBody>),
      400,
    );
    expect(foreignImage.errors.children.variations.children['0'].children.imageId).toBeTruthy();
    const foreign = await create();
    const stolen = await expectJson(
      await update(saved, {
        variations: saved.variations.map((v, i) => ({ ...v, id: i === 0 ? foreign.variations[0]!.id : v.id })),
      } as Partial<ProductBody>),
      400,
    );
    expect(stolen.errors.children.variations.children['0'].children.id).toBeTruthy();

    // without options the product is one variation
    const plain = await expectJson(
      await update(saved, { options: [], variations: [{ values: [], fullPriceCents: 999, stock: 3, isDefault: true }] }),
      200,
    );
    expect(plain.variations).toEqual([expect.objectContaining({ values: [], title: null, fullPriceCents: 999 })]);
    expect(plain.options).toEqual([]);
  });

  it('saves a price of 0 as "price on request": the storefront shows it so and an order for it is refused', async () => {
    const fx = commerceFixtures(app);
    const cash = await fx.paymentMethod({ kind: 'cash' });
    const store = await fx.location({ paymentMethodCodes: [cash] });
    const base = shirtBody({ title: both('Made to measure') });
    const product = await create({
      ...base,
      variations: base.variations.map((v) => ({ ...v, fullPriceCents: 0, discountPriceCents: null })),
    });
    expect(product.variations.map((v) => v.fullPriceCents)).toEqual([0, 0, 0, 0]);
    const shown = await expectJson(await app.request(`/products/${product.slug}`), 200);
    expect(shown.variations[0].price).toBe(0);
    const customer = await createUser(app);
    const refused = await expectJson(
      await app.request('/orders', {
        method: 'POST',
        token: customer.token,
        json: orderBody([{ variationId: product.variations[0]!.id, quantity: 1 }], { locationId: store.id }, cash),
      }),
      400,
    );
    expect(JSON.stringify(refused)).toMatch(/priced on request/);
  });

  it('duplicates a product as a disabled copy with new ids and a free address', async () => {
    const catalog = await createCatalog(app.deps.db);
    const source = await create(shirtBody({ title: both('Copied coat'), catalogIds: [catalog.id] }));
    const copy = productDetailSchema.parse(await expectJson(await call('POST', `/products/${source.id}/duplicate`), 201));
    expect(copy).toMatchObject({
      slug: 'copied-coat-copy',
      enabled: false,
      version: 1,
      catalogIds: [catalog.id],
      title: { en: 'Copied coat (copy)' },
    });
    expect(copy.variations.map((v) => [v.title?.en, v.fullPriceCents, v.stock, v.isDefault])).toEqual(
      source.variations.map((v) => [v.title?.en, v.fullPriceCents, v.stock, v.isDefault]),
    );
    expect(copy.variations.map((v) => v.id)).not.toContain(source.variations[0]!.id);
    expect(copy.options[0]!.id).not.toBe(source.options[0]!.id);
    expect(tags).toEqual(expect.arrayContaining([`product:${copy.id}`, `catalog:${catalog.id}`]));
    expect(await auditOf(copy.id)).toEqual([expect.objectContaining({ action: 'product.duplicate', before: { sourceId: source.id } })]);
    const again = await expectJson(await call('POST', `/products/${source.id}/duplicate`), 201);
    expect(again.slug).toBe('copied-coat-copy-2');
    expect((await call('POST', `/products/${randomUUID()}/duplicate`)).status).toBe(404);
  });

  it('deletes a product: orders keep their lines and stay readable, carts drop its variations, related lists forget it', async () => {
    const fx = commerceFixtures(app);
    const cash = await fx.paymentMethod({ kind: 'cash' });
    const store = await fx.location({ paymentMethodCodes: [cash] });
    const catalog = await createCatalog(app.deps.db);
    const product = await create(shirtBody({ title: both('Doomed dress'), catalogIds: [catalog.id] }));
    const relating = await createProduct(app.deps.db, { relatedProductIds: [product.id] });
    const code = (kind: string, productIds: string[]) => ({
      id: randomUUID(),
      code: `${kind}-${randomUUID().slice(0, 6)}`.toUpperCase(),
      kind: 'percent',
      value: 10,
      productIds,
    });
    const [alone, shared] = [code('alone', [product.id]), code('shared', [product.id, relating.id])];
    await app.deps.db.insert(discountCodes).values([alone, shared]);
    await app.deps.db.insert(builderDrafts).values({ target: `product:${product.id}`, content: { sections: [] } });
    await app.deps.db
      .insert(builderRevisions)
      .values({ id: randomUUID(), target: `product:${product.id}`, number: 1, content: { sections: [] } });
    const customer = await createUser(app);
    const variationId = product.variations[1]!.id;
    const placed = await expectJson(
      await app.request('/orders', {
        method: 'POST',
        token: customer.token,
        json: orderBody([{ variationId, quantity: 2 }], { locationId: store.id }, cash),
      }),
      201,
    );
    await app.deps.db
      .insert(cartItems)
      .values({ id: randomUUID(), userId: customer.id, variationId: product.variations[2]!.id, quantity: 1 });

    expect((await call('DELETE', `/products/${product.id}`)).status).toBe(400);
    await expectJson(await call('DELETE', `/products/${product.id}?version=7`), 409);
    tags = [];
    expect((await call('DELETE', `/products/${product.id}?version=1`)).status).toBe(204);
    expect(tags).toEqual(expect.arrayContaining([`product:${product.id}`, `catalog:${catalog.id}`, `product:${relating.id}`]));
    expect((await call('GET', `/products/${product.id}`)).status).toBe(404);
    expect(await app.deps.db.select().from(cartItems).where(eq(cartItems.userId, customer.id))).toEqual([]);
    const [related] = await app.deps.db.select().from(products).where(eq(products.id, relating.id));
    expect(related).toMatchObject({ relatedProductIds: [], version: 2 });
    // its builder draft and history go with it
    expect(
      await app.deps.db
        .select()
        .from(builderDrafts)
        .where(eq(builderDrafts.target, `product:${product.id}`)),
    ).toEqual([]);
    expect(
      await app.deps.db
        .select()
        .from(builderRevisions)
        .where(eq(builderRevisions.target, `product:${product.id}`)),
    ).toEqual([]);
    // a code for that product alone is switched off, not widened to every product; a shared one keeps the rest
    const codes = await app.deps.db
      .select()
      .from(discountCodes)
      .where(inArray(discountCodes.id, [alone.id, shared.id]));
    expect(codes.find((c) => c.id === alone.id)).toMatchObject({ productIds: [], enabled: false, version: 2 });
    expect(codes.find((c) => c.id === shared.id)).toMatchObject({ productIds: [relating.id], enabled: true, version: 2 });
    const order = await expectJson(await call('GET', `/orders/${placed.id}`, undefined, owner), 200);
    expect(order.items).toEqual([
      expect.objectContaining({ productId: product.id, variationId, title: 'Doomed dress', quantity: 2, variationTitle: 'Red / M' }),
    ]);
    expect(
      await app.deps.db
        .select()
        .from(orderItems)
        .where(and(eq(orderItems.orderId, placed.id))),
    ).toHaveLength(1);
    const cart = await app.request('/cart', { token: customer.token });
    expect(cart.status).toBe(200);
    expect(await auditOf(product.id)).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'product.delete', after: null })]));
  });

  it('bulk edits selected products: price by percent or absolute, stock, disable and delete; a stale version refuses the batch', async () => {
    const a = await create(shirtBody({ title: both('Bulk A') }));
    const b = await create(shirtBody({ title: both('Bulk B') }));
    const items = [
      { id: a.id, version: 1 },
      { id: b.id, version: 1 },
    ];
    tags = [];
    expect(
      productBulkAnswerSchema.parse(
        await expectJson(await call('POST', '/products/bulk', { action: 'price', items, price: { mode: 'percent', percent: 10 } }), 200),
      ),
    ).toEqual({ updated: 2 });
    expect(tags).toEqual(expect.arrayContaining([`product:${a.id}`, `product:${b.id}`]));
    const raised = productDetailSchema.parse(await expectJson(await call('GET', `/products/${a.id}`), 200));
    expect(raised.variations.map((v) => v.fullPriceCents)).toEqual([2200, 2310, 2420, 2530]);
    expect(raised).toMatchObject({ version: 2, priceCents: 2200 });
    const zero = await expectJson(await call('POST', '/products/bulk', { action: 'price', items, price: { mode: 'set', cents: 0 } }), 400);
    expect(zero.errors.children.price.children.cents).toBeTruthy();
    await expectJson(
      await call('POST', '/products/bulk', { action: 'price', items: [{ id: a.id, version: 2 }], price: { mode: 'set', cents: 1234 } }),
      200,
    );
    tags = [];
    await expectJson(
      await call('POST', '/products/bulk', {
        action: 'stock',
        items: [
          { id: a.id, version: 3, stockSeen: 20 },
          { id: b.id, version: 2, stockSeen: 20 },
        ],
        stock: 7,
      }),
      200,
    );
    expect(tags).toEqual(expect.arrayContaining([`product:${a.id}`, 'stock-only']));
    const stocked = await expectJson(await call('GET', `/products/${a.id}`), 200);
    expect(stocked.variations.map((v: { stock: number; fullPriceCents: number }) => [v.stock, v.fullPriceCents])).toEqual(
      Array(4).fill([7, 1234]),
    );
    expect(stocked.priceCents).toBe(1234);
    // b is at version 3 now: the stale pair refuses the whole batch, a stays enabled
    await expectJson(
      await call('POST', '/products/bulk', {
        action: 'disable',
        items: [
          { id: a.id, version: 4 },
          { id: b.id, version: 2 },
        ],
      }),
      409,
    );
    expect((await expectJson(await call('GET', `/products/${a.id}`), 200)).enabled).toBe(true);
    await expectJson(
      await call('POST', '/products/bulk', {
        action: 'disable',
        items: [
          { id: a.id, version: 4 },
          { id: b.id, version: 3 },
        ],
      }),
      200,
    );
    expect((await expectJson(await call('GET', `/products/${a.id}`), 200)).enabled).toBe(false);
    expect((await app.request(`/products/${a.slug}`)).status).toBe(404);
    const actions = (await auditOf(a.id)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['product.price', 'product.stock', 'product.disable']));
    await expectJson(
      await call('POST', '/products/bulk', {
        action: 'delete',
        items: [
          { id: a.id, version: 5 },
          { id: b.id, version: 4 },
        ],
      }),
      200,
    );
    expect(await app.deps.db.select().from(products).where(eq(products.id, b.id))).toEqual([]);
    const bad = await expectJson(await call('POST', '/products/bulk', { action: 'explode', items: [] }), 400);
    expect(bad.errors.children.action).toBeTruthy();
  });

  it('keeps the in-memory catalog values in step: a catalog count follows product writes at once', async () => {
    enableCatalogStatsCache();
    const [a, b] = [await createCatalog(app.deps.db), await createCatalog(app.deps.db)];
    const countOf = async (id: string) => ((await (await app.request(`/catalogs/${id}/countProducts`)).json()) as { count: number }).count;
    const product = await create(shirtBody({ title: both('Indexed'), catalogIds: [a.id] }));
    expect([await countOf(a.id), await countOf(b.id)]).toEqual([1, 0]);
    const moved = productDetailSchema.parse(await expectJson(await update(product, { catalogIds: [b.id] }), 200));
    expect([await countOf(a.id), await countOf(b.id)]).toEqual([0, 1]);
    await expectJson(await call('POST', '/products/bulk', { action: 'disable', items: [{ id: moved.id, version: moved.version }] }), 200);
    expect(await countOf(b.id)).toBe(0);
  });
});
