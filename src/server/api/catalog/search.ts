import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../../lib/localize';
import { centsToAmount } from '../../../lib/money';
import type { Executor } from '../../db/client';
import { cacheTags, onInvalidate } from '../../cache/invalidation';
import { articles, catalogs, pages, products, type LocalizedText } from '../../db/schema';
import { loadImages } from '../shared/images';
import { localizedText } from './product-dto';
import type { SearchDto, SearchResultType } from '../../../contract/storefront/catalog';

const MAX_QUERY_WORDS = 8;
const EXCERPT_LENGTH = 200;

/** The words of a visitor's query: letters, digits and combining marks only, lower-cased, at most 8. */
export function queryWords(q: string): string[] {
  const words =
    q
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

const MIN_VARIANT_LENGTH = 3;
const RU_CONSONANT = '[бвгджзклмнпрстфхцчшщ]';
/** A fleeting vowel before the last consonant: лён / льна, ковёр / ковра, день / дня. */
const FLEETING_VOWEL = new RegExp(`^(.*${RU_CONSONANT})[еёо](${RU_CONSONANT})ь?$`, 'u');

/**
 * The prefixes one query word may match: the word, the word with ё written е, its stems (from the
 * database's Russian and English stemmers), and, for Russian, the stem without a fleeting vowel, so
 * 'лён' also finds 'льняная' and 'льна', and 'рубашки' finds 'рубашка'.
 */
export function wordPrefixes(word: string, stems: readonly string[] = []): string[] {
  const plain = word.replace(/ё/g, 'е');
  const variants = [word, plain, ...stems.map((stem) => stem.replace(/ё/g, 'е'))];
  for (const base of [...variants]) {
    const fleeting = FLEETING_VOWEL.exec(base);
    if (fleeting) variants.push(`${fleeting[1]}ь${fleeting[2]}`, `${fleeting[1]}${fleeting[2]}`);
  }
  return [...new Set(variants)].filter((variant) => variant === word || variant.length >= MIN_VARIANT_LENGTH);
}

/**
 * A prefix tsquery ('red:* & (shirts:* | shirt:*)') from the words of a visitor's query, each word
 * matching any of its prefixes. Only letters, digits and combining marks survive, so no tsquery
 * operator can reach the database. null when no word is left.
 */
export function prefixTsQuery(q: string, stemsOf: (word: string) => readonly string[] = () => []): string | null {
  const words = queryWords(q);
  if (words.length === 0) return null;
  return words
    .map((word) => {
      const prefixes = wordPrefixes(word, stemsOf(word)).map((prefix) => `${prefix}:*`);
      return prefixes.length === 1 ? prefixes[0] : `(${prefixes.join(' | ')})`;
    })
    .join(' & ');
}

const MAX_KEPT_STEMS = 10_000;
/** Stems of words already asked: a stemmer's answer depends on the word alone. */
const keptStems = new Map<string, string[]>();

/** Each word's stems by the database's Russian and English Snowball stemmers (PGlite has them too), asked once per word. */
async function stemsOfWords(db: Executor, words: string[]): Promise<Map<string, string[]>> {
  const unknown = words.filter((word) => !keptStems.has(word));
  if (unknown.length > 0) {
    const list = sql.join(
      unknown.map((word) => sql`${word}`),
      sql`, `,
    );
    const rows = await rowsOf<{ word: string; ru: string[] | null; en: string[] | null }>(
      db,
      sql`select word, ts_lexize('russian_stem', word) as ru, ts_lexize('english_stem', word) as en from unnest(array[${list}]::text[]) as word`,
    );
    for (const row of rows) {
      if (keptStems.size >= MAX_KEPT_STEMS) keptStems.delete(keptStems.keys().next().value!);
      keptStems.set(row.word, [...(row.ru ?? []), ...(row.en ?? [])]);
    }
  }
  return new Map(words.map((word) => [word, keptStems.get(word) ?? []]));
}

/** Where a block of rich text ends (a list item, paragraph, heading, line break): kept apart in the excerpt. */
const BLOCK_END = /<\/(?:li|p|h[1-6]|div|tr|blockquote|dd|dt)\s*>|<br\s*\/?>/gi;
const MARK = '\u0000';

/**
 * Plain text of stored rich text, cut at a word boundary. Blocks stay apart: a list item or paragraph that
 * ends without a stop gets one ("Four slots. Central pocket"), so list items do not read as one sentence.
 */
export function plainExcerpt(html: string, maxLength = EXCERPT_LENGTH): string {
  const text = html
    .replace(/\u0000/g, '')
    .replace(BLOCK_END, MARK)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .replace(/^[\s\u0000]+|[\s\u0000]+$/g, '')
    .replace(/([.!?:;…])?[\s\u0000]*\u0000[\s\u0000]*/g, (_, stop: string | undefined) => `${stop ?? '.'} `)
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

/**
 * Every enabled product, catalog, page and article matching the query, narrow (type, order of the type, id,
 * relevance): what ranking and counting all the matches need, and no more, so that a common word's thousands
 * of matches are ranked and counted in memory rather than spilled with their texts.
 */
function matches(tsquery: string): SQL {
  const query = () => sql`to_tsquery('simple', ${tsquery})`;
  // Catalogs are few and have no stored vector: theirs is built on the fly, like the generated columns.
  const catalogVector = sql`to_tsvector('simple', coalesce(${catalogs.title}->>'en', '') || ' ' || coalesce(${catalogs.title}->>'ru', '')
    || ' ' || coalesce(${catalogs.description}->>'en', '') || ' ' || coalesce(${catalogs.description}->>'ru', ''))`;
  return sql`
    select 'product' as type, 1 as type_order, ${products.id} as id, ts_rank(${products.searchVector}, ${query()}) as rank
    from ${products} where ${products.enabled} and ${products.searchVector} @@ ${query()}
    union all
    select 'catalog', 2, ${catalogs.id}, ts_rank(${catalogVector}, ${query()})
    from ${catalogs} where ${catalogs.enabled} and ${catalogVector} @@ ${query()}
    union all
    select 'page', 3, ${pages.id}, ts_rank(${pages.searchVector}, ${query()})
    from ${pages} where ${pages.enabled} and ${pages.searchVector} @@ ${query()}
    union all
    select 'article', 4, ${articles.id}, ts_rank(${articles.searchVector}, ${query()})
    from ${articles} join ${pages} on ${pages.id} = ${articles.categoryId}
    where ${articles.enabled} and ${pages.enabled} and ${articles.searchVector} @@ ${query()}`;
}

/** What a result shows of the hits in the CTE `page` (by primary key: only the page's rows are read). */
function details(): SQL {
  const onPage = (type: SearchResultType) => sql`(select id from page where type = ${type})`;
  return sql`
    select 'product' as type, ${products.id} as id, ${products.slug} as slug, null::text as parent_slug, null::text as page_type,
      ${products.title} as title, ${products.description} as excerpt, ${products.imageIds}->>0 as image_id, ${products.priceCents} as price_cents
    from ${products} where ${products.id} in ${onPage('product')}
    union all
    select 'catalog', ${catalogs.id}, ${catalogs.slug}, null, null, ${catalogs.title}, ${catalogs.description}, ${catalogs.imageId}, null
    from ${catalogs} where ${catalogs.id} in ${onPage('catalog')}
    union all
    select 'page', ${pages.id}, ${pages.slug}, null, ${pages.type}, ${pages.title}, ${pages.metaDescription}, ${pages.previewImageId}, null
    from ${pages} where ${pages.id} in ${onPage('page')}
    union all
    select 'article', ${articles.id}, ${articles.slug}, ${pages.slug}, null, ${articles.title}, ${articles.excerpt}, ${articles.previewImageId}, null
    from ${articles} join ${pages} on ${pages.id} = ${articles.categoryId} where ${articles.id} in ${onPage('article')}`;
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

type RankedHitRow = HitRow & { total: number };

/**
 * One page of hits, products first, then by relevance, and their total, in one statement: the matches are
 * read once (the count is a window over the narrow matches), and the texts only of the page's hits. At
 * 100,000 products a common word matches a fifth of them, and reading those rows is what a search costs.
 */
async function pageOfHits(db: Executor, tsquery: string, offset: number, limit: number): Promise<{ rows: HitRow[]; total: number }> {
  const rows = await rowsOf<RankedHitRow>(
    db,
    sql`with page as (
        select type, type_order, id, rank, count(*) over () as total from (${matches(tsquery)}) as matched
        order by type_order, rank desc, id offset ${offset} limit ${limit})
      select shown.*, page.total from page join (${details()}) as shown on shown.type = page.type and shown.id = page.id
      order by page.type_order, page.rank desc, page.id`,
  );
  if (rows.length > 0) return { rows, total: Number(rows[0]!.total) };
  // past the last page (or nothing found): the count alone
  if (offset === 0) return { rows, total: 0 };
  const [counted] = await rowsOf<{ count: number }>(db, sql`select count(*)::int as count from (${matches(tsquery)}) as matched`);
  return { rows, total: Number(counted?.count ?? 0) };
}

async function searchAnswer(db: Executor, q: string, offset: number, limit: number, lang: Language): Promise<SearchDto> {
  const stems = await stemsOfWords(db, queryWords(q));
  const tsquery = prefixTsQuery(q, (word) => stems.get(word) ?? []);
  if (!tsquery) return { results: [], totalResultCount: 0 };
  const { rows, total } = await pageOfHits(db, tsquery, offset, limit);
  const imageMap = await loadImages(
    db,
    rows.map((r) => r.image_id),
    lang,
  );
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
    totalResultCount: total,
  };
}

const MAX_KEPT_ANSWERS = 500;
/** As the page cache: changes no write announces (an image's file) show within the hour. */
const KEPT_MS = 60 * 60 * 1000;

type KeptAnswer = { at: number; answer: Promise<SearchDto> };
/** Kept answers per database (tests open several), by language, page and the query's words; see `enableSearchAnswerCache`. */
let keptAnswers: WeakMap<Executor, Map<string, KeptAnswer>> | undefined;

/**
 * Keeps search answers in memory until a write changes what a search shows: any invalidation but a change of
 * stock alone (search answers show no stock) forgets them all, on this instance or, through the transport, on
 * any other. An answer being computed while that happens is not kept. Enabled by the page cache of the built
 * server (as the catalog index is); elsewhere every search asks the database.
 */
export function enableSearchAnswerCache(): void {
  if (keptAnswers) return;
  keptAnswers = new WeakMap();
  onInvalidate((tags) => {
    if (!tags.includes(cacheTags.stockOnly) && !tags.every((tag) => tag === cacheTags.delivery)) keptAnswers = new WeakMap();
  });
}

/** The site's search (spec GET /search): products first, then catalogs, pages and articles, each by relevance. */
export function searchSite(db: Executor, q: string, offset: number, limit: number, lang: Language): Promise<SearchDto> {
  if (!keptAnswers) return searchAnswer(db, q, offset, limit, lang);
  let answers = keptAnswers.get(db);
  if (!answers) keptAnswers.set(db, (answers = new Map()));
  const key = `${lang}|${offset}|${limit}|${queryWords(q).join(' ')}`;
  const now = Date.now();
  const hit = answers.get(key);
  if (hit && now - hit.at < KEPT_MS) return hit.answer;
  if (answers.size >= MAX_KEPT_ANSWERS) answers.delete(answers.keys().next().value!);
  const kept: KeptAnswer = { at: now, answer: searchAnswer(db, q, offset, limit, lang) };
  const store = answers;
  store.set(key, kept);
  // a failed search is not kept: the next one asks again
  kept.answer.catch(() => {
    if (store.get(key) === kept) store.delete(key);
  });
  return kept.answer;
}
