import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { isCommonPassword } from '../../../lib/common-passwords';
import { passwordChangeBodySchema, signInBodySchema, type Staff, type StaffRole } from '../../../contract/admin';
import { hashPassword, verifyPassword } from '../../auth/password';
import { staffUsers } from '../../db/schema';
import { fieldError } from '../core/errors';
import { checkRateLimit, clientAddress } from '../core/rate-limit';
import { readBody } from '../core/validate';
import { hashForMissingAccount } from '../users/accounts';
import { beginPasswordAttempt } from '../users/attempt-limits';
import { staffPasswordCounters } from './step-up';
import { recordAudit, recordFailedSignIn } from './audit';
import type { AdminEnv, StaffPrincipal } from './context';
import { adminMessage } from './messages';
import { clearSessionCookie, revokeOtherSessions, revokeSession, setSessionCookie, startSession } from './session';
import { findStaffByEmail, type StaffRow } from './staff';
import type { SessionAnswer } from '../../../contract/admin';

export function toStaff(row: StaffRow | StaffPrincipal): Staff {
  return { id: row.id, email: row.email, name: row.name, role: row.role as StaffRole, lang: row.lang === 'ru' ? 'ru' : 'en' };
}

/** Sign-in needs no session; everything else here does. */
export const signInRoutes = new Hono<AdminEnv>().post('/session', async (c) => {
  const { deps, lang } = c.var;
  const address = clientAddress(c);
  // sign-in requests per address, whatever their outcome; wrong passwords have their own, stricter counters below
  await checkRateLimit(deps, lang, 'signIn', [address]);
  const body = await readBody(c, signInBodySchema);
  const attempt = await beginPasswordAttempt(deps.db, staffPasswordCounters({ email: body.email }, address), deps.now());
  if (attempt instanceof Response) return attempt;
  const staff = await findStaffByEmail(deps.db, body.email);
  const matches = await verifyPassword(body.password, staff?.passwordHash ?? (await hashForMissingAccount()));
  if (!staff || !matches || staff.disabled) {
    await attempt.failed();
    await recordFailedSignIn(deps.db, { email: body.email, staff: staff ?? null }, deps.now());
    throw fieldError('password', adminMessage('badCredentials', lang), 401);
  }
  await attempt.succeeded();
  const session = await deps.db.transaction(async (tx) => {
    const started = await startSession(tx, deps, staff.id);
    await recordAudit(tx, staff, { action: 'session.sign-in', entityType: 'staff', entityId: staff.id }, deps.now());
    return started;
  });
  // A session id set before sign-in (fixation) is replaced, never reused.
  setSessionCookie(c, deps, session.id, session.expiresAt);
  return c.json({ staff: toStaff(staff) } satisfies SessionAnswer);
});

export const sessionRoutes = new Hono<AdminEnv>()
  .get('/session', (c) => c.json({ staff: toStaff(c.var.staff) } satisfies SessionAnswer))
  .delete('/session', async (c) => {
    const { deps, staff, sessionIdHash } = c.var;
    await deps.db.transaction(async (tx) => {
      await revokeSession(tx, sessionIdHash, deps.now());
      await recordAudit(tx, staff, { action: 'session.sign-out', entityType: 'staff', entityId: staff.id }, deps.now());
    });
    clearSessionCookie(c, deps);
    return c.body(null, 204);
  })
  .post('/session/password', async (c) => {
    const { deps, staff, sessionIdHash, lang } = c.var;
    const body = await readBody(c, passwordChangeBodySchema);
    if (isCommonPassword(body.newPassword)) throw fieldError('newPassword', adminMessage('commonPassword', lang));
    const attempt = await beginPasswordAttempt(deps.db, staffPasswordCounters(staff, c.req.header('x-shop-client-ip')), deps.now());
    if (attempt instanceof Response) return attempt;
    const [row] = await deps.db.select().from(staffUsers).where(eq(staffUsers.id, staff.id));
    if (!row || !(await verifyPassword(body.currentPassword, row.passwordHash))) {
      await attempt.failed();
      throw fieldError('currentPassword', adminMessage('wrongCurrentPassword', lang));
    }
    await attempt.succeeded();
    if (body.newPassword === body.currentPassword) throw fieldError('newPassword', adminMessage('samePassword', lang));
    const passwordHash = await hashPassword(body.newPassword, deps.config.passwordHashCost);
    const now = deps.now();
    await deps.db.transaction(async (tx) => {
      await tx
        .update(staffUsers)
        .set({ passwordHash, version: row.version + 1, updatedAt: now })
        .where(eq(staffUsers.id, staff.id));
      await revokeOtherSessions(tx, staff.id, sessionIdHash, now);
      await recordAudit(tx, staff, { action: 'staff.password-change', entityType: 'staff', entityId: staff.id }, now);
    });
    return c.body(null, 204);
  });
