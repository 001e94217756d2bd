import { randomUUID } from 'node:crypto';
import reactRenderer from '@astrojs/react/server.js';
import { createContainer } from './astro-container';
import { JSDOM } from 'jsdom';
import SectionRenderer from '../../src/components/sections/SectionRenderer.astro';
import type { ListingData, ProductDto, SectionDto, ShopConfigDto } from '../../src/lib/api-client';
import { localize, type Language } from '../../src/lib/localize';
import { DEFAULT_SETTINGS, parseSettings } from '../../src/lib/settings';
import type { SectionContext } from '../../src/sections/context';
import { context, image } from './section-fixtures';

/** Shop settings as GET /config serves them: the defaults merged with the given groups, in `lang`. */
export function shopConfig(groups: Record<string, Record<string, unknown>> = {}, lang: Language = 'en'): ShopConfigDto {
  const parsed = Object.keys(groups).length > 0 ? parseSettings(groups) : DEFAULT_SETTINGS;
  return { ...localize(parsed, lang), languages: ['en', 'ru'] } as unknown as ShopConfigDto;
}

/** A product as the API lists it: in stock at 120 without discount unless told otherwise. */
export function product(overrides: Partial<ProductDto> = {}): ProductDto {
  const id = overrides.id ?? randomUUID();
  const slug = overrides.slug ?? `product-${id.slice(0, 8)}`;
  return {
    id,
    slug,
    title: `Product ${slug}`,
    description: '',
    metaTitle: '',
    metaDescription: '',
    images: [],
    imagePreview: image({ width: 1000, height: 1000, alt: '' }),
    options: [],
    variations: [],
    catalogs: [],
    properties: [],
    weight: 0,
    height: 0,
    width: 0,
    length: 0,
    price: 120,
    priceFull: 120,
    discount: 0,
    hasDiscount: false,
    optionsTextValue: [],
    reviewCount: 0,
    rating: null,
    inStock: true,
    taxClass: 'standard',
    ...overrides,
  };
}

/** The paging and filter data of a catalog's product list. */
export function listingData(overrides: Partial<ListingData> = {}): ListingData {
  return {
    page: 1,
    pages: 1,
    total: 0,
    limit: 12,
    sort: 'title',
    filters: { price: { min: 0, max: 0 }, properties: [], options: [] },
    appliedFilters: { minPrice: null, maxPrice: null, properties: [], options: [] },
    ...overrides,
  };
}

/** Renders the sections as the page at `url` would (sections reading the address: paging, sorting, filters, tags). */
export async function renderSectionsAt(url: string, sections: SectionDto[], sectionContext: SectionContext = context()): Promise<Document> {
  const container = await createContainer();
  container.addServerRenderer({ renderer: reactRenderer, name: '@astrojs/react' });
  container.addClientRenderer({ name: '@astrojs/react', entrypoint: '@astrojs/react/client.js' });
  const html = await container.renderToString(SectionRenderer, { props: { sections, context: sectionContext }, request: new Request(url) });
  return new JSDOM(`<!doctype html><body>${html}</body>`).window.document;
}
