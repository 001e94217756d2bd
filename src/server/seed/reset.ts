import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import * as schema from '../db/schema';

/**
 * Instance secrets survive a reset so tokens and payment signatures stay valid; the media store's location and
 * its originals too (the wiping command deletes the originals no image uses any more, in whichever store they are);
 * and the reports' calendar row, which the settings written next set again.
 */
const KEPT_TABLES = new Set<string>([
  getTableName(schema.systemSecrets),
  getTableName(schema.reportCalendar),
  getTableName(schema.mediaLocation),
  getTableName(schema.mediaOriginals),
]);

/** Every table of the schema except the kept ones: a table added later is cleared without touching this file. */
export const SHOP_TABLES: string[] = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .filter((name) => !KEPT_TABLES.has(name));

/** Empties every shop table (and restarts order numbers) inside the caller's transaction. */
export async function clearShopData(tx: Executor): Promise<void> {
  const tables = sql.join(
    SHOP_TABLES.map((name) => sql.identifier(name)),
    sql`, `,
  );
  await tx.execute(sql`truncate table ${tables} restart identity cascade`);
}
