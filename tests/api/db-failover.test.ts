import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invalidateSettings } from '../../src/server/api/core/settings-store';
import { readConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { isDatabaseUnavailable } from '../../src/server/db/errors';
import { liveness } from '../../src/server/liveness';
import { createLogger } from '../../src/server/logger';
import { createRuntime, type Runtime } from '../../src/server/runtime';
import { commerceFixtures, orderBody } from '../helpers/commerce-fixtures';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';
import type { TestApp } from '../helpers/test-app';

/**
 * PostgreSQL going away under a running shop: a failover cutting every pooled connection, an outage
 * (nothing answers on the database's address), and a locked row. Runs only against PostgreSQL
 * (TEST_DATABASE_URL); each test uses its own database.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function createDatabase(): Promise<{ name: string; url: URL; drop: () => Promise<void> }> {
  const name = `shop_failover_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return { name, url, drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined) };
}

const terminateBackends = (name: string) =>
  admin((c) =>
    c.query('select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
      name,
    ]),
  ).then((r) => r.rows[0].n as number);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

describe.skipIf(!adminUrl)('PostgreSQL failover', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function startRuntime(url: string, timeouts: Record<string, string> = {}): Promise<Runtime> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-failover-'));
    const config = readConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: '4',
      RATE_LIMITS: 'off',
      ...timeouts,
    });
    const handle = await openDatabase({ kind: 'postgres', url, poolSize: config.databasePoolSize, timeouts: config.databaseTimeouts });
    const runtime = await createRuntime(config, {
      handle,
      logger: createLogger('silent'),
      seed: false,
      timers: { setInterval: () => null, clearInterval: () => {} },
    });
    cleanups.push(async () => {
      await runtime.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    return runtime;
  }

  const getConfig = (runtime: Runtime) => {
    invalidateSettings(runtime.deps.db);
    return runtime.api.request('/api/config');
  };

  describe('a server process', () => {
    let child: ChildProcess | undefined;
    let exited: { code: number | null; signal: string | null } | null = null;
    let database: Awaited<ReturnType<typeof createDatabase>>;
    let port: number;
    beforeAll(async () => {
      database = await createDatabase();
      port = await freePort();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-failover-'));
      child = spawn(process.execPath, ['--import', 'tsx', 'scripts/api-server.ts'], {
        env: {
          ...process.env,
          RATE_LIMITS: 'off',
          DATABASE_URL: database.url.toString(),
          API_PORT: String(port),
          DATA_DIR: dataDir,
          SEED_ON_START: 'false',
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      child.on('exit', (code, signal) => {
        exited = { code, signal };
      });
      for (let tries = 0; ; tries += 1) {
        const res = await fetch(`http://127.0.0.1:${port}/api/config`).catch(() => null);
        if (res?.status === 200) break;
        if (exited || tries > 600) throw new Error(`the API server did not start: ${JSON.stringify(exited)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    afterAll(async () => {
      if (child && !exited) {
        const gone = new Promise((resolve) => child!.once('exit', resolve));
        child.kill('SIGTERM');
        await gone;
      }
      await database?.drop();
    });

    it('survives the database terminating every pooled connection, and the next request succeeds', async () => {
      // several pooled connections, some busy at the moment they are cut
      const busy = Array.from({ length: 6 }, () =>
        fetch(`http://127.0.0.1:${port}/api/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
      );
      await Promise.all(busy);
      const inFlight = Array.from({ length: 4 }, () => fetch(`http://127.0.0.1:${port}/api/config?lang=ru`).then((r) => r.status));
      expect(await terminateBackends(database.name)).toBeGreaterThan(0);
      // requests caught by the cut answer (200, or 503 when their statement was lost): none hangs, none is a 500
      for (const status of await Promise.all(inFlight)) expect([200, 503]).toContain(status);

      for (let round = 0; round < 2; round += 1) {
        const res = await fetch(`http://127.0.0.1:${port}/api/config`);
        expect(res.status).toBe(200);
        expect(exited).toBeNull();
        await terminateBackends(database.name);
      }
      const orders = await fetch(`http://127.0.0.1:${port}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(orders.status).toBe(400);
      // a write (an order, in a transaction) right after the cut
      const data = await openDatabase({ kind: 'postgres', url: database.url.toString(), poolSize: 1 });
      try {
        const fx = commerceFixtures({ deps: { db: data.db } } as TestApp);
        const cash = await fx.paymentMethod({ code: 'cash', kind: 'cash' });
        const { id: locationId } = await fx.location();
        const { variationId } = await fx.product({ stock: 5 });
        await fetch(`http://127.0.0.1:${port}/api/config`);
        await terminateBackends(database.name);
        const placed = await fetch(`http://127.0.0.1:${port}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(orderBody([{ variationId, quantity: 1 }], { locationId }, cash)),
        });
        expect(placed.status).toBe(201);
        expect(await fx.stockOf(variationId)).toBe(4);
      } finally {
        await data.close();
      }
      const trace = await new Promise<number>((resolve, reject) => {
        const req = http.request(`http://127.0.0.1:${port}/api/config`, { method: 'TRACE' }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on('error', reject);
        req.end();
      });
      expect(trace).toBe(405);
      expect(exited).toBeNull();
    });
  });

  it('a transaction whose connection is cut fails as "unavailable" without crashing, and the pool recovers', async () => {
    const database = await createDatabase();
    cleanups.push(database.drop);
    const runtime = await startRuntime(database.url.toString());
    let release!: () => void;
    const barrier = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = runtime.deps.db.transaction(async (tx) => {
      await tx.execute('select 1');
      await barrier;
      await tx.execute('select 1');
    });
    await new Promise((resolve) => setImmediate(resolve));
    for (let tries = 0; (await terminateBackends(database.name)) === 0 && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    release();
    const failure = await transaction.then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).not.toBeNull();
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect((await getConfig(runtime)).status).toBe(200);
  });

  it('answers 503 in the error shape while the database is unreachable, and recovers without a restart', async () => {
    const database = await createDatabase();
    cleanups.push(database.drop);
    const proxy: TcpProxy = await startTcpProxy({ host: database.url.hostname, port: Number(database.url.port || 5432) });
    cleanups.push(proxy.close);
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const runtime = await startRuntime(viaProxy.toString(), { DATABASE_CONNECT_TIMEOUT_MS: '1000' });
    expect((await getConfig(runtime)).status).toBe(200);
    expect((await liveness(async () => runtime)).status).toBe(200);

    await proxy.cut();
    const res = await getConfig(runtime);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect(await res.json()).toMatchObject({
      success: false,
      status: 503,
      errors: { errors: [expect.any(String)] },
      detail: { message: expect.any(String) },
    });
    expect((await runtime.api.request('/api/products/x')).status).toBe(503);
    expect((await liveness(async () => runtime)).status).toBe(503);

    await proxy.restore();
    expect((await getConfig(runtime)).status).toBe(200);
    expect((await liveness(async () => runtime)).status).toBe(200);
  });

  it('answers 503, not 500, while the database refuses connections (55000) and while it is read-only (25006)', async () => {
    const database = await createDatabase();
    cleanups.push(database.drop);
    const runtime = await startRuntime(database.url.toString());
    const fx = commerceFixtures({ deps: runtime.deps } as TestApp);
    const cash = await fx.paymentMethod({ code: 'cash', kind: 'cash' });
    const { id: locationId } = await fx.location();
    const { variationId } = await fx.product({ stock: 10 });
    const order = () =>
      runtime.api.request('/api/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(orderBody([{ variationId, quantity: 1 }], { locationId }, cash)),
      });
    expect((await getConfig(runtime)).status).toBe(200);

    // a replica after a failover: reads answer, writes are refused with 25006
    await admin((c) => c.query(`alter database ${database.name} set default_transaction_read_only = on`));
    await terminateBackends(database.name);
    const readOnly = await order();
    expect(readOnly.status).toBe(503);
    expect(readOnly.headers.get('retry-after')).toBeTruthy();
    await admin((c) => c.query(`alter database ${database.name} reset default_transaction_read_only`));
    await terminateBackends(database.name);

    // new connections refused: the API and the homepage's call answer 503 (the page then shows the error page, not 404)
    await admin((c) => c.query(`alter database ${database.name} allow_connections false`));
    cleanups.push(() => admin((c) => c.query(`alter database ${database.name} allow_connections true`)));
    await terminateBackends(database.name);
    for (const path of ['/api/config', '/api/homepage/v2']) {
      invalidateSettings(runtime.deps.db);
      const refused = await runtime.api.request(path);
      expect(refused.status, path).toBe(503);
    }
    await admin((c) => c.query(`alter database ${database.name} allow_connections true`));
    expect((await getConfig(runtime)).status).toBe(200);
    expect((await order()).status).toBe(201);
  });

  it('a locked variation does not stall unrelated requests: waiting orders give up at the lock timeout with 409 busy', async () => {
    const database = await createDatabase();
    cleanups.push(database.drop);
    const runtime = await startRuntime(database.url.toString(), { DATABASE_LOCK_TIMEOUT_MS: '300' });
    const fx = commerceFixtures({ deps: runtime.deps } as TestApp);
    const cash = await fx.paymentMethod({ code: 'cash', kind: 'cash' });
    const { id: locationId } = await fx.location();
    const { variationId } = await fx.product({ stock: 100 });

    const locker = new pg.Client({ connectionString: database.url.toString() });
    await locker.connect();
    cleanups.push(() => locker.end());
    await locker.query('begin');
    await locker.query('select id from variations where id = $1 for update', [variationId]);

    // more orders than the pool has connections, all waiting on the locked row
    const orders = Array.from({ length: 6 }, () =>
      runtime.api.request('/api/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(orderBody([{ variationId, quantity: 1 }], { locationId }, cash)),
      }),
    );
    // answered while the row is still locked: without the timeouts it waited for the lock holder
    const config = await getConfig(runtime);
    expect(config.status).toBe(200);
    // the database is up, a long write holds the row: "busy, try again", not "unavailable"
    const answers = await Promise.all(orders);
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 409));
    expect((await answers[0]!.json()).message).toMatch(/try again/);
    await locker.query('rollback');
    expect(await fx.stockOf(variationId)).toBe(100);
  });
});
