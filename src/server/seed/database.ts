import type { ServerConfig } from '../config';
import { openDatabase, runMigrations, type DatabaseHandle } from '../db/client';
import type { DatabaseTimeouts } from '../db/timeouts';

/**
 * Opens the database the server would use (PostgreSQL when DATABASE_URL is set, else PGlite under
 * DATA_DIR) and applies pending migrations. For the command-line database scripts; `timeouts` for the long ones.
 */
export async function openMigratedDatabase(config: ServerConfig, timeouts?: Partial<DatabaseTimeouts>): Promise<DatabaseHandle> {
  const handle = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 2, ...(timeouts ? { timeouts } : {}) })
    : await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
  await runMigrations(handle, config.migrationsDir);
  return handle;
}
