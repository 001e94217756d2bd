import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDITION_WIDTHS, readMediaFile, renditionFor, resizeQuerySchema } from '../../src/server/media';

const cachedFiles = (dataDir: string) => {
  const dir = path.join(dataDir, 'cache', 'media');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
const query = (q: Record<string, string>) => resizeQuerySchema.parse(q);

describe('image renditions', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-media-'));
    fs.mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    // noise, so that renditions have realistic sizes
    const pixels = Buffer.alloc(2000 * 1500 * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
    await sharp(pixels, { raw: { width: 2000, height: 1500, channels: 3 } })
      .jpeg()
      .toFile(path.join(dataDir, 'uploads', 'photo.jpg'));
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves six arbitrary widths from one encode', async () => {
    const before = cachedFiles(dataDir).length;
    const widths = ['601', '602', '613', '627', '633', '640'];
    const bodies = [];
    for (const w of widths) {
      const file = await readMediaFile(dataDir, 'photo.jpg', query({ w, format: 'webp' }));
      expect(file).not.toBeNull();
      bodies.push((file as { body: Buffer }).body);
    }
    expect(cachedFiles(dataDir).length - before).toBe(1);
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

  it('keeps the cache within its size by deleting the oldest renditions', async () => {
    const small = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-media-bound-'));
    try {
      fs.mkdirSync(path.join(small, 'uploads'));
      fs.copyFileSync(path.join(dataDir, 'uploads', 'photo.jpg'), path.join(small, 'uploads', 'photo.jpg'));
      const dir = path.join(small, 'cache', 'media');
      const sizeOf = (w: string) =>
        readMediaFile(small, 'photo.jpg', query({ w, format: 'jpeg' })).then((file) => (file as { body: Buffer }).body.length);
      const largest = await sizeOf('960');
      fs.rmSync(dir, { recursive: true });
      const maxBytes = Math.round(largest * 1.2);
      for (const w of ['200', '320', '480', '640', '960']) {
        await readMediaFile(small, 'photo.jpg', query({ w, format: 'jpeg' }), { cacheMaxBytes: maxBytes });
        const total = fs.readdirSync(dir).reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0);
        expect(total).toBeLessThanOrEqual(maxBytes);
      }
      const left = cachedFiles(small);
      expect(left.length).toBeGreaterThan(0);
      expect(left.length).toBeLessThan(5);
    } finally {
      fs.rmSync(small, { recursive: true, force: true });
    }
  });
});
