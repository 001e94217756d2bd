import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../../lib/localize';
import { centsToAmount } from '../../../lib/money';
import type { Executor } from '../../db/client';
import { articles, catalogs, pages, products, type LocalizedText } from '../../db/schema';
import { loadImages, type ImageDto } from '../shared/images';
import { localizedText } from './product-dto';

export type SearchResultType = 'product' | 'catalog' | 'page' | 'article';

export type SearchResultDto = {
  type: SearchResultType;
  id: string;
  slug: string;
  /** storefront path of the result */
  url: string;
  title: string;
  excerpt: string;
  image: ImageDto | null;
  /** products only */
  price?: number;
};

export type SearchDto = { results: SearchResultDto[]; totalResultCount: number };

const MAX_QUERY_WORDS = 8;
const EXCERPT_LENGTH = 200;

/**
 * A prefix tsquery ('red:* & shi:*') from the words of a visitor's query. Only letters, digits and
 * combining marks survive, so no tsquery operator can reach the database. null when no word is left.
 */
export function prefixTsQuery(q: string): string | null {
  const words = q.normalize('NFC').toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? [];
  const unique = [...new Set(words)].slice(0, MAX_QUERY_WORDS);
  return unique.length > 0 ? unique.map((w) => `${w}:*`).join(' & ') : null;
}

/** Plain text of stored rich text, cut at a word boundary. */
export function plainExcerpt(html: string, maxLength = EXCERPT_LENGTH): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

type HitRow = {
  type: SearchResultType;
  id: string;
  slug: string;
  parent_slug: string | null;
  page_type: string | null;
  title: LocalizedText;
  excerpt: LocalizedText | null;
  image_id: string | null;
  price_cents: number | null;
};

/** Every enabled product, catalog, page and article matching the query, products first, then by relevance. */
function hits(tsquery: string): SQL {
  const query = () => sql`to_tsquery('simple', ${tsquery})`;
  // Catalogs are few and have no stored vector: theirs is built on the fly, like the generated columns.
  const catalogVector = sql`to_tsvector('simple', coalesce(${catalogs.title}->>'en', '') || ' ' || coalesce(${catalogs.title}->>'ru', '')
    || ' ' || coalesce(${catalogs.description}->>'en', '') || ' ' || coalesce(${catalogs.description}->>'ru', ''))`;
  return sql`
    select 'product' as type, 1 as type_order, ${products.id} as id, ${products.slug} as slug, null::text as parent_slug,
      null::text as page_type, ${products.title} as title, ${products.description} as excerpt,
      ${products.imageIds}->>0 as image_id, ${products.priceCents} as price_cents,
      ts_rank(${products.searchVector}, ${query()}) as rank
    from ${products} where ${products.enabled} and ${products.searchVector} @@ ${query()}
    union all
    select 'catalog', 2, ${catalogs.id}, ${catalogs.slug}, null, null, ${catalogs.title}, ${catalogs.description},
      ${catalogs.imageId}, null, ts_rank(${catalogVector}, ${query()})
    from ${catalogs} where ${catalogs.enabled} and ${catalogVector} @@ ${query()}
    union all
    select 'page', 3, ${pages.id}, ${pages.slug}, null, ${pages.type}, ${pages.title}, ${pages.metaDescription},
      ${pages.previewImageId}, null, ts_rank(${pages.searchVector}, ${query()})
    from ${pages} where ${pages.enabled} and ${pages.searchVector} @@ ${query()}
    union all
    select 'article', 4, ${articles.id}, ${articles.slug}, ${pages.slug}, null, ${articles.title}, ${articles.excerpt},
      ${articles.previewImageId}, null, ts_rank(${articles.searchVector}, ${query()})
    from ${articles} join ${pages} on ${pages.id} = ${articles.categoryId}
    where ${articles.enabled} and ${pages.enabled} and ${articles.searchVector} @@ ${query()}`;
}

async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

function urlOf(hit: HitRow): string {
  switch (hit.type) {
    case 'product':
      return `/products/${hit.slug}`;
    case 'catalog':
      return `/catalogs/${hit.slug}`;
    case 'page':
      return hit.page_type === 'homepage' ? '/' : `/${hit.slug}`;
    case 'article':
      return `/${hit.parent_slug}/${hit.slug}`;
  }
}

export async function searchSite(db: Executor, q: string, offset: number, limit: number, lang: Language): Promise<SearchDto> {
  const tsquery = prefixTsQuery(q);
  if (!tsquery) return { results: [], totalResultCount: 0 };
  const [rows, [total]] = await Promise.all([
    rowsOf<HitRow>(db, sql`select * from (${hits(tsquery)}) as hits order by type_order, rank desc, id offset ${offset} limit ${limit}`),
    rowsOf<{ count: number }>(db, sql`select count(*)::int as count from (${hits(tsquery)}) as hits`),
  ]);
  const imageMap = await loadImages(db, rows.map((r) => r.image_id), lang);
  return {
    results: rows.map((hit) => ({
      type: hit.type,
      id: hit.id,
      slug: hit.slug,
      url: urlOf(hit),
      title: localizedText(hit.title, lang),
      excerpt: plainExcerpt(localizedText(hit.excerpt, lang)),
      image: hit.image_id ? (imageMap.get(hit.image_id) ?? null) : null,
      ...(hit.type === 'product' ? { price: centsToAmount(Number(hit.price_cents ?? 0)) } : {}),
    })),
    totalResultCount: Number(total?.count ?? 0),
  };
}
