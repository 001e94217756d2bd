import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { redirects } from '../../db/schema';
import type { AppEnv } from '../core/context';
import { notFound } from '../core/errors';
import { readQuery } from '../core/validate';
import { redirectQuery, type RedirectDto } from '../../../contract/storefront/content';

/** A path compared without case, query, hash, and leading or trailing slashes: `/Old/?a=1` is `old`. */
export function redirectKey(path: string): string {
  return path.replace(/[?#].*$/s, '').replace(/^\/+|\/+$/g, '').toLowerCase();
}

export const redirectRoutes = new Hono<AppEnv>().get('/redirects', async (c) => {
  const { from } = readQuery(c, redirectQuery);
  const [row] = await c
    .get('deps')
    .db.select({ from: redirects.fromPath, to: redirects.toPath })
    .from(redirects)
    .where(sql`trim(both '/' from lower(${redirects.fromPath})) = ${redirectKey(from)}`)
    // when both '/a' and '/a/' are stored, the one written exactly as asked wins
    .orderBy(sql`${redirects.fromPath} = ${from} desc`)
    .limit(1);
  if (!row) throw notFound('Redirect not found');
  return c.json(row satisfies RedirectDto);
});
