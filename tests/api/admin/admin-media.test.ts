import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaDetailSchema, mediaListSchema, mediaUploadAnswerSchema } from '../../../src/contract/admin';
import { onInvalidate } from '../../../src/server/cache/invalidation';
import { auditLog, images, pages, products, variations } from '../../../src/server/db/schema';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { createCatalog, createPage, createProduct, createSection } from '../../helpers/catalog-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';
import { createUser } from '../../helpers/users-fixtures';

const png = (width: number, height: number, color = '#c33') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#39c' } })
    .jpeg()
    .toBuffer();

function form(...files: { name: string; data: Buffer | string; type?: string }[]): FormData {
  const body = new FormData();
  for (const file of files)
    body.append(
      'files',
      new File([typeof file.data === 'string' ? file.data : new Uint8Array(file.data)], file.name, {
        type: file.type ?? 'application/octet-stream',
      }),
    );
  return body;
}

describe.each(databaseKinds)('back office media library (%s)', (kind) => {
  let app: TestApp;
  let owner: TestStaff;
  let manager: TestStaff;
  const tags: string[] = [];
  let stop: () => void;

  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await createSignedInStaff(app, 'owner');
    manager = await createSignedInStaff(app, 'manager', 'Mia Manager');
    stop = onInvalidate((sent) => void tags.push(...sent));
  });
  afterAll(async () => {
    stop();
    await app.close();
  });

  const upload = (body: FormData, who: TestStaff | null = manager) =>
    adminRequest(app, '/media', { method: 'POST', cookie: who?.cookie ?? null, body });
  const get = (p: string, who: TestStaff = manager) => adminRequest(app, p, { cookie: who.cookie }).then((r) => expectJson(r, 200));
  const patch = (id: string, body: unknown, who: TestStaff = manager) =>
    adminRequest(app, `/media/${id}`, { method: 'PATCH', cookie: who.cookie, body: JSON.stringify(body) });
  const remove = (id: string, query: string, who: TestStaff = manager) =>
    adminRequest(app, `/media/${id}?${query}`, { method: 'DELETE', cookie: who.cookie });

  it('uploads several images at once, re-encoded and scaled, stored in the media store by their hash and audited', async () => {
    const response = await upload(
      form(
        { name: 'red square.png', data: await png(40, 30), type: 'image/png' },
        { name: 'C:\\photos\\blue.jpeg', data: await jpeg(4200, 2100), type: 'image/jpeg' },
      ),
    );
    const answer = mediaUploadAnswerSchema.parse(await expectJson(response, 201));
    expect(answer.items).toHaveLength(2);
    const [red, blue] = answer.items;
    expect(red).toMatchObject({ name: 'red square.png', mime: 'image/png', width: 40, height: 30, version: 1, alt: { en: '', ru: '' } });
    expect(blue).toMatchObject({ name: 'blue.jpeg', mime: 'image/jpeg', width: 3840, height: 1920 });
    expect(red!.uri).toMatch(/^\/media\/[0-9a-f]{64}\/red-square\.png$/);
    expect(blue!.uri).toMatch(/^\/media\/[0-9a-f]{64}\/blue\.jpg$/);
    const { store } = await app.deps.media.stores.active();
    for (const item of answer.items) {
      const hash = item.uri.split('/')[2]!;
      const original = (await store.get(hash))!;
      expect(original.length).toBe(item.size);
      expect(createHash('sha256').update(original).digest('hex')).toBe(hash);
      // served as the storefront serves every image, renditions included
      const thumb = await app.deps.media.cache.read(hash, { w: 160, h: 160, fit: 'inset', format: 'webp' });
      expect(thumb).toMatchObject({ mime: 'image/webp' });
    }
    const audit = await app.deps.db
      .select()
      .from(auditLog)
      .where(
        inArray(
          auditLog.entityId,
          answer.items.map((i) => i.id),
        ),
      );
    expect(audit.map((a) => a.action)).toEqual(['media.upload', 'media.upload']);
    expect(audit[0]!.staffName).toBe('Mia Manager');
  });

  it('refuses files that are not images by their content (whatever their name), too large bodies and non-multipart, storing nothing', async () => {
    const before = (await app.deps.db.select().from(images)).length;
    const bad = await expectJson(
      await upload(
        form(
          { name: 'ok.png', data: await png(10, 10), type: 'image/png' },
          { name: 'evil.png', data: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', type: 'image/png' },
          { name: 'notes.jpg', data: 'just text', type: 'image/jpeg' },
        ),
      ),
      400,
    );
    expect(Object.keys(bad.errors.children.files.children)).toEqual(['1', '2']);
    expect(bad.errors.children.files.children['1'].errors[0]).toContain('evil.png');
    expect((await app.deps.db.select().from(images)).length).toBe(before);
    const none = await expectJson(await upload(new FormData()), 400);
    expect(none.errors.children.files).toBeTruthy();
    const json = await adminRequest(app, '/media', { method: 'POST', cookie: manager.cookie, body: JSON.stringify({ files: [] }) });
    expect(json.status).toBe(415);
    const huge = await upload(form({ name: 'big.png', data: Buffer.alloc(10 * 1024 * 1024 + 10), type: 'image/png' }));
    expect([400, 413]).toContain(huge.status);
    expect((await app.deps.db.select().from(images)).length).toBe(before);
  });

  it('lists newest first with search by name or alt text, paging and picked ids', async () => {
    const first = mediaUploadAnswerSchema.parse(
      await expectJson(await upload(form({ name: 'zebra-stripes.png', data: await png(12, 12) })), 201),
    ).items[0]!;
    const second = mediaUploadAnswerSchema.parse(
      await expectJson(await upload(form({ name: 'another.png', data: await png(12, 12, '#3c3') })), 201),
    ).items[0]!;
    const list = mediaListSchema.parse(await get('/media?perPage=2'));
    expect(list.items.map((i) => i.id)).toEqual([second.id, first.id]);
    expect(list.total).toBeGreaterThanOrEqual(4);
    const page2 = mediaListSchema.parse(await get('/media?perPage=2&page=2'));
    expect(page2.items.map((i) => i.id)).not.toContain(second.id);
    expect((await get('/media?q=ZEBRA')).items.map((i: { id: string }) => i.id)).toEqual([first.id]);
    await expectJson(await patch(second.id, { alt: { en: 'Green leaf', ru: 'Зелёный лист' }, title: { en: '', ru: '' }, version: 1 }), 200);
    expect((await get('/media?q=зелёный')).items.map((i: { id: string }) => i.id)).toEqual([second.id]);
    expect((await get(`/media?ids=${first.id},${second.id}`)).total).toBe(2);
    expect((await adminRequest(app, '/media?perPage=1000', { cookie: manager.cookie })).status).toBe(400);
  });

  it('edits alt and title texts in both languages with versions, and refreshes the pages that show the image', async () => {
    const item = mediaUploadAnswerSchema.parse(await expectJson(await upload(form({ name: 'lamp.png', data: await png(20, 20) })), 201))
      .items[0]!;
    const product = await createProduct(app.deps.db, { imageIds: [item.id] });
    tags.length = 0;
    const edited = await expectJson(
      await patch(item.id, { alt: { en: ' A lamp ', ru: 'Лампа' }, title: { en: 'Lamp', ru: 'Лампа' }, version: 1 }),
      200,
    );
    expect(edited).toMatchObject({ alt: { en: 'A lamp', ru: 'Лампа' }, title: { en: 'Lamp', ru: 'Лампа' }, version: 2 });
    expect(tags).toEqual([`product:${product.id}`]);
    await expectJson(await patch(item.id, { alt: { en: 'Old', ru: '' }, title: { en: '', ru: '' }, version: 1 }), 409);
    const bad = await expectJson(await patch(item.id, { alt: { en: 'x'.repeat(600), ru: '' }, title: 'no', version: 2 }), 400);
    expect(Object.keys(bad.errors.children).sort()).toEqual(['alt', 'title']);
    await expectJson(await patch('00000000-0000-4000-8000-000000000000', { alt: {}, title: {}, version: 1 }), 404);
    const [entry] = await app.deps.db.select().from(auditLog).where(eq(auditLog.action, 'media.update'));
    expect(entry).toMatchObject({ entityId: expect.any(String), after: expect.objectContaining({ version: expect.any(Number) }) });
    const [row] = await app.deps.db.select().from(images).where(eq(images.id, item.id));
    expect(row).toMatchObject({ version: 2, alt: { en: 'A lamp', ru: 'Лампа' } });
  });

  it('refuses to delete an image in use (409 naming where) unless forced; forced, it leaves every page working', async () => {
    const item = mediaUploadAnswerSchema.parse(await expectJson(await upload(form({ name: 'shared.png', data: await png(20, 20) })), 201))
      .items[0]!;
    const other = mediaUploadAnswerSchema.parse(await expectJson(await upload(form({ name: 'other.png', data: await png(20, 20) })), 201))
      .items[0]!;
    const product = await createProduct(app.deps.db, { title: 'Shared lamp', imageIds: [other.id, item.id] });
    await app.deps.db.update(variations).set({ imageId: item.id }).where(eq(variations.id, product.variationIds[0]!));
    const catalog = await createCatalog(app.deps.db, { title: 'Lamps', imageId: item.id });
    const pageId = await createPage(app.deps.db, { slug: `p-${item.id.slice(0, 6)}`, title: 'About', previewImageId: item.id });
    await createSection(app.deps.db, { ownerType: 'page', ownerId: pageId, type: 'SectionImage', options: { image: item.id } });

    const detail = mediaDetailSchema.parse(await get(`/media/${item.id}`));
    expect(detail.usage.map((u) => u.kind).sort()).toEqual(['catalog', 'page', 'product', 'section', 'variation']);
    const refused = await expectJson(await remove(item.id, 'version=1'), 409);
    expect(refused.usage.find((u: { kind: string }) => u.kind === 'product')).toMatchObject({ id: product.id, title: 'Shared lamp' });
    expect(await app.deps.db.select().from(images).where(eq(images.id, item.id))).toHaveLength(1);
    await expectJson(await remove(item.id, 'version=7&force=true'), 409);
    expect((await adminRequest(app, `/media/${item.id}?version=x`, { method: 'DELETE', cookie: manager.cookie })).status).toBe(400);

    tags.length = 0;
    expect((await remove(item.id, 'version=1&force=true')).status).toBe(204);
    expect(await app.deps.db.select().from(images).where(eq(images.id, item.id))).toHaveLength(0);
    const [p] = await app.deps.db.select().from(products).where(eq(products.id, product.id));
    expect(p!.imageIds).toEqual([other.id]);
    const [v] = await app.deps.db.select().from(variations).where(eq(variations.id, product.variationIds[0]!));
    expect(v!.imageId).toBeNull();
    const [page] = await app.deps.db.select().from(pages).where(eq(pages.id, pageId));
    expect(page!.previewImageId).toBeNull();
    expect(new Set(tags)).toEqual(new Set([`product:${product.id}`, `catalog:${catalog.id}`, `page:${pageId}`]));
    // the same bytes were uploaded as `other`, which still shows them: the original stays until no image uses it
    expect(other.uri.split('/')[2]).toBe(item.uri.split('/')[2]);
    const { store } = await app.deps.media.stores.active();
    expect(await store.head(other.uri.split('/')[2]!)).toEqual({ size: other.size });
    const [entry] = await app.deps.db.select().from(auditLog).where(eq(auditLog.action, 'media.delete'));
    expect(entry).toMatchObject({ entityId: item.id, before: expect.objectContaining({ name: 'shared.png' }) });

    // an unused image goes without force
    expect((await remove(other.id, 'version=1')).status).toBe(409);
    const unused = mediaUploadAnswerSchema.parse(await expectJson(await upload(form({ name: 'unused.png', data: await png(8, 8) })), 201))
      .items[0]!;
    expect((await remove(unused.id, 'version=1')).status).toBe(204);
    const lonely = mediaUploadAnswerSchema.parse(
      await expectJson(await upload(form({ name: 'lonely.png', data: await png(9, 7, '#123456') })), 201),
    ).items[0]!;
    expect(await store.head(lonely.uri.split('/')[2]!)).not.toBeNull();
    expect((await remove(lonely.id, 'version=1')).status).toBe(204);
    expect(await store.head(lonely.uri.split('/')[2]!)).toBeNull();
  });

  it('is for staff only: no session and customer tokens get 401, writes without the CSRF header 403', async () => {
    const customer = await createUser(app);
    expect((await adminRequest(app, '/media')).status).toBe(401);
    expect((await app.request('/admin/media', { token: customer.token })).status).toBe(401);
    expect((await upload(form({ name: 'a.png', data: await png(8, 8) }), null)).status).toBe(401);
    const noCsrf = await adminRequest(app, '/media', {
      method: 'POST',
      cookie: owner.cookie,
      csrf: false,
      body: form({ name: 'a.png', data: await png(8, 8) }),
    });
    expect(noCsrf.status).toBe(403);
    expect((await adminRequest(app, '/media', { cookie: owner.cookie })).status).toBe(200);
  });
});
