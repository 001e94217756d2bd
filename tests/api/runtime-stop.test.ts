import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRuntime } from '../../src/server/runtime';
import { pgliteTemplateDataDir } from '../helpers/template-database';

// What the production server (server.mjs) calls on SIGTERM and SIGINT.
const closeRuntime = () => ((globalThis as Record<symbol, unknown>)[Symbol.for('storefront.closeRuntime')] as () => Promise<void>)();

const ENV = { SEED_ON_START: 'false', LOG_LEVEL: 'silent', MAIL_WORKER: 'false', PASSWORD_HASH_COST: '1024' };

describe('stopping the server', () => {
  let dataDir: string;
  const saved: Record<string, string | undefined> = {};

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-stop-'));
    // a file database cloned from the migrated template, as `npm start` leaves under DATA_DIR
    const database = new PGlite(path.join(dataDir, 'pglite'), { loadDataDir: await pgliteTemplateDataDir() });
    await database.waitReady;
    await database.close();
    for (const [name, value] of Object.entries({ ...ENV, DATA_DIR: dataDir })) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
  });

  afterAll(async () => {
    await closeRuntime();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('closes the database, so order numbers go on from where they were after a restart', async () => {
    const nextOrderNumber = async () => {
      const { deps } = await getRuntime();
      const result = await deps.db.execute(sql`select nextval(pg_get_serial_sequence('orders', 'number'))::int as n`);
      return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
    };
    const before = await nextOrderNumber();
    await closeRuntime();
    expect(await nextOrderNumber()).toBe(before + 1);
  });
});
