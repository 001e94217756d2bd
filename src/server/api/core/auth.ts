import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { users } from '../../db/schema';
import type { AppDeps, AppEnv, AuthUser } from './context';
import { unauthorized } from './errors';

export async function signUserToken(deps: AppDeps, user: { id: string; email: string; tokenVersion: number }): Promise<string> {
  const now = Math.floor(deps.now().getTime() / 1000);
  return new SignJWT({ email: user.email, ver: user.tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuedAt(now)
    .setExpirationTime(now + deps.config.jwtTtlSeconds)
    .sign(deps.jwtKey);
}

/** The signed-in user of a request, or null. Tokens of deleted users or older password versions are refused. */
export async function authenticate(deps: AppDeps, authorization: string | undefined): Promise<AuthUser | null> {
  const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
  if (!match) return null;
  try {
    const { payload } = await jwtVerify(match[1]!, deps.jwtKey, {
      algorithms: ['HS256'],
      currentDate: deps.now(),
    });
    if (typeof payload.sub !== 'string') return null;
    const [user] = await deps.db
      .select({ id: users.id, email: users.email, tokenVersion: users.tokenVersion, disabled: users.disabled })
      .from(users)
      .where(eq(users.id, payload.sub));
    if (!user || user.disabled || user.tokenVersion !== payload.ver) return null;
    return { id: user.id, email: user.email };
  } catch {
    return null;
  }
}

export function requireUser(c: Context<AppEnv>): AuthUser {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}
