import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Executor } from '../../db/client';
import { userProfiles, users } from '../../db/schema';
import { requireUser } from '../core/auth';
import type { AppEnv } from '../core/context';
import { unauthorized } from '../core/errors';
import { readBody } from '../core/validate';
import { ADDRESS_FIELDS, profileChangeBody, type ProfileDto } from '../../../contract/storefront/users';

export const profileRoutes = new Hono<AppEnv>();

async function loadProfile(db: Executor, userId: string): Promise<ProfileDto> {
  const [row] = await db
    .select({ id: users.id, email: users.email, profile: userProfiles })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw unauthorized();
  const address = row.profile?.address ?? {};
  return {
    id: row.id,
    email: row.email,
    firstName: row.profile?.firstName ?? '',
    lastName: row.profile?.lastName ?? '',
    phone: row.profile?.phone ?? null,
    birthDate: row.profile?.birthDate ?? null,
    address: Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, address[field] || null])) as ProfileDto['address'],
  };
}

profileRoutes.get('/users/profile', async (c) => {
  const { id } = requireUser(c);
  return c.json(await loadProfile(c.var.deps.db, id));
});

profileRoutes.put('/users/profile', async (c) => {
  const deps = c.var.deps;
  const { id } = requireUser(c);
  const { address, ...changes } = await readBody(c, profileChangeBody(deps.now()));
  const givenAddress = address ? withoutNulls(address) : {};
  // Address parts merge in one statement, so concurrent changes of different parts all survive.
  const addressChange =
    address === undefined
      ? {}
      : {
          address:
            address === null ? sql`'{}'::jsonb` : sql`jsonb_strip_nulls(${userProfiles.address} || ${JSON.stringify(address)}::jsonb)`,
        };
  const updatedAt = deps.now();
  await deps.db.transaction(async (tx) => {
    // Holding the account row keeps a concurrent account deletion from pulling it away mid-write.
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
    if (!user) throw unauthorized();
    await tx
      .insert(userProfiles)
      .values({ userId: id, ...changes, address: givenAddress, updatedAt })
      .onConflictDoUpdate({ target: userProfiles.userId, set: { ...changes, ...addressChange, updatedAt } });
  });
  return c.json(await loadProfile(deps.db, id));
});

function withoutNulls<T extends Record<string, string | null | undefined>>(value: T): { [K in keyof T]?: string } {
  return Object.fromEntries(Object.entries(value).filter(([, part]) => typeof part === 'string')) as { [K in keyof T]?: string };
}
