import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { linkPath, linkTargetQuerySchema, type LinkTarget } from '../../../../contract/admin';
import { localize, type Language } from '../../../../lib/localize';
import type { Executor } from '../../../db/client';
import { articles, catalogs, pages, products } from '../../../db/schema';
import { readQuery } from '../../core/validate';
import type { AdminEnv } from '../context';
import { likePattern } from '../lists';
import type { LinkTargetList } from '../../../../contract/admin';

const LIMIT = 20;

/** Title in either language or slug matching `search`. */
function matching(title: SQL, slug: SQL, search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const q = likePattern(search);
  return or(ilike(sql`${title}->>'en'`, q), ilike(sql`${title}->>'ru'`, q), ilike(slug, q));
}

const target = (kind: string, url: string, title: { en: string; ru: string } | null, lang: Language): LinkTarget => ({
  title: localize(title ?? { en: url, ru: url }, lang) || url,
  titles: { en: title?.en ?? '', ru: title?.ru ?? '' },
  url,
  path: linkPath({ type: kind, url }),
});

/** Records a link can point to, of one kind, found by title or slug. */
export async function findLinkTargets(db: Executor, kind: string, search: string | undefined, lang: Language): Promise<LinkTarget[]> {
  switch (kind) {
    case 'catalog': {
      const rows = await db
        .select({ title: catalogs.title, slug: catalogs.slug })
        .from(catalogs)
        .where(matching(sql`${catalogs.title}`, sql`${catalogs.slug}`, search))
        .orderBy(asc(catalogs.position), asc(catalogs.slug))
        .limit(LIMIT);
      return rows.map((r) => target(kind, r.slug, r.title, lang));
    }
    case 'product': {
      const rows = await db
        .select({ title: products.title, slug: products.slug })
        .from(products)
        .where(matching(sql`${products.title}`, sql`${products.slug}`, search))
        .orderBy(asc(products.sortTitle), asc(products.slug))
        .limit(LIMIT);
      return rows.map((r) => target(kind, r.slug, r.title, lang));
    }
    case 'page':
    case 'category': {
      const types = kind === 'category' ? ['category'] : ['page', 'homepage'];
      const rows = await db
        .select({ title: pages.title, slug: pages.slug, type: pages.type })
        .from(pages)
        .where(and(inArray(pages.type, types), matching(sql`${pages.title}`, sql`${pages.slug}`, search)))
        .orderBy(asc(pages.slug))
        .limit(LIMIT);
      return rows.map((r) => (r.type === 'homepage' ? target(kind, '/', r.title, lang) : target(kind, r.slug, r.title, lang)));
    }
    case 'article': {
      const rows = await db
        .select({ title: articles.title, slug: articles.slug, category: pages.slug })
        .from(articles)
        .innerJoin(pages, eq(pages.id, articles.categoryId))
        .where(matching(sql`${articles.title}`, sql`${articles.slug}`, search))
        .orderBy(sql`${articles.publishedAt} desc`, asc(articles.slug))
        .limit(LIMIT);
      return rows.map((r) => target(kind, `${r.category}/${r.slug}`, r.title, lang));
    }
    default:
      return [];
  }
}

export const linkTargetRoutes = new Hono<AdminEnv>().get('/link-targets', async (c) => {
  const { kind, search } = readQuery(c, linkTargetQuerySchema);
  return c.json({ items: await findLinkTargets(c.var.deps.db, kind, search, c.var.lang) } satisfies LinkTargetList);
});
