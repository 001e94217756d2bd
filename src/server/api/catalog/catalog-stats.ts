import { cacheTags, onInvalidate } from '../../cache/invalidation';
import { ComputedValues } from '../../cache/computed-values';
import type { Executor } from '../../db/client';
import { buildCatalogIndex, updateCatalogIndexes, type CatalogIndex } from './catalog-index';

/**
 * What a catalog page shows about the whole catalog (the product count, the price range and the
 * facets), kept per catalog and language instead of being counted over every product on each render:
 * at 100,000 products that is the difference between milliseconds and seconds.
 *
 * A catalog's edit (`catalog:<id>`) or the settings drop its values; a product's edit drops those of the
 * catalogs it names, or every catalog's when it names none (a page must never be stored from values older
 * than the write that invalidated it); a
 * change of stock alone (an order) keeps them, as listings and facets do not depend on stock. Enabled by the page cache of the built server; elsewhere
 * (tests, `npm run api`) every call computes.
 */
let cache: ComputedValues<unknown> | undefined;
/**
 * The catalog indexes (listing, count, facets), one per catalog. Unlike the values above, a product write
 * does not drop them: the written products are read again and patched in (`updateCatalogIndexes`), so a
 * product save costs milliseconds at 100,000 products instead of a rebuild of every catalog it is in.
 * A catalog's own edit (tag `catalog:<id>` without `cacheTags.productsOnly`), the settings or `all` drop them.
 */
let indexes: ComputedValues<CatalogIndex> | undefined;
/** Past this many products in one write, the indexes are rebuilt rather than patched. */
const MAX_PATCHED_PRODUCTS = 2000;
const databaseOf = new WeakMap<CatalogIndex, Executor>();
/** Indexes are kept per database too (tests run several shops with the same seeded ids in one process). */
const databaseNumbers = new WeakMap<Executor, number>();
let databases = 0;
const indexKey = (db: Executor, catalogId: string) => {
  if (!databaseNumbers.has(db)) databaseNumbers.set(db, databases++);
  return `${databaseNumbers.get(db)}|${catalogId}`;
};
const catalogOfKey = (key: string) => key.slice(key.indexOf('|') + 1);

function build(db: Executor, catalogId: string): Promise<CatalogIndex> {
  return buildCatalogIndex(db, catalogId).then((index) => {
    databaseOf.set(index, db);
    return index;
  });
}

/** Patches every kept index for a write to these products, each database's indexes in one pass. */
function patchIndexes(kept: ComputedValues<CatalogIndex>, productIds: string[]) {
  let settle!: (stale: Set<CatalogIndex>) => void;
  const batch = new Promise<Set<CatalogIndex>>((resolve) => (settle = resolve));
  const olds: Promise<CatalogIndex>[] = [];
  kept.replace((key, old) => {
    olds.push(old);
    return batch.then((stale) => old.then((index) => (stale.has(index) ? build(databaseOf.get(index)!, catalogOfKey(key)) : index)));
  });
  void (async () => {
    const ready = (await Promise.allSettled(olds)).flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const byDatabase = new Map<Executor, CatalogIndex[]>();
    for (const index of ready) byDatabase.set(databaseOf.get(index)!, [...(byDatabase.get(databaseOf.get(index)!) ?? []), index]);
    const stale = new Set<CatalogIndex>();
    for (const [db, list] of byDatabase) {
      try {
        for (const index of await updateCatalogIndexes(db, list, productIds)) stale.add(index);
      } catch {
        // a failed read may leave an index half patched: rebuild those
        for (const index of list) stale.add(index);
      }
    }
    settle(stale);
  })();
}

function onIndexInvalidate(kept: ComputedValues<CatalogIndex>, tags: readonly string[]) {
  if (tags.some((tag) => tag === cacheTags.all || tag === cacheTags.settings)) return kept.drop(() => true);
  if (!tags.includes(cacheTags.productsOnly)) {
    const catalogs = new Set(tags.filter((tag) => tag.startsWith('catalog:')).map((tag) => tag.slice('catalog:'.length)));
    if (catalogs.size) kept.drop((key) => catalogs.has(catalogOfKey(key)));
  }
  // listings and facets do not depend on stock
  if (tags.includes(cacheTags.stockOnly)) return;
  const productIds = tags.filter((tag) => tag.startsWith('product:')).map((tag) => tag.slice('product:'.length));
  if (productIds.length > MAX_PATCHED_PRODUCTS) kept.drop(() => true);
  else if (productIds.length && kept.size) patchIndexes(kept, productIds);
}

export function enableCatalogStatsCache(): void {
  if (cache) return;
  const created = new ComputedValues<unknown>();
  const createdIndexes = new ComputedValues<CatalogIndex>();
  cache = created;
  indexes = createdIndexes;
  onInvalidate((tags) => onIndexInvalidate(createdIndexes, tags));
  onInvalidate((tags) => {
    if (tags.some((tag) => tag === 'all' || tag === 'settings')) return created.drop(() => true);
    const catalogs = new Set(tags.filter((tag) => tag.startsWith('catalog:')).map((tag) => tag.slice('catalog:'.length)));
    if (catalogs.size) created.drop((key) => catalogs.has(key.split('|')[0]!));
    // A product's edit may move it in or out of listings. Writers that name the catalogs the product was and is
    // in (the back office does) drop only those; a product tag alone drops every catalog's values.
    if (!tags.includes(cacheTags.stockOnly) && !catalogs.size && tags.some((tag) => tag.startsWith('product:'))) created.drop(() => true);
  });
}

/** Whether catalog listings are answered from the in-memory catalog index (with the cache). */
export const catalogIndexEnabled = () => cache !== undefined;

/** The catalog's index, kept and patched when enabled (see `indexes`), else read afresh. */
export function catalogIndex(db: Executor, catalogId: string): Promise<CatalogIndex> {
  return indexes ? indexes.get(indexKey(db, catalogId), () => build(db, catalogId)) : buildCatalogIndex(db, catalogId);
}

/** The value of `part` for a catalog, cached when enabled. */
export function catalogStat<T>(catalogId: string, part: string, compute: () => Promise<T>): Promise<T> {
  return cache ? (cache.get(`${catalogId}|${part}`, compute) as Promise<T>) : compute();
}
