import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, runMigrations } from '../../src/server/db/client';

/**
 * Migrated template databases, so a test app clones a database instead of creating and migrating one.
 * A template is named after a hash of the migration folder: it is built once, kept between runs, and
 * rebuilt when a migration changes. PGlite's template is a dumped data directory in the temp folder;
 * PostgreSQL's is a database that test databases are created from (`create database … template …`).
 */

const MIGRATIONS_DIR = path.resolve('drizzle');
const CACHE_DIR = path.join(os.tmpdir(), 'shop-test-templates');
const TEMPLATE_LOCK_KEY = 727_003;

function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(fs.readFileSync(full));
    }
  };
  walk(MIGRATIONS_DIR);
  return hash.digest('hex').slice(0, 16);
}

/** Waits until nobody is connected to `database`: pool.end() resolves before its connections have closed. */
export async function waitForNoConnections(admin: pg.Client, database: string): Promise<void> {
  for (let waited = 0; waited < 5000; waited += 50) {
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [database]);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let pgliteTemplate: Promise<Blob> | undefined;

/** The migrated PGlite data directory as a tar archive, built on first use (two workers may both build it; the rename keeps it whole). */
export function pgliteTemplateDataDir(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const file = path.join(CACHE_DIR, `pglite-${migrationsHash()}.tar`);
    if (!fs.existsSync(file)) {
      const handle = await openDatabase({ kind: 'pglite' });
      await runMigrations(handle, MIGRATIONS_DIR);
      const client = (handle.db as unknown as { $client: { dumpDataDir: (compression: 'none') => Promise<Blob> } }).$client;
      const dump = await client.dumpDataDir('none');
      await handle.close();
      fs.mkdirSync(CACHE_DIR, { recursive: true });
      const partial = `${file}.${randomUUID()}`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, file);
    }
    return new Blob([fs.readFileSync(file)]);
  })();
  return pgliteTemplate;
}

let postgresTemplate: Promise<string> | undefined;

/** The name of the migrated template database on the server of `adminUrl`, built under an advisory lock on first use. */
export function postgresTemplateDatabase(adminUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `shop_template_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
      const { rows } = await admin.query(
        "select datname from pg_database where datname like 'shop_template_%' or datname like 'shop_building_%'",
      );
      const existing = rows.map((row: { datname: string }) => row.datname);
      // Templates of older migrations and builds that were interrupted. One in use (another checkout's test run on
      // the same server, with other migrations) is left alone: dropping it by force would fail that run's tests.
      for (const stale of existing.filter((datname) => datname !== name)) {
        await admin.query(`drop database if exists ${stale}`).catch(() => {});
      }
      if (!existing.includes(name)) {
        // Built under another name and renamed when complete, so an interrupted build is never used.
        const building = `shop_building_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
        await admin.query(`create database ${building}`);
        const url = new URL(adminUrl);
        url.pathname = `/${building}`;
        const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
        await runMigrations(handle, MIGRATIONS_DIR);
        await handle.close();
        await waitForNoConnections(admin, building);
        await admin.query(`alter database ${building} rename to ${name}`);
      }
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => {});
      await admin.end();
    }
    return name;
  })();
  return postgresTemplate;
}

/**
 * Creates database `name` from the migrated template. A checkout with other migrations on the same server may drop
 * this one's template between two tests (it is stale to that checkout): then it is built again and used at once.
 */
export async function createFromPostgresTemplate(adminUrl: string, name: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    const template = await postgresTemplateDatabase(adminUrl);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${template}`);
      return;
    } catch (error) {
      // 3D000: the template does not exist any more
      if ((error as { code?: string }).code !== '3D000' || attempt > 0) throw error;
      postgresTemplate = undefined;
    } finally {
      await admin.end();
    }
  }
}
