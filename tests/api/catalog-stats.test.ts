import { describe, expect, it, vi } from 'vitest';
import { catalogStat, enableCatalogStatsCache } from '../../src/server/api/catalog/catalog-stats';
import { cacheTags, invalidate } from '../../src/server/cache/invalidation';

describe('catalog values kept in memory', () => {
  enableCatalogStatsCache();
  const read = (catalogId: string, compute: () => Promise<number>) => catalogStat(catalogId, 'count', compute);

  it('drop only the catalogs a product write names, every catalog when it names none, none for stock alone', async () => {
    const a = vi.fn(async () => 1);
    const b = vi.fn(async () => 2);
    await Promise.all([read('a', a), read('b', b)]);
    await invalidate([cacheTags.product('p1'), cacheTags.catalog('a')]);
    await Promise.all([read('a', a), read('b', b)]);
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([2, 1]);

    await invalidate([cacheTags.product('p1'), cacheTags.stockOnly]);
    await Promise.all([read('a', a), read('b', b)]);
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([2, 1]);

    await invalidate([cacheTags.product('p1')]);
    await Promise.all([read('a', a), read('b', b)]);
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([3, 2]);
  });
});
