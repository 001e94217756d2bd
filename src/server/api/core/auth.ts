import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { eq, lt, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { revokedTokens, users } from '../../db/schema';
import type { AppDeps, AppEnv, AuthUser } from './context';
import { unauthorized } from './errors';

export async function signUserToken(deps: AppDeps, user: { id: string; email: string; tokenVersion: number }): Promise<string> {
  const now = Math.floor(deps.now().getTime() / 1000);
  return new SignJWT({ email: user.email, ver: user.tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setJti(randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + deps.config.jwtTtlSeconds)
    .sign(deps.jwtKey);
}

/**
 * The signed-in user of a request, or null. Tokens of deleted users, of older password versions and tokens
 * revoked by logging out are refused. (Tokens issued before tokens carried an id cannot be revoked one by one;
 * they expire after JWT_TTL_SECONDS or with the next password change.)
 */
export async function authenticate(deps: AppDeps, authorization: string | undefined): Promise<AuthUser | null> {
  const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
  if (!match) return null;
  try {
    const { payload } = await jwtVerify(match[1]!, deps.jwtKey, {
      algorithms: ['HS256'],
      currentDate: deps.now(),
    });
    if (typeof payload.sub !== 'string') return null;
    const tokenId = typeof payload.jti === 'string' ? payload.jti : null;
    const [user] = await deps.db
      .select({
        id: users.id,
        email: users.email,
        tokenVersion: users.tokenVersion,
        disabled: users.disabled,
        revoked: tokenId
          ? sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.tokenId} = ${tokenId})`
          : sql<boolean>`false`,
      })
      .from(users)
      .where(eq(users.id, payload.sub));
    if (!user || user.disabled || user.tokenVersion !== payload.ver || user.revoked) return null;
    const token = tokenId && payload.exp ? { token: { id: tokenId, expiresAt: new Date(payload.exp * 1000) } } : {};
    return { id: user.id, email: user.email, ...token };
  } catch {
    return null;
  }
}

export function requireUser(c: Context<AppEnv>): AuthUser {
  const user = c.var.user;
  if (!user) throw unauthorized();
  return user;
}

/** Revokes the request's own token (logging out); the user's other devices stay signed in. */
export async function revokeToken(deps: AppDeps, token: { id: string; expiresAt: Date }): Promise<void> {
  await deps.db.insert(revokedTokens).values({ tokenId: token.id, expiresAt: token.expiresAt }).onConflictDoNothing();
  // Revoked tokens past their expiry would be refused anyway.
  await deps.db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, deps.now()));
}
