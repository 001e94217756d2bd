import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ApiTokenScope, StaffRole } from '../../../contract/admin';
import { apiTokens, staffUsers } from '../../db/schema';
import { forbidden, unauthorized } from '../core/errors';
import type { AdminEnv, StaffPrincipal } from './context';
import { adminMessage } from './messages';

/** What every API token starts with: a customer's bearer token never does, so the two are never mistaken. */
const TOKEN_PREFIX = 'shpat_';
/** Shown in the list so the owner can tell tokens apart; far too short to guess the rest from. */
const SHOWN_CHARS = TOKEN_PREFIX.length + 6;
const TOUCH_INTERVAL_MS = 60_000;

/** A new token: 32 random bytes. Only its SHA-256 is stored: 256 bits of entropy need no slow hash. */
export function newApiToken(): { token: string; hash: string; prefix: string } {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashApiToken(token), prefix: token.slice(0, SHOWN_CHARS) };
}

const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The areas of the back office API a scope opens (paths under /api/admin). A `:read` scope allows reading (GET);
 * `:write` allows the area's writes and reading too. Everything else (staff, settings, integrations, the audit log,
 * the builder, sessions) no token reaches, and routes behind a capability (exports, order edits, bulk jobs) refuse
 * tokens too: a token acts with a manager's rights at most.
 */
const SCOPE_AREAS: Record<string, RegExp> = {
  orders: /^\/orders(\/|$)/,
  products: /^\/(products|catalogs)(\/|$)/,
  customers: /^\/customers(\/|$)/,
  leads: /^\/leads(\/|$)/,
  reviews: /^\/reviews(\/|$)/,
};

const READ_METHODS = new Set(['GET', 'HEAD']);

/** Whether a token with `scopes` may make this request (path relative to /api/admin). */
export function scopeAllows(scopes: readonly string[], method: string, path: string): boolean {
  const write = !READ_METHODS.has(method.toUpperCase());
  return Object.entries(SCOPE_AREAS).some(
    ([area, pattern]) => pattern.test(path) && (scopes.includes(`${area}:write`) || (!write && scopes.includes(`${area}:read`))),
  );
}

export const bearerTokenOf = (c: Context): string | null => {
  const header = c.req.header('authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : null;
};

/** The path of an admin API request below /api/admin. */
const adminPathOf = (path: string) => {
  const at = path.indexOf('/admin');
  return at === -1 ? path : path.slice(at + '/admin'.length) || '/';
};

/**
 * The principal of a request made with an API token: the staff member who made it, acting as a manager (no
 * capability), named after the token in the audit log. 401 for an unknown or revoked token or a disabled maker,
 * 403 for a route its scopes do not open.
 */
export async function tokenPrincipal(c: Context<AdminEnv>, token: string): Promise<StaffPrincipal> {
  const { deps, lang } = c.var;
  const [row] = await deps.db
    .select({ token: apiTokens, staff: staffUsers })
    .from(apiTokens)
    .innerJoin(staffUsers, eq(staffUsers.id, apiTokens.staffId))
    .where(and(eq(apiTokens.tokenHash, hashApiToken(token)), isNull(apiTokens.revokedAt)))
    .limit(1);
  if (!row || row.staff.disabled || !token.startsWith(TOKEN_PREFIX)) throw unauthorized(adminMessage('integrations.tokenInvalid', lang));
  if (!scopeAllows(row.token.scopes as ApiTokenScope[], c.req.method, adminPathOf(c.req.path))) {
    throw forbidden(adminMessage('integrations.tokenScope', lang));
  }
  const now = deps.now();
  if (!row.token.lastUsedAt || now.getTime() - row.token.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
    await deps.db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.token.id));
  }
  const role: StaffRole = 'manager';
  return {
    id: row.staff.id,
    email: row.staff.email,
    name: `${row.staff.name} · ${adminMessage('integrations.tokenActor', row.staff.lang === 'ru' ? 'ru' : 'en', { name: row.token.name })}`,
    role,
    lang: row.staff.lang === 'ru' ? 'ru' : 'en',
  };
}
