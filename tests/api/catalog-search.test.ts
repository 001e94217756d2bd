import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enableSearchAnswerCache, plainExcerpt, prefixTsQuery, wordPrefixes } from '../../src/server/api/catalog/search';
import { cacheTags, invalidate } from '../../src/server/cache/invalidation';
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

describe('search query building', () => {
  it('keeps only words, as prefixes joined by AND', () => {
    expect(prefixTsQuery('Oak  TAB')).toBe('oak:* & tab:*');
    expect(prefixTsQuery("oak & | ! ( ) :* <-> ' \\ tab")).toBe('oak:* & tab:*');
    expect(prefixTsQuery('Дуб')).toBe('дуб:*');
    expect(prefixTsQuery('  !!! ')).toBeNull();
  });

  it('lets a word match its stems, ё as е, and Russian stems without their fleeting vowel', () => {
    expect(wordPrefixes('лён', ['лен'])).toEqual(['лён', 'лен', 'льн']);
    expect(wordPrefixes('ковёр', ['ковер'])).toEqual(['ковёр', 'ковер', 'ковьр', 'ковр']);
    expect(wordPrefixes('shirts', ['shirts', 'shirt'])).toEqual(['shirts', 'shirt']);
    // stems too short to mean anything are not prefixes
    expect(wordPrefixes('оса', ['ос'])).toEqual(['оса']);
    expect(prefixTsQuery('Лён рубашки', (word) => (word === 'рубашки' ? ['рубашк'] : ['лен']))).toBe(
      '(лён:* | лен:* | льн:*) & (рубашки:* | рубашк:*)',
    );
  });

  it('turns rich text into a short plain excerpt', () => {
    expect(plainExcerpt('<p>Solid&nbsp;<b>oak</b> &amp; steel</p>')).toBe('Solid oak & steel');
    // list items and paragraphs stay apart instead of reading as one sentence
    expect(plainExcerpt('<p>A card holder:</p><ul><li>Four slots</li><li>Central pocket</li></ul><p>Made in Italy.</p><p></p>')).toBe(
      'A card holder: Four slots. Central pocket. Made in Italy.',
    );
    expect(plainExcerpt('Line one<br>line two<br/>')).toBe('Line one. line two');
    const long = plainExcerpt(`${'word '.repeat(100)}`, 20);
    expect(long.length).toBeLessThanOrEqual(21);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe.each(databaseKinds)('search API on %s', (kind) => {
  let app: TestApp;
  let table: CreatedProduct;
  let imageId: string;
  const ids: Record<string, string> = {};

  const search = (query: string) => getJson(app, `/search?${query}`);

  beforeAll(async () => {
    app = await createTestApp(kind);
    const db = app.deps.db;
    imageId = await createImage(db);
    table = await createProduct(db, {
      slug: 'oak-table',
      title: { en: 'Oak table', ru: 'Дубовый стол' },
      description: { en: '<p>A <b>solid</b> table</p>', ru: '<p>Крепкий стол</p>' },
      imageIds: [imageId],
      variations: [{ price: 199.99 }],
    });
    await createProduct(db, { slug: 'oak-chair', title: 'Oak chair', enabled: false });
    ids.catalog = (await createCatalog(db, { slug: 'oak-furniture', title: 'Oak furniture', description: 'Everything oak' })).id;
    await createCatalog(db, { title: 'Oak archive', enabled: false });
    ids.page = await createPage(db, {
      slug: 'oak-care',
      title: 'Caring for oak',
      metaDescription: 'Oil it twice a year',
      previewImageId: imageId,
    });
    await createPage(db, { slug: 'oak-draft', title: 'Oak draft', enabled: false });
    ids.home = await createPage(db, { slug: 'home', type: 'homepage', title: 'Home of walnut' });
    const blog = await createPage(db, { slug: 'blog', type: 'category', title: 'Blog' });
    ids.article = await createArticle(db, { slug: 'oak-guide', categoryId: blog, title: 'Oak guide', excerpt: 'How to choose oak' });
    await createArticle(db, { slug: 'oak-secret', categoryId: blog, title: 'Oak secret', enabled: false });
    const closed = await createPage(db, { slug: 'closed', type: 'category', title: 'Closed', enabled: false });
    await createArticle(db, { slug: 'oak-closed', categoryId: closed, title: 'Oak in a closed category' });
  });

  afterAll(async () => {
    await app.close();
  });

  it('finds enabled products, catalogs, pages and articles, products first', async () => {
    const { status, body } = await search('q=oak');
    expect(status).toBe(200);
    expect(body.totalResultCount).toBe(4);
    expect(body.results).toEqual([
      {
        type: 'product',
        id: table.id,
        slug: 'oak-table',
        url: '/products/oak-table',
        title: 'Oak table',
        excerpt: 'A solid table',
        image: expect.objectContaining({ id: imageId }),
        price: 199.99,
      },
      {
        type: 'catalog',
        id: ids.catalog,
        slug: 'oak-furniture',
        url: '/catalogs/oak-furniture',
        title: 'Oak furniture',
        excerpt: 'Everything oak',
        image: null,
      },
      {
        type: 'page',
        id: ids.page,
        slug: 'oak-care',
        url: '/oak-care',
        title: 'Caring for oak',
        excerpt: 'Oil it twice a year',
        image: expect.objectContaining({ id: imageId }),
      },
      {
        type: 'article',
        id: ids.article,
        slug: 'oak-guide',
        url: '/blog/oak-guide',
        title: 'Oak guide',
        excerpt: 'How to choose oak',
        image: null,
      },
    ]);
  });

  it('matches word prefixes, every word, in either language', async () => {
    expect((await search('q=OA')).body.totalResultCount).toBe(4);
    expect((await search('q=oak%20tab')).body.results.map((r: Json) => r.id)).toEqual([table.id]);
    const ru = await search(`q=${encodeURIComponent('дубов')}&lang=ru`);
    expect(ru.body.results).toMatchObject([{ id: table.id, title: 'Дубовый стол', excerpt: 'Крепкий стол' }]);
    expect((await search('q=walnut')).body.results).toMatchObject([{ type: 'page', id: ids.home, url: '/' }]);
  });

  it('finds inflected Russian forms: лён finds Льняная рубашка, рубашки finds рубашка', async () => {
    const linen = await createProduct(app.deps.db, {
      slug: 'linen-shirt',
      title: { en: 'Linen shirt', ru: 'Льняная рубашка' },
      variations: [{ price: 69 }],
    });
    for (const q of ['лён', 'лен', 'рубашки', 'льняные рубашки']) {
      const ru = await search(`q=${encodeURIComponent(q)}&lang=ru`);
      expect(
        ru.body.results.map((r: Json) => r.id),
        q,
      ).toContain(linen.id);
    }
    expect((await search('q=shirts')).body.results.map((r: Json) => r.id)).toContain(linen.id);
  });

  it('treats tsquery syntax as plain words', async () => {
    const { status, body } = await search(`q=${encodeURIComponent("oak & | ! ( ) :* <-> '")}`);
    expect(status).toBe(200);
    expect(body.totalResultCount).toBe(4);
    for (const q of ['!!!', '%27', '%5C', ':*']) {
      const res = await search(`q=${q}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ results: [], totalResultCount: 0 });
    }
  });

  it('answers an empty result for a blank or missing query', async () => {
    expect((await search('q=%20%20')).body).toEqual({ results: [], totalResultCount: 0 });
    expect((await search('')).body).toEqual({ results: [], totalResultCount: 0 });
  });

  it('pages with offset and limit, keeping the total', async () => {
    const { body } = await search('q=oak&offset=1&limit=2');
    expect(body.results.map((r: Json) => r.type)).toEqual(['catalog', 'page']);
    expect(body.totalResultCount).toBe(4);
    expect((await search('q=oak&offset=10')).body).toEqual({ results: [], totalResultCount: 4 });
  });

  it('rejects bad paging', async () => {
    for (const query of ['q=oak&limit=101', 'q=oak&limit=0', 'q=oak&offset=-1', 'q=oak&limit=x', 'q=a&q=b']) {
      const { status, body } = await search(query);
      expect(status, query).toBe(400);
      expect(body).toMatchObject({ success: false, status: 400, message: 'Validation Failed' });
    }
  });
});

// after the blocks above, which search without kept answers (describe blocks run in order)
describe.each(databaseKinds)('kept search answers on %s', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(kind);
    enableSearchAnswerCache();
  });

  afterAll(async () => {
    await app.close();
  });

  it('answers a repeated search from memory until a write other than stock alone is announced', async () => {
    const ids = async (q: string) => ((await getJson(app, `/search?q=${q}`)).body.results as Json[]).map((r) => r.id);
    const first = await createProduct(app.deps.db, { slug: 'maple-desk', title: 'Maple desk', variations: [{ price: 10 }] });
    expect(await ids('maple')).toEqual([first.id]);
    // written without an announcement: the kept answer stands
    const second = await createProduct(app.deps.db, { slug: 'maple-shelf', title: 'Maple shelf', variations: [{ price: 20 }] });
    expect(await ids('maple')).toEqual([first.id]);
    // other words and pages are their own answers
    expect((await getJson(app, '/search?q=maple&limit=1&offset=1')).body.totalResultCount).toBe(2);
    expect((await getJson(app, '/search?q=maple')).body.totalResultCount).toBe(1);
    // a change of stock alone shows in no search answer
    await invalidate([cacheTags.product(second.id), cacheTags.stockOnly]);
    expect(await ids('maple')).toEqual([first.id]);
    await invalidate([cacheTags.product(second.id)]);
    expect((await ids('maple')).sort()).toEqual([first.id, second.id].sort());
    expect((await getJson(app, '/search?q=maple')).body.totalResultCount).toBe(2);
  });
});
