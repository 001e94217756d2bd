import { cacheTags, onInvalidate } from '../../cache/invalidation';
import { ComputedValues } from '../../cache/computed-values';

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

export function enableCatalogStatsCache(): void {
  if (cache) return;
  const created = new ComputedValues<unknown>();
  cache = created;
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

/** The value of `part` for a catalog, cached when enabled. */
export function catalogStat<T>(catalogId: string, part: string, compute: () => Promise<T>): Promise<T> {
  return cache ? (cache.get(`${catalogId}|${part}`, compute) as Promise<T>) : compute();
}
