import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { StaffRole } from '../../../contract/admin';
import { hashPassword, verifyPassword } from '../../auth/password';
import type { Executor } from '../../db/client';
import { staffUsers } from '../../db/schema';

export type StaffRow = typeof staffUsers.$inferSelect;

export const normalizeStaffEmail = (email: string) => email.trim().toLowerCase();

export async function findStaffByEmail(db: Executor, email: string): Promise<StaffRow | undefined> {
  const [row] = await db
    .select()
    .from(staffUsers)
    .where(eq(staffUsers.email, normalizeStaffEmail(email)));
  return row;
}

export type NewStaff = { email: string; name?: string | undefined; role: StaffRole; password: string; lang?: 'en' | 'ru' };

/** Creates a staff member; null when the e-mail is already taken. */
export async function createStaff(db: Executor, input: NewStaff, options: { cost?: number; now?: Date } = {}): Promise<StaffRow | null> {
  const email = normalizeStaffEmail(input.email);
  const now = options.now ?? new Date();
  const [row] = await db
    .insert(staffUsers)
    .values({
      id: randomUUID(),
      email,
      name: input.name?.trim() || email.split('@')[0]!,
      role: input.role,
      passwordHash: await hashPassword(input.password, options.cost),
      lang: input.lang ?? 'en',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** The demo shop's owner: seeded with the demo shop, and announced in the start log while it keeps this password. */
export const DEMO_OWNER = { email: 'owner@demo.shop', password: 'demo-owner-2026', name: 'Demo Owner' } as const;

/**
 * The start log's line about the back office: the demo owner's sign-in while it still has the demo password,
 * else nothing (a real shop's owner changed it or never had it).
 */
export async function demoOwnerNotice(db: Executor, publicUrl: string): Promise<string | null> {
  const owner = await findStaffByEmail(db, DEMO_OWNER.email);
  if (!owner || owner.disabled || !(await verifyPassword(DEMO_OWNER.password, owner.passwordHash))) return null;
  return `Back office: ${publicUrl}/admin/ (demo owner: ${DEMO_OWNER.email} / ${DEMO_OWNER.password}; change this password before going live)`;
}
