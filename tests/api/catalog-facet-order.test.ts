import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogIndex, indexedFacets } from '../../src/server/api/catalog/catalog-index';
import { loadFacets } from '../../src/server/api/catalog/catalog-listing';
import { naturalSizeOrder } from '../../src/server/api/catalog/facet-order';
import { createCatalog, createProduct } from '../helpers/catalog-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

describe('natural size order', () => {
  it('orders letter sizes and numbers naturally, anything else as given', () => {
    expect(naturalSizeOrder(['S', 'XS', 'M', 'L', 'XL'])).toEqual(['XS', 'S', 'M', 'L', 'XL']);
    expect(naturalSizeOrder(['XXL', 'm', '3XL', 'xs', 'S'])).toEqual(['xs', 'S', 'm', 'XXL', '3XL']);
    expect(naturalSizeOrder(['42', '38', '39,5', '40'])).toEqual(['38', '39,5', '40', '42']);
    // a colour option keeps its own order
    expect(naturalSizeOrder(['White', 'Black', 'Sand'])).toEqual(['White', 'Black', 'Sand']);
    // mixed words and sizes: not a size facet
    expect(naturalSizeOrder(['L', 'Large'])).toEqual(['L', 'Large']);
  });
});

describe.each(databaseKinds)('facet value order on %s', (kind) => {
  let app: TestApp;
  let catalogId: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    const db = app.deps.db;
    catalogId = (await createCatalog(db, { slug: 'tees', title: 'Tees' })).id;
    // one product offers S, M, L, another XS and XL first: the values were met as "S, XS, M, L, XL"
    await createProduct(db, {
      title: 'Plain tee',
      options: [
        { title: 'Colour', values: ['Sand', 'Black'] },
        { title: 'Size', values: ['S', 'M', 'L'] },
      ],
      variations: [
        { price: 10, options: { Colour: 'Sand', Size: 'S' } },
        { price: 10, options: { Colour: 'Black', Size: 'M' } },
        { price: 10, options: { Colour: 'Black', Size: 'L' } },
      ],
      catalogs: [{ id: catalogId }],
    });
    await createProduct(db, {
      title: 'Striped tee',
      options: [{ title: 'Size', values: ['XS', 'XL'] }],
      variations: [
        { price: 12, options: { Size: 'XS' } },
        { price: 12, options: { Size: 'XL' } },
      ],
      catalogs: [{ id: catalogId }],
    });
  });

  afterAll(async () => {
    await app.close();
  });

  it('lists sizes in natural order and colours in the option order, counted by SQL or from the kept index', async () => {
    const expected = [
      { title: 'Colour', values: ['Sand', 'Black'] },
      { title: 'Size', values: ['XS', 'S', 'M', 'L', 'XL'] },
    ];
    expect((await loadFacets(app.deps.db, catalogId, 'en')).options).toEqual(expected);
    const index = await buildCatalogIndex(app.deps.db, catalogId);
    expect(indexedFacets(index, 'en').options).toEqual(expected);
  });
});
