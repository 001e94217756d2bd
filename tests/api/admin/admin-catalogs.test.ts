import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogDetailSchema, catalogListSchema, catalogProductsSchema } from '../../../src/contract/admin';
import { enableCatalogStatsCache } from '../../../src/server/api/catalog/catalog-stats';
import { onInvalidate } from '../../../src/server/cache/invalidation';
import { auditLog, catalogProducts, catalogs, redirects, sections } from '../../../src/server/db/schema';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { createCatalog, createImage, createProduct, createSection, getJson, type Json } from '../../helpers/catalog-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';
import { createUser } from '../../helpers/users-fixtures';

describe.each(databaseKinds)('back office catalogs (%s)', (kind) => {
  let app: TestApp;
  let owner: TestStaff;
  let manager: TestStaff;
  const tags: string[] = [];
  let stop: () => void;

  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await createSignedInStaff(app, 'owner');
    manager = await createSignedInStaff(app, 'manager', 'Cara Catalogue');
    stop = onInvalidate((sent) => void tags.push(...sent));
  });
  afterAll(async () => {
    stop();
    await app.close();
  });

  const send = (method: string, path: string, body?: unknown, who: TestStaff = manager) =>
    adminRequest(app, path, { method, cookie: who.cookie, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const get = (path: string, who: TestStaff = manager) => adminRequest(app, path, { cookie: who.cookie }).then((r) => expectJson(r, 200));
  const listed = async (slug: string) => {
    const { status, body } = await getJson(app, `/catalogs/v3/${slug}`);
    expect(status).toBe(200);
    return body.sections.find((s: Json) => s.type === 'SectionProductList').items.map((p: Json) => p.id);
  };

  it('creates a catalog with bilingual texts, a made-up address, sanitised description, image and sort; audited and invalidated', async () => {
    const imageId = await createImage(app.deps.db, 'lamps.jpg');
    tags.length = 0;
    const created = catalogDetailSchema.parse(
      await expectJson(
        await send('POST', '/catalogs', {
          title: { en: 'Desk Lamps', ru: 'Настольные лампы' },
          description: { en: '<p>Bright <script>alert(1)</script><b>lamps</b></p>', ru: '<p onclick="x()">Лампы</p>' },
          metaTitle: { en: 'Lamps for desks' },
          imageId,
          sortCriteria: 'custom',
          noindex: true,
        }),
        201,
      ),
    );
    expect(created).toMatchObject({
      slug: 'desk-lamps',
      title: { en: 'Desk Lamps', ru: 'Настольные лампы' },
      description: { en: '<p>Bright <b>lamps</b></p>', ru: '<p>Лампы</p>' },
      metaTitle: { en: 'Lamps for desks', ru: '' },
      imageId,
      sortCriteria: 'custom',
      enabled: true,
      noindex: true,
      nofollow: false,
      productsCount: 0,
      version: 1,
    });
    expect(tags).toEqual([`catalog:${created.id}`]);
    const again = await expectJson(await send('POST', '/catalogs', { title: { en: 'Desk lamps' } }), 201);
    expect(again.slug).toBe('desk-lamps-2');
    expect(again.position).toBeGreaterThan(created.position);
    const [entry] = await app.deps.db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(entry).toMatchObject({
      action: 'catalog.create',
      staffName: 'Cara Catalogue',
      after: expect.objectContaining({ slug: 'desk-lamps' }),
    });
    const { status, body } = await getJson(app, '/catalogs/v3/desk-lamps');
    expect(status).toBe(200);
    expect(body).toMatchObject({ title: 'Desk Lamps', noindex: true });
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const before = (await app.deps.db.select().from(catalogs)).length;
    const bad = await expectJson(
      await send('POST', '/catalogs', { title: { en: ' ' }, slug: 'Not A Slug', sortCriteria: 'random', enabled: 'yes' }),
      400,
    );
    expect(Object.keys(bad.errors.children).sort()).toEqual(['enabled', 'slug', 'sortCriteria', 'title']);
    const unknownImage = await expectJson(
      await send('POST', '/catalogs', { title: { en: 'X' }, imageId: '00000000-0000-4000-8000-00000000000f' }),
      400,
    );
    expect(unknownImage.errors.children.imageId).toBeTruthy();
    await createCatalog(app.deps.db, { slug: 'taken-address' });
    const taken = await expectJson(await send('POST', '/catalogs', { title: { en: 'X' }, slug: 'taken-address' }), 400);
    expect(taken.errors.children.slug.errors).toEqual(['Another catalog has this address.']);
    expect((await app.deps.db.select().from(catalogs)).length).toBe(before + 1);
  });

  it('edits with versions; a new address redirects from the old one; product pages naming the catalog are refreshed', async () => {
    const catalog = await createCatalog(app.deps.db, { slug: 'old-shelves', title: 'Shelves' });
    const product = await createProduct(app.deps.db, { catalogs: [{ id: catalog.id }] });
    const current = catalogDetailSchema.parse(await get(`/catalogs/${catalog.id}`));
    tags.length = 0;
    const edited = await expectJson(
      await send('PATCH', `/catalogs/${catalog.id}`, {
        ...current,
        slug: 'wall-shelves',
        title: { en: 'Wall shelves', ru: 'Полки' },
        version: 1,
      }),
      200,
    );
    expect(edited).toMatchObject({ slug: 'wall-shelves', title: { en: 'Wall shelves', ru: 'Полки' }, version: 2, productsCount: 1 });
    expect(new Set(tags)).toEqual(new Set([`catalog:${catalog.id}`, 'redirects', `product:${product.id}`]));
    const [redirect] = await app.deps.db.select().from(redirects).where(eq(redirects.fromPath, '/catalogs/old-shelves'));
    expect(redirect?.toPath).toBe('/catalogs/wall-shelves');
    // renamed again: the first redirect follows, no chain
    await expectJson(await send('PATCH', `/catalogs/${catalog.id}`, { ...current, slug: 'shelves', version: 2 }), 200);
    const all = await app.deps.db.select().from(redirects);
    expect(
      all
        .filter((r) => r.toPath === '/catalogs/shelves')
        .map((r) => r.fromPath)
        .sort(),
    ).toEqual(['/catalogs/old-shelves', '/catalogs/wall-shelves']);

    await expectJson(await send('PATCH', `/catalogs/${catalog.id}`, { ...current, version: 1 }), 409);
    const bad = await expectJson(await send('PATCH', `/catalogs/${catalog.id}`, { ...current, title: { en: '' }, version: 3 }), 400);
    expect(Object.keys(bad.errors.children)).toEqual(['title']);
    const noVersion = await expectJson(await send('PATCH', `/catalogs/${catalog.id}`, { ...current, version: undefined }), 400);
    expect(noVersion.errors.children.version).toBeTruthy();
    await expectJson(await send('PATCH', '/catalogs/00000000-0000-4000-8000-000000000000', { ...current, version: 1 }), 404);
    // a change of the sort alone refreshes the catalog only
    tags.length = 0;
    await expectJson(
      await send('PATCH', `/catalogs/${catalog.id}`, { ...current, slug: 'shelves', sortCriteria: 'price_desc', version: 3 }),
      200,
    );
    expect(tags).toEqual([`catalog:${catalog.id}`]);
    const audit = await app.deps.db.select().from(auditLog).where(eq(auditLog.entityId, catalog.id));
    expect(audit.filter((a) => a.action === 'catalog.update')).toHaveLength(3);
  });

  it('lists with search, filter and sort', async () => {
    const a = await createCatalog(app.deps.db, { title: { en: 'Zinc Buckets', ru: 'Вёдра' }, position: 50, enabled: false });
    await createProduct(app.deps.db, { catalogs: [{ id: a.id }] });
    const list = catalogListSchema.parse(await get('/catalogs?q=buckets'));
    expect(list.items).toEqual([expect.objectContaining({ id: a.id, enabled: false, productsCount: 1 })]);
    expect((await get('/catalogs?q=вёдра')).total).toBe(1);
    expect((await get('/catalogs?enabled=false')).items.map((c: { id: string }) => c.id)).toContain(a.id);
    const byTitle = (await get('/catalogs?sort=-title&perPage=100')).items.map((c: { title: { en: string } }) => c.title.en.toLowerCase());
    expect(byTitle).toEqual([...byTitle].sort().reverse());
    expect((await adminRequest(app, '/catalogs?sort=bogus', { cookie: manager.cookie })).status).toBe(400);
  });

  it('orders products by hand for the custom sort, adds and removes them; the storefront (and its in-memory index) follows', async () => {
    // listings answered from the in-memory catalog index, as the built server does: the write must drop it
    enableCatalogStatsCache();
    const catalog = await createCatalog(app.deps.db, { slug: 'handmade-order', sortCriteria: 'custom' });
    const p1 = await createProduct(app.deps.db, { title: 'Alpha', catalogs: [{ id: catalog.id, position: 0 }] });
    const p2 = await createProduct(app.deps.db, { title: 'Bravo', catalogs: [{ id: catalog.id, position: 1 }] });
    const p3 = await createProduct(app.deps.db, { title: 'Charlie', catalogs: [{ id: catalog.id, position: 2 }] });
    const p4 = await createProduct(app.deps.db, { title: 'Delta unique-candidate' });
    expect(await listed('handmade-order')).toEqual([p1.id, p2.id, p3.id]);
    const products = catalogProductsSchema.parse(await get(`/catalogs/${catalog.id}/products`));
    expect(products.items.map((p) => p.title)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    const candidates = await get(`/catalogs/${catalog.id}/candidates?q=unique-candidate`);
    expect(candidates.items.map((p: { id: string }) => p.id)).toEqual([p4.id]);
    expect((await get(`/catalogs/${catalog.id}/candidates?q=alpha`)).items).toEqual([]);

    tags.length = 0;
    const saved = catalogProductsSchema.parse(
      await expectJson(
        await send('PUT', `/catalogs/${catalog.id}/products`, { productIds: [p3.id, p4.id, p1.id], version: products.version }),
        200,
      ),
    );
    expect(saved.items.map((p) => p.title)).toEqual(['Charlie', 'Delta unique-candidate', 'Alpha']);
    expect(saved.version).toBe(products.version + 1);
    expect(new Set(tags)).toEqual(new Set([`catalog:${catalog.id}`, `product:${p4.id}`, `product:${p2.id}`]));
    expect(await listed('handmade-order')).toEqual([p3.id, p4.id, p1.id]);
    const [entry] = await app.deps.db.select().from(auditLog).where(eq(auditLog.action, 'catalog.products'));
    expect(entry).toMatchObject({ entityId: catalog.id, after: expect.objectContaining({ added: [p4.id], removed: [p2.id] }) });

    await expectJson(await send('PUT', `/catalogs/${catalog.id}/products`, { productIds: [p1.id], version: products.version }), 409);
    const unknown = await expectJson(
      await send('PUT', `/catalogs/${catalog.id}/products`, {
        productIds: [p1.id, '00000000-0000-4000-8000-000000000009'],
        version: saved.version,
      }),
      400,
    );
    expect(Object.keys(unknown.errors.children.productIds.children)).toEqual(['1']);
    const twice = await expectJson(
      await send('PUT', `/catalogs/${catalog.id}/products`, { productIds: [p1.id, p1.id], version: saved.version }),
      400,
    );
    expect(twice.errors.children.productIds).toBeTruthy();
    const links = await app.deps.db.select().from(catalogProducts).where(eq(catalogProducts.catalogId, catalog.id));
    expect(links).toHaveLength(3);
  });

  it('deletes a catalog with its sections and links; a stale version is refused', async () => {
    const catalog = await createCatalog(app.deps.db, { slug: 'to-delete' });
    const product = await createProduct(app.deps.db, { catalogs: [{ id: catalog.id }] });
    await createSection(app.deps.db, { ownerType: 'catalog', ownerId: catalog.id, type: 'SectionText' });
    await expectJson(await send('DELETE', `/catalogs/${catalog.id}?version=2`), 409);
    expect((await send('DELETE', `/catalogs/${catalog.id}`)).status).toBe(400);
    tags.length = 0;
    expect((await send('DELETE', `/catalogs/${catalog.id}?version=1`)).status).toBe(204);
    expect(new Set(tags)).toEqual(new Set([`catalog:${catalog.id}`, `product:${product.id}`]));
    expect(await app.deps.db.select().from(catalogs).where(eq(catalogs.id, catalog.id))).toHaveLength(0);
    expect(await app.deps.db.select().from(sections).where(eq(sections.ownerId, catalog.id))).toHaveLength(0);
    expect((await getJson(app, '/catalogs/v3/to-delete')).status).toBe(404);
    const [entry] = await app.deps.db.select().from(auditLog).where(eq(auditLog.action, 'catalog.delete'));
    expect(entry).toMatchObject({ entityId: catalog.id, before: expect.objectContaining({ productIds: [product.id] }) });
  });

  it('is for staff only: no session and customer tokens get 401, writes need the CSRF header', async () => {
    const customer = await createUser(app);
    expect((await adminRequest(app, '/catalogs')).status).toBe(401);
    expect((await app.request('/admin/catalogs', { token: customer.token })).status).toBe(401);
    expect(
      (
        await app.request('/admin/catalogs', {
          method: 'POST',
          token: customer.token,
          json: { title: { en: 'X' } },
          headers: { 'x-shop-admin': '1' },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await adminRequest(app, '/catalogs', {
          method: 'POST',
          cookie: owner.cookie,
          csrf: false,
          body: JSON.stringify({ title: { en: 'X' } }),
        })
      ).status,
    ).toBe(403);
    expect((await adminRequest(app, '/catalogs', { cookie: owner.cookie })).status).toBe(200);
  });
});
