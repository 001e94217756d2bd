import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { redirects } from '../../db/schema';

/**
 * Points the old address of a renamed record (`/catalogs/old`) at its new one, and older redirects to the old
 * address as well, so links never chain. A redirect away from the new address goes: it is a real page again.
 */
export async function redirectRenamedPath(tx: Executor, oldPath: string, newPath: string, now: Date): Promise<void> {
  await tx
    .delete(redirects)
    .where(sql`trim(both '/' from lower(${redirects.fromPath})) = ${newPath.replace(/^\/+|\/+$/g, '').toLowerCase()}`);
  await tx
    .update(redirects)
    .set({ toPath: newPath, version: sql`${redirects.version} + 1` })
    .where(eq(redirects.toPath, oldPath));
  await tx
    .insert(redirects)
    .values({ id: randomUUID(), fromPath: oldPath, toPath: newPath, createdAt: now })
    .onConflictDoUpdate({ target: redirects.fromPath, set: { toPath: newPath, version: sql`${redirects.version} + 1` } });
}
