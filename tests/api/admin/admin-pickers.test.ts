import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTargetListSchema } from '../../../src/contract/admin/content';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { addArticle, addCatalog, addImage, addPage, addProduct, text, uniqueSlug } from '../../helpers/content-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';
import { createUser } from '../../helpers/users-fixtures';

/** The builder's record pickers search `GET /api/admin/link-targets` and look a stored value up by `key`. */
describe.each(databaseKinds)('record pickers (%s)', (kind) => {
  let app: TestApp;
  let manager: TestStaff;

  beforeAll(async () => {
    app = await createTestApp(kind);
    manager = await createSignedInStaff(app, 'manager', 'Max Manager');
  });
  afterAll(async () => {
    await app.close();
  });

  const find = async (query: string, who: TestStaff = manager) =>
    linkTargetListSchema.parse(await expectJson(await adminRequest(app, `/link-targets?${query}`, { cookie: who.cookie }), 200)).items;

  it('answers each record with its id, thumbnail, and whether visitors see it and it shows anything', async () => {
    const db = app.deps.db;
    const imageId = await addImage(db);
    const productSlug = uniqueSlug('quilt');
    const productId = await addProduct(db, { slug: productSlug, title: text('Linen quilt', 'Льняное одеяло'), imageIds: [imageId] });
    const hiddenProductId = await addProduct(db, { title: text('Linen sample', 'Образец льна'), enabled: false });
    const full = uniqueSlug('linen');
    const fullId = await addCatalog(db, [productId], { slug: full, title: text('Linen', 'Лён'), imageId });
    const onlyHidden = uniqueSlug('linen-hidden');
    await addCatalog(db, [hiddenProductId], { slug: onlyHidden, title: text('Linen archive', 'Архив льна'), enabled: false });

    const catalogs = await find('kind=catalog&search=linen');
    expect(catalogs.find((c) => c.url === full)).toEqual({
      id: fullId,
      title: 'Linen',
      titles: { en: 'Linen', ru: 'Лён' },
      url: full,
      path: `/catalogs/${full}`,
      thumbnail: expect.stringMatching(/^\/uploads\/.+\.jpg\?w=96&h=96&fit=inset&format=webp$/),
      hidden: false,
      empty: false,
    });
    expect(catalogs.find((c) => c.url === onlyHidden)).toMatchObject({ thumbnail: null, hidden: true, empty: true });

    const products = await find(`kind=product&search=${encodeURIComponent('Льняное')}`);
    expect(products).toEqual([expect.objectContaining({ id: productId, url: productSlug, thumbnail: expect.any(String), hidden: false })]);
    expect((await find('kind=product&search=sample'))[0]).toMatchObject({ id: hiddenProductId, hidden: true, thumbnail: null });

    const categorySlug = uniqueSlug('notes');
    const categoryId = await addPage(db, { slug: categorySlug, type: 'category', title: text('Notes', 'Заметки') });
    const emptyCategory = uniqueSlug('drafts');
    await addPage(db, { slug: emptyCategory, type: 'category', title: text('Drafts', 'Черновики') });
    const articleId = await addArticle(db, { categoryId, title: text('Washing linen', 'Стирка льна'), previewImageId: imageId });
    expect(await find(`kind=category&search=${categorySlug}`)).toEqual([expect.objectContaining({ id: categoryId, empty: false })]);
    expect(await find(`kind=category&search=${emptyCategory}`)).toEqual([expect.objectContaining({ empty: true })]);
    expect(await find('kind=article&search=washing')).toEqual([
      expect.objectContaining({ id: articleId, title: 'Washing linen', thumbnail: expect.any(String), hidden: false }),
    ]);
  });

  it('looks up the one record a stored value names: by id or by its stored address, nothing when it is gone', async () => {
    const db = app.deps.db;
    const slug = uniqueSlug('wool');
    const productId = await addProduct(db, { slug, title: text('Wool socks', 'Шерстяные носки') });
    const catalogSlug = uniqueSlug('socks');
    const catalogId = await addCatalog(db, [productId], { slug: catalogSlug });

    expect(await find(`kind=product&key=${productId}`)).toEqual([expect.objectContaining({ id: productId, url: slug })]);
    expect(await find(`kind=product&key=${slug}&search=nothing-like-it`)).toEqual([expect.objectContaining({ id: productId })]);
    expect(await find(`kind=catalog&key=${catalogSlug}`)).toEqual([expect.objectContaining({ id: catalogId, url: catalogSlug })]);
    expect(await find(`kind=catalog&key=${catalogId}`)).toEqual([expect.objectContaining({ url: catalogSlug })]);
    expect(await find('kind=catalog&key=new')).toEqual([]);
    expect(await find('kind=product&key=00000000-0000-0000-0000-000000000000')).toEqual([]);
    // a key is compared as it is: no pattern matching
    expect(await find('kind=product&key=%25')).toEqual([]);
  });

  it('is for staff only: no session and a customer token are refused, and a NUL in the key is a field error', async () => {
    expect((await adminRequest(app, '/link-targets?kind=product&search=a', { cookie: null })).status).toBe(401);
    const customer = await createUser(app);
    const asCustomer = await adminRequest(app, '/link-targets?kind=product&search=a', {
      cookie: null,
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(asCustomer.status).toBe(401);
    const bad = await expectJson(await adminRequest(app, '/link-targets?kind=product&key=a%00b', { cookie: manager.cookie }), 400);
    expect(bad.errors.children.key).toBeTruthy();
  });
});
