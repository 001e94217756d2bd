import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDetailSchema, type ProductBody, type ProductDetail } from '../../../src/contract/admin';
import { productDetailAnswer } from '../../../src/contract/storefront/catalog';
import { images, products } from '../../../src/server/db/schema';
import { videoSourcesInUse } from '../../../src/server/policy-sources';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';

const both = (en: string, ru = `${en} ру`) => ({ en, ru });
const YT = 'dQw4w9WgXcQ';

function productBody(extra: Partial<ProductBody> = {}): ProductBody {
  return {
    title: both(`Video tee ${randomUUID().slice(0, 8)}`, 'Футболка с видео'),
    enabled: true,
    variations: [{ values: [], fullPriceCents: 2500, stock: 5, isDefault: true }],
    ...extra,
  };
}

describe.each(databaseKinds)('a product video (%s)', (kind) => {
  let app: TestApp;
  let owner: TestStaff;
  let manager: TestStaff;

  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await createSignedInStaff(app, 'owner', 'Olga Owner');
    manager = await createSignedInStaff(app, 'manager', 'Max Manager');
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (method: string, path: string, body: unknown, who: TestStaff, headers: Record<string, string> = {}) =>
    adminRequest(app, path, { method, cookie: who.cookie, headers, body: JSON.stringify(body) });
  const create = async (body: ProductBody, who: TestStaff = owner): Promise<ProductDetail> =>
    productDetailSchema.parse(await expectJson(await call('POST', '/products', body, who), 201));
  const bodyOf = (detail: ProductDetail): ProductBody => ({
    title: detail.title,
    slug: detail.slug,
    enabled: detail.enabled,
    imageIds: detail.imageIds,
    video: detail.video,
    variations: detail.variations.map(({ valueIds: _v, title: _t, stock: _s, ...v }) => v),
  });
  const storefront = async (slug: string) => productDetailAnswer.parse(await expectJson(await app.request(`/products/${slug}`), 200));

  it('the owner adds a video of a service with a preview picture; the shop shows it after the pictures and allows its player', async () => {
    const cover = randomUUID();
    await app.deps.db.insert(images).values({
      id: cover,
      name: 'c.webp',
      uri: `/media/${cover}.webp`,
      mime: 'image/webp',
      width: 10,
      height: 10,
      extension: 'webp',
      size: 1,
    });
    const video = { source: 'youtube' as const, video: `https://youtu.be/${YT}`, mode: 'default' as const, previewImage: cover };
    const detail = await create(productBody({ video }));
    expect(detail.video).toEqual(video);
    const shown = await storefront(detail.slug);
    expect(shown.video).toMatchObject({
      source: 'youtube',
      embedUrl: expect.stringContaining(`https://www.youtube-nocookie.com/embed/${YT}?autoplay=1`),
      pageUrl: `https://www.youtube.com/watch?v=${YT}`,
      previewImage: { id: cover },
      thumbnailUrl: `https://i.ytimg.com/vi/${YT}/hqdefault.jpg`,
    });
    expect(await videoSourcesInUse(app.deps.db)).toContain('youtube');

    // removed: the gallery has pictures only
    const removed = await expectJson(
      await call('PUT', `/products/${detail.id}`, { ...bodyOf(detail), video: null, version: detail.version }, owner),
      200,
    );
    expect(removed).toBeTruthy();
    expect((await storefront(detail.slug)).video).toBeNull();
  });

  it('refuses a video a manager (without the edit_code capability) adds, changes or removes; keeps it through their other edits', async () => {
    const file = { source: 'file' as const, video: '/media/video/tee.mp4', mode: 'default' as const, previewImage: null };
    const forbidden = await expectJson(await call('POST', '/products', productBody({ video: file }), manager), 403);
    expect(forbidden.errors.children.video.errors).toEqual([
      "Only the owner sets a product's video: a video service runs its own player on the page",
    ]);
    const detail = await create(productBody({ video: file }));
    const put = (video: unknown, extra: Partial<ProductBody> = {}) =>
      call('PUT', `/products/${detail.id}`, { ...bodyOf(detail), ...extra, video, version: detail.version }, manager, {
        'x-shop-language': 'ru',
      });
    const changed = await expectJson(await put({ ...file, video: '/media/video/other.mp4' }), 403);
    expect(changed.message).toBe('Видео товара задаёт только владелец: видеосервис запускает на странице свой плеер');
    await expectJson(await put(null), 403);
    // the editor sends back what it loaded: the title changes, the video stays
    await expectJson(await put(detail.video, { title: both('Renamed tee', 'Футболка') }), 200);
    const [row] = await app.deps.db.select().from(products).where(eq(products.id, detail.id));
    expect(row!.video).toEqual(file);
    expect(row!.title).toEqual(both('Renamed tee', 'Футболка'));
  });

  it('refuses script and other hosts in the video, naming the field', async () => {
    for (const video of [
      { source: 'youtube', video: 'javascript:alert(1)' },
      { source: 'vimeo', video: '<img src=x onerror=alert(1)>' },
      { source: 'file', video: 'https://evil.example/a.mp4' },
      { source: 'youtube', video: 'https://evil.example/watch?v=dQw4w9WgXcQ' },
      { source: 'script', video: 'x' },
      { source: 'youtube', video: YT, onload: 'alert(1)' },
    ]) {
      const answer = await expectJson(await call('POST', '/products', productBody({ video: video as never }), owner), 400);
      expect(Object.keys(answer.errors.children), JSON.stringify(video)).toContain('video');
    }
    const unknownCover = await expectJson(
      await call('POST', '/products', productBody({ video: { source: 'youtube', video: YT, previewImage: randomUUID() } }), owner),
      400,
    );
    expect(unknownCover.errors.children.video.children.previewImage.errors).toHaveLength(1);
  });
});
