import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { readConfig } from '../../src/server/config';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { createLogger } from '../../src/server/logger';
import type { MailWorkerTimers } from '../../src/server/mail/worker';
import type { SweeperTimers } from '../../src/server/reservation-sweeper';
import { createRuntime, type Runtime } from '../../src/server/runtime';
import { createFromPostgresTemplate, pgliteTemplateDataDir, waitForNoConnections } from './template-database';

export type DatabaseKind = 'pglite' | 'postgres';

/** Every data test runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export type TestApp = Runtime & {
  dataDir: string;
  /** Calls the API in-process; `path` is relative to /api. */
  request: (path: string, init?: RequestInit & { token?: string; json?: unknown }) => Promise<Response>;
  close: () => Promise<void>;
};

async function openTestDatabase(kind: DatabaseKind): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite', loadDataDir: await pgliteTemplateDataDir() });
    return { handle, drop: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `shop_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  await createFromPostgresTemplate(adminUrl, name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20 });
  return {
    handle,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // Forcing the drop while the pool's connections are still closing would kill them mid-close.
      await waitForNoConnections(client, name);
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * `rateLimits` is the RATE_LIMITS setting: off unless a test is about limits, since every in-process request
 * comes from the same unknown client address.
 */
export async function createTestApp(
  kind: DatabaseKind,
  options: {
    seed?: boolean;
    rateLimits?: string;
    env?: Record<string, string>;
    /** the runtime's loops: by default none runs on its own (see below) */
    timers?: SweeperTimers;
    mailTimers?: MailWorkerTimers;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  const { handle, drop } = await openTestDatabase(kind);
  // A cheap password hash cost: the tests hash hundreds of passwords (production keeps the baseline).
  const config = readConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: '1024',
    MAIL_WORKER: 'false',
    RATE_LIMITS: options.rateLimits ?? 'off',
    // a seeded test shop has no orders unless a test asks for the demo's
    SEED_DEMO_ORDERS: 'false',
    ...options.env,
  });
  const runtime = await createRuntime(config, {
    handle,
    logger: createLogger('silent'),
    seed: options.seed ?? false,
    // the sweeper runs only when a test calls app.sweeper.sweep(), so a test's shifted clock is never raced
    timers: options.timers ?? { setInterval: () => null, clearInterval: () => {} },
    ...(options.mailTimers && { mailTimers: options.mailTimers }),
  });
  const request: TestApp['request'] = (p, init = {}) => {
    const { token, json, headers, ...rest } = init;
    const h = new Headers(headers);
    if (token) h.set('authorization', `Bearer ${token}`);
    if (json !== undefined) h.set('content-type', 'application/json');
    return Promise.resolve(
      runtime.api.request(`/api${p}`, { ...rest, headers: h, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) }),
    );
  };
  return {
    ...runtime,
    dataDir,
    request,
    close: async () => {
      await runtime.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
