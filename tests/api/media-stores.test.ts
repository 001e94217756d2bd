import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_PART_BYTES } from '../../src/server/media/s3-store';
import { openMediaStore, type MediaStore, type MediaStoreKind } from '../../src/server/media/store';
import { startTestS3, type TestS3 } from '../helpers/s3-server';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

const hashOf = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Every store keeps the same promises: the contract below runs against each, the database one on each database. */
const stores: { kind: MediaStoreKind; database: (typeof databaseKinds)[number] }[] = [
  { kind: 'fs', database: 'pglite' },
  ...databaseKinds.map((database) => ({ kind: 'postgres' as const, database })),
  { kind: 's3', database: 'pglite' },
];

describe.each(stores)('media store contract: $kind ($database)', ({ kind, database }) => {
  let app: TestApp;
  let s3: TestS3 | undefined;
  let store: MediaStore;

  beforeAll(async () => {
    app = await createTestApp(database);
    if (kind === 's3') s3 = await startTestS3();
    store = await openMediaStore(kind, { dataDir: app.dataDir, db: app.deps.db, s3: s3?.settings });
  });
  afterAll(async () => {
    await store.close();
    await s3?.close();
    await app.close();
  });

  it('puts, heads, gets and deletes an original by its hash', async () => {
    const data = randomBytes(40_000);
    const hash = hashOf(data);
    await store.put(hash, data, 'image/png');
    expect(await store.head(hash)).toEqual({ size: data.length });
    expect((await store.get(hash))!.equals(data)).toBe(true);
    // the same key written again holds the same bytes: nothing to refuse, nothing changes
    await store.put(hash, data, 'image/png');
    expect((await store.get(hash))!.equals(data)).toBe(true);
    await store.delete(hash);
    expect(await store.head(hash)).toBeNull();
    expect(await store.get(hash)).toBeNull();
  });

  it('answers null for a missing key, and deleting one is no error', async () => {
    const hash = hashOf(Buffer.from('never stored'));
    expect(await store.get(hash)).toBeNull();
    expect(await store.head(hash)).toBeNull();
    await expect(store.delete(hash)).resolves.toBeUndefined();
  });

  it('keeps a large file whole (in parts, for S3)', async () => {
    const data = randomBytes(S3_PART_BYTES * 2 + 12_345);
    const hash = hashOf(data);
    await store.put(hash, data, 'image/png');
    expect(await store.head(hash)).toEqual({ size: data.length });
    expect(hashOf((await store.get(hash))!)).toBe(hash);
    await store.delete(hash);
  });

  it('takes concurrent writers of the same hash, keeping one whole copy', async () => {
    const data = randomBytes(3 * 1024 * 1024);
    const hash = hashOf(data);
    await Promise.all(Array.from({ length: 8 }, () => store.put(hash, data, 'image/jpeg')));
    expect(await store.head(hash)).toEqual({ size: data.length });
    expect(hashOf((await store.get(hash))!)).toBe(hash);
    if (kind === 'fs') expect(fs.readdirSync(path.dirname(store.localPath!(hash)))).toEqual([hash]);
  });
});
