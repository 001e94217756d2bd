import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { isSessionTerminated } from './errors';
import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from './timeouts';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database or an open transaction: every query helper accepts either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

export type OpenDatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; timeouts?: Partial<DatabaseTimeouts>; onError?: (error: Error) => void }
  /** `loadDataDir`: start an in-memory database from a dumped data directory (PGlite's dumpDataDir) */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/**
 * A PostgreSQL pool that survives the server dropping its connections (failover, restart,
 * pg_terminate_backend): errors of idle and checked-out connections are reported instead of crashing the
 * process, broken connections leave the pool, and a single statement whose session the server ended is
 * run once more on a fresh connection (the server rolled it back, so running it again is safe).
 */
function createPool(options: {
  url: string;
  poolSize?: number;
  timeouts?: Partial<DatabaseTimeouts>;
  onError?: (error: Error) => void;
}): pg.Pool {
  const t = { ...DEFAULT_DATABASE_TIMEOUTS, ...options.timeouts };
  const report = options.onError ?? (() => {});
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: t.connectMs,
    statement_timeout: t.statementMs,
    lock_timeout: t.lockMs,
    idle_in_transaction_session_timeout: t.idleInTransactionMs,
    // a server that vanished without closing the socket answers nothing: give up a little after the statement timeout
    query_timeout: t.statementMs + t.connectMs,
    keepAlive: true,
  });
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    if (typeof args[args.length - 1] === 'function') return query(...args);
    return query(...args).catch((error: unknown) => (isSessionTerminated(error) ? query(...args) : Promise.reject(error)));
  };
  return pool;
}

const MIGRATION_LOCK_KEY = 727_001;
/** Extensions the migrations create (trigram indexes of the back office's searches); PostgreSQL ships them in contrib. */
const PGLITE_EXTENSIONS = { pg_trgm };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = createPool(options);
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    client = new PGlite(path.join(options.dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS });
  } else {
    client = new PGlite({ extensions: PGLITE_EXTENSIONS, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return { db, kind: 'pglite', close: () => client.close() };
}

/** Applies pending migrations. On PostgreSQL an advisory lock keeps concurrent instances from racing. */
export async function runMigrations(handle: DatabaseHandle, migrationsFolder: string): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder });
    return;
  }
  await withAdvisoryLock(handle, MIGRATION_LOCK_KEY, () => migrateNodePg(handle.db as never, { migrationsFolder }));
}

/** Runs `work` while holding a session-level advisory lock (PostgreSQL) or directly (PGlite is single-connection). */
export async function withAdvisoryLock<T>(handle: DatabaseHandle, key: number, work: () => Promise<T>): Promise<T> {
  if (handle.kind === 'pglite') return work();
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
    return work();
  });
}
