import { type SQL, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import {
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_LIST_SEPARATOR,
  PRODUCT_CSV_MAX_OPTIONS,
  PRODUCT_CSV_MAX_ROWS,
  PRODUCT_CSV_OPTION_COLUMN,
  PRODUCT_SLUG_PATTERN,
  type ProductCsvColumn,
  type ProductDetail,
  type ProductImportError,
} from '../../../../contract/admin';
import type { Language } from '../../../../lib/localize';
import type { Executor } from '../../../db/client';
import { productOptions } from '../../../db/schema';
import { adminMessage } from '../messages';

/** A data row of the file: its row number (the header is row 1) and its cells by column. */
export type CsvRow = { row: number; cells: Map<string, string> };
export type ParsedCsv = { columns: string[]; rows: CsvRow[]; errors: ProductImportError[] };

/** Spreadsheets run cells starting with these as formulas: the export prefixes them with `'`, the import drops it. */
const FORMULA_START = /^'[=+\-@\t\r]/;

const m = (key: string, lang: Language, params?: Record<string, string | number>) => adminMessage(`catalogs.csv.${key}`, lang, params);

/** Reads the file: header check, rows as cells; problems of the file as a whole are row 1 errors. */
export function parseProductCsv(text: string, lang: Language, maxRows = PRODUCT_CSV_MAX_ROWS): ParsedCsv {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const errors: ProductImportError[] = parsed.errors
    .slice(0, 20)
    .map((e) => ({ row: (e.row ?? 0) + 1, column: null, message: m('malformed', lang, { detail: e.message }) }));
  const [header = [], ...body] = parsed.data;
  const columns = header.map((h) => h.trim().toLowerCase());
  const known = new Set<string>(PRODUCT_CSV_COLUMNS);
  columns.forEach((column) => {
    if (!known.has(column) && !PRODUCT_CSV_OPTION_COLUMN.test(column))
      errors.push({ row: 1, column, message: m('unknownColumn', lang, { column }) });
  });
  const seen = new Set<string>();
  for (const column of columns) {
    if (seen.has(column)) errors.push({ row: 1, column, message: m('duplicateColumn', lang, { column }) });
    seen.add(column);
  }
  for (const required of ['slug', 'title_en', 'price'] as const) {
    if (!seen.has(required)) errors.push({ row: 1, column: required, message: m('missingColumn', lang, { column: required }) });
  }
  if (body.length === 0) errors.push({ row: 1, column: null, message: m('noRows', lang) });
  if (body.length > maxRows) errors.push({ row: 1, column: null, message: m('tooManyRows', lang, { count: maxRows }) });
  const rows = body.slice(0, maxRows).map((cells, i) => ({
    row: i + 2,
    cells: new Map(columns.map((column, c) => [column, (cells[c] ?? '').replace(FORMULA_START, (s) => s.slice(1))])),
  }));
  return { columns, rows, errors };
}

// ---------------------------------------------------------------- cell readers

export const parseBoolean = (text: string): boolean | null | undefined => {
  const v = text.trim().toLowerCase();
  if (v === '') return null;
  if (['true', 'yes', '1', 'y', 'да'].includes(v)) return true;
  if (['false', 'no', '0', 'n', 'нет'].includes(v)) return false;
  return undefined;
};

/** A decimal amount (`12.50`, `12,5`, `12`) in minor units; null when empty, undefined when not an amount. */
export const parseAmount = (text: string): number | null | undefined => {
  const v = text.trim().replace(',', '.');
  if (v === '') return null;
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(v)) return undefined;
  return Math.round(Number(v) * 100);
};

const parseCount = (text: string): number | null | undefined => {
  const v = text.trim();
  if (v === '') return null;
  return /^\d{1,8}$/.test(v) ? Number(v) : undefined;
};

const parseMeasure = (text: string): number | null | undefined => {
  const v = text.trim().replace(',', '.');
  if (v === '') return null;
  return /^\d{1,7}(\.\d{1,6})?$/.test(v) ? Number(v) : undefined;
};

// ---------------------------------------------------------------- export

/** Column order of the export: the product columns, the option columns of the product with most options, the variation columns. */
export function exportColumns(optionCount: number): string[] {
  const options = Array.from({ length: optionCount }, (_, i) =>
    ['title_en', 'title_ru', 'value_en', 'value_ru'].map((part) => `option${i + 1}_${part}`),
  ).flat();
  const productColumns: ProductCsvColumn[] = ['slug', 'title_en', 'title_ru', 'description_en', 'description_ru', 'catalogs', 'enabled'];
  const variationColumns: ProductCsvColumn[] = ['sku', 'price', 'discount_price', 'stock', 'stock_at_export', 'weight', 'default'];
  return [...productColumns, ...options, ...variationColumns];
}

/** Products the export reads at a time (about six variation rows each): one statement each, so none runs long. */
const EXPORT_BATCH = 1000;
const CSV_OPTIONS = { escapeFormulae: true, newline: '\r\n' } as const;

/** An amount in minor units as the file has it (`12.50`), in SQL. */
const amountCell = (cents: SQL) => sql`coalesce(round(${cents} / 100.0, 2)::text, '')`;

/**
 * The statement writing the CSV lines of EXPORT_BATCH products after `after` (by address), one line per variation, each
 * field through csv_field (papaparse's quoting with formulas defused, as the header is written): the database
 * formats the rows, the server only passes them on. Answers the batch's text and its last address.
 */
function exportBatch(after: string | null, size: number, optionCount: number): SQL {
  const k = Array.from({ length: optionCount }, (_, i) => i + 1);
  const optionCells = k.flatMap((n) => [
    sql`case when v.first then csv_field(o.titles[${sql.raw(String(n))}]->>'en') else '' end`,
    sql`case when v.first then csv_field(o.titles[${sql.raw(String(n))}]->>'ru') else '' end`,
    sql`csv_field(o.vals->(v.id || '/' || o.ids[${sql.raw(String(n))}])->>'en')`,
    sql`csv_field(o.vals->(v.id || '/' || o.ids[${sql.raw(String(n))}])->>'ru')`,
  ]);
  const cells = [
    sql`csv_field(p.slug)`,
    sql`case when v.first then csv_field(coalesce(p.title->>'en', '')) else '' end`,
    sql`case when v.first then csv_field(coalesce(p.title->>'ru', '')) else '' end`,
    sql`case when v.first then csv_field(coalesce(p.description->>'en', '')) else '' end`,
    sql`case when v.first then csv_field(coalesce(p.description->>'ru', '')) else '' end`,
    sql`case when v.first then csv_field(coalesce(c.slugs, '')) else '' end`,
    sql`case when v.first then p.enabled::text else '' end`,
    ...optionCells,
    sql`csv_field(v.sku)`,
    amountCell(sql`v.full_price_cents`),
    amountCell(sql`v.discount_price_cents`),
    sql`coalesce(v.stock::text, '')`,
    sql`coalesce(v.stock::text, '')`,
    sql`coalesce(v.weight::text, '')`,
    sql`v.is_default::text`,
  ];
  return sql`
    with p as (
      select id, slug, title, description, enabled from products
      ${after === null ? sql`` : sql`where slug > ${after}`}
      order by slug limit ${size}
    )
    select
      string_agg(${sql.join(cells, sql` || ',' || `)}, ${'\r\n'} order by p.slug, v.position, v.id) as text,
      (select max(slug) from p) as last,
      (select count(*) from p)::int as products
    from p
    join lateral (
      select x.id, x.sku, x.full_price_cents, x.discount_price_cents, x.stock, x.weight, x.is_default, x.position,
        row_number() over (order by x.position, x.id) = 1 as first
      from variations x where x.product_id = p.id
    ) v on true
    -- the product's options in order, and each variation's value of each option ("variation/option": its title; of two
    -- values of one option, the first in order wins), read once per product rather than once per variation
    left join lateral (
      select array_agg(po.id order by po.position, po.id) as ids, array_agg(po.title order by po.position, po.id) as titles,
        (select jsonb_object_agg(vov.variation_id || '/' || pov.option_id, pov.title order by pov.position desc, pov.id desc)
          from product_options po2
          join product_option_values pov on pov.option_id = po2.id
          join variation_option_values vov on vov.option_value_id = pov.id
          where po2.product_id = p.id) as vals
      from product_options po where po.product_id = p.id
    ) o on true
    left join lateral (
      select string_agg(cat.slug, ${PRODUCT_CSV_LIST_SEPARATOR} order by cat.slug) as slugs
      from catalog_products cp join catalogs cat on cat.id = cp.catalog_id
      where cp.product_id = p.id
    ) c on true`;
}

/**
 * Every product as the CSV has it, one row per variation, products by address and variations in their order, as
 * chunks of text: the header, then the lines of `batch` products at a time (read by address, after the last one
 * written), each batch one statement that formats its lines, so a whole catalog streams out without being held in
 * memory or read by one long statement.
 */
export async function* productCsvChunks(db: Executor, batch = EXPORT_BATCH): AsyncGenerator<string> {
  const [widest] = await db.select({ n: sql<number>`coalesce(max(n), 0)::int` }).from(
    db
      .select({ n: sql<number>`count(*)`.as('n') })
      .from(productOptions)
      .groupBy(productOptions.productId)
      .as('counts'),
  );
  const optionCount = Math.min(PRODUCT_CSV_MAX_OPTIONS, Number(widest?.n ?? 0));
  yield `\uFEFF${Papa.unparse([exportColumns(optionCount)], CSV_OPTIONS)}\r\n`;
  let after: string | null = null;
  for (;;) {
    const result = (await db.execute(exportBatch(after, batch, optionCount))) as unknown as {
      rows: { text: string | null; last: string | null; products: number }[];
    };
    const [row] = result.rows;
    if (row?.text) yield `${row.text}\r\n`;
    if (!row?.last || row.products < batch) return;
    after = row.last;
  }
}

// ---------------------------------------------------------------- import: rows to product bodies

/** The variation of a product in the file, with its row. */
export type VariationDraft = {
  row: number;
  sku: string | null;
  /** values of the product's options, English and Russian titles */
  values: { en: string; ru: string }[];
  fullPriceCents: number;
  discountPriceCents: number | null | undefined;
  stock: number | null | undefined;
  /** the stock when the file was exported (undefined: no such column) */
  stockAtExport: number | null | undefined;
  weight: number | null | undefined;
  isDefault: boolean | null | undefined;
};

/** A product of the file: its rows' product columns (`undefined`: the column is not in the file) and variations. */
export type ProductDraft = {
  slug: string;
  firstRow: number;
  title: { en: string; ru: string | undefined };
  description: { en: string | undefined; ru: string | undefined };
  catalogSlugs: string[] | undefined;
  enabled: boolean | null | undefined;
  options: { en: string; ru: string }[];
  variations: VariationDraft[];
};

const PRODUCT_ONLY: ProductCsvColumn[] = ['title_en', 'title_ru', 'description_en', 'description_ru', 'catalogs', 'enabled'];

/** Checks every cell and groups rows into products; every problem is reported with its row and column. */
export function draftProducts(parsed: ParsedCsv, lang: Language): { drafts: ProductDraft[]; errors: ProductImportError[] } {
  const errors: ProductImportError[] = [];
  const fail = (row: number, column: string | null, key: string, params?: Record<string, string | number>) =>
    errors.push({ row, column, message: m(key, lang, params) });
  const has = (column: string) => parsed.columns.includes(column);
  const byProduct = new Map<string, CsvRow[]>();
  for (const row of parsed.rows) {
    const slug = (row.cells.get('slug') ?? '').trim();
    if (!slug) {
      fail(row.row, 'slug', 'slugRequired');
      continue;
    }
    if (!PRODUCT_SLUG_PATTERN.test(slug) || slug.length > 200) {
      fail(row.row, 'slug', 'slugRule');
      continue;
    }
    byProduct.set(slug, [...(byProduct.get(slug) ?? []), row]);
  }
  const skuRows = new Map<string, number>();
  const drafts: ProductDraft[] = [];
  for (const [slug, rows] of byProduct) {
    const first = rows[0]!;
    const get = (row: CsvRow, column: string) => row.cells.get(column) ?? '';
    // later rows leave the product columns empty or repeat them
    for (const row of rows.slice(1)) {
      for (const column of [...PRODUCT_ONLY, ...parsed.columns.filter((c) => /^option\d+_title_/.test(c))]) {
        const value = get(row, column).trim();
        if (value !== '' && value !== get(first, column).trim()) fail(row.row, column, 'differsFromFirst', { row: first.row });
      }
    }
    const titleEn = get(first, 'title_en').trim();
    if (!titleEn) fail(first.row, 'title_en', 'titleRequired');
    const enabled = has('enabled') ? parseBoolean(get(first, 'enabled')) : undefined;
    if (has('enabled') && enabled === undefined) fail(first.row, 'enabled', 'boolean');
    const catalogSlugs = has('catalogs')
      ? get(first, 'catalogs')
          .split(PRODUCT_CSV_LIST_SEPARATOR)
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined;
    // options: the titles on the first row, numbered without gaps
    const options: { en: string; ru: string }[] = [];
    for (let k = 1; k <= PRODUCT_CSV_MAX_OPTIONS; k++) {
      const en = get(first, `option${k}_title_en`).trim();
      const ru = get(first, `option${k}_title_ru`).trim();
      if (!en && !ru) continue;
      if (!en) fail(first.row, `option${k}_title_en`, 'optionTitleRequired');
      else if (k !== options.length + 1) fail(first.row, `option${k}_title_en`, 'optionGap', { number: options.length + 1 });
      else options.push({ en, ru });
    }
    const variations: VariationDraft[] = [];
    for (const row of rows) {
      const sku = has('sku') ? get(row, 'sku').trim() || null : null;
      if (sku && sku.length > 100) fail(row.row, 'sku', 'skuTooLong');
      if (sku) {
        const other = skuRows.get(sku);
        if (other !== undefined) fail(row.row, 'sku', 'skuTwice', { row: other });
        else skuRows.set(sku, row.row);
      }
      const price = parseAmount(get(row, 'price'));
      if (price === null) fail(row.row, 'price', 'priceRequired');
      // 0 is "price on request", as in the product editor
      else if (price === undefined || price < 0) fail(row.row, 'price', 'priceAmount');
      const discount = has('discount_price') ? parseAmount(get(row, 'discount_price')) : undefined;
      if (has('discount_price') && discount === undefined) fail(row.row, 'discount_price', 'amount');
      else if (typeof discount === 'number' && typeof price === 'number' && (discount <= 0 || discount >= price))
        fail(row.row, 'discount_price', 'discountBelowPrice');
      const stock = has('stock') ? parseCount(get(row, 'stock')) : undefined;
      if (has('stock') && stock === undefined) fail(row.row, 'stock', 'count');
      const stockAtExport = has('stock_at_export') ? parseCount(get(row, 'stock_at_export')) : undefined;
      if (has('stock_at_export') && stockAtExport === undefined) fail(row.row, 'stock_at_export', 'count');
      const weight = has('weight') ? parseMeasure(get(row, 'weight')) : undefined;
      if (has('weight') && weight === undefined) fail(row.row, 'weight', 'measure');
      const isDefault = has('default') ? parseBoolean(get(row, 'default')) : undefined;
      if (has('default') && isDefault === undefined) fail(row.row, 'default', 'boolean');
      const values = options.map((option, k) => {
        const en = get(row, `option${k + 1}_value_en`).trim();
        if (!en) fail(row.row, `option${k + 1}_value_en`, 'valueRequired', { option: option.en });
        return { en, ru: get(row, `option${k + 1}_value_ru`).trim() };
      });
      for (let k = options.length + 1; k <= PRODUCT_CSV_MAX_OPTIONS; k++) {
        if (get(row, `option${k}_value_en`).trim() || get(row, `option${k}_value_ru`).trim())
          fail(row.row, `option${k}_value_en`, 'valueWithoutOption', { number: k });
      }
      variations.push({
        row: row.row,
        sku,
        values,
        fullPriceCents: price ?? 0,
        discountPriceCents: discount,
        stock,
        stockAtExport,
        weight,
        isDefault,
      });
    }
    const defaults = variations.filter((v) => v.isDefault === true);
    for (const extra of defaults.slice(1)) fail(extra.row, 'default', 'oneDefault');
    const combos = new Map<string, number>();
    for (const variation of variations) {
      const key = variation.values.map((v) => v.en.toLowerCase()).join('\u0000');
      const other = combos.get(key);
      if (other !== undefined)
        fail(variation.row, options.length ? 'option1_value_en' : null, options.length ? 'sameValues' : 'oneVariationWithoutOptions', {
          row: other,
        });
      else combos.set(key, variation.row);
    }
    drafts.push({
      slug,
      firstRow: first.row,
      title: { en: titleEn, ru: has('title_ru') ? get(first, 'title_ru').trim() : undefined },
      description: {
        en: has('description_en') ? get(first, 'description_en') : undefined,
        ru: has('description_ru') ? get(first, 'description_ru') : undefined,
      },
      catalogSlugs,
      enabled,
      options,
      variations,
    });
  }
  return { drafts, errors };
}

/**
 * The product body a draft makes: columns left out of the file keep the product's values, its options and
 * variations are matched to the existing ones (options and values by English title, variations by SKU, else
 * by their values) so their ids, images and other settings stay. `rowOf` maps body paths back to rows.
 */
export function productBodyOf(draft: ProductDraft, existing: ProductDetail | null, catalogIds: string[] | undefined) {
  const lower = (s: string) => s.toLowerCase();
  const options = draft.options.map((title, k) => {
    const known = existing?.options.find((o) => lower(o.title.en) === lower(title.en));
    const values: { en: string; ru: string }[] = [];
    for (const variation of draft.variations) {
      const value = variation.values[k]!;
      if (value.en && !values.some((v) => lower(v.en) === lower(value.en))) values.push(value);
    }
    return {
      ...(known ? { id: known.id } : {}),
      title,
      type: known?.type === 'number' ? ('number' as const) : ('string' as const),
      view: known?.view === 'radio' || known?.view === 'color' ? known.view : ('select' as const),
      unit: known?.unit ?? null,
      values: values.map((value) => {
        const knownValue = known?.values.find((v) => lower(v.title.en) === lower(value.en));
        return { ...(knownValue ? { id: knownValue.id } : {}), title: value, value: knownValue?.value ?? null };
      }),
    };
  });
  const unmatched = [...(existing?.variations ?? [])];
  const valueTitles = (v: ProductDetail['variations'][number]) =>
    existing ? v.values.map((index, k) => lower(existing.options[k]?.values[index]?.title.en ?? '')).join('\u0000') : '';
  const takeMatch = (draftVariation: VariationDraft) => {
    const key = draftVariation.values.map((v) => lower(v.en)).join('\u0000');
    const index = unmatched.findIndex((v) => (draftVariation.sku ? v.sku === draftVariation.sku : false));
    const found = index >= 0 ? index : draftVariation.sku ? -1 : unmatched.findIndex((v) => valueTitles(v) === key);
    return found >= 0 ? unmatched.splice(found, 1)[0]! : null;
  };
  const matched = draft.variations.map(takeMatch);
  const explicitDefault = draft.variations.findIndex((v) => v.isDefault === true);
  const keptDefault = matched.findIndex((v, i) => v?.isDefault && draft.variations[i]!.isDefault !== false);
  const defaultIndex = explicitDefault >= 0 ? explicitDefault : Math.max(keptDefault, 0);
  const variations = draft.variations.map((v, i) => {
    const known = matched[i];
    return {
      ...(known ? { id: known.id } : {}),
      values: v.values.map((value, k) => options[k]!.values.findIndex((o) => lower(o.title.en) === lower(value.en))),
      sku: v.sku,
      fullPriceCents: v.fullPriceCents,
      discountPriceCents: v.discountPriceCents === undefined ? (known?.discountPriceCents ?? null) : v.discountPriceCents,
      // an existing variation's stock is sent only as a change: a column left out keeps what orders left
      ...(known ? (v.stock === undefined ? {} : { stock: v.stock, stockSeen: v.stockAtExport }) : { stock: v.stock ?? null }),
      weight: v.weight === undefined ? (known?.weight ?? null) : v.weight,
      height: known?.height ?? null,
      width: known?.width ?? null,
      length: known?.length ?? null,
      imageId: known?.imageId ?? null,
      isDefault: i === defaultIndex,
    };
  });
  return {
    title: { en: draft.title.en, ru: draft.title.ru ?? existing?.title.ru ?? '' },
    slug: draft.slug,
    description: { en: draft.description.en ?? existing?.description.en ?? '', ru: draft.description.ru ?? existing?.description.ru ?? '' },
    metaTitle: existing?.metaTitle ?? { en: '', ru: '' },
    metaDescription: existing?.metaDescription ?? { en: '', ru: '' },
    enabled: draft.enabled ?? existing?.enabled ?? false,
    imageIds: existing?.imageIds ?? [],
    catalogIds: catalogIds ?? existing?.catalogIds ?? [],
    relatedProductIds: existing?.relatedProducts.map((r) => r.id) ?? [],
    properties: existing?.properties ?? [],
    weight: existing?.weight ?? 0,
    height: existing?.height ?? 0,
    width: existing?.width ?? 0,
    length: existing?.length ?? 0,
    options,
    variations,
  };
}

const VARIATION_COLUMNS: Record<string, string> = {
  fullPriceCents: 'price',
  discountPriceCents: 'discount_price',
  stock: 'stock',
  stockSeen: 'stock_at_export',
  weight: 'weight',
  sku: 'sku',
  isDefault: 'default',
  values: 'option1_value_en',
};
const PRODUCT_COLUMNS: Record<string, string> = { slug: 'slug', catalogIds: 'catalogs', enabled: 'enabled' };

/** The row and column of a product body path (`variations.2.fullPriceCents` → that variation's row, `price`). */
export function locate(draft: ProductDraft, path: string): { row: number; column: string | null } {
  const parts = path.split('.');
  if (parts[0] === 'variations' && parts[1] !== undefined && /^\d+$/.test(parts[1])) {
    const variation = draft.variations[Number(parts[1])];
    return { row: variation?.row ?? draft.firstRow, column: VARIATION_COLUMNS[parts[2] ?? ''] ?? null };
  }
  if (parts[0] === 'options' && parts[1] !== undefined && /^\d+$/.test(parts[1])) {
    const k = Number(parts[1]) + 1;
    if (parts[2] === 'values' && parts[3] !== undefined && /^\d+$/.test(parts[3])) {
      // the j-th value of the option is the j-th different one down the product's rows
      const seen: string[] = [];
      const row = draft.variations.find((v) => {
        const en = v.values[k - 1]?.en.toLowerCase() ?? '';
        if (!seen.includes(en)) seen.push(en);
        return seen.length === Number(parts[3]) + 1;
      })?.row;
      return { row: row ?? draft.firstRow, column: `option${k}_value_${parts[5] === 'ru' ? 'ru' : 'en'}` };
    }
    return { row: draft.firstRow, column: `option${k}_title_${parts[3] === 'ru' ? 'ru' : 'en'}` };
  }
  if ((parts[0] === 'title' || parts[0] === 'description') && (parts[1] === 'en' || parts[1] === 'ru'))
    return { row: draft.firstRow, column: `${parts[0]}_${parts[1]}` };
  return { row: draft.firstRow, column: PRODUCT_COLUMNS[parts[0] ?? ''] ?? null };
}
