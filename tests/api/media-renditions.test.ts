import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/server/logger';
import { putOriginal } from '../../src/server/media/originals';
import { createMediaCache, RENDITION_WIDTHS, renditionFor, resizeQuerySchema, type MediaCache } from '../../src/server/media/renditions';
import { createTestApp, type TestApp } from '../helpers/test-app';

const query = (q: Record<string, string>) => resizeQuerySchema.parse(q);

describe('image renditions', () => {
  let app: TestApp;
  let dir: string;
  let photo: string;
  const cachedFiles = () => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name !== photo) : []);
  const cacheOf = (maxBytes: number, at = dir) =>
    createMediaCache({ stores: app.deps.media.stores, dir: at, maxBytes, logger: createLogger('silent') });
  let media: MediaCache;
  beforeAll(async () => {
    app = await createTestApp('pglite');
    dir = path.join(app.dataDir, 'cache', 'media');
    // noise, so that renditions have realistic sizes
    const pixels = Buffer.alloc(2000 * 1500 * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
    const jpeg = await sharp(pixels, { raw: { width: 2000, height: 1500, channels: 3 } })
      .jpeg()
      .toBuffer();
    photo = await putOriginal(app.deps.media, jpeg, 'image/jpeg');
    media = cacheOf(512 * 1024 * 1024);
  });
  afterAll(async () => {
    media.close();
    await app.close();
  });

  it('serves six arbitrary widths from one encode', async () => {
    const before = cachedFiles().length;
    const widths = ['601', '602', '613', '627', '633', '640'];
    const bodies = [];
    for (const w of widths) {
      const file = await media.read(photo, query({ w, format: 'webp' }));
      expect(file).not.toBeNull();
      bodies.push((file as { body: Buffer }).body);
    }
    expect(cachedFiles().length - before).toBe(1);
    expect((await sharp(bodies[0]).metadata()).width).toBe(640);
    expect(new Set(bodies.map((b) => b.toString('base64'))).size).toBe(1);
  });

  it('serves the smallest allowed width at least as wide as asked, never wider than the original', () => {
    const source = { width: 2000, height: 1500 };
    expect(renditionFor({ w: 500, h: 500, fit: 'outbound' }, source)).toEqual({ width: 567, height: undefined, fit: 'outbound' });
    expect(renditionFor({ w: 3000, h: undefined, fit: 'outbound' }, source).width).toBe(2000);
    // inside a 300 x 150 box the height decides: 200 px wide
    expect(renditionFor({ w: 300, h: 150, fit: 'outbound' }, source).width).toBe(200);
    expect(renditionFor({ w: 610, h: 600, fit: 'inset' }, source)).toEqual({ width: 640, height: 640, fit: 'inset' });
    expect(renditionFor({ w: 800, h: 455, fit: 'inset' }, source)).toEqual({ width: 960, height: 540, fit: 'inset' });
    for (const w of [17, 333, 1001, 3839]) {
      expect(RENDITION_WIDTHS).toContain(renditionFor({ w, h: undefined, fit: 'outbound' }, { width: 4000, height: 3000 }).width);
    }
  });

  it('serves a cached rendition without reading the store; only a miss does', async () => {
    const data = await sharp({ create: { width: 700, height: 500, channels: 3, background: '#963' } })
      .png()
      .toBuffer();
    const hash = await putOriginal(app.deps.media, data, 'image/png');
    const first = await media.read(hash, query({ w: '320', format: 'webp' }));
    expect(first).toMatchObject({ mime: 'image/webp' });
    const { store } = await app.deps.media.stores.active();
    await store.delete(hash);
    expect(await media.read(hash, query({ w: '300', format: 'webp' }))).toEqual(first);
    expect(await media.read(hash, query({ w: '640', format: 'webp' }))).toBeNull();
  });

  it('keeps the cache within its size by deleting the oldest renditions', async () => {
    const small = path.join(app.dataDir, 'cache', 'small');
    const sizeOf = (w: string) => media.read(photo, query({ w, format: 'jpeg' })).then((file) => (file as { body: Buffer }).body.length);
    const largest = await sizeOf('960');
    const maxBytes = Math.round(largest * 1.2);
    const bounded = cacheOf(maxBytes, small);
    try {
      for (const w of ['200', '320', '480', '640', '960']) {
        await bounded.read(photo, query({ w, format: 'jpeg' }));
        const total = fs.readdirSync(small).reduce((sum, name) => sum + fs.statSync(path.join(small, name)).size, 0);
        expect(total).toBeLessThanOrEqual(maxBytes);
      }
      const left = fs.readdirSync(small);
      expect(left.length).toBeGreaterThan(0);
      expect(left.length).toBeLessThan(5);
    } finally {
      bounded.close();
    }
  });
});
