import { eq } from 'drizzle-orm';
import { configuredPasswordHashCost, hashPassword } from '../../auth/password';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { signUserToken } from '../core/auth';
import type { AppDeps } from '../core/context';
import { fieldError } from '../core/errors';
import { MESSAGES, type SignedInDto } from '../../../contract/storefront/users';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** What a successful registration, sign-in or credentials change answers: a fresh token and who it is for. */
export async function signedInAnswer(deps: AppDeps, user: Pick<UserRow, 'id' | 'email' | 'tokenVersion'>): Promise<SignedInDto> {
  return { success: true as const, token: await signUserToken(deps, user), data: { id: user.id, email: user.email } };
}

export const emailTaken = () => fieldError('email', MESSAGES.emailTaken);

/** Runs a write that sets users.email and turns a clash with another account into the 400 on `email`. */
export async function withUniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_idx')) throw emailTaken();
    throw error;
  }
}

/** PostgreSQL 23505 on `constraint`, however deep the driver and Drizzle wrapped it. */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, constraint: violated, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505' && (violated === undefined || violated === constraint)) return true;
    current = cause;
  }
  return false;
}

/** By cost: the configured cost can change (tests), and the stand-in must cost what real hashes cost. */
const dummyHashes = new Map<number, Promise<string>>();

/**
 * A hash to check a password against when the account does not exist, so that the answer
 * takes as long as for a real account and timing does not tell which e-mails are registered.
 */
export function hashForMissingAccount(): Promise<string> {
  const cost = configuredPasswordHashCost();
  let dummy = dummyHashes.get(cost);
  if (!dummy) dummyHashes.set(cost, (dummy = hashPassword(crypto.randomUUID(), cost)));
  return dummy;
}
