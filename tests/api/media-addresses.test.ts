import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaUploadAnswerSchema } from '../../src/contract/admin';
import { onInvalidate } from '../../src/server/cache/invalidation';
import { auditLog, images } from '../../src/server/db/schema';
import { createLogger } from '../../src/server/logger';
import { adoptFolderImages } from '../../src/server/media/adopt';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../helpers/admin-fixtures';
import { createProduct } from '../helpers/catalog-fixtures';
import { getMedia, mediaBytes, sha256 } from '../helpers/media-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';
import { createUser } from '../helpers/users-fixtures';

const png = (width: number, height: number, color: string) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

function form(...files: { name: string; data: Buffer }[]): FormData {
  const body = new FormData();
  for (const file of files) body.append('files', new File([new Uint8Array(file.data)], file.name, { type: 'image/png' }));
  return body;
}

const hashOf = (uri: string) => uri.split('/')[2]!;

describe.each(databaseKinds)('content-addressed images (%s)', (kind) => {
  let app: TestApp;
  let manager: TestStaff;
  const tags: string[] = [];
  let stop: () => void;

  beforeAll(async () => {
    app = await createTestApp(kind);
    manager = await createSignedInStaff(app, 'manager');
    stop = onInvalidate((sent) => void tags.push(...sent));
  });
  afterAll(async () => {
    stop();
    await app.close();
  });

  const upload = async (name: string, data: Buffer) =>
    mediaUploadAnswerSchema.parse(
      await expectJson(await adminRequest(app, '/media', { method: 'POST', cookie: manager.cookie, body: form({ name, data }) }), 201),
    ).items[0]!;
  const replace = (id: string, version: number, body: FormData, cookie: string | null = manager.cookie) =>
    adminRequest(app, `/media/${id}/file?version=${version}`, { method: 'POST', cookie, body });

  it('serves an original and its renditions at its content address, cached for good', async () => {
    const data = await png(300, 200, '#2a6');
    const item = await upload('Green field.png', data);
    expect(item.uri).toBe(`/media/${hashOf(item.uri)}/green-field.png`);
    const original = await getMedia(app, item.uri);
    expect(original.status).toBe(200);
    expect(original.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(sha256(new Uint8Array(await original.arrayBuffer()))).toBe(hashOf(item.uri));
    const thumb = await getMedia(app, `${item.uri}?w=100&h=100&fit=inset&format=webp`);
    expect([thumb.status, thumb.headers.get('content-type'), thumb.headers.get('cache-control')]).toEqual([
      200,
      'image/webp',
      'public, max-age=31536000, immutable',
    ]);
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(128);
    // the name is for people: any name finds the same original
    expect((await getMedia(app, `/media/${hashOf(item.uri)}/anything.png`)).status).toBe(200);
    expect((await getMedia(app, `/media/${'0'.repeat(64)}/missing.png`)).status).toBe(404);
    expect((await getMedia(app, '/media/nothing/here.png')).status).toBe(404);
    expect((await getMedia(app, `${item.uri}?w=5`)).status).toBe(400);
  });

  it('replaces an image’s file: a new address, the pages showing it dropped, the old address redirecting, the old file gone', async () => {
    const first = await png(120, 80, '#a33');
    const item = await upload('poster.png', first);
    const product = await createProduct(app.deps.db, { imageIds: [item.id] });
    const second = await png(160, 90, '#33a');
    tags.length = 0;
    const answer = await expectJson(await replace(item.id, 1, form({ name: 'new-poster.png', data: second })), 200);
    expect(answer).toMatchObject({ id: item.id, version: 2, width: 160, height: 90, name: 'poster.png' });
    expect(answer.uri).toMatch(/^\/media\/[0-9a-f]{64}\/poster\.png$/);
    expect(hashOf(answer.uri)).not.toBe(hashOf(item.uri));
    expect(tags).toContain(`product:${product.id}`);
    expect(tags).toContain(`media:${hashOf(item.uri)}`);
    // the old address, kept by a cached page or an e-mail, leads to the new file; never to the old one
    const old = await getMedia(app, `${item.uri}?w=64`);
    expect([old.status, old.headers.get('location')]).toEqual([301, `${answer.uri}?w=64`]);
    expect(sha256((await mediaBytes(app, item.uri))!)).toBe(hashOf(answer.uri));
    const { store } = await app.deps.media.stores.active();
    expect(await store.head(hashOf(item.uri))).toBeNull();
    const [row] = await app.deps.db.select().from(images).where(eq(images.id, item.id));
    expect(row).toMatchObject({ hash: hashOf(answer.uri), uri: answer.uri, size: answer.size });
    const [entry] = await app.deps.db.select().from(auditLog).where(eq(auditLog.action, 'media.replace'));
    expect(entry).toMatchObject({
      entityId: item.id,
      before: expect.objectContaining({ uri: item.uri }),
      after: expect.objectContaining({ uri: answer.uri }),
    });

    // an edit based on the old version is refused, and so is anything but one image
    await expectJson(await replace(item.id, 1, form({ name: 'late.png', data: first })), 409);
    await expectJson(await replace(item.id, 2, form({ name: 'a.png', data: first }, { name: 'b.png', data: second })), 400);
    await expectJson(await replace(item.id, 2, form({ name: 'notes.png', data: Buffer.from('text') })), 400);
    await expectJson(await replace(randomUUID(), 1, form({ name: 'x.png', data: first })), 404);
    expect((await app.deps.db.select().from(images).where(eq(images.id, item.id)))[0]!.version).toBe(2);
  });

  it('lets only signed-in staff replace a file', async () => {
    const item = await upload('guarded.png', await png(10, 10, '#555'));
    const body = () => form({ name: 'evil.png', data: Buffer.alloc(10) });
    expect((await replace(item.id, 1, body(), null)).status).toBe(401);
    const customer = await createUser(app);
    // a customer's bearer token is no staff session, even with the back office's write headers
    const asCustomer = await adminRequest(app, `/media/${item.id}/file?version=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customer.token}` },
      body: body(),
    });
    expect(asCustomer.status).toBe(401);
    const noCsrf = await adminRequest(app, `/media/${item.id}/file?version=1`, {
      method: 'POST',
      cookie: manager.cookie,
      csrf: false,
      body: body(),
    });
    expect(noCsrf.status).toBe(403);
    expect((await app.deps.db.select().from(images).where(eq(images.id, item.id)))[0]!.version).toBe(1);
  });

  it('adopts images stored in folders before: each gets its content address, and its folder address redirects to it', async () => {
    const id = randomUUID();
    const data = await png(40, 40, '#c90');
    fs.mkdirSync(path.join(app.dataDir, 'uploads', 'library'), { recursive: true });
    fs.writeFileSync(path.join(app.dataDir, 'uploads', 'library', `${id}.png`), data);
    const folderUri = `/media/library/${id}.png`;
    await app.deps.db.insert(images).values({
      id,
      name: 'Old logo.png',
      uri: folderUri,
      mime: 'image/png',
      width: 40,
      height: 40,
      extension: 'png',
      size: data.length,
      dir: 'library',
    });
    const gone = randomUUID();
    await app.deps.db.insert(images).values({
      id: gone,
      name: 'gone.png',
      uri: `/media/library/${gone}.png`,
      mime: 'image/png',
      width: 1,
      height: 1,
      extension: 'png',
      size: 1,
    });
    await adoptFolderImages(app.deps.media, app.dataDir, createLogger('silent'));
    const [row] = await app.deps.db.select().from(images).where(eq(images.id, id));
    expect(row).toMatchObject({ hash: sha256(data), uri: `/media/${sha256(data)}/old-logo.png` });
    const redirect = await getMedia(app, `${folderUri}?w=32&format=webp`);
    expect([redirect.status, redirect.headers.get('location')]).toEqual([301, `${row!.uri}?w=32&format=webp`]);
    expect(sha256((await mediaBytes(app, folderUri))!)).toBe(sha256(data));
    // a file no instance has stays as it was, for an instance that has it
    expect((await app.deps.db.select().from(images).where(eq(images.id, gone)))[0]).toMatchObject({ hash: null });
    await app.deps.db.delete(images).where(eq(images.id, gone));
  });
});
