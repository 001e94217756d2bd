import { Hono } from 'hono';
import type { Database } from '../../db/client';
import { redirects } from '../../db/schema';
import { cacheTags } from '../../cache/invalidation';
import { keptUntilInvalidated } from '../../cache/per-instance';
import type { AppEnv } from '../core/context';
import { notFound } from '../core/errors';
import { readQuery } from '../core/validate';
import { redirectQuery, type RedirectDto } from '../../../contract/storefront/content';

/** A path compared without case, query, hash, and leading or trailing slashes: `/Old/?a=1` is `old`. */
export function redirectKey(path: string): string {
  return path
    .replace(/[?#].*$/s, '')
    .replace(/^\/+|\/+$/g, '')
    .toLowerCase();
}

type StoredRedirect = { from: string; to: string };

/**
 * Paths where shoppers type addresses, card details and passwords, or staff sign in: the cart, checkout, payment,
 * account and password-reset pages, the back office and the API. They never redirect to another site (a stored
 * redirect may only send them to a path of this shop), so nobody with the builder's rights can send shoppers to a
 * look-alike page.
 */
const NO_EXTERNAL_REDIRECT = /^(cart|checkout|payment|account|reset_password_confirm|admin|api)(\/|$)/;

/** Whether a redirect from `from` (a path) may go to `to` (a path of this shop, or an absolute address). */
export const mayRedirectTo = (from: string, to: string) => to.startsWith('/') || !NO_EXTERNAL_REDIRECT.test(redirectKey(from));

/**
 * Every stored redirect by its key (`trim(both '/' from lower(from_path))`), read once per instance and kept
 * until a write names `redirects`: a page request looks its address up here, without a query.
 */
const storedRedirects = keptUntilInvalidated([cacheTags.redirects], async (db: Database) => {
  const rows = await db.select({ from: redirects.fromPath, to: redirects.toPath }).from(redirects);
  const byKey = new Map<string, StoredRedirect[]>();
  for (const row of rows) {
    const key = row.from.toLowerCase().replace(/^\/+|\/+$/g, '');
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  return byKey;
});

/** The stored redirect for a path; when both '/a' and '/a/' are stored, the one written exactly as asked wins. */
export async function findRedirect(db: Database, from: string): Promise<StoredRedirect | null> {
  // rows stored before the rule are ignored, not followed
  const candidates = ((await storedRedirects(db)).get(redirectKey(from)) ?? []).filter((row) => mayRedirectTo(row.from, row.to));
  return candidates.find((row) => row.from === from) ?? candidates[0] ?? null;
}

export const redirectRoutes = new Hono<AppEnv>().get('/redirects', async (c) => {
  const { from } = readQuery(c, redirectQuery);
  const row = await findRedirect(c.var.deps.db, from);
  if (!row) throw notFound('Redirect not found');
  return c.json(row satisfies RedirectDto);
});
