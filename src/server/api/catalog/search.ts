import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../../lib/localize';
import { centsToAmount } from '../../../lib/money';
import type { Executor } from '../../db/client';
import { cacheTags, onInvalidate } from '../../cache/invalidation';
import {
  articles,
  catalogs,
  optionValueSearchVector,
  pages,
  productOptions,
  productOptionValues,
  products,
  searchWords,
  variations,
  type LocalizedText,
} from '../../db/schema';
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
export function prefixTsQuery(
  q: string,
  stemsOf: (word: string) => readonly string[] = () => [],
  correctionsOf: (word: string) => readonly string[] = () => [],
): string | null {
  const terms = wordTerms(queryWords(q), stemsOf, correctionsOf);
  return terms.length === 0 ? null : terms.join(' & ');
}

/** One tsquery term per word: any of its prefixes, or of the shop's words it is a likely misspelling of. */
function wordTerms(
  words: readonly string[],
  stemsOf: (word: string) => readonly string[],
  correctionsOf: (word: string) => readonly string[],
): string[] {
  return words.map((word) => {
    const prefixes = [...new Set([...wordPrefixes(word, stemsOf(word)), ...correctionsOf(word).filter(isWord)])].map((prefix) => `${prefix}:*`);
    return prefixes.length === 1 ? prefixes[0]! : `(${prefixes.join(' | ')})`;
  });
}

const isWord = (text: string) => /^[\p{L}\p{N}][\p{L}\p{N}\p{M}]*$/u.test(text);

/**
 * Edits between two words (optimal string alignment: insertion, deletion, substitution, or two neighbours
 * swapped), ё counted as е; stops early and answers `limit + 1` once the words are further apart than `limit`.
 */
export function editDistance(a: string, b: string, limit = 2): number {
  const x = a.replace(/ё/g, 'е');
  const y = b.replace(/ё/g, 'е');
  if (Math.abs(x.length - y.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[y.length]!, limit + 1);
}

/** How many edits a word of this length may carry and still be corrected: none below 4 letters, one below 7, else two. */
export const allowedEdits = (length: number) => (length < 4 ? 0 : length < 7 ? 1 : 2);

/** Words one swap of neighbouring letters away ('shrit' -> 'shirt'): what trigrams alone find too far. */
export function swappedNeighbours(word: string): string[] {
  const letters = [...word];
  const swapped: string[] = [];
  for (let i = 0; i + 1 < letters.length; i++) {
    if (letters[i] === letters[i + 1]) continue;
    const copy = [...letters];
    [copy[i], copy[i + 1]] = [copy[i + 1]!, copy[i]!];
    swapped.push(copy.join(''));
  }
  return swapped;
}

/**
 * The shop's words a query word was probably meant as, nearest first: none when the word (or a word it
 * starts) is the shop's own. Candidates come from the dictionary's trigram index (similar words, and the
 * word with two neighbours swapped); the fewest edits win, a word typed in part compared with the start of
 * the candidate ('jake' -> 'jacket').
 */
export function nearestWords(word: string, candidates: readonly string[], max = 3): string[] {
  const limit = allowedEdits([...word].length);
  if (limit === 0) return [];
  const scored = candidates
    .map((candidate) => {
      const whole = editDistance(word, candidate, limit);
      const start = [...candidate].slice(0, [...word].length).join('');
      const typedInPart = candidate.length > word.length ? editDistance(word, start, limit) + 0.5 : limit + 1;
      return { candidate, distance: Math.min(whole, typedInPart) };
    })
    .filter((scoredWord) => scoredWord.distance <= limit)
    .sort((a, b) => a.distance - b.distance || a.candidate.length - b.candidate.length || (a.candidate < b.candidate ? -1 : 1));
  const nearest = scored[0]?.distance;
  return scored.filter((scoredWord) => scoredWord.distance === nearest).slice(0, max).map((scoredWord) => scoredWord.candidate);
}

/** Corrections of each query word that the shop's dictionary does not know (see `nearestWords`). */
async function correctionsOfWords(db: Executor, words: string[]): Promise<Map<string, string[]>> {
  const corrected = new Map<string, string[]>();
  await Promise.all(
    words
      .filter((word) => allowedEdits([...word].length) > 0 && !/^\p{N}+$/u.test(word))
      .map(async (word) => {
        const [row] = await rowsOf<{ known: boolean; candidates: string[] }>(
          db,
          sql`select exists (select 1 from ${searchWords} where ${searchWords.word} like ${`${likeEscaped(word)}%`}) as known,
            array(select ${searchWords.word} from ${searchWords}
              where ${searchWords.word} % ${word} or ${word} <% ${searchWords.word}
                or ${searchWords.word} in (${sql.join(
                  swappedNeighbours(word).map((swapped) => sql`${swapped}`),
                  sql`, `,
                )})
              limit ${MAX_CANDIDATE_WORDS}) as candidates`,
        );
        if (!row || row.known) return;
        const nearest = nearestWords(word, row.candidates);
        if (nearest.length > 0) corrected.set(word, nearest);
      }),
  );
  return corrected;
}

const MAX_CANDIDATE_WORDS = 200;
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

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
function matches(search: PreparedQuery): SQL {
  const tsquery = search.tsquery;
  const query = () => sql`to_tsquery('simple', ${tsquery})`;
  // Catalogs are few and have no stored vector: theirs is built on the fly, like the generated columns.
  const catalogVector = sql`to_tsvector('simple', coalesce(${catalogs.title}->>'en', '') || ' ' || coalesce(${catalogs.title}->>'ru', '')
    || ' ' || coalesce(${catalogs.description}->>'en', '') || ' ' || coalesce(${catalogs.description}->>'ru', ''))`;
  return sql`
    select 'product' as type, 1 as type_order, ${products.id} as id,
      ts_rank(${products.searchVector}, to_tsquery('simple', ${search.anyTerm})) + case when ${products.searchVector} @@ ${query()} then 1 else 0 end as rank
    from ${products} where ${products.enabled} and ${products.id} in (${productCandidates(search)})
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

/**
 * The products having every word of the query in their title or description, in one of their option values
 * ('white', 'XL', 'чёрный') or at the start of a SKU, each word read from its own index (the products' text
 * vector, the option values' text vector, the SKUs' trigrams), and at most `CANDIDATE_BOUND` + 1 of them: a
 * word common to a fifth of 100,000 products is ranked among a bounded set, and counted approximately past it.
 */
export function productCandidates(search: PreparedQuery): SQL {
  const perWord = search.terms.map((term, i) => {
    const word = search.words[i]!;
    const skuArm =
      [...word].length >= 3
        ? sql` union select ${variations.productId} from ${variations} where ${variations.sku} ilike ${`${likeEscaped(word)}%`}`
        : sql``;
    return sql`(select ${products.id} from ${products} where ${products.searchVector} @@ to_tsquery('simple', ${term})
      union select ${productOptions.productId} from ${productOptionValues} join ${productOptions} on ${productOptions.id} = ${productOptionValues.optionId}
        where ${optionValueSearchVector(productOptionValues.title)} @@ to_tsquery('simple', ${term})${skuArm})`;
  });
  return sql`select id from (${sql.join(perWord, sql` intersect `)}) as candidate limit ${CANDIDATE_BOUND + 1}`;
}

/** Past this many matching products a search ranks the first ones found and calls its count approximate. */
export const CANDIDATE_BOUND = 5000;

/** A query ready to match: its words, one tsquery term per word (prefixes, stems, corrections), all of them joined. */
export type PreparedQuery = {
  words: string[];
  terms: string[];
  /** every word (AND) */
  tsquery: string;
  /** any word (OR), for ranking */
  anyTerm: string;
  /** each misspelt word -> the shop's words it was probably meant as */
  corrections: Map<string, string[]>;
};

/** The query's words with their stems and, for words the shop does not know, their nearest known words. null without words. */
export async function prepareQuery(db: Executor, q: string): Promise<PreparedQuery | null> {
  const words = queryWords(q);
  if (words.length === 0) return null;
  const [stems, corrections] = await Promise.all([stemsOfWords(db, words), correctionsOfWords(db, words)]);
  const terms = wordTerms(
    words,
    (word) => stems.get(word) ?? [],
    (word) => corrections.get(word) ?? [],
  );
  return { words, terms, tsquery: terms.join(' & '), anyTerm: terms.join(' | '), corrections };
}

/** The query with each misspelt word replaced by its nearest word ("Did you mean …"), or null when nothing was corrected. */
export function correctedQuery(search: PreparedQuery): string | null {
  if (search.corrections.size === 0) return null;
  return search.words.map((word) => search.corrections.get(word)?.[0] ?? word).join(' ');
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

type RankedHitRow = HitRow & { total: number; product_total: number };
type PageOfHits = { rows: HitRow[]; total: number; approximate: boolean };

/**
 * One page of hits, products first, then by relevance, and their total, in one statement: the matches are
 * read once (the count is a window over the narrow matches), and the texts only of the page's hits. At
 * 100,000 products a common word matches a fifth of them: the products are a bounded candidate set
 * (`productCandidates`), and a count past its bound is approximate.
 */
async function pageOfHits(db: Executor, search: PreparedQuery, offset: number, limit: number): Promise<PageOfHits> {
  const rows = await rowsOf<RankedHitRow>(
    db,
    sql`with page as (
        select type, type_order, id, rank, count(*) over () as total, count(*) filter (where type = 'product') over () as product_total
        from (${matches(search)}) as matched
        order by type_order, rank desc, id offset ${offset} limit ${limit})
      select shown.*, page.total, page.product_total from page join (${details()}) as shown on shown.type = page.type and shown.id = page.id
      order by page.type_order, page.rank desc, page.id`,
  );
  if (rows.length > 0) {
    const approximate = Number(rows[0]!.product_total) > CANDIDATE_BOUND;
    return { rows, total: Number(rows[0]!.total) - (approximate ? 1 : 0), approximate };
  }
  // past the last page (or nothing found): the count alone
  if (offset === 0) return { rows, total: 0, approximate: false };
  const [counted] = await rowsOf<{ count: number; products: number }>(
    db,
    sql`select count(*)::int as count, (count(*) filter (where type = 'product'))::int as products from (${matches(search)}) as matched`,
  );
  const approximate = Number(counted?.products ?? 0) > CANDIDATE_BOUND;
  return { rows, total: Number(counted?.count ?? 0) - (approximate ? 1 : 0), approximate };
}

async function searchAnswer(db: Executor, q: string, offset: number, limit: number, lang: Language): Promise<SearchDto> {
  const search = await prepareQuery(db, q);
  if (!search) return { results: [], totalResultCount: 0 };
  const { rows, total, approximate } = await pageOfHits(db, search, offset, limit);
  const imageMap = await loadImages(
    db,
    rows.map((r) => r.image_id),
    lang,
  );
  const didYouMean = correctedQuery(search);
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
    ...(approximate ? { approximate } : {}),
    ...(didYouMean ? { didYouMean } : {}),
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
