import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CatalogPageDto, ListingData, ProductDto, ProductListSectionDto, SectionDto } from '../../src/lib/api-client';
import type { resolveSectionData } from '../../src/server/api/content/section-data';
import { productListing } from '../../src/sections/products';

const product = (id: string) => ({ id, slug: id, title: id.toUpperCase() }) as unknown as ProductDto;
const listingData: ListingData = {
  page: 2,
  pages: 3,
  total: 25,
  limit: 12,
  sort: 'title',
  filters: { price: { min: 0, max: 10 }, properties: [], options: [] },
  appliedFilters: { minPrice: null, maxPrice: null, properties: [], options: [] },
};

describe('productListing', () => {
  it("reads a catalog page's product list section: its items are the products, its data the listing", () => {
    const section: Pick<ProductListSectionDto, 'items' | 'data'> = { items: [product('a'), product('b')], data: listingData };
    const { products, listing } = productListing(section);
    expect(products.map((p) => p.id)).toEqual(['a', 'b']);
    expect(listing).toBe(listingData);
  });

  it("reads the same section type on another page: the widget's products, no listing; items that are not products are dropped", () => {
    const section: Pick<SectionDto, 'items' | 'data'> = {
      items: [{ id: 'x', options: {} }],
      data: { products: [product('c'), { id: 'broken' }] },
    };
    const { products, listing } = productListing(section);
    expect(products.map((p) => p.id)).toEqual(['c']);
    expect(listing).toBeNull();
    expect(productListing({ items: [], data: { page: 1, pages: 1 } }).listing).toBeNull();
  });
});

describe('the types of resolved sections (checked by tsc)', () => {
  type Resolved<L extends object> = Awaited<ReturnType<typeof resolveSectionData<L>>>;
  it("answer a catalog page's sections as the contract declares them, and plain sections elsewhere", () => {
    expectTypeOf<Resolved<never>>().toEqualTypeOf<SectionDto[]>();
    expectTypeOf<Resolved<ProductListSectionDto>>().toEqualTypeOf<(SectionDto | ProductListSectionDto)[]>();
    expectTypeOf<Resolved<ProductListSectionDto>>().toExtend<CatalogPageDto['sections']>();
  });
});
