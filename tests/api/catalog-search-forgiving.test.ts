import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchSuggestAnswer } from '../../src/contract/storefront/catalog';
import {
  dictionaryLookup,
  editDistance,
  nearestWords,
  prepareQuery,
  productCandidates,
  suggestionCandidates,
  swappedNeighbours,
} from '../../src/server/api/catalog/search';
import { variations } from '../../src/server/db/schema';
import {
  createArticle,
  createCatalog,
  createImage,
  createPage,
  createProduct,
  getJson,
  type CreatedProduct,
  type Json,
} from '../helpers/catalog-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

describe('nearest words', () => {
  it('counts edits with neighbours swapped as one, ё as е', () => {
    expect(editDistance('shrit', 'shirt')).toBe(1);
    expect(editDistance('jaket', 'jacket')).toBe(1);
    expect(editDistance('чёрнй', 'черный')).toBe(1);
    expect(editDistance('oak', 'walnut')).toBe(3);
    expect(swappedNeighbours('shrit')).toContain('shirt');
  });

  it('picks the fewest edits, a word typed in part compared with the start of the candidate', () => {
    expect(nearestWords('shrit', ['shirt', 'short', 'shorts', 'skirt'])).toEqual(['shirt']);
    // as many edits away: the more alike first
    expect(nearestWords('jaket', ['janet', 'jackets', 'jacket'])).toEqual(['jacket', 'janet']);
    expect(nearestWords('jakc', ['jacket'])).toEqual(['jacket']);
    // short words are not corrected: too many neighbours
    expect(nearestWords('oat', ['oak'])).toEqual([]);
    expect(nearestWords('zzzzzz', ['shirt'])).toEqual([]);
  });
});

describe.each(databaseKinds)('forgiving search on %s', (kind) => {
  let app: TestApp;
  let shirt: CreatedProduct;
  let jacket: CreatedProduct;
  let imageId: string;
  const ids: Record<string, string> = {};
  const search = async (q: string, lang = 'en') => (await getJson(app, `/search?q=${encodeURIComponent(q)}&lang=${lang}`)).body;
  const found = async (q: string, lang = 'en') =>
    (await search(q, lang)).results.filter((r: Json) => r.type === 'product').map((r: Json) => r.id);
  const suggest = (q: string, lang = 'en') => getJson(app, `/search/suggest?q=${encodeURIComponent(q)}&lang=${lang}`);

  beforeAll(async () => {
    app = await createTestApp(kind);
    const db = app.deps.db;
    imageId = await createImage(db);
    const colour = {
      title: { en: 'Colour', ru: 'Цвет' },
      values: [
        { en: 'White', ru: 'Белый' },
        { en: 'Black', ru: 'Чёрный' },
      ],
    };
    shirt = await createProduct(db, {
      slug: 'cotton-shirt',
      title: { en: 'Cotton shirt', ru: 'Хлопковая рубашка' },
      imageIds: [imageId],
      options: [colour, { title: { en: 'Size', ru: 'Размер' }, values: [{ en: 'XL', ru: 'XL' }] }],
      variations: [
        { price: 40, options: { Colour: 'White', Size: 'XL' } },
        { price: 40, options: { Colour: 'Black', Size: 'XL' } },
      ],
    });
    await db.update(variations).set({ sku: 'CS-100-W' }).where(sql`${variations.id} = ${shirt.variationIds[0]!}`);
    jacket = await createProduct(db, {
      slug: 'denim-jacket',
      title: { en: 'Denim jacket', ru: 'Джинсовая куртка' },
      options: [{ title: { en: 'Colour', ru: 'Цвет' }, values: [{ en: 'Blue', ru: 'Синий' }] }],
      variations: [{ price: 90, options: { Colour: 'Blue' } }],
    });
    ids.catalog = (await createCatalog(db, { slug: 'shirts', title: { en: 'Shirts', ru: 'Рубашки' } })).id;
    const blog = await createPage(db, { slug: 'journal', type: 'category', title: 'Journal' });
    ids.article = await createArticle(db, { slug: 'shirt-care', categoryId: blog, title: 'Shirt care' });
  });

  afterAll(async () => {
    await app.close();
  });

  it('finds products by misspelt words and says what it searched for', async () => {
    expect(await found('shrit')).toEqual([shirt.id]);
    expect((await search('shrit')).didYouMean).toBe('shirt');
    expect(await found('jaket')).toEqual([jacket.id]);
    expect((await search('jaket')).didYouMean).toBe('jacket');
    expect(await found('Cottn shrit')).toEqual([shirt.id]);
    expect(await found('чёрнй', 'ru')).toEqual([shirt.id]);
    expect(await found('рубашак', 'ru')).toContain(shirt.id);
    // words the shop knows are not "corrected"
    expect((await search('shirt')).didYouMean).toBeUndefined();
    expect(await found('qwxyzv')).toEqual([]);
  });

  it('finds products by option values in either language and by SKU', async () => {
    expect(await found('shirt white')).toEqual([shirt.id]);
    expect(await found('white')).toEqual([shirt.id]);
    expect(await found('чёрный', 'ru')).toEqual([shirt.id]);
    expect(await found('черный', 'ru')).toEqual([shirt.id]);
    expect(await found('blue')).toEqual([jacket.id]);
    expect(await found('jacket white')).toEqual([]);
    expect(await found('CS-100-W')).toEqual([shirt.id]);
    expect(await found('cs-100')).toEqual([shirt.id]);
  });

  it('suggests completed words, products with picture and price, catalogs and articles', async () => {
    const { status, body } = await suggest('shi');
    expect(status).toBe(200);
    expect(searchSuggestAnswer.parse(body)).toEqual(body);
    expect(body.words).toContain('shirt');
    expect(body.products).toEqual([
      { id: shirt.id, title: 'Cotton shirt', url: '/products/cotton-shirt', image: expect.objectContaining({ id: imageId }), price: 40 },
    ]);
    expect(body.catalogs).toEqual([{ id: ids.catalog, title: 'Shirts', url: '/catalogs/shirts' }]);
    expect(body.articles).toEqual([{ id: ids.article, title: 'Shirt care', url: '/journal/shirt-care' }]);
    const ru = (await suggest('рубаш', 'ru')).body;
    expect(ru.products.map((p: Json) => p.title)).toEqual(['Хлопковая рубашка']);
    expect(ru.catalogs.map((c: Json) => c.title)).toEqual(['Рубашки']);
  });

  it('suggests the corrected query for a misspelt one', async () => {
    const { body } = await suggest('shrit');
    expect(body.words).toEqual(['shirt']);
    expect(body.products.map((p: Json) => p.id)).toEqual([shirt.id]);
    expect((await suggest('cotton wh')).body.words).toEqual(['cotton white']);
  });

  it('suggests nothing under two characters and refuses a query too long', async () => {
    expect((await suggest('s')).body).toEqual({ query: 's', words: [], products: [], catalogs: [], articles: [] });
    expect((await suggest('')).body).toEqual({ query: '', words: [], products: [], catalogs: [], articles: [] });
    const long = await suggest('x'.repeat(201));
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ success: false, status: 400 });
  });

  it.runIf(kind === 'postgres')('reads the product, option value and dictionary indexes (EXPLAIN)', async () => {
    const db = app.deps.db;
    const prepared = (await prepareQuery(db, 'shrit white'))!;
    // a shop's dictionary of 60,000 words: the planner reads the trigram index by itself
    await db.execute(
      sql`insert into search_words (word) select substr(md5(i::text), 1, 4 + i % 6) from generate_series(1, 60000) as i on conflict do nothing`,
    );
    await db.execute(sql`analyze search_words`);
    const plan = async (executor: Pick<typeof db, 'execute'>, query: SQL) =>
      JSON.stringify(((await executor.execute(sql`explain (format json) ${query}`)) as unknown as { rows: unknown[] }).rows);
    const words = await plan(db, dictionaryLookup(prepared.words));
    expect(words).toContain('search_words_trgm_idx');
    expect(words).not.toContain('Seq Scan');
    const candidates = await db.transaction(async (tx) => {
      // the test shop has a handful of products: without this the planner reads whole tables, which proves nothing
      await tx.execute(sql`set local enable_seqscan = off`);
      return [await plan(tx, productCandidates(prepared)), await plan(tx, suggestionCandidates(prepared))];
    });
    // the search and the suggestions as typed (each index read bounded) read the same indexes
    for (const read of candidates) {
      expect(read).toContain('products_search_idx');
      expect(read).toContain('product_option_values_search_idx');
      expect(read).toContain('variations_sku_trgm_idx');
      expect(read).not.toContain('Seq Scan');
    }
    // still forgiving with the large dictionary
    expect(await found('shrit white')).toEqual([shirt.id]);
  });
});

describe('predictive search limits', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp('pglite', { rateLimits: 'searchSuggest=2/60' });
  });

  afterAll(async () => {
    await app.close();
  });

  it('refuses a client address past its suggestions per minute, in the spec error shape', async () => {
    // one minute's window for all three, wherever the clock stands
    const start = new Date('2026-11-27T12:00:10Z');
    app.deps.now = () => start;
    expect((await getJson(app, '/search/suggest?q=oak')).status).toBe(200);
    expect((await getJson(app, '/search/suggest?q=oak%20t')).status).toBe(200);
    const refused = await getJson(app, '/search/suggest?q=oak%20ta');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, status: 429 });
    // the site search itself is not limited by it
    expect((await getJson(app, '/search?q=oak')).status).toBe(200);
  });
});
