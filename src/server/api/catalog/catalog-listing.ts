import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../../lib/localize';
import { amountToCents, centsToAmount } from '../../../lib/money';
import type { Executor } from '../../db/client';
import { catalogProducts, productOptionValues, productOptions, products, variationOptionValues, variations } from '../../db/schema';
import { resolveSectionData } from '../content/section-data';
import type { AppDeps } from '../core/context';
import type { SectionDto } from '../shared/sections';
import { loadProducts, localizedText } from './product-dto';
import {
  countFacetValues,
  filterWithValue,
  indexedCount,
  indexedFacets,
  selectListing,
  type FacetValueCounts,
  type Facets,
} from './catalog-index';
import { catalogIndex, catalogIndexEnabled } from './catalog-stats';
import { naturalSizeOrder } from './facet-order';
import { countCatalogProducts, type CatalogPageRow, type CatalogRow } from './queries';
import {
  isSortCriterion,
  type CatalogFilter,
  type CatalogPageDto,
  type FacetSelection,
  type ListingData,
  type ProductListSectionDto,
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
  // a price on request (0) last: it is not the cheapest (as `cheapestFirst` in catalog-index.ts)
  price_asc: [asc(sql`${products.priceCents} <= 0`), asc(products.priceCents), asc(products.sortTitle), asc(products.id)],
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
function withSwatches(facets: FacetSelection[], rows: { title: string; value: string; colour: string | null }[]): Facets['options'] {
  return facets.map((facet) => {
    const swatches: Record<string, string> = {};
    for (const row of rows)
      if (row.title === facet.title && row.colour && facet.values.includes(row.value)) swatches[row.value] ??= row.colour;
    return Object.keys(swatches).length > 0 ? { ...facet, swatches } : facet;
  });
}

/** The catalog's facets (what it offers to filter by), counted by SQL in one query: see `indexedFacets` for the kept ones. */
export async function loadFacets(db: Executor, catalogId: string, lang: Language): Promise<Facets> {
  const propertyTitle = localizedSql(sql`property.item->'title'`, lang);
  const propertyValue = localizedSql(sql`property.item->'value'`, lang);
  const optionTitle = localizedSql(sql`${productOptions.title}`, lang);
  const optionValue = localizedSql(sql`${productOptionValues.title}`, lang);
  const propertyRows = db
    .select({ title: propertyTitle.as('title'), value: propertyValue.as('value'), ord: sql<number>`min(property.ord)`.as('ord') })
    .from(catalogProducts)
    .innerJoin(products, eq(products.id, catalogProducts.productId))
    .innerJoin(sql`jsonb_array_elements(${products.properties}) with ordinality as property(item, ord)`, sql`true`)
    .where(inCatalog(catalogId))
    .groupBy(propertyTitle, propertyValue)
    .as('property_rows');
  const optionRows = db
    .select({
      title: optionTitle.as('title'),
      value: optionValue.as('value'),
      colour: sql<string | null>`max(case when ${productOptions.view} = 'color' then nullif(${productOptionValues.value}, '') end)`.as(
        'colour',
      ),
      optionOrd: sql<number>`min(${productOptions.position})`.as('option_ord'),
      valueOrd: sql<number>`min(${productOptionValues.position})`.as('value_ord'),
    })
    .from(catalogProducts)
    .innerJoin(products, eq(products.id, catalogProducts.productId))
    .innerJoin(variations, eq(variations.productId, products.id))
    .innerJoin(variationOptionValues, eq(variationOptionValues.variationId, variations.id))
    .innerJoin(productOptionValues, eq(productOptionValues.id, variationOptionValues.optionValueId))
    .innerJoin(productOptions, eq(productOptions.id, productOptionValues.optionId))
    .where(inCatalog(catalogId))
    .groupBy(optionTitle, optionValue)
    .as('option_rows');
  const [row] = await db
    .select({
      price: sql<{ min: number | null; max: number | null }>`(select json_build_object('min', min(p.price_cents), 'max', max(p.price_cents))
        from ${catalogProducts} cp inner join ${products} p on p.id = cp.product_id where cp.catalog_id = ${catalogId} and p.enabled)`,
      properties: sql<
        { title: string; value: string }[]
      >`(select coalesce(json_agg(json_build_object('title', property_rows.title, 'value', property_rows.value)
        order by property_rows.ord, property_rows.title, property_rows.value), '[]'::json) from ${propertyRows})`,
      options: sql<
        { title: string; value: string; colour: string | null }[]
      >`(select coalesce(json_agg(json_build_object('title', option_rows.title,
        'value', option_rows.value, 'colour', option_rows.colour) order by option_rows.option_ord, option_rows.title, option_rows.value_ord,
        option_rows.value), '[]'::json) from ${optionRows})`,
    })
    .from(sql`(select 1) as one`);
  const optionList = row?.options ?? [];
  return {
    price: { min: centsToAmount(Number(row?.price?.min ?? 0)), max: centsToAmount(Number(row?.price?.max ?? 0)) },
    properties: toFacets(row?.properties ?? []),
    options: withSwatches(
      toFacets(optionList).map((facet) => ({ ...facet, values: naturalSizeOrder(facet.values) })),
      optionList,
    ),
  };
}

/**
 * The count of every facet value under the applied filter (the rule: `filterWithValue`), by SQL in one scan of
 * the catalog: one filtered aggregate per value, each with the very conditions the SQL listing uses.
 */
export async function countFacetValuesBySql(
  db: Executor,
  catalogId: string,
  facets: Facets,
  filter: CatalogFilter,
): Promise<FacetValueCounts> {
  const cells = (['properties', 'options'] as const).flatMap((kind) =>
    facets[kind].flatMap((facet) => facet.values.map((value) => filterWithValue(filter, kind, facet.title, value))),
  );
  if (cells.length === 0) return { properties: [], options: [] };
  const counts = sql.join(
    cells.map((cell) => sql`count(*) filter (where ${and(...filterConditions(cell))})`),
    sql`, `,
  );
  const [row] = await db
    .select({ counts: sql<(number | string)[]>`array[${counts}]::int[]` })
    .from(catalogProducts)
    .innerJoin(products, eq(products.id, catalogProducts.productId))
    .where(inCatalog(catalogId));
  const flat = (row?.counts ?? []).map(Number);
  let at = 0;
  const take = (list: FacetSelection[]) => list.map((facet) => facet.values.map(() => flat[at++] ?? 0));
  return { properties: take(facets.properties), options: take(facets.options) };
}

/** The facets with the count of each value, as the listing answers them. */
function countedFacets(facets: Facets, counts: FacetValueCounts): ListingData['filters'] {
  return {
    price: facets.price,
    properties: facets.properties.map((facet, i) => ({ ...facet, counts: counts.properties[i] ?? [] })),
    options: facets.options.map((facet, i) => ({ ...facet, counts: counts.options[i] ?? [] })),
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

/**
 * The page of sorted, filtered products of a catalog's product list section, with its paging and facet data, and
 * the catalog's own product count (the page's `productCount`, counted here with the listing rather than again).
 */
async function loadListing(
  db: Executor,
  catalog: CatalogRow,
  request: CatalogPageRequest,
  section: SectionDto,
  lang: Language,
  sortCriteria: SortCriterion,
) {
  const limit = pageSizeOf(section, request.itemsPerPage);
  const sort = request.sort ?? sortCriteria;
  const where = and(inCatalog(catalog.id), ...filterConditions(request.filter));
  const filteredOut = filterConditions(request.filter).some(Boolean);
  const offset = (request.page - 1) * limit;
  const index = catalogIndexEnabled() ? await catalogIndex(db, catalog.id) : null;
  const fromIndex = index ? selectListing(index, request.filter, sort, offset, limit) : null;
  const [counted, pageRows, facets] = await Promise.all([
    fromIndex ? { filtered: fromIndex.total, catalog: indexedCount(index!) } : null,
    fromIndex
      ? fromIndex.ids.map((id) => ({ id, filtered: 0, catalog: 0 }))
      : sqlListing(db, catalog.id, where, filteredOut, sort, offset, limit),
    catalogFacets(db, catalog.id, lang),
  ]);
  // the SQL listing counts with its rows; a page past the end has none, and is counted on its own
  const counts =
    counted ??
    (pageRows[0]
      ? { filtered: pageRows[0].filtered, catalog: pageRows[0].catalog }
      : await countListing(db, catalog.id, where, filteredOut));
  const filtered = counts.filtered;
  const total = filtered;
  const valueCounts = index
    ? countFacetValues(index, facets, request.filter)
    : await countFacetValuesBySql(db, catalog.id, facets, request.filter);
  const data: ListingData = {
    page: request.page,
    pages: Math.max(1, Math.ceil(total / limit)),
    total,
    limit,
    sort,
    filters: countedFacets(facets, valueCounts),
    appliedFilters: {
      minPrice: request.filter.minPrice ?? null,
      maxPrice: request.filter.maxPrice ?? null,
      properties: request.filter.properties,
      options: request.filter.options,
    },
  };
  return {
    items: await loadProducts(
      db,
      pageRows.map((r) => r.id),
      lang,
    ),
    data,
    catalogCount: counts.catalog,
  };
}

/**
 * A page of the catalog's listing by SQL, each row with the filtered total and the catalog's total (the same
 * without a filter), in one query.
 */
async function sqlListing(
  db: Executor,
  catalogId: string,
  where: SQL | undefined,
  filteredOut: boolean,
  sort: SortCriterion,
  offset: number,
  limit: number,
) {
  const catalogTotal = sql`(select count(*) from ${catalogProducts} cp inner join ${products} p on p.id = cp.product_id where cp.catalog_id = ${catalogId} and p.enabled)`;
  const rows = await db
    .select({
      id: products.id,
      filtered: sql<string>`count(*) over ()`,
      catalog: filteredOut ? sql<string>`${catalogTotal}` : sql<string>`count(*) over ()`,
    })
    .from(catalogProducts)
    .innerJoin(products, eq(products.id, catalogProducts.productId))
    .where(where)
    .orderBy(...ORDER_BY[sort])
    .offset(offset)
    .limit(limit);
  return rows.map((row) => ({ id: row.id, filtered: Number(row.filtered), catalog: Number(row.catalog) }));
}

/** The filtered and the catalog's product counts, for a listing page that has no rows. */
async function countListing(
  db: Executor,
  catalogId: string,
  where: SQL | undefined,
  filteredOut: boolean,
): Promise<{ filtered: number; catalog: number }> {
  const catalog = await catalogProductCount(db, catalogId);
  if (!filteredOut) return { filtered: catalog, catalog };
  const [row] = await db
    .select({ count: count() })
    .from(catalogProducts)
    .innerJoin(products, eq(products.id, catalogProducts.productId))
    .where(where);
  return { filtered: Number(row?.count ?? 0), catalog };
}

/**
 * A catalog page (spec GET /catalogs/v3/{slug}): the catalog with its sections, resolved like every
 * page's; its product list section (added when the catalog has none) carries the requested page of
 * sorted, filtered products and the paging and facet data.
 */
export async function loadCatalogPage(
  deps: AppDeps,
  found: CatalogPageRow,
  request: CatalogPageRequest,
  lang: Language,
): Promise<CatalogPageDto> {
  const { db } = deps;
  const { catalog } = found;
  const sections = [...found.sections];
  if (!sections.some((s) => s.type === PRODUCT_LIST_SECTION)) {
    sections.push(syntheticProductListSection(catalog.id, (sections.at(-1)?.position ?? -1) + 1, request.itemsPerPage));
  }
  const sortCriteria: SortCriterion = isSortCriterion(catalog.sortCriteria) ? catalog.sortCriteria : 'title';
  // the catalog's product count comes with its listing (a catalog page always has one)
  let listedCount: Promise<number> | undefined;
  const resolved = await resolveSectionData(deps, sections, lang, {
    kind: 'catalog',
    listing: (section) => {
      // only the product list section shows a listing (its definition alone declares the need)
      const type = section.type;
      if (type !== PRODUCT_LIST_SECTION) return null;
      const listing = loadListing(db, catalog, request, section, lang, sortCriteria);
      if (!listedCount) {
        listedCount = listing.then((l) => l.catalogCount);
        // a failed listing fails the page through the resolver; this copy of the failure is not left unhandled
        listedCount.catch(() => undefined);
      }
      return listing.then(({ items, data }): ProductListSectionDto => ({ ...section, type, items, data }));
    },
  });
  const productCount = await (listedCount ?? catalogProductCount(db, catalog.id));

  return {
    id: catalog.id,
    slug: catalog.slug,
    title: localizedText(catalog.title, lang),
    description: localizedText(catalog.description, lang),
    metaTitle: localizedText(catalog.metaTitle, lang),
    metaDescription: localizedText(catalog.metaDescription, lang),
    noindex: catalog.noindex,
    nofollow: catalog.nofollow,
    image: found.image,
    sortCriteria,
    productCount,
    sections: resolved,
  };
}
