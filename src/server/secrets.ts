import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './db/client';
import { systemSecrets } from './db/schema';

/**
 * Returns the configured secret, or one generated once and stored in the database,
 * so every instance behind a load balancer signs with the same key.
 */
export async function loadSecret(db: Database, name: string, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const [existing] = await db.select().from(systemSecrets).where(eq(systemSecrets.name, name));
  if (existing) return existing.value;
  await db
    .insert(systemSecrets)
    .values({ name, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [stored] = await db.select().from(systemSecrets).where(eq(systemSecrets.name, name));
  return stored!.value;
}
