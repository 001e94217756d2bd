import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { LANGUAGES, type Language } from '../../../lib/localize';
import { amountToCents, centsToAmount } from '../../../lib/money';
import type { Executor } from '../../db/client';
import { catalogProducts, productOptionValues, productOptions, products, variationOptionValues, variations } from '../../db/schema';
import type { CatalogFilter, FacetSelection, SortCriterion } from '../../../contract/storefront/catalog';
import { naturalSizeOrder } from './facet-order';

/**
 * A catalog's listing kept in memory: its enabled products in each sort order, their prices, bit sets of
 * which products carry each property and which variations carry each option value (by lower-cased title
 * and value, in either language, as the SQL filters match), and the counts behind its facets. Sorting,
 * filtering, counting and paging then cost microseconds per page instead of joins over every variation of
 * the catalog: at 100,000 products the difference between milliseconds and seconds.
 *
 * Products live in slots that keep their number while the index is patched: a product write re-reads only
 * the written products (`updateCatalogIndexes`), frees their slots and bits, and inserts them again into each
 * sort order by binary search, instead of reading the whole catalog again.
 *
 * Text order: the index compares titles by code point, which is PostgreSQL's order under the C / C.UTF-8
 * collation the shop's databases use. A build checks the database's own order against it; a database with
 * a linguistic collation keeps the database's order, and its index is rebuilt on change instead of patched.
 */
export type CatalogIndex = {
  catalogId: string;
  /** slot -> product id ('' for a free slot) */
  ids: string[];
  sortTitles: string[];
  positions: number[];
  priceCents: Int32Array;
  /** live slots in each sort order */
  orders: Record<SortCriterion, Uint32Array>;
  /** `${title}\0${value}` of a product property -> products carrying it */
  propertyBits: Map<string, Uint32Array>;
  /** `${title}\0${value}` of an option value -> variations carrying it */
  optionBits: Map<string, Uint32Array>;
  /** variation slot -> product slot */
  variationProduct: Uint32Array;
  /** product id -> its slot, its variation slots and what it contributed */
  entries: Map<string, Placed>;
  freeSlots: number[];
  freeVariationSlots: number[];
  slotCount: number;
  variationSlotCount: number;
  /** per language: facet group -> counts of what orders it */
  facetCounts: Record<Language, FacetCounts>;
  facets: Map<Language, Facets>;
  /** titles compared in JavaScript order as the database orders them: patched on change, else rebuilt */
  patchable: boolean;
};

export type Facets = {
  price: { min: number; max: number };
  properties: FacetSelection[];
  options: (FacetSelection & { swatches?: Record<string, string> })[];
};

/** Per index: the products carrying each option value (lower-cased title and value), dropped when the index is patched. */
const productsByOptionValue = new WeakMap<CatalogIndex, Map<string, Uint32Array>>();

type Texts = { en?: string; ru?: string } | null | undefined;
/** `colour`: the value's colour code when its option is shown as swatches */
type OptionRow = { title: Texts; value: Texts; optionPosition: number; valuePosition: number; colour: string | null };
/** What the index needs of one product in one catalog. */
export type ProductEntry = {
  id: string;
  position: number;
  sortTitle: string;
  priceCents: number;
  properties: { title?: Texts; value?: Texts }[];
  /** its variations carrying option values, in variation id order */
  variations: { id: string; options: OptionRow[] }[];
};
type Placed = { entry: ProductEntry; slot: number; variationSlots: number[] };
/** group key `${title}\0${value}` -> position -> number of rows at that position */
type Counted = Map<string, Map<number, number>>;
/** `colours`: group key -> swatch colour -> rows carrying it (the facet shows the greatest, as the SQL facets do) */
type FacetCounts = { properties: Counted; optionPositions: Counted; valuePositions: Counted; colours: Map<string, Map<string, number>> };

const lowered = (text: Texts) => [...new Set([text?.en, text?.ru].filter((t): t is string => !!t).map((t) => t.toLowerCase()))];
const keysOf = (title: Texts, value: Texts) => lowered(title).flatMap((t) => lowered(value).map((v) => `${t}\0${v}`));
/** As the SQL facets localise: the language, else English, else Russian, else ''. */
const localized = (text: Texts, lang: Language) => (text?.[lang] || text?.en || text?.ru) ?? '';

const wordsOf = (size: number) => Math.ceil(size / 32) || 1;
const bitsetOf = (size: number) => new Uint32Array(wordsOf(size));
const setBit = (bits: Uint32Array, i: number) => (bits[i >>> 5]! |= 1 << (i & 31));
const clearBit = (bits: Uint32Array, i: number) => (bits[i >>> 5]! &= ~(1 << (i & 31)));
const hasBit = (bits: Uint32Array, i: number) => (bits[i >>> 5]! & (1 << (i & 31))) !== 0;

/** Code point order (PostgreSQL's C collation), not UTF-16 code unit order. */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // surrogates (astral code points) sort after U+E000..U+FFFF
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

const bump = (counted: Counted, key: string, at: number, by: number) => {
  let positions = counted.get(key);
  if (!positions) counted.set(key, (positions = new Map()));
  const next = (positions.get(at) ?? 0) + by;
  if (next > 0) positions.set(at, next);
  else {
    positions.delete(at);
    if (positions.size === 0) counted.delete(key);
  }
};

function emptyIndex(catalogId: string): CatalogIndex {
  const counts = () => ({ properties: new Map(), optionPositions: new Map(), valuePositions: new Map(), colours: new Map() });
  return {
    catalogId,
    ids: [],
    sortTitles: [],
    positions: [],
    priceCents: new Int32Array(64),
    orders: { custom: new Uint32Array(), title: new Uint32Array(), price_asc: new Uint32Array(), price_desc: new Uint32Array() },
    propertyBits: new Map(),
    optionBits: new Map(),
    variationProduct: new Uint32Array(64),
    entries: new Map(),
    freeSlots: [],
    freeVariationSlots: [],
    slotCount: 0,
    variationSlotCount: 0,
    facetCounts: Object.fromEntries(LANGUAGES.map((lang) => [lang, counts()])) as Record<Language, FacetCounts>,
    facets: new Map(),
    patchable: true,
  };
}

const grown = (bits: Uint32Array, words: number) => {
  const next = new Uint32Array(words);
  next.set(bits);
  return next;
};

function ensureSlots(index: CatalogIndex, slots: number, variationSlots: number) {
  if (slots > index.priceCents.length) {
    const capacity = Math.max(slots, index.priceCents.length * 2);
    const prices = new Int32Array(capacity);
    prices.set(index.priceCents);
    index.priceCents = prices;
    for (const [key, bits] of index.propertyBits) index.propertyBits.set(key, grown(bits, wordsOf(capacity)));
  }
  if (variationSlots > index.variationProduct.length) {
    const capacity = Math.max(variationSlots, index.variationProduct.length * 2);
    const owners = new Uint32Array(capacity);
    owners.set(index.variationProduct);
    index.variationProduct = owners;
    for (const [key, bits] of index.optionBits) index.optionBits.set(key, grown(bits, wordsOf(capacity)));
  }
}

function addKey(map: Map<string, Uint32Array>, key: string, capacity: number, i: number) {
  let bits = map.get(key);
  if (!bits) map.set(key, (bits = bitsetOf(capacity)));
  setBit(bits, i);
}

function bumpColour(colours: FacetCounts['colours'], key: string, colour: string, by: 1 | -1) {
  let counted = colours.get(key);
  if (!counted) colours.set(key, (counted = new Map()));
  const next = (counted.get(colour) ?? 0) + by;
  if (next > 0) counted.set(colour, next);
  else counted.delete(colour);
  if (counted.size === 0) colours.delete(key);
}

function contribute(index: CatalogIndex, entry: ProductEntry, by: 1 | -1) {
  for (const lang of LANGUAGES) {
    const counts = index.facetCounts[lang];
    entry.properties.forEach((property, i) =>
      bump(counts.properties, `${localized(property.title, lang)}\0${localized(property.value, lang)}`, i + 1, by),
    );
    for (const variation of entry.variations) {
      for (const option of variation.options) {
        const key = `${localized(option.title, lang)}\0${localized(option.value, lang)}`;
        bump(counts.optionPositions, key, option.optionPosition, by);
        bump(counts.valuePositions, key, option.valuePosition, by);
        if (option.colour) bumpColour(counts.colours, key, option.colour, by);
      }
    }
  }
}

/** Puts a product into a free slot, with its bits and facet counts (not into the sort orders). */
function place(index: CatalogIndex, entry: ProductEntry): number {
  const slot = index.freeSlots.pop() ?? index.slotCount++;
  const variationSlots = entry.variations.map(() => index.freeVariationSlots.pop() ?? index.variationSlotCount++);
  ensureSlots(index, index.slotCount, index.variationSlotCount);
  index.ids[slot] = entry.id;
  index.sortTitles[slot] = entry.sortTitle;
  index.positions[slot] = entry.position;
  index.priceCents[slot] = entry.priceCents;
  for (const property of entry.properties)
    for (const key of keysOf(property.title, property.value)) addKey(index.propertyBits, key, index.priceCents.length, slot);
  entry.variations.forEach((variation, v) => {
    const variationSlot = variationSlots[v]!;
    index.variationProduct[variationSlot] = slot;
    for (const option of variation.options)
      for (const key of keysOf(option.title, option.value)) addKey(index.optionBits, key, index.variationProduct.length, variationSlot);
  });
  contribute(index, entry, 1);
  index.entries.set(entry.id, { entry, slot, variationSlots });
  return slot;
}

/** Frees a product's slots, bits and facet counts (the caller takes it out of the sort orders). */
function unplace(index: CatalogIndex, placed: Placed) {
  const { entry, slot, variationSlots } = placed;
  for (const property of entry.properties)
    for (const key of keysOf(property.title, property.value)) clearBit(index.propertyBits.get(key)!, slot);
  entry.variations.forEach((variation, v) => {
    for (const option of variation.options)
      for (const key of keysOf(option.title, option.value)) clearBit(index.optionBits.get(key)!, variationSlots[v]!);
  });
  contribute(index, entry, -1);
  index.ids[slot] = '';
  index.freeSlots.push(slot);
  index.freeVariationSlots.push(...variationSlots);
  index.entries.delete(entry.id);
}

/** Price low to high, a price on request (0) last: it is not the cheapest (as `priceAscending` in catalog-listing.ts). */
const cheapestFirst = (a: number, b: number) => Number(a <= 0) - Number(b <= 0) || a - b;

function comparators(index: CatalogIndex): Record<SortCriterion, (a: number, b: number) => number> {
  const { ids, sortTitles, positions, priceCents } = index;
  const byTitle = (a: number, b: number) => compareCodePoints(sortTitles[a]!, sortTitles[b]!) || compareCodePoints(ids[a]!, ids[b]!);
  return {
    custom: (a, b) => positions[a]! - positions[b]! || compareCodePoints(ids[a]!, ids[b]!),
    title: byTitle,
    price_asc: (a, b) => cheapestFirst(priceCents[a]!, priceCents[b]!) || byTitle(a, b),
    price_desc: (a, b) => priceCents[b]! - priceCents[a]! || byTitle(a, b),
  };
}

/** `order` without `removed`, with `added` (sorted by `compare`) inserted where `compare` puts them. */
function patchOrder(order: Uint32Array, removed: Set<number>, added: number[], compare: (a: number, b: number) => number): Uint32Array {
  const kept = removed.size ? order.filter((slot) => !removed.has(slot)) : order;
  if (!added.length) return kept;
  const result = new Uint32Array(kept.length + added.length);
  let from = 0;
  let to = 0;
  for (const slot of added) {
    let low = from;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(kept[middle]!, slot) < 0) low = middle + 1;
      else high = middle;
    }
    result.set(kept.subarray(from, low), to);
    to += low - from;
    result[to++] = slot;
    from = low;
  }
  result.set(kept.subarray(from), to);
  return result;
}

type EntryRow = {
  catalogId: string;
  id: string;
  position: number;
  sortTitle: string;
  priceCents: number;
  properties: ProductEntry['properties'] | null;
};

/** Reads entries: the products in catalogs (with their positions) and their variations' option values. */
async function readEntries(
  db: Executor,
  where: SQL,
  optionsOf: SQL,
): Promise<{ rows: EntryRow[]; variationsOf: Map<string, ProductEntry['variations']> }> {
  const rows = await db
    .select({
      catalogId: catalogProducts.catalogId,
      id: products.id,
      position: catalogProducts.position,
      sortTitle: products.sortTitle,
      priceCents: products.priceCents,
      properties: products.properties,
    })
    .from(catalogProducts)
    .innerJoin(products, eq(products.id, catalogProducts.productId))
    .where(and(where, eq(products.enabled, true)))
    // the database's own text order: checked against the index's (see `patchable`)
    .orderBy(asc(products.sortTitle), asc(products.id));
  const optionRows = rows.length
    ? await db
        .select({
          productId: variations.productId,
          variationId: variations.id,
          title: productOptions.title,
          value: productOptionValues.title,
          optionPosition: productOptions.position,
          valuePosition: productOptionValues.position,
          colour: sql<string | null>`case when ${productOptions.view} = 'color' then nullif(${productOptionValues.value}, '') end`,
        })
        .from(variations)
        .innerJoin(variationOptionValues, eq(variationOptionValues.variationId, variations.id))
        .innerJoin(productOptionValues, eq(productOptionValues.id, variationOptionValues.optionValueId))
        .innerJoin(productOptions, eq(productOptions.id, productOptionValues.optionId))
        .where(optionsOf)
        .orderBy(asc(variations.id))
    : [];
  const variationsOf = new Map<string, ProductEntry['variations']>();
  // option rows repeat the same few titles and values: one object each, not one per row (memory at 100,000 products)
  const texts = new Map<string, Texts>();
  const shared = (text: Texts) => {
    const key = `${text?.en ?? ''}\0${text?.ru ?? ''}`;
    const known = texts.get(key);
    if (known !== undefined) return known;
    texts.set(key, text);
    return text;
  };
  for (const { productId, variationId, title, value, optionPosition, valuePosition, colour } of optionRows) {
    const option: OptionRow = { title: shared(title as Texts), value: shared(value as Texts), optionPosition, valuePosition, colour };
    let list = variationsOf.get(productId);
    if (!list) variationsOf.set(productId, (list = []));
    const last = list.at(-1);
    if (last?.id === variationId) last.options.push(option);
    else list.push({ id: variationId, options: [option] });
  }
  return { rows, variationsOf };
}

const entryOf = (row: EntryRow, variationsOf: Map<string, ProductEntry['variations']>): ProductEntry => ({
  id: row.id,
  position: row.position,
  sortTitle: row.sortTitle,
  priceCents: row.priceCents,
  properties: row.properties ?? [],
  variations: variationsOf.get(row.id) ?? [],
});

/** Reads a catalog's index from scratch: two queries over the catalog's products and their variations' option values. */
export async function buildCatalogIndex(db: Executor, catalogId: string): Promise<CatalogIndex> {
  const inCatalog = db.select({ id: catalogProducts.productId }).from(catalogProducts).where(eq(catalogProducts.catalogId, catalogId));
  const { rows, variationsOf } = await readEntries(db, eq(catalogProducts.catalogId, catalogId), inArray(variations.productId, inCatalog));
  const index = emptyIndex(catalogId);
  ensureSlots(
    index,
    rows.length,
    rows.reduce((sum, row) => sum + (variationsOf.get(row.id)?.length ?? 0), 0),
  );
  // slots in the database's title order: slot i is the i-th by title
  for (const row of rows) place(index, entryOf(row, variationsOf));
  const compare = comparators(index);
  const slots = Uint32Array.from(rows.keys());
  for (let i = 1; i < slots.length && index.patchable; i++) if (compare.title(i - 1, i) >= 0) index.patchable = false;
  const byDatabaseTitle = (a: number, b: number) => a - b;
  index.orders = {
    custom: slots.slice().sort(compare.custom),
    title: slots,
    price_asc: slots.slice().sort((a, b) => cheapestFirst(index.priceCents[a]!, index.priceCents[b]!) || byDatabaseTitle(a, b)),
    price_desc: slots.slice().sort((a, b) => index.priceCents[b]! - index.priceCents[a]! || byDatabaseTitle(a, b)),
  };
  return index;
}

/**
 * Brings indexes up to date with writes to `productIds` (their fields, options, catalogs or state): two
 * queries for those products in every given catalog, then each index is patched in place. Indexes that
 * cannot be patched (see `patchable`) are returned as stale: the caller rebuilds them.
 */
export async function updateCatalogIndexes(db: Executor, indexes: CatalogIndex[], productIds: string[]): Promise<CatalogIndex[]> {
  const patchable = indexes.filter((index) => index.patchable);
  const ids = [...new Set(productIds)];
  if (patchable.length && ids.length) {
    const { rows, variationsOf } = await readEntries(
      db,
      and(
        inArray(products.id, ids),
        inArray(
          catalogProducts.catalogId,
          patchable.map((index) => index.catalogId),
        ),
      )!,
      inArray(variations.productId, ids),
    );
    for (const index of patchable) {
      const entries = rows.filter((row) => row.catalogId === index.catalogId).map((row) => entryOf(row, variationsOf));
      patchIndex(index, ids, entries);
    }
  }
  return indexes.filter((index) => !index.patchable);
}

/** Takes `ids` out of the index and puts `entries` (the current state of those of them still listed) in. */
export function patchIndex(index: CatalogIndex, ids: string[], entries: ProductEntry[]) {
  const removed = new Set<number>();
  for (const id of ids) {
    const placed = index.entries.get(id);
    if (placed) {
      removed.add(placed.slot);
      unplace(index, placed);
    }
  }
  // freed slots are reused below: take them out of the orders first
  for (const sort of Object.keys(index.orders) as SortCriterion[])
    index.orders[sort] = patchOrder(index.orders[sort], removed, [], () => 0);
  const added = entries.map((entry) => place(index, entry));
  // after placing: the price array may have grown
  const compare = comparators(index);
  for (const sort of Object.keys(index.orders) as SortCriterion[])
    index.orders[sort] = patchOrder(index.orders[sort], new Set(), added.slice().sort(compare[sort]), compare[sort]);
  index.facets.clear();
  productsByOptionValue.delete(index);
}

function unionOf(map: Map<string, Uint32Array>, selection: FacetSelection, size: number): Uint32Array {
  const union = bitsetOf(size);
  for (const title of lowered({ en: selection.title })) {
    for (const value of selection.values) {
      const bits = map.get(`${title}\0${value.toLowerCase()}`);
      if (bits) for (let w = 0; w < union.length; w++) union[w]! |= bits[w]!;
    }
  }
  return union;
}

/** Products passing the filter, as a bit set over slots (null: no filter). */
function matching(index: CatalogIndex, filter: CatalogFilter): Uint32Array | null {
  const size = index.priceCents.length;
  let result: Uint32Array | null = null;
  const intersect = (bits: Uint32Array) => {
    if (!result) result = bits;
    else for (let w = 0; w < result.length; w++) result[w]! &= bits[w]!;
  };
  for (const selection of filter.properties) intersect(unionOf(index.propertyBits, selection, size));
  if (filter.options.length) {
    // one variation must carry a selected value of every filtered option
    const variationCapacity = index.variationProduct.length;
    let variationsMatching: Uint32Array | null = null;
    for (const selection of filter.options) {
      const bits = unionOf(index.optionBits, selection, variationCapacity);
      if (!variationsMatching) variationsMatching = bits;
      else for (let w = 0; w < bits.length; w++) variationsMatching[w]! &= bits[w]!;
    }
    const byProduct = bitsetOf(size);
    for (let v = 0; v < index.variationSlotCount; v++) if (hasBit(variationsMatching!, v)) setBit(byProduct, index.variationProduct[v]!);
    intersect(byProduct);
  }
  const min = filter.minPrice === undefined ? undefined : amountToCents(filter.minPrice);
  const max = filter.maxPrice === undefined ? undefined : amountToCents(filter.maxPrice);
  if (min !== undefined || max !== undefined) {
    const bits = bitsetOf(size);
    for (let i = 0; i < index.slotCount; i++) {
      const price = index.priceCents[i]!;
      if ((min === undefined || price >= min) && (max === undefined || price <= max)) setBit(bits, i);
    }
    intersect(bits);
  }
  return result;
}

/** The filtered count and the ids of one page, in the sort order. */
export function selectListing(
  index: CatalogIndex,
  filter: CatalogFilter,
  sort: SortCriterion,
  offset: number,
  limit: number,
): { total: number; ids: string[] } {
  const bits = matching(index, filter);
  const ids: string[] = [];
  let total = 0;
  for (const i of index.orders[sort]) {
    if (bits && !hasBit(bits, i)) continue;
    if (total >= offset && ids.length < limit) ids.push(index.ids[i]!);
    total += 1;
  }
  return { total, ids };
}

/** The catalog's enabled products. */
export const indexedCount = (index: CatalogIndex) => index.entries.size;

const minimum = (positions: Map<number, number> | undefined) => Math.min(...(positions?.keys() ?? []));

/** Groups ordered (title, value) pairs into facets, keeping the first-seen order of titles and values. */
function toFacets(pairs: [string, string][]): FacetSelection[] {
  const byTitle = new Map<string, string[]>();
  for (const [title, value] of pairs) {
    if (title === '' || value === '') continue;
    const values = byTitle.get(title) ?? [];
    if (!values.includes(value)) values.push(value);
    byTitle.set(title, values);
  }
  return [...byTitle].map(([title, values]) => ({ title, values }));
}

/**
 * The catalog's facets in a language, from the counts the index keeps, ordered as the SQL facets are
 * (properties by their first position in a product, options by option position then value position, ties
 * by text). Computed once per change of the index.
 */
export function indexedFacets(index: CatalogIndex, lang: Language): Facets {
  const known = index.facets.get(lang);
  if (known) return known;
  const counts = index.facetCounts[lang];
  const split = (key: string) => key.split('\0') as [string, string];
  const properties = [...counts.properties.keys()]
    .map((key) => ({ pair: split(key), ord: minimum(counts.properties.get(key)) }))
    .sort((a, b) => a.ord - b.ord || compareCodePoints(a.pair[0], b.pair[0]) || compareCodePoints(a.pair[1], b.pair[1]));
  const options = [...counts.optionPositions.keys()]
    .map((key) => ({ pair: split(key), option: minimum(counts.optionPositions.get(key)), value: minimum(counts.valuePositions.get(key)) }))
    .sort(
      (a, b) =>
        a.option - b.option || compareCodePoints(a.pair[0], b.pair[0]) || a.value - b.value || compareCodePoints(a.pair[1], b.pair[1]),
    );
  let min = Infinity;
  let max = -Infinity;
  for (const { slot } of index.entries.values()) {
    const price = index.priceCents[slot]!;
    if (price < min) min = price;
    if (price > max) max = price;
  }
  const facets: Facets = {
    price: { min: centsToAmount(index.entries.size ? min : 0), max: centsToAmount(index.entries.size ? max : 0) },
    properties: toFacets(properties.map((p) => p.pair)),
    options: toFacets(options.map((o) => o.pair)).map((ordered) => {
      const facet = { ...ordered, values: naturalSizeOrder(ordered.values) };
      const swatches: Record<string, string> = {};
      for (const value of facet.values) {
        const colours = counts.colours.get(`${facet.title}\0${value}`);
        // biome-ignore lint/complexity/useMathMinMax: the greatest of strings, not numbers
        if (colours) swatches[value] = [...colours.keys()].reduce((a, b) => (b > a ? b : a));
      }
      return Object.keys(swatches).length > 0 ? { ...facet, swatches } : facet;
    }),
  };
  index.facets.set(lang, facets);
  return facets;
}

/** How many products each facet value would list (parallel to the facets' values). */
export type FacetValueCounts = { properties: number[][]; options: number[][] };

const popcount = (word: number) => {
  let n = word - ((word >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};

const sameTitle = (selection: FacetSelection, title: string) => selection.title.toLowerCase() === title.toLowerCase();

/**
 * The filter as it would be with `value` chosen in the facet `title`: that facet's own selection (the one of
 * the same title, ignoring case) replaced by the value, every other facet and the price range kept. The count
 * of a value is the listing's count under this filter: what the list shows once the value is added when its
 * facet has nothing chosen yet, and the value's own share beside the other chosen values of its facet (values
 * of one facet are alternatives), as Shopify's filters count.
 */
export function filterWithValue(filter: CatalogFilter, kind: 'properties' | 'options', title: string, value: string): CatalogFilter {
  return { ...filter, [kind]: [...filter[kind].filter((selection) => !sameTitle(selection, title)), { title, values: [value] }] };
}

/**
 * The count of every facet value under the applied filter (see `filterWithValue`), from the index's bit sets:
 * for each facet the other facets' products are intersected once, then each value's bits are counted against
 * them (an option's values through their variations, as the filter matches one variation carrying all).
 */
export function countFacetValues(index: CatalogIndex, facets: Facets, filter: CatalogFilter): FacetValueCounts {
  const size = index.priceCents.length;
  const words = wordsOf(size);
  const variationCapacity = index.variationProduct.length;
  const live = bitsetOf(size);
  for (const { slot } of index.entries.values()) setBit(live, slot);
  const min = filter.minPrice === undefined ? undefined : amountToCents(filter.minPrice);
  const max = filter.maxPrice === undefined ? undefined : amountToCents(filter.maxPrice);
  if (min !== undefined || max !== undefined) {
    for (const { slot } of index.entries.values()) {
      const price = index.priceCents[slot]!;
      if ((min !== undefined && price < min) || (max !== undefined && price > max)) clearBit(live, slot);
    }
  }
  const propertySets = filter.properties.map((selection) => ({ selection, bits: unionOf(index.propertyBits, selection, size) }));
  const optionSets = filter.options.map((selection) => ({ selection, bits: unionOf(index.optionBits, selection, variationCapacity) }));
  const intersection = (sets: { bits: Uint32Array }[], capacity: number): Uint32Array | null => {
    if (!sets.length) return null;
    const result = bitsetOf(capacity);
    result.set(sets[0]!.bits);
    for (const { bits } of sets.slice(1)) for (let w = 0; w < result.length; w++) result[w]! &= bits[w]!;
    return result;
  };
  const productsOf = (variationBits: Uint32Array, into: Uint32Array) => {
    for (let w = 0; w < variationBits.length; w++) {
      let word = variationBits[w]!;
      while (word !== 0) {
        const bit = 31 - Math.clz32(word & -word);
        word &= word - 1;
        const v = (w << 5) + bit;
        if (v < index.variationSlotCount) setBit(into, index.variationProduct[v]!);
      }
    }
    return into;
  };
  const optionValueBits = (title: string, value: string) => unionOf(index.optionBits, { title, values: [value] }, variationCapacity);
  const andOf = (bits: Uint32Array, other: Uint32Array) => {
    for (let w = 0; w < bits.length; w++) bits[w]! &= other[w]!;
    return bits;
  };
  // the products carrying an option value, kept until the index changes: the counts without another option chosen
  let kept = productsByOptionValue.get(index);
  if (!kept) productsByOptionValue.set(index, (kept = new Map()));
  const productsWith = (title: string, value: string) => {
    const key = `${title.toLowerCase()}\0${value.toLowerCase()}`;
    let bits = kept.get(key);
    if (!bits) kept.set(key, (bits = productsOf(optionValueBits(title, value), bitsetOf(size))));
    return bits;
  };
  // products passing the whole option filter, for the property counts
  const allOptions = intersection(optionSets, variationCapacity);
  const withOptions = allOptions ? productsOf(allOptions, bitsetOf(size)) : null;
  const properties = facets.properties.map((facet) => {
    const others = live.slice();
    if (withOptions) for (let w = 0; w < words; w++) others[w]! &= withOptions[w]!;
    for (const { selection, bits } of propertySets)
      if (!sameTitle(selection, facet.title)) for (let w = 0; w < words; w++) others[w]! &= bits[w]!;
    return facet.values.map((value) => {
      const bits = unionOf(index.propertyBits, { title: facet.title, values: [value] }, size);
      let total = 0;
      for (let w = 0; w < words; w++) total += popcount(bits[w]! & others[w]!);
      return total;
    });
  });
  const passing = live.slice();
  for (const { bits } of propertySets) for (let w = 0; w < words; w++) passing[w]! &= bits[w]!;
  const options = facets.options.map((facet) => {
    const others = intersection(
      optionSets.filter(({ selection }) => !sameTitle(selection, facet.title)),
      variationCapacity,
    );
    return facet.values.map((value) => {
      const listed = others
        ? productsOf(andOf(optionValueBits(facet.title, value), others), bitsetOf(size))
        : productsWith(facet.title, value);
      let total = 0;
      for (let w = 0; w < words; w++) total += popcount(listed[w]! & passing[w]!);
      return total;
    });
  });
  return { properties, options };
}
