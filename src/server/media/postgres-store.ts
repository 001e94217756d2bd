import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { mediaOriginals } from '../db/schema';
import type { MediaStore } from './store';

/**
 * Originals in the shop's own database (`media_originals`, on PostgreSQL and PGlite alike): every instance reads
 * them with no other service, and one database backup holds the whole shop. A row is written once, never updated.
 */
export class PostgresMediaStore implements MediaStore {
  readonly kind = 'postgres' as const;

  constructor(private readonly db: Database) {}

  async put(hash: string, data: Buffer): Promise<void> {
    await this.db.insert(mediaOriginals).values({ hash, data, size: data.length }).onConflictDoNothing();
  }

  async get(hash: string): Promise<Buffer | null> {
    const [row] = await this.db.select({ data: mediaOriginals.data }).from(mediaOriginals).where(eq(mediaOriginals.hash, hash));
    return row?.data ?? null;
  }

  async head(hash: string): Promise<{ size: number } | null> {
    const [row] = await this.db.select({ size: mediaOriginals.size }).from(mediaOriginals).where(eq(mediaOriginals.hash, hash));
    return row ?? null;
  }

  async delete(hash: string): Promise<void> {
    await this.db.delete(mediaOriginals).where(eq(mediaOriginals.hash, hash));
  }

  async close(): Promise<void> {}
}
