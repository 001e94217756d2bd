import { and, asc, count, desc, eq, gte, lte, max, min, sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../../lib/localize';
import { amountToCents, centsToAmount } from '../../../lib/money';
import type { Executor } from '../../db/client';
import { catalogProducts, productOptionValues, productOptions, products, variationOptionValues, variations } from '../../db/schema';
import { resolveSectionData } from '../content/section-data';
import type { AppDeps } from '../core/context';
import { loadImages } from '../shared/images';
import { loadSections, type SectionDto } from '../shared/sections';
import { loadProducts, localizedText } from './product-dto';
import { indexedCount, indexedFacets, selectListing, type Facets } from './catalog-index';
import { catalogIndex, catalogIndexEnabled } from './catalog-stats';
import { countCatalogProducts, type CatalogRow } from './queries';
import {
  isSortCriterion,
  type CatalogFilter,
  type CatalogPageDto,
  type FacetSelection,
  type ListingData,
  type OptionFacet,
  type SortCriterion,
} from '../../../contract/storefront/catalog';

export const PRODUCT_LIST_SECTION = 'SectionProductList';
/** Upper bound of an owner-configured page size, so one request cannot load a whole catalog. */
const MAX_PAGE_SIZE = 100;

export type CatalogPageRequest = { page: number; sort?: SortCriterion | undefined; filter: CatalogFilter; itemsPerPage: number };

/**
 * `{en, ru}` jsonb as text in `lang`, falling back to the other language, in SQL. The language is
 * written as a literal (it is one of two known values) so that the same expression can be grouped by.
 */
const localizedSql = (column: SQL, lang: Language) =>
  sql<string>`coalesce(nullif(${column}->>${sql.raw(lang === 'ru' ? "'ru'" : "'en'")}, ''), nullif(${column}->>'en', ''), ${column}->>'ru', '')`;

/** True when a `{en, ru}` jsonb value equals one of `texts` in either language, ignoring case. */
function localizedMatches(column: SQL, texts: string[]): SQL {
  const list = sql.join(
    texts.map((t) => sql`${t.toLowerCase()}`),
    sql`, `,
  );
  return sql`(lower(${column}->>'en') in (${list}) or lower(${column}->>'ru') in (${list}))`;
}

function propertyCondition(selection: FacetSelection): SQL {
  return sql`exists (select 1 from jsonb_array_elements(${products.properties}) as property(item)
    where ${localizedMatches(sql`property.item->'title'`, [selection.title])}
      and ${localizedMatches(sql`property.item->'value'`, selection.values)})`;
}

/**
 * One variation of the product must carry a selected value of every filtered option. Written as
 * uncorrelated sets (values by their lower-cased titles, which the expression indexes find; their
 * variations; those variations' products), so the database builds each set once instead of probing
 * every variation of every product in the catalog.
 */
function optionsCondition(selections: FacetSelection[]): SQL {
  const perOption = selections.map(
    (s) => sql`${variations.id} in (select ${variationOptionValues.variationId} from ${variationOptionValues}
      where ${variationOptionValues.optionValueId} in (select ${productOptionValues.id} from ${productOptionValues}
        join ${productOptions} on ${productOptions.id} = ${productOptionValues.optionId}
        where ${localizedMatches(sql`${productOptionValues.title}`, s.values)}
          and ${localizedMatches(sql`${productOptions.title}`, [s.title])}))`,
  );
  return sql`${products.id} in (select ${variations.productId} from ${variations} where ${sql.join(perOption, sql` and `)})`;
}

function filterConditions(filter: CatalogFilter): (SQL | undefined)[] {
  return [
    filter.minPrice === undefined ? undefined : gte(products.priceCents, amountToCents(filter.minPrice)),
    filter.maxPrice === undefined ? undefined : lte(products.priceCents, amountToCents(filter.maxPrice)),
    ...filter.properties.map(propertyCondition),
    filter.options.length > 0 ? optionsCondition(filter.options) : undefined,
  ];
}

const ORDER_BY: Record<SortCriterion, SQL[]> = {
  custom: [asc(catalogProducts.position), asc(products.id)],
  title: [asc(products.sortTitle), asc(products.id)],
  price_asc: [asc(products.priceCents), asc(products.sortTitle), asc(products.id)],
  price_desc: [desc(products.priceCents), asc(products.sortTitle), asc(products.id)],
};

function inCatalog(catalogId: string) {
  return and(eq(catalogProducts.catalogId, catalogId), eq(products.enabled, true));
}

/** Groups ordered (title, value) rows into facets, keeping the first-seen order of titles and values. */
function toFacets(rows: { title: string; value: string }[]): FacetSelection[] {
  const byTitle = new Map<string, string[]>();
  for (const { title, value } of rows) {
    if (title === '' || value === '') continue;
    const values = byTitle.get(title) ?? [];
    if (!values.includes(value)) values.push(value);
    byTitle.set(title, values);
  }
  return [...byTitle].map(([title, values]) => ({ title, values }));
}

/** Adds the colour of each swatch value to the option facets that have any. */
function withSwatches(facets: FacetSelection[], rows: { title: string; value: string; colour: string | null }[]): OptionFacet[] {
  return facets.map((facet) => {
    const swatches: Record<string, string> = {};
    for (const row of rows) if (row.title === facet.title && row.colour && facet.values.includes(row.value)) swatches[row.value] ??= row.colour;
    return Object.keys(swatches).length > 0 ? { ...facet, swatches } : facet;
  });
}

/** The catalog's facets (what it offers to filter by), counted by SQL: see `indexedFacets` for the kept ones. */
export async function loadFacets(db: Executor, catalogId: string, lang: Language): Promise<Facets> {
  const propertyTitle = localizedSql(sql`property.item->'title'`, lang);
  const propertyValue = localizedSql(sql`property.item->'value'`, lang);
  const optionTitle = localizedSql(sql`${productOptions.title}`, lang);
  const optionValue = localizedSql(sql`${productOptionValues.title}`, lang);
  const [[price], propertyRows, optionRows] = await Promise.all([
    db
      .select({ min: min(products.priceCents), max: max(products.priceCents) })
      .from(catalogProducts)
      .innerJoin(products, eq(products.id, catalogProducts.productId))
      .where(inCatalog(catalogId)),
    db
      .select({ title: propertyTitle, value: propertyValue })
      .from(catalogProducts)
      .innerJoin(products, eq(products.id, catalogProducts.productId))
      .innerJoin(sql`jsonb_array_elements(${products.properties}) with ordinality as property(item, ord)`, sql`true`)
      .where(inCatalog(catalogId))
      .groupBy(propertyTitle, propertyValue)
      .orderBy(sql`min(property.ord)`, propertyTitle, propertyValue),
    db
      .select({
        title: optionTitle,
        value: optionValue,
        colour: sql<string | null>`max(case when ${productOptions.view} = 'color' then nullif(${productOptionValues.value}, '') end)`,
      })
      .from(catalogProducts)
      .innerJoin(products, eq(products.id, catalogProducts.productId))
      .innerJoin(variations, eq(variations.productId, products.id))
      .innerJoin(variationOptionValues, eq(variationOptionValues.variationId, variations.id))
      .innerJoin(productOptionValues, eq(productOptionValues.id, variationOptionValues.optionValueId))
      .innerJoin(productOptions, eq(productOptions.id, productOptionValues.optionId))
      .where(inCatalog(catalogId))
      .groupBy(optionTitle, optionValue)
      .orderBy(sql`min(${productOptions.position})`, optionTitle, sql`min(${productOptionValues.position})`, optionValue),
  ]);
  return {
    price: { min: centsToAmount(Number(price?.min ?? 0)), max: centsToAmount(Number(price?.max ?? 0)) },
    properties: toFacets(propertyRows),
    options: withSwatches(toFacets(optionRows), optionRows),
  };
}

function pageSizeOf(section: SectionDto | undefined, itemsPerPage: number): number {
  const limit = section?.options.limit as { isCustom?: unknown; count?: unknown } | undefined;
  const custom = Number(limit?.count);
  const size = limit?.isCustom === true && Number.isInteger(custom) && custom > 0 ? custom : itemsPerPage;
  return Math.min(size, MAX_PAGE_SIZE);
}

function syntheticProductListSection(catalogId: string, position: number, pageSize: number): SectionDto {
  return {
    id: `product-list-${catalogId}`,
    type: PRODUCT_LIST_SECTION,
    position,
    required: true,
    group: null,
    enable: true,
    hidden: false,
    options: { limit: { isCustom: false, count: pageSize } },
    items: [],
    styles: {},
  };
}

/** The catalog's enabled products, from its kept index when enabled. */
async function catalogProductCount(db: Executor, catalogId: string): Promise<number> {
  return catalogIndexEnabled() ? indexedCount(await catalogIndex(db, catalogId)) : countCatalogProducts(db, catalogId);
}

/** The catalog's facets, from its kept index when enabled (or counted once per index on a database whose text order the index cannot follow). */
async function catalogFacets(db: Executor, catalogId: string, lang: Language): Promise<Facets> {
  if (!catalogIndexEnabled()) return loadFacets(db, catalogId, lang);
  const index = await catalogIndex(db, catalogId);
  if (index.patchable) return indexedFacets(index, lang);
  const facets = index.facets.get(lang) ?? (await loadFacets(db, catalogId, lang));
  index.facets.set(lang, facets);
  return facets;
}

/** The page of sorted, filtered products of a catalog's product list section, with its paging and facet data. */
async function loadListing(db: Executor, catalog: CatalogRow, request: CatalogPageRequest, section: SectionDto, lang: Language, sortCriteria: SortCriterion) {
  const limit = pageSizeOf(section, request.itemsPerPage);
  const sort = request.sort ?? sortCriteria;
  const where = and(inCatalog(catalog.id), ...filterConditions(request.filter));
  const filteredOut = filterConditions(request.filter).some(Boolean);
  const offset = (request.page - 1) * limit;
  const index = catalogIndexEnabled() ? await catalogIndex(db, catalog.id) : null;
  const fromIndex = index ? selectListing(index, request.filter, sort, offset, limit) : null;
  const [filtered, pageRows, facets] = await Promise.all([
    // without a filter the filtered count is the catalog's count: not counted twice
    fromIndex
      ? fromIndex.total
      : filteredOut
        ? db.select({ count: count() }).from(catalogProducts).innerJoin(products, eq(products.id, catalogProducts.productId)).where(where).then(([row]) => Number(row?.count ?? 0))
        : catalogProductCount(db, catalog.id),
    fromIndex
      ? fromIndex.ids.map((id) => ({ id }))
      : db
          .select({ id: products.id })
          .from(catalogProducts)
          .innerJoin(products, eq(products.id, catalogProducts.productId))
          .where(where)
          .orderBy(...ORDER_BY[sort])
          .offset(offset)
          .limit(limit),
    catalogFacets(db, catalog.id, lang),
  ]);
  const total = filtered;
  const data: ListingData = {
    page: request.page,
    pages: Math.max(1, Math.ceil(total / limit)),
    total,
    limit,
    sort,
    filters: facets,
    appliedFilters: {
      minPrice: request.filter.minPrice ?? null,
      maxPrice: request.filter.maxPrice ?? null,
      properties: request.filter.properties,
      options: request.filter.options,
    },
  };
  return { items: await loadProducts(db, pageRows.map((r) => r.id), lang), data };
}

/**
 * A catalog page (spec GET /catalogs/v3/{slug}): the catalog with its sections, resolved like every
 * page's; its product list section (added when the catalog has none) carries the requested page of
 * sorted, filtered products and the paging and facet data.
 */
export async function loadCatalogPage(deps: AppDeps, catalog: CatalogRow, request: CatalogPageRequest, lang: Language): Promise<CatalogPageDto> {
  const { db } = deps;
  const sections = await loadSections(db, 'catalog', catalog.id, lang);
  if (!sections.some((s) => s.type === PRODUCT_LIST_SECTION)) {
    sections.push(syntheticProductListSection(catalog.id, (sections.at(-1)?.position ?? -1) + 1, request.itemsPerPage));
  }
  const sortCriteria: SortCriterion = isSortCriterion(catalog.sortCriteria) ? catalog.sortCriteria : 'title';
  const [resolved, productCount, imageMap] = await Promise.all([
    resolveSectionData(deps, sections, lang, {
      kind: 'catalog',
      listing: (section) => loadListing(db, catalog, request, section, lang, sortCriteria),
    }),
    catalogProductCount(db, catalog.id),
    loadImages(db, [catalog.imageId], lang),
  ]);

  return {
    id: catalog.id,
    slug: catalog.slug,
    title: localizedText(catalog.title, lang),
    description: localizedText(catalog.description, lang),
    metaTitle: localizedText(catalog.metaTitle, lang),
    metaDescription: localizedText(catalog.metaDescription, lang),
    noindex: catalog.noindex,
    nofollow: catalog.nofollow,
    image: catalog.imageId ? (imageMap.get(catalog.imageId) ?? null) : null,
    sortCriteria,
    productCount,
    sections: resolved as CatalogPageDto['sections'],
  };
}
