import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { linkPath, linkTargetQuerySchema, mediaThumbnail, type LinkTarget, type LinkTargetList } from '../../../../contract/admin';
import { localize, type Language } from '../../../../lib/localize';
import type { Executor } from '../../../db/client';
import { articles, catalogProducts, catalogs, images, pages, products } from '../../../db/schema';
import { readQuery } from '../../core/validate';
import type { AdminEnv } from '../context';
import { likePattern } from '../lists';

const LIMIT = 20;
/** The thumbnails' size in pixels (shown at half of it on dense screens). */
const THUMBNAIL_SIZE = 96;

/** Title in either language or slug matching `search`. */
function matching(title: SQL, slug: SQL, search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const q = likePattern(search);
  return or(ilike(sql`${title}->>'en'`, q), ilike(sql`${title}->>'ru'`, q), ilike(slug, q));
}

/** The record whose id or stored address is `key` (what a picker or a link stored), else the search. */
const found = (id: SQL, url: SQL, title: SQL, slug: SQL, query: { search?: string | undefined; key?: string | undefined }) =>
  query.key ? or(sql`${id} = ${query.key}`, sql`${url} = ${query.key}`) : matching(title, slug, query.search);

/** The address of an image id's thumbnail, read in the same query. */
const thumbnailUri = (imageId: SQL) => sql<string | null>`(select ${images.uri} from ${images} where ${images.id} = ${imageId})`;

type Row = {
  id: string;
  url: string;
  title: { en: string; ru: string } | null;
  uri: string | null;
  enabled: boolean;
  empty: boolean;
};

const target = (kind: string, row: Row, lang: Language): LinkTarget => ({
  id: row.id,
  title: localize(row.title ?? { en: row.url, ru: row.url }, lang) || row.url,
  titles: { en: row.title?.en ?? '', ru: row.title?.ru ?? '' },
  url: row.url,
  path: linkPath({ type: kind, url: row.url }),
  thumbnail: row.uri ? mediaThumbnail(row.uri, THUMBNAIL_SIZE) : null,
  hidden: !row.enabled,
  empty: row.empty,
});

/** A catalog shows nothing without an enabled product in it (columns named in full: drizzle leaves them bare here). */
const catalogEmpty = sql<boolean>`not exists (select 1 from ${catalogProducts} cp join ${products} p on p.id = cp.product_id
  where cp.catalog_id = "catalogs"."id" and p.enabled)`;
/** A category shows nothing without an article readers may see. */
const categoryEmpty = sql<boolean>`("pages"."type" = 'category' and not exists (select 1 from ${articles} a
  where a.category_id = "pages"."id" and a.enabled and a.published_at <= now()))`;

/**
 * Records a link or a builder picker can point to, of one kind: found by title or slug (`search`), or the one
 * record a stored value names (`key`: its id or stored address). Each with its id, thumbnail, and whether it is
 * hidden from visitors or shows nothing yet (a catalog without visible products, a category without articles).
 */
export async function findLinkTargets(
  db: Executor,
  kind: string,
  query: { search?: string | undefined; key?: string | undefined },
  lang: Language,
): Promise<LinkTarget[]> {
  switch (kind) {
    case 'catalog': {
      const rows = await db
        .select({
          id: catalogs.id,
          url: catalogs.slug,
          title: catalogs.title,
          uri: thumbnailUri(sql`${catalogs.imageId}`),
          enabled: catalogs.enabled,
          empty: catalogEmpty,
        })
        .from(catalogs)
        .where(found(sql`${catalogs.id}`, sql`${catalogs.slug}`, sql`${catalogs.title}`, sql`${catalogs.slug}`, query))
        .orderBy(asc(catalogs.position), asc(catalogs.slug))
        .limit(LIMIT);
      return rows.map((r) => target(kind, r, lang));
    }
    case 'product': {
      const rows = await db
        .select({
          id: products.id,
          url: products.slug,
          title: products.title,
          uri: thumbnailUri(sql`${products.imageIds}->>0`),
          enabled: products.enabled,
          empty: sql<boolean>`false`,
        })
        .from(products)
        .where(found(sql`${products.id}`, sql`${products.slug}`, sql`${products.title}`, sql`${products.slug}`, query))
        .orderBy(asc(products.sortTitle), asc(products.slug))
        .limit(LIMIT);
      return rows.map((r) => target(kind, r, lang));
    }
    case 'page':
    case 'category': {
      const types = kind === 'category' ? ['category'] : ['page', 'homepage'];
      const url = sql<string>`case when ${pages.type} = 'homepage' then '/' else ${pages.slug} end`;
      const rows = await db
        .select({
          id: pages.id,
          url,
          title: pages.title,
          uri: thumbnailUri(sql`${pages.previewImageId}`),
          enabled: pages.enabled,
          empty: categoryEmpty,
        })
        .from(pages)
        .where(and(inArray(pages.type, types), found(sql`${pages.id}`, url, sql`${pages.title}`, sql`${pages.slug}`, query)))
        .orderBy(asc(pages.slug))
        .limit(LIMIT);
      return rows.map((r) => target(kind, r, lang));
    }
    case 'article': {
      const url = sql<string>`${pages.slug} || '/' || ${articles.slug}`;
      const rows = await db
        .select({
          id: articles.id,
          url,
          title: articles.title,
          uri: thumbnailUri(sql`${articles.previewImageId}`),
          enabled: sql<boolean>`${articles.enabled} and ${pages.enabled}`,
          empty: sql<boolean>`false`,
        })
        .from(articles)
        .innerJoin(pages, eq(pages.id, articles.categoryId))
        .where(found(sql`${articles.id}`, url, sql`${articles.title}`, sql`${articles.slug}`, query))
        .orderBy(sql`${articles.publishedAt} desc`, asc(articles.slug))
        .limit(LIMIT);
      return rows.map((r) => target(kind, r, lang));
    }
    default:
      return [];
  }
}

export const linkTargetRoutes = new Hono<AdminEnv>().get('/link-targets', async (c) => {
  const { kind, search, key } = readQuery(c, linkTargetQuerySchema);
  return c.json({ items: await findLinkTargets(c.var.deps.db, kind, { search, key }, c.var.lang) } satisfies LinkTargetList);
});
