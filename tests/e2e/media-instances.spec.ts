import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from './instance-helpers';
import pg from 'pg';
import sharp from 'sharp';
import { startTestS3, type TestS3 } from '../helpers/s3-server';

/**
 * Two instances of the built shop on one PostgreSQL database, each with its own DATA_DIR and nothing shared on disk:
 * an image uploaded through one is served and resized by the other, and a replaced image is never served stale by
 * either. For the `postgres` media store and the `s3` one (an S3-compatible server on a loopback port). Runs when
 * TEST_DATABASE_URL is set.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
test.skip(!adminUrl, 'needs TEST_DATABASE_URL (PostgreSQL)');

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

async function waitUntilLive(base: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance stopped:\n${output()}`);
    try {
      if ((await fetch(`${base}/liveness`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${base} did not start:\n${output()}`);
}

type Instance = { base: string; dataDir: string; child: ChildProcess };

for (const store of ['postgres', 's3'] as const) {
  test(`${store} store: an image uploaded through one instance is served and resized by the other, and a replaced one is never stale`, async () => {
    test.setTimeout(420_000);
    const name = `shop_media_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    let s3: TestS3 | undefined;
    const instances: Instance[] = [];
    try {
      if (store === 's3') s3 = await startTestS3();
      for (let i = 0; i < 2; i++) {
        const port = await freePort();
        const base = `http://127.0.0.1:${port}`;
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-media-${i}-`));
        let output = '';
        const child = spawn(process.execPath, ['server.mjs'], {
          env: {
            ...process.env,
            ...s3?.env,
            NODE_ENV: 'production',
            PORT: String(port),
            HOST: '127.0.0.1',
            DATABASE_URL: url.toString(),
            DATA_DIR: dataDir,
            MEDIA_STORE: store,
            LOG_LEVEL: 'warn',
            PUBLIC_URL: base,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
        instances.push({ base, dataDir, child });
        await waitUntilLive(base, child, () => output);
      }
      const [a, b] = instances as [Instance, Instance];

      const signIn = await fetch(`${a.base}/api/admin/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shop-admin': '1', origin: a.base },
        body: JSON.stringify({ email: 'owner@demo.shop', password: 'demo-owner-2026' }),
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const asStaff = (init: RequestInit = {}) => ({
        ...init,
        headers: { cookie, 'x-shop-admin': '1', origin: a.base, ...init.headers },
      });

      // uploaded through A
      const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a7' } })
        .jpeg()
        .toBuffer();
      const form = new FormData();
      form.append('files', new File([new Uint8Array(photo)], 'Meadow.jpg', { type: 'image/jpeg' }));
      const uploaded = await fetch(`${a.base}/api/admin/media`, asStaff({ method: 'POST', body: form }));
      expect(uploaded.status).toBe(201);
      const [item] = ((await uploaded.json()) as { items: { id: string; uri: string }[] }).items;
      expect(item!.uri).toMatch(/^\/media\/[0-9a-f]{64}\/meadow\.jpg$/);

      // served and resized by B, which never had the file on its disk
      const original = await fetch(`${b.base}${item!.uri}`);
      expect(original.status).toBe(200);
      expect(original.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(sha256(new Uint8Array(await original.arrayBuffer()))).toBe(item!.uri.split('/')[2]);
      const resized = await fetch(`${b.base}${item!.uri}?w=320&h=320&fit=inset&format=webp`);
      expect([resized.status, resized.headers.get('content-type')]).toEqual([200, 'image/webp']);
      expect((await sharp(Buffer.from(await resized.arrayBuffer())).metadata()).width).toBe(320);
      expect(fs.existsSync(path.join(b.dataDir, 'media'))).toBe(false);

      // a picture of a product page, cached on B, replaced through A
      const product = (await (await fetch(`${a.base}/api/products/merino-crew-sweater`)).json()) as {
        slug: string;
        images: { id: string; uri: string }[];
      };
      const shown = product.images[0]!;
      const page = `${b.base}/products/${product.slug}`;
      await fetch(page).then((r) => r.text());
      const cached = await fetch(page);
      expect(cached.headers.get('x-astro-cache')).toBe('HIT');
      expect(await cached.text()).toContain(shown.uri);
      expect((await fetch(`${b.base}${shown.uri}?w=400&format=webp`)).status).toBe(200);

      const detail = (await (await fetch(`${a.base}/api/admin/media/${shown.id}`, asStaff())).json()) as { version: number };
      const replacement = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#c24' } })
        .webp()
        .toBuffer();
      const replaceForm = new FormData();
      replaceForm.append('files', new File([new Uint8Array(replacement)], 'red.webp', { type: 'image/webp' }));
      const replaced = await fetch(
        `${a.base}/api/admin/media/${shown.id}/file?version=${detail.version}`,
        asStaff({ method: 'POST', body: replaceForm }),
      );
      expect(replaced.status).toBe(200);
      const fresh = ((await replaced.json()) as { uri: string }).uri;
      expect(fresh).not.toBe(shown.uri);
      const freshHash = fresh.split('/')[2]!;

      // the invalidation reaches B through PostgreSQL: wait for it, never for a fixed time
      await expect.poll(async () => (await (await fetch(page)).text()).includes(fresh), { timeout: 15_000 }).toBe(true);
      for (const instance of [a, b]) {
        const html = await (await fetch(`${instance.base}/products/${product.slug}`)).text();
        expect(html).not.toContain(shown.uri);
        // the old address, kept by a cached page or an e-mail, leads to the new file on either instance
        await expect
          .poll(async () => (await fetch(`${instance.base}${shown.uri}?w=400&format=webp`, { redirect: 'manual' })).status, {
            timeout: 15_000,
          })
          .toBe(301);
        const followed = await fetch(`${instance.base}${shown.uri}`);
        expect(sha256(new Uint8Array(await followed.arrayBuffer()))).toBe(freshHash);
        const newRendition = await fetch(`${instance.base}${fresh}?w=400&format=webp`);
        expect(newRendition.status).toBe(200);
        // the replacement's red, not the old picture
        const { dominant } = await sharp(Buffer.from(await newRendition.arrayBuffer())).stats();
        expect(dominant.r).toBeGreaterThan(150);
        expect(dominant.g).toBeLessThan(100);
      }
    } finally {
      for (const instance of instances) instance.child.kill('SIGTERM');
      await Promise.all(
        instances.map(({ child }) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))),
      );
      for (const instance of instances) fs.rmSync(instance.dataDir, { recursive: true, force: true });
      await s3?.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
}
