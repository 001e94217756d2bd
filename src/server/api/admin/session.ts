import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { ADMIN_CSRF_HEADER, ADMIN_SESSION_COOKIE, hasCapability, type StaffCapability, type StaffRole } from '../../../contract/admin';
import type { Executor } from '../../db/client';
import { staffSessions, staffUsers } from '../../db/schema';
import type { AppDeps } from '../core/context';
import { forbidden, unauthorized } from '../core/errors';
import { bearerTokenOf, tokenPrincipal } from './api-tokens';
import type { AdminEnv, StaffPrincipal } from './context';
import { adminMessage } from './messages';

const MINUTE_MS = 60_000;
/** lastSeenAt is written at most this often, so reading pages does not write on every request */
const TOUCH_INTERVAL_MS = MINUTE_MS;

export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('base64url');

/** Starts a session: the random id goes to the cookie, only its hash to the database. */
export async function startSession(db: Executor, deps: AppDeps, staffId: string): Promise<{ id: string; idHash: string; expiresAt: Date }> {
  const id = randomBytes(32).toString('base64url');
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + deps.config.adminSessionMaxDays * 24 * 60 * MINUTE_MS);
  await db.insert(staffSessions).values({ idHash: hashSessionId(id), staffId, createdAt: now, lastSeenAt: now, expiresAt });
  return { id, idHash: hashSessionId(id), expiresAt };
}

export function setSessionCookie(c: Context, deps: AppDeps, id: string, expiresAt: Date): void {
  setCookie(c, ADMIN_SESSION_COOKIE, id, {
    httpOnly: true,
    sameSite: 'Strict',
    path: '/',
    secure: deps.config.publicUrl.startsWith('https:'),
    expires: expiresAt,
  });
}

export function clearSessionCookie(c: Context, deps: AppDeps): void {
  deleteCookie(c, ADMIN_SESSION_COOKIE, { path: '/', secure: deps.config.publicUrl.startsWith('https:') });
}

/** The staff member of a live session (not revoked, not expired, not idle too long, account enabled), or null. */
export async function findSessionStaff(deps: AppDeps, idHash: string): Promise<StaffPrincipal | null> {
  const now = deps.now();
  const [row] = await deps.db
    .select({ session: staffSessions, staff: staffUsers })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(and(eq(staffSessions.idHash, idHash), isNull(staffSessions.revokedAt), gt(staffSessions.expiresAt, now)))
    .limit(1);
  if (!row || row.staff.disabled) return null;
  const idleMs = deps.config.adminSessionIdleMinutes * MINUTE_MS;
  if (now.getTime() - row.session.lastSeenAt.getTime() >= idleMs) return null;
  if (now.getTime() - row.session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await deps.db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.idHash, idHash));
  }
  const { id, email, name, role, lang } = row.staff;
  return { id, email, name, role: role as StaffRole, lang: lang === 'ru' ? 'ru' : 'en' };
}

export async function revokeSession(db: Executor, idHash: string, at: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: at })
    .where(and(eq(staffSessions.idHash, idHash), isNull(staffSessions.revokedAt)));
}

/** Revokes every live session of a staff member except `keepIdHash`. */
export async function revokeOtherSessions(db: Executor, staffId: string, keepIdHash: string | null, at: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.revokedAt),
        ...(keepIdHash ? [ne(staffSessions.idHash, keepIdHash)] : []),
      ),
    );
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origins a back office write may come from: the shop's public origin and the origin the request was sent to. */
function allowedOrigins(c: Context, deps: AppDeps): Set<string> {
  const origins = new Set([new URL(deps.config.publicUrl).origin]);
  const host = c.req.header('host');
  const url = new URL(c.req.url);
  origins.add(url.origin);
  if (host) origins.add(`${url.protocol}//${host}`);
  return origins;
}

/**
 * CSRF defence of every write: a custom header (which a cross-site form cannot send, and a cross-site fetch cannot
 * send without a CORS preflight this API never grants) and, when the browser names one, the shop's own Origin.
 */
export const csrfGuard: MiddlewareHandler<AdminEnv> = async (c, next) => {
  // an API token is no ambient credential: a cross-site page cannot make a browser send it
  if (!SAFE_METHODS.has(c.req.method) && bearerTokenOf(c) === null) {
    const deps = c.var.deps;
    const origin = c.req.header('origin');
    if (c.req.header(ADMIN_CSRF_HEADER) !== '1' || (origin !== undefined && !allowedOrigins(c, deps).has(origin))) {
      throw forbidden(adminMessage('csrf', c.var.lang));
    }
  }
  await next();
};

/**
 * Requires a live staff session (401 otherwise), or an owner-made API token whose scopes open the route (see
 * api-tokens.ts); a customer's bearer token is never accepted here.
 */
export const requireStaff: MiddlewareHandler<AdminEnv> = async (c, next) => {
  const token = bearerTokenOf(c);
  if (token !== null) {
    c.set('staff', await tokenPrincipal(c, token));
    c.set('sessionIdHash', '');
    await next();
    return;
  }
  const id = getCookie(c, ADMIN_SESSION_COOKIE);
  const idHash = id ? hashSessionId(id) : null;
  const staff = idHash ? await findSessionStaff(c.var.deps, idHash) : null;
  if (!staff || !idHash) {
    if (id) clearSessionCookie(c, c.var.deps);
    throw unauthorized(adminMessage('signInRequired', c.var.lang));
  }
  c.set('staff', staff);
  c.set('sessionIdHash', idHash);
  await next();
};

/** Only staff whose role has `capability` (403 otherwise; the roles' capabilities are ROLE_CAPABILITIES). */
export function requireCapability(capability: StaffCapability): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    if (!hasCapability(c.var.staff.role, capability)) throw forbidden(adminMessage('forbidden', c.var.lang));
    await next();
  };
}
