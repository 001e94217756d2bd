import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';
import { images, mediaOriginals } from '../../src/server/db/schema';
import type { Logger } from '../../src/server/logger';
import { createMedia, settleMediaLocation } from '../../src/server/media/media';
import { readMediaLocation } from '../../src/server/media/location';
import { moveMedia } from '../../src/server/media/move';
import { putOriginal } from '../../src/server/media/originals';
import { mediaBytes, sha256 } from '../helpers/media-fixtures';
import { startTestS3, type TestS3 } from '../helpers/s3-server';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

describe.each(databaseKinds)('npm run media:move (%s)', (kind) => {
  let app: TestApp;
  let s3: TestS3;
  /** every picture of the seeded shop, with the hash of its bytes as served before any move */
  let pictures: { uri: string; hash: string }[];

  beforeAll(async () => {
    s3 = await startTestS3();
    app = await createTestApp(kind, { seed: true, env: s3.env });
    const rows = await app.deps.db.select({ uri: images.uri, hash: images.hash }).from(images);
    pictures = rows.map((row) => ({ uri: row.uri, hash: row.hash! }));
  });
  afterAll(async () => {
    await app.close();
    await s3.close();
  });

  /** Every page shows its pictures from these rows: each must be served whole, and resized, from the shop's store. */
  async function expectEveryPicture(): Promise<void> {
    // nothing served from this instance's cache: each original is read from the store the shop uses now
    fs.rmSync(path.join(app.dataDir, 'cache'), { recursive: true, force: true });
    for (const picture of pictures) {
      const original = await mediaBytes(app, picture.uri);
      expect(original && sha256(original), picture.uri).toBe(picture.hash);
      const thumbnail = await mediaBytes(app, `${picture.uri}?w=160&h=160&fit=inset&format=webp`);
      expect(thumbnail?.length, picture.uri).toBeGreaterThan(0);
    }
  }

  it('starts in the configured fs store, on this instance’s disk', async () => {
    expect(await readMediaLocation(app.deps.db)).toEqual({ store: 'fs', movingTo: null });
    expect(pictures.length).toBeGreaterThan(50);
    await expectEveryPicture();
  });

  it('moves fs → postgres: copies and checks every original, switches, and the shop no longer needs the disk', async () => {
    const report = await moveMedia(app.deps.media, 'postgres');
    const distinct = new Set(pictures.map((p) => p.hash)).size;
    expect(report).toMatchObject({ from: 'fs', to: 'postgres', total: distinct, copied: distinct, missing: [], switched: true });
    expect(await readMediaLocation(app.deps.db)).toEqual({ store: 'postgres', movingTo: null });
    expect(await app.deps.db.$count(mediaOriginals)).toBe(distinct);
    fs.rmSync(path.join(app.dataDir, 'media'), { recursive: true, force: true });
    await expectEveryPicture();
  });

  it('moves postgres → s3; interrupted, it keeps serving from postgres, writes new uploads to both, and resumes', async () => {
    let copied = 0;
    const interrupted = moveMedia(app.deps.media, 's3', {
      onOriginal: () => {
        if (++copied === 10) throw new Error('interrupted');
      },
    });
    await expect(interrupted).rejects.toThrow('interrupted');
    expect(await readMediaLocation(app.deps.db)).toEqual({ store: 'postgres', movingTo: 's3' });
    await expectEveryPicture();
    // an upload while the move is under way reaches both stores
    const during = Buffer.from('an original written during the move');
    const hash = await putOriginal(app.deps.media, during, 'image/png');
    const { store, movingTo } = await app.deps.media.stores.active({ fresh: true });
    expect([store.kind, movingTo?.kind]).toEqual(['postgres', 's3']);
    expect(await store.head(hash)).toEqual({ size: during.length });
    expect(await movingTo!.head(hash)).toEqual({ size: during.length });

    const resumed = await moveMedia(app.deps.media, 's3');
    const distinct = new Set(pictures.map((p) => p.hash)).size;
    expect(resumed).toMatchObject({ from: 'postgres', to: 's3', total: distinct, alreadyThere: 10, copied: distinct - 10, switched: true });
    expect(await readMediaLocation(app.deps.db)).toEqual({ store: 's3', movingTo: null });
    await app.deps.db.delete(mediaOriginals);
    await expectEveryPicture();
  });

  it('refuses to switch while an original is missing from the source, unless told to accept it', async () => {
    const [first] = pictures;
    const s3Store = await app.deps.media.stores.open('s3');
    const kept = (await s3Store.get(first!.hash))!;
    await s3Store.delete(first!.hash);
    const refused = await moveMedia(app.deps.media, 'fs');
    expect(refused).toMatchObject({ missing: [first!.hash], switched: false });
    expect(await readMediaLocation(app.deps.db)).toEqual({ store: 's3', movingTo: 'fs' });
    await s3Store.put(first!.hash, kept, 'image/webp');
    expect(await moveMedia(app.deps.media, 'fs')).toMatchObject({ missing: [], switched: true });
    await expectEveryPicture();
  });
});

describe.each(databaseKinds)('the shop’s media store (%s)', (kind) => {
  it('is MEDIA_STORE for a new shop, recorded; an instance started with another follows the record and says what to set', async () => {
    const app = await createTestApp(kind, { seed: true, env: { MEDIA_STORE: 'postgres' } });
    try {
      expect(await readMediaLocation(app.deps.db)).toEqual({ store: 'postgres', movingTo: null });
      // the demo seed wrote through it: every picture's original is in the database, none on the disk
      const hashes = new Set((await app.deps.db.select({ hash: images.hash }).from(images)).map((row) => row.hash));
      expect(await app.deps.db.$count(mediaOriginals)).toBe(hashes.size);
      expect(fs.existsSync(path.join(app.dataDir, 'media'))).toBe(false);

      const warnings: string[] = [];
      const logger = { warn: (_: object, message: string) => warnings.push(message) } as unknown as Logger;
      const other = createMedia(readConfig({ DATA_DIR: app.dataDir, MEDIA_STORE: 'fs' }), app.deps.db, app.deps.dbKind, logger);
      try {
        await settleMediaLocation(other, 'fs', logger);
        expect((await other.stores.active()).store.kind).toBe('postgres');
        expect(warnings).toEqual([
          "the shop's images are in the postgres store: set MEDIA_STORE=postgres, or move them with npm run media:move -- --to fs",
        ]);
      } finally {
        await other.close();
      }
    } finally {
      await app.close();
    }
  });
});
