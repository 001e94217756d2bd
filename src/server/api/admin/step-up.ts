import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { verifyPassword } from '../../auth/password';
import { staffUsers } from '../../db/schema';
import { ApiError, fieldError } from '../core/errors';
import { beginPasswordAttempt, signInCounters, type Counter } from '../users/attempt-limits';
import type { AdminEnv, StaffPrincipal } from './context';
import { adminMessage } from './messages';

/** The body field a step-up write carries: the acting staff member's own password. */
export const STEP_UP_FIELD = 'currentPassword';

/** Staff password checks count against the same limits as a customer's sign-in: per address, per account, and both. */
export function staffPasswordCounters(staff: Pick<StaffPrincipal, 'email'>, clientAddress: string | undefined): Counter[] {
  return signInCounters(staff.email, clientAddress, 'staff');
}

/**
 * Step-up: a write that could hand the shop to someone else (roles, invitations, disabling staff, payment
 * credentials) asks for the acting member's password again, so a script riding their session cannot complete it.
 * Missing or wrong: 403 naming `currentPassword` (never 401, which would end the back office's session); each
 * check counts against the sign-in limits (429 with Retry-After when over them).
 */
export async function confirmStepUp(c: Context<AdminEnv>, password: string | undefined): Promise<void> {
  const { deps, staff, lang } = c.var;
  if (!password) throw fieldError(STEP_UP_FIELD, adminMessage('stepUpRequired', lang), 403);
  const attempt = await beginPasswordAttempt(deps.db, staffPasswordCounters(staff, c.req.header('x-shop-client-ip')), deps.now());
  if (attempt instanceof Response) {
    const { message } = (await attempt.json()) as { message: string };
    throw new ApiError(429, message, { headers: { 'retry-after': attempt.headers.get('retry-after') ?? '60' } });
  }
  const [row] = await deps.db.select({ passwordHash: staffUsers.passwordHash }).from(staffUsers).where(eq(staffUsers.id, staff.id));
  if (!row || !(await verifyPassword(password, row.passwordHash))) {
    await attempt.failed();
    throw fieldError(STEP_UP_FIELD, adminMessage('wrongCurrentPassword', lang), 403);
  }
  await attempt.succeeded();
}
