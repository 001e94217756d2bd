import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../../lib/localize';
import { centsToAmount } from '../../../lib/money';
import type { Executor } from '../../db/client';
import { cacheTags, onInvalidate } from '../../cache/invalidation';
import {
  articles,
  catalogs,
  optionValueSearchVector,
  orderItems,
  orders,
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
import { SEARCH_RESULT_TYPES, type SearchDto, type SearchResultType, type SearchSuggestDto } from '../../../contract/storefront/catalog';

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
    const prefixes = [...new Set([...wordPrefixes(word, stemsOf(word)), ...correctionsOf(word).filter(isWord)])].map(
      (prefix) => `${prefix}:*`,
    );
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

/** How many letter pairs of `word` the candidate has too: of two words as many edits away, the more alike one first. */
function sharedPairs(word: string, candidate: string): number {
  const pairs = new Set<string>();
  for (let i = 0; i + 1 < candidate.length; i++) pairs.add(candidate.slice(i, i + 2));
  let shared = 0;
  for (let i = 0; i + 1 < word.length; i++) if (pairs.has(word.slice(i, i + 2))) shared++;
  return shared;
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
      // a word typed in part: its start compared, ranked after whole words as many edits away
      const typedInPart = candidate.length > word.length ? editDistance(word, start, limit) + 0.5 : limit + 1;
      return { candidate, distance: Math.min(whole, typedInPart) };
    })
    .filter((scoredWord) => Math.floor(scoredWord.distance) <= limit)
    .sort(
      (a, b) =>
        a.distance - b.distance ||
        sharedPairs(word, b.candidate) - sharedPairs(word, a.candidate) ||
        a.candidate.length - b.candidate.length ||
        (a.candidate < b.candidate ? -1 : 1),
    );
  const nearest = scored[0]?.distance;
  return scored
    .filter((scoredWord) => scoredWord.distance === nearest)
    .slice(0, max)
    .map((scoredWord) => scoredWord.candidate);
}

/** Corrections of each query word that the shop's dictionary does not know (see `nearestWords`), in one statement. */
async function correctionsOfWords(db: Executor, words: string[]): Promise<Map<string, string[]>> {
  const corrected = new Map<string, string[]>();
  const asked = words.filter((word) => allowedEdits([...word].length) > 0 && !/^\p{N}+$/u.test(word));
  if (asked.length === 0) return corrected;
  for (const row of await rowsOf<{ word: string; known: boolean; candidates: string[] }>(db, dictionaryLookup(asked))) {
    if (row.known) continue;
    const nearest = nearestWords(row.word, row.candidates);
    if (nearest.length > 0) corrected.set(row.word, nearest);
  }
  return corrected;
}

/**
 * Per word: whether the dictionary has a word starting with it, and its similar words (trigram similarity,
 * read from the trigram index once the dictionary is large enough for the planner to prefer it to a scan),
 * swapped neighbours included (trigrams find them too far: 'shrit' and 'shirt' share two of ten).
 */
export function dictionaryLookup(words: readonly string[]): SQL {
  return sql.join(
    words.map(
      (word) => sql`select ${word}::text as word,
        coalesce((select starts_with(${searchWords.word}, ${word}) from ${searchWords} where ${searchWords.word} >= ${word}
          order by ${searchWords.word} limit 1), false) as known,
        array(select ${searchWords.word} from ${searchWords}
          where ${searchWords.word} % ${word}
            or ${searchWords.word} in (${sql.join(
              swappedNeighbours(word).map((swapped) => sql`${swapped}`),
              sql`, `,
            )})
          limit ${MAX_CANDIDATE_WORDS}) as candidates`,
    ),
    sql` union all `,
  );
}

const MAX_CANDIDATE_WORDS = 200;
/** The dictionary's words starting with `start`: a range of its primary key (the shop's databases order text by code point). */
const wordsStarting = (start: string) => sql`${searchWords.word} >= ${start} and ${searchWords.word} < ${`${start}\u{10FFFF}`}`;
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
function matchArms(search: PreparedQuery, candidates = productCandidates(search)): Record<SearchResultType, SQL> {
  const tsquery = search.tsquery;
  const query = () => sql`to_tsquery('simple', ${tsquery})`;
  // Catalogs are few and have no stored vector: theirs is built on the fly, like the generated columns.
  const catalogVector = sql`to_tsvector('simple', coalesce(${catalogs.title}->>'en', '') || ' ' || coalesce(${catalogs.title}->>'ru', '')
    || ' ' || coalesce(${catalogs.description}->>'en', '') || ' ' || coalesce(${catalogs.description}->>'ru', ''))`;
  return {
    product: sql`select 'product' as type, 1 as type_order, ${products.id} as id,
      ts_rank(${products.searchVector}, to_tsquery('simple', ${search.anyTerm})) + case when ${products.searchVector} @@ ${query()} then 1 else 0 end as rank
    from ${products} where ${products.enabled} and ${products.id} in (${candidates})`,
    catalog: sql`select 'catalog' as type, 2 as type_order, ${catalogs.id} as id, ts_rank(${catalogVector}, ${query()}) as rank
    from ${catalogs} where ${catalogs.enabled} and ${catalogVector} @@ ${query()}`,
    page: sql`select 'page' as type, 3 as type_order, ${pages.id} as id, ts_rank(${pages.searchVector}, ${query()}) as rank
    from ${pages} where ${pages.enabled} and ${pages.searchVector} @@ ${query()}`,
    article: sql`select 'article' as type, 4 as type_order, ${articles.id} as id, ts_rank(${articles.searchVector}, ${query()}) as rank
    from ${articles} join ${pages} on ${pages.id} = ${articles.categoryId}
    where ${articles.enabled} and ${pages.enabled} and ${articles.searchVector} @@ ${query()}`,
  };
}

function matches(search: PreparedQuery): SQL {
  const arms = matchArms(search);
  return sql.join(
    SEARCH_RESULT_TYPES.map((type) => arms[type]),
    sql` union all `,
  );
}

/**
 * The products having every word of the query in their title or description, in one of their option values
 * ('white', 'XL', 'чёрный') or at the start of a SKU, each word read from its own index (the products' text
 * vector, the option values' text vector, the SKUs' trigrams), and at most `CANDIDATE_BOUND` + 1 of them: a
 * word common to a fifth of 100,000 products is ranked among a bounded set, and counted approximately past it.
 */
export function productCandidates(search: PreparedQuery): SQL {
  // one word: each index stops at the bound (a common word or prefix is not read whole); several words must be
  // intersected whole, or a narrow word would miss its products among the first of a common one
  return candidatesOf(search, search.words.length === 1 ? CANDIDATE_BOUND + 1 : null, CANDIDATE_BOUND + 1);
}

/**
 * The products whose own texts match a word's term. Bounded (predictive search), each of the term's prefixes is read
 * on its own: for a term of several prefixes ('(чёрнй:* | чернй:* | черн:* | чёрный:*)') PostgreSQL adds up their
 * estimates and, expecting to meet enough matches soon, scans every product under the limit instead of reading the
 * text index (50 ms at 100,000 products for a misspelt word no product carries); one prefix alone keeps the index.
 */
function textArm(term: string, armLimit: SQL, split: boolean): SQL {
  const read = (query: string) =>
    sql`(select ${products.id} from ${products} where ${products.searchVector} @@ to_tsquery('simple', ${query})${armLimit})`;
  const alternatives = term.startsWith('(') && term.endsWith(')') ? term.slice(1, -1).split(' | ') : [term];
  if (!split || alternatives.length < 2) return read(term);
  return sql`(${sql.join(alternatives.map(read), sql` union `)})`;
}

function candidatesOf(search: PreparedQuery, armBound: number | null, bound: number): SQL {
  const armLimit = armBound === null ? sql`` : sql` limit ${armBound}`;
  const perWord = search.terms.map((term, i) => {
    const word = search.words[i]!;
    const skuArm =
      [...word].length >= 3
        ? sql` union (select ${variations.productId} from ${variations} where ${variations.sku} ilike ${`${likeEscaped(word)}%`}${armLimit})`
        : sql``;
    return sql`(${textArm(term, armLimit, armBound !== null)}
      union (select ${productOptions.productId} from ${productOptionValues} join ${productOptions} on ${productOptions.id} = ${productOptionValues.optionId}
        where ${optionValueSearchVector(productOptionValues.title)} @@ to_tsquery('simple', ${term})${armLimit})${skuArm})`;
  });
  // a whole SKU as typed ('CS-100-W', which splits into words)
  const bySku = search.sku
    ? sql` union select ${variations.productId} from ${variations} where ${variations.sku} ilike ${`${likeEscaped(search.sku)}%`}`
    : sql``;
  return sql`select id from ((${sql.join(perWord, sql` intersect `)})${bySku}) as candidate limit ${bound}`;
}

/** Past this many matching products a search ranks the first ones found and calls its count approximate. */
export const CANDIDATE_BOUND = 5000;
/** Predictive search ranks its six products among the first this many found in the indexes (see `suggestionCandidates`). */
const SUGGEST_CANDIDATE_BOUND = 50;
/**
 * Each index read for a suggestion stops after this many rows. Not less: under a few hundred the database expects
 * to meet them soon enough in a scan of every option value (500,000 rows at 100,000 products, 3.6 s for a word no
 * option carries) and leaves the option values' index unused.
 */
const SUGGEST_ARM_BOUND = 300;

/**
 * The candidates of a suggestion, as typed, key by key: a search's candidates with every index read bounded,
 * several words too. Products with all the words in their own texts come from one read of the text index (it
 * intersects the words itself: exact, and bounded); products matching a word only by an option value or a SKU
 * are found among each word's first `SUGGEST_ARM_BOUND` and may be missed: the search page, on Enter, finds
 * them all. Intersecting whole sets read every product of a common word (26,000 pages for "gen 17" at 100,000
 * products), on each key.
 */
export function suggestionCandidates(search: PreparedQuery): SQL {
  const bound = SUGGEST_CANDIDATE_BOUND + 1;
  const single = search.words.length === 1;
  const all = single
    ? sql``
    : sql`(select ${products.id} from ${products} where ${products.searchVector} @@ to_tsquery('simple', ${search.tsquery}) limit ${bound}) union `;
  return sql`select id from (${all}(${candidatesOf(search, SUGGEST_ARM_BOUND + 1, bound)})) as suggested limit ${bound}`;
}

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
  /** the query as typed when it may be a SKU (one token of 3 characters or more) */
  sku: string | null;
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
  const typed = q.trim().slice(0, 100);
  const sku = typed.length >= 3 && !/\s/.test(typed) ? typed : null;
  return { words, terms, tsquery: terms.join(' & '), anyTerm: terms.join(' | '), corrections, sku };
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
  const popular = total === 0 && offset === 0 ? await popularProducts(db, lang) : [];
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
    ...(popular.length > 0 ? { popular } : {}),
  };
}

const POPULAR_COUNT = 4;
/** Orders whose items make a product popular: the latest ones, so the answer costs the same in a shop with a long past. */
const POPULAR_FROM_ORDERS = 1000;

/** What a search that finds nothing offers instead: the products most ordered lately, else the newest. */
async function popularProducts(db: Executor, lang: Language): Promise<SearchDto['results']> {
  const rows = await rowsOf<HitRow>(
    db,
    sql`with ordered as (
        select ${orderItems.productId} as id, count(*) as times from ${orderItems}
        where ${orderItems.orderId} in (select ${orders.id} from ${orders} order by ${orders.createdAt} desc limit ${POPULAR_FROM_ORDERS})
        group by ${orderItems.productId}),
      chosen as (
        (select p.id, 0 as source, coalesce(ordered.times, 0) as weight, p.created_at from ${products} p join ordered on ordered.id = p.id
          where p.enabled order by ordered.times desc, p.id limit ${POPULAR_COUNT})
        union all
        (select p.id, 1, 0, p.created_at from ${products} p where p.enabled order by p.created_at desc, p.id limit ${POPULAR_COUNT}))
      select distinct on (p.id) 'product' as type, p.id, p.slug, null::text as parent_slug, null::text as page_type, p.title,
        p.description as excerpt, p.image_ids->>0 as image_id, p.price_cents, chosen.source, chosen.weight, chosen.created_at
      from chosen join ${products} p on p.id = chosen.id
      order by p.id, chosen.source`,
  );
  const picked = (rows as (HitRow & { source: number; weight: number; created_at: string })[])
    .sort((a, b) => a.source - b.source || Number(b.weight) - Number(a.weight) || (a.created_at < b.created_at ? 1 : -1))
    .slice(0, POPULAR_COUNT);
  const imageMap = await loadImages(
    db,
    picked.map((row) => row.image_id),
    lang,
  );
  return picked.map((hit) => ({
    type: hit.type,
    id: hit.id,
    slug: hit.slug,
    url: urlOf(hit),
    title: localizedText(hit.title, lang),
    excerpt: plainExcerpt(localizedText(hit.excerpt, lang)),
    image: hit.image_id ? (imageMap.get(hit.image_id) ?? null) : null,
    price: centsToAmount(Number(hit.price_cents ?? 0)),
  }));
}

const SUGGESTED = { product: 6, catalog: 3, article: 3, words: 4 } as const;

/**
 * Whole queries to offer instead of the typed one: the misspelt words corrected, and the last word (being
 * typed) completed from the shop's dictionary, shortest words first.
 */
async function suggestedQueries(db: Executor, search: PreparedQuery): Promise<string[]> {
  const fixed = search.words.map((word) => search.corrections.get(word)?.[0] ?? word);
  const last = search.words[search.words.length - 1]!;
  const before = fixed.slice(0, -1);
  const endings = search.corrections.get(last) ?? [];
  if (endings.length === 0) {
    const rows = await rowsOf<{ word: string }>(
      db,
      sql`select ${searchWords.word} as word from ${searchWords} where ${wordsStarting(last)}
        order by char_length(${searchWords.word}), ${searchWords.word} limit ${SUGGESTED.words + 1}`,
    );
    endings.push(...rows.map((row) => row.word));
  }
  const typed = search.words.join(' ');
  return [...new Set(endings.map((ending) => [...before, ending].join(' ')))].filter((query) => query !== typed).slice(0, SUGGESTED.words);
}

async function suggestAnswer(db: Executor, q: string, lang: Language): Promise<SearchSuggestDto> {
  const query = q.trim();
  const search = [...query].length >= 2 ? await prepareQuery(db, query) : null;
  if (!search) return { query, words: [], products: [], catalogs: [], articles: [] };
  const arms = matchArms(search, suggestionCandidates(search));
  const limited = (type: 'product' | 'catalog' | 'article') =>
    sql`(select * from (${arms[type]}) as matched order by rank desc, id limit ${SUGGESTED[type]})`;
  const [rows, words] = await Promise.all([
    rowsOf<HitRow & { rank: number }>(
      db,
      sql`with page as (${limited('product')} union all ${limited('catalog')} union all ${limited('article')})
        select shown.*, page.rank from page join (${details()}) as shown on shown.type = page.type and shown.id = page.id
        order by page.type_order, page.rank desc, page.id`,
    ),
    suggestedQueries(db, search),
  ]);
  const imageMap = await loadImages(
    db,
    rows.filter((row) => row.type === 'product').map((row) => row.image_id),
    lang,
  );
  const link = (hit: HitRow) => ({ id: hit.id, title: localizedText(hit.title, lang), url: urlOf(hit) });
  return {
    query,
    words,
    products: rows
      .filter((hit) => hit.type === 'product')
      .map((hit) => ({
        ...link(hit),
        image: hit.image_id ? (imageMap.get(hit.image_id) ?? null) : null,
        price: centsToAmount(Number(hit.price_cents ?? 0)),
      })),
    catalogs: rows.filter((hit) => hit.type === 'catalog').map(link),
    articles: rows.filter((hit) => hit.type === 'article').map(link),
  };
}

/** Suggestions are kept this long at most: typing the same letters again within it costs no query. */
const SUGGEST_KEPT_MS = 60 * 1000;

/** The header's predictive search (GET /search/suggest): kept briefly, as search answers are (see `enableSearchAnswerCache`). */
export function suggestSite(db: Executor, q: string, lang: Language): Promise<SearchSuggestDto> {
  return kept(db, `suggest|${lang}|${q.trim().toLowerCase()}`, SUGGEST_KEPT_MS, () => suggestAnswer(db, q, lang));
}

const MAX_KEPT_ANSWERS = 500;
/** As the page cache: changes no write announces (an image's file) show within the hour. */
const KEPT_MS = 60 * 60 * 1000;

type KeptAnswer = { at: number; answer: Promise<unknown> };
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

/** The kept answer under `key` if younger than `keptMs`, else a new one from `compute`, kept unless it fails. */
function kept<T>(db: Executor, key: string, keptMs: number, compute: () => Promise<T>): Promise<T> {
  if (!keptAnswers) return compute();
  let answers = keptAnswers.get(db);
  if (!answers) keptAnswers.set(db, (answers = new Map()));
  const now = Date.now();
  const hit = answers.get(key);
  if (hit && now - hit.at < keptMs) return hit.answer as Promise<T>;
  if (answers.size >= MAX_KEPT_ANSWERS) answers.delete(answers.keys().next().value!);
  const entry: KeptAnswer = { at: now, answer: compute() };
  const store = answers;
  store.set(key, entry);
  // a failed search is not kept: the next one asks again
  entry.answer.catch(() => {
    if (store.get(key) === entry) store.delete(key);
  });
  return entry.answer as Promise<T>;
}

/** The site's search (spec GET /search): products first, then catalogs, pages and articles, each by relevance. */
export function searchSite(db: Executor, q: string, offset: number, limit: number, lang: Language): Promise<SearchDto> {
  return kept(db, `${lang}|${offset}|${limit}|${queryWords(q).join(' ')}`, KEPT_MS, () => searchAnswer(db, q, offset, limit, lang));
}
