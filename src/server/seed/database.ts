import type { ServerConfig } from '../config';
import { openDatabase, runMigrations, type DatabaseHandle } from '../db/client';

/**
 * Opens the database the server would use (PostgreSQL when DATABASE_URL is set, else PGlite under
 * DATA_DIR) and applies pending migrations. For the command-line database scripts.
 */
export async function openMigratedDatabase(config: ServerConfig): Promise<DatabaseHandle> {
  const handle = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 2 })
    : await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
  await runMigrations(handle, config.migrationsDir);
  return handle;
}
