import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relatedProductIds, similarProductIds } from '../../src/server/api/catalog/queries';
import type { Executor } from '../../src/server/db/client';
import { catalogProducts, catalogs, products } from '../../src/server/db/schema';
import { createCatalog, createProduct, type CreatedProduct } from '../helpers/catalog-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

/**
 * The similar (and related-by-catalog) products are read through indexes, each catalog's first rows only
 * (src/server/api/catalog/queries.ts `sharingIdsJson`). This checks the choice and order against the query
 * it replaced, which grouped every row of the shared catalogs, on shops built to trip a shortcut: products in
 * several catalogs at very different positions, catalogs sharing a position, disabled products and catalogs.
 */
async function groupedReference(db: Executor, sources: string[], excludeIds: string[], limit: number): Promise<string[]> {
  const shared = db.select({ id: catalogProducts.catalogId }).from(catalogProducts).where(inArray(catalogProducts.productId, sources));
  const rows = await db
    .select({ id: products.id })
    .from(catalogProducts)
    .innerJoin(catalogs, eq(catalogs.id, catalogProducts.catalogId))
    .innerJoin(products, eq(products.id, catalogProducts.productId))
    .where(
      and(
        inArray(catalogProducts.catalogId, shared),
        eq(catalogs.enabled, true),
        eq(products.enabled, true),
        notInArray(products.id, excludeIds),
      ),
    )
    .groupBy(products.id)
    .orderBy(sql`min(${catalogs.position})`, sql`min(${catalogProducts.position})`, asc(products.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** A small deterministic generator (the shop is the same on every run). */
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
}

describe.each(databaseKinds)('similar products, chosen and ordered as by grouping every shared row, on %s', (kind) => {
  let app: TestApp;
  const made: CreatedProduct[] = [];

  beforeAll(async () => {
    app = await createTestApp(kind);
    const db = app.deps.db;
    const next = random(7);
    // positions 0, 1, 1, 2 and a disabled one: two catalogs share a position
    const shelf = await Promise.all(
      [0, 1, 1, 2, 0].map((position, i) => createCatalog(db, { title: `Shelf ${i}`, position, enabled: i !== 4 })),
    );
    for (let i = 0; i < 36; i++) {
      const links = shelf.filter(() => next() < 0.45).map((c) => ({ id: c.id, position: Math.floor(next() * 40) }));
      made.push(
        await createProduct(db, {
          slug: `similar-${i}`,
          title: `Similar ${i}`,
          enabled: i % 9 !== 4,
          catalogs: links,
          variations: [{ price: 10 }],
        }),
      );
    }
    // what a per-catalog shortcut would miss: first in the later catalog, last in the earlier one, whose own
    // first products sit in that later catalog at positions after it
    const early = await createCatalog(db, { title: 'Early', position: 0 });
    const late = await createCatalog(db, { title: 'Late', position: 1 });
    const anchor = await createProduct(db, {
      slug: 'similar-anchor',
      catalogs: [
        { id: early.id, position: 50 },
        { id: late.id, position: 50 },
      ],
      variations: [{ price: 10 }],
    });
    const tricky = await createProduct(db, {
      slug: 'similar-tricky',
      catalogs: [
        { id: early.id, position: 100 },
        { id: late.id, position: 10 },
      ],
      variations: [{ price: 10 }],
    });
    for (let i = 0; i < 4; i++) {
      made.push(
        await createProduct(db, {
          slug: `similar-early-${i}`,
          catalogs: [{ id: early.id, position: 60 + i }],
          variations: [{ price: 10 }],
        }),
      );
      made.push(
        await createProduct(db, { slug: `similar-late-${i}`, catalogs: [{ id: late.id, position: i }], variations: [{ price: 10 }] }),
      );
    }
    made.push(anchor, tricky);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('finds the product first in a later catalog but last in the earlier one', async () => {
    const anchor = made.at(-2)!;
    const tricky = made.at(-1)!;
    const similar = await similarProductIds(app.deps.db, anchor.id, 2);
    expect(similar[0]).toBe(tricky.id);
    expect(similar).toEqual(await groupedReference(app.deps.db, [anchor.id], [anchor.id], 2));
  });

  it('answers every product and limit as the grouping did', async () => {
    const db = app.deps.db;
    let nonEmpty = 0;
    for (const product of made) {
      for (const limit of [1, 2, 3, 5, 8, 50]) {
        const expected = await groupedReference(db, [product.id], [product.id], limit);
        expect(await similarProductIds(db, product.id, limit), `${product.slug} limit ${limit}`).toEqual(expected);
        if (expected.length > 0) nonEmpty += 1;
      }
    }
    expect(nonEmpty).toBeGreaterThan(100);
  });

  it('picks the catalog products after several given products as the grouping did', async () => {
    const db = app.deps.db;
    for (let i = 0; i + 3 <= made.length; i += 3) {
      const given = made.slice(i, i + 3).map((p) => p.id);
      // the catalogs of the given products that are enabled (none has related products of its own here)
      const sources = (
        await db
          .select({ id: products.id })
          .from(products)
          .where(and(inArray(products.id, given), eq(products.enabled, true)))
      ).map((p) => p.id);
      const reference = sources.length > 0 ? await groupedReference(db, sources, given, 6) : [];
      const related = await relatedProductIds(db, given, 6);
      expect(related, given.join()).toEqual(reference);
    }
  });
});
