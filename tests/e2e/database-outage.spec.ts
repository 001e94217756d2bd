import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';

/**
 * The built server on PostgreSQL reached through a proxy the test cuts: pages answer 503 with the error
 * page (not "not found"), the API 503 in its error shape, /liveness 503; all recover without a restart,
 * and methods the shop does not serve get 405. Runs when TEST_DATABASE_URL is set.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

test.describe('a database outage', () => {
  test.skip(!adminUrl, 'needs TEST_DATABASE_URL');
  let proxy: TcpProxy;
  let server: ChildProcess;
  let origin: string;
  let database: string;
  let dataDir: string;

  test.beforeAll(async () => {
    database = `shop_outage_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const target = new URL(adminUrl!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    target.hostname = '127.0.0.1';
    target.port = String(proxy.port);
    target.pathname = `/${database}`;
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = s.address() as net.AddressInfo;
        s.close(() => resolve(p));
      });
    });
    origin = `http://127.0.0.1:${port}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-outage-'));
    server = spawn(process.execPath, ['server.mjs'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: target.toString(),
        DATA_DIR: dataDir,
        SEED_ON_START: 'false',
        LOG_LEVEL: 'silent',
        DATABASE_CONNECT_TIMEOUT_MS: '2000',
        PUBLIC_URL: origin,
      },
      stdio: 'ignore',
    });
    for (let tries = 0; tries < 300; tries += 1) {
      const res = await fetch(`${origin}/liveness`).catch(() => null);
      if (res?.status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the server did not start');
  });

  test.afterAll(async () => {
    server?.kill('SIGTERM');
    await proxy?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('pages and the API answer 503 while the database is unreachable, and recover', async ({ page }) => {
    // an empty shop (not seeded): its homepage is "not found" while the database answers
    expect((await fetch(`${origin}/`)).status).toBe(404);
    expect((await fetch(`${origin}/api/menus/batch?names[]=header`)).status).toBe(200);

    await proxy.cut();
    for (const pagePath of ['/', '/catalogs/shoes', '/products/boots', '/search?q=x']) {
      const res = await fetch(`${origin}${pagePath}`);
      expect(res.status, pagePath).toBe(503);
      expect(res.headers.get('retry-after')).toBeTruthy();
      expect(await res.text()).toContain('temporarily unavailable');
    }
    const shown = await page.goto(`${origin}/catalogs/anything`);
    expect(shown?.status()).toBe(503);
    await expect(page.getByRole('link', { name: 'Go to the homepage' })).toBeVisible();
    // (menus are kept per instance until a write names them, so they still answer: a product is read afresh)
    const api = await fetch(`${origin}/api/products/boots`);
    expect(api.status).toBe(503);
    expect(await api.json()).toMatchObject({ success: false, status: 503 });
    expect((await fetch(`${origin}/liveness`)).status).toBe(503);

    await proxy.restore();
    expect((await fetch(`${origin}/liveness`)).status).toBe(200);
    expect((await fetch(`${origin}/api/menus/batch?names[]=header`)).status).toBe(200);
    expect((await fetch(`${origin}/`)).status).toBe(404);
  });

  test('TRACE and unknown methods answer 405 on pages and on the API', async () => {
    const { request } = await import('node:http');
    const send = (method: string, target: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(`${origin}${target}`, { method }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on('error', reject);
        req.end();
      });
    for (const method of ['TRACE', 'PROPFIND']) {
      expect(await send(method, '/')).toBe(405);
      expect(await send(method, '/api/config')).toBe(405);
    }
    expect(await send('DELETE', '/')).toBe(405);
  });
});
