import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MAX_PIXELS } from '../../../src/contract/admin';
import { images } from '../../../src/server/db/schema';
import { UPLOAD_CONCURRENCY, uploadDecoder, uploadRequests } from '../../../src/server/api/admin/media/upload';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A PNG of `width` × `height` 8-bit grey pixels whose compressed rows are `rows`. */
function png(width: number, height: number, rows: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid PNG of black pixels: a few hundred kilobytes that decompress to width × height bytes. */
const decompressionBomb = (width: number, height: number) =>
  png(width, height, deflateSync(Buffer.alloc((width + 1) * height), { level: 9 }));

function form(...files: { name: string; data: Buffer }[]): FormData {
  const body = new FormData();
  for (const file of files) body.append('files', new File([new Uint8Array(file.data)], file.name, { type: 'image/png' }));
  return body;
}

describe.each(databaseKinds)('back office uploads: bad files and load (%s)', (kind) => {
  let app: TestApp;
  let manager: TestStaff;
  let small: Buffer;

  beforeAll(async () => {
    app = await createTestApp(kind);
    manager = await createSignedInStaff(app, 'manager');
    small = await sharp({ create: { width: 12, height: 12, channels: 3, background: '#468' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await app.close();
  });

  const upload = (body: FormData, headers: Record<string, string> = {}) =>
    adminRequest(app, '/media', { method: 'POST', cookie: manager.cookie, body, headers });
  const count = () => app.deps.db.$count(images);

  it('answers an empty file with a 400 naming it, not a server error', async () => {
    const before = await count();
    const empty = await expectJson(await upload(form({ name: 'blank.png', data: Buffer.alloc(0) })), 400);
    expect(empty.errors.children.files.children['0'].errors[0]).toBe('blank.png is empty: choose the image file again.');
    const russian = await expectJson(await upload(form({ name: 'пусто.png', data: Buffer.alloc(0) }), { 'x-shop-language': 'ru' }), 400);
    expect(russian.message).toBe('Файл пусто.png пуст: выберите изображение ещё раз.');
    // an empty multipart body, and a form with no file in it
    const noBody = await adminRequest(app, '/media', {
      method: 'POST',
      cookie: manager.cookie,
      body: '',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(noBody.status).toBe(400);
    expect((await upload(new FormData())).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('refuses an image that would decompress to more than the pixel bound, from its header, before decoding it', async () => {
    const bomb = decompressionBomb(8000, 8000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(8000 * 8000).toBeGreaterThan(MEDIA_MAX_PIXELS);
    const refused = await expectJson(await upload(form({ name: 'bomb.png', data: bomb }, { name: 'fine.png', data: small })), 400);
    expect(refused.errors.children.files.children['0'].errors[0]).toBe(
      'bomb.png is 8000 × 8000 pixels; at most 50 megapixels are accepted. Scale it down and upload it again.',
    );
    expect(Object.keys(refused.errors.children.files.children)).toEqual(['0']);
    // a header claiming the size with hardly any pixels behind it is refused the same way
    const header = png(20000, 20000, deflateSync(Buffer.alloc(100)));
    const claimed = await expectJson(await upload(form({ name: 'claims.png', data: header })), 400);
    expect(claimed.message).toContain('20000 × 20000 pixels');
  });

  it('has a bound on uploads in progress per instance: past it, a 503 with Retry-After, while the storefront answers', async () => {
    const gate = deferred();
    const held = Array.from({ length: UPLOAD_CONCURRENCY.requests }, () => uploadRequests.run(() => gate.promise));
    try {
      const refused = await upload(form({ name: 'one-too-many.png', data: small }));
      const body = await expectJson(refused, 503);
      expect(refused.headers.get('retry-after')).toBe(String(UPLOAD_CONCURRENCY.retryAfterSeconds));
      expect(body.message).toBe('Several images are being uploaded right now. Try again in a few seconds.');
      expect((await app.request('/config')).status).toBe(200);
    } finally {
      gate.resolve();
      await Promise.all(held);
    }
    expect((await upload(form({ name: 'after.png', data: small }))).status).toBe(201);
  });

  it('decodes the images of concurrent uploads one at a time: the next waits for its turn', async () => {
    const gate = deferred();
    const decoding = uploadDecoder.run(() => gate.promise);
    const waiting = upload(form({ name: 'queued.png', data: small }));
    await expect.poll(() => uploadDecoder.waiting).toBe(1);
    expect(uploadDecoder.active).toBe(UPLOAD_CONCURRENCY.decodes);
    gate.resolve();
    await decoding;
    expect((await waiting).status).toBe(201);
    expect([uploadDecoder.active, uploadDecoder.waiting]).toEqual([0, 0]);
  });
});
