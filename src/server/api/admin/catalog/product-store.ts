import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, max, ne, notInArray, sql } from 'drizzle-orm';
import type { ProductBodyParsed, ProductDetail } from '../../../../contract/admin';
import { variationTitle, type GridOption } from '../../../../lib/admin/variation-grid';
import { localize, type Language } from '../../../../lib/localize';
import type { Executor } from '../../../db/client';
import {
  catalogProducts,
  catalogs,
  images,
  productOptionValues,
  productOptions,
  products,
  variationOptionValues,
  variations,
} from '../../../db/schema';
import { refreshListingFields } from '../../catalog/listing-fields';
import { sanitizeRichText } from '../../content/sanitize';
import { videoOfField } from '../../../../lib/video-field';
import { ApiError, notFound } from '../../core/errors';
import { adminMessage } from '../messages';
import { redirectRenamedPath } from '../redirect-renamed';

export const productPath = (slug: string) => `/products/${slug}`;

const text = (value: { en?: string; ru?: string } | null | undefined) => ({ en: value?.en ?? '', ru: value?.ru ?? '' });

/** The product as the back office edits it: every field, its options and variations, in order. */
export async function loadProductDetail(db: Executor, id: string, lang: Language): Promise<ProductDetail> {
  const [product] = await db.select().from(products).where(eq(products.id, id));
  if (!product) throw notFound(adminMessage('products.notFound', lang));
  const [optionRows, variationRows, links, related] = await Promise.all([
    db.select().from(productOptions).where(eq(productOptions.productId, id)).orderBy(asc(productOptions.position), asc(productOptions.id)),
    db.select().from(variations).where(eq(variations.productId, id)).orderBy(asc(variations.position), asc(variations.id)),
    db.select({ catalogId: catalogProducts.catalogId }).from(catalogProducts).where(eq(catalogProducts.productId, id)),
    product.relatedProductIds.length
      ? db
          .select({ id: products.id, title: products.title, slug: products.slug })
          .from(products)
          .where(inArray(products.id, product.relatedProductIds))
      : Promise.resolve([]),
  ]);
  const [valueRows, links2] = await Promise.all([
    optionRows.length
      ? db
          .select()
          .from(productOptionValues)
          .where(
            inArray(
              productOptionValues.optionId,
              optionRows.map((o) => o.id),
            ),
          )
          .orderBy(asc(productOptionValues.position), asc(productOptionValues.id))
      : Promise.resolve([]),
    variationRows.length
      ? db
          .select()
          .from(variationOptionValues)
          .where(
            inArray(
              variationOptionValues.variationId,
              variationRows.map((v) => v.id),
            ),
          )
      : Promise.resolve([]),
  ]);
  const options = optionRows.map((option) => ({
    id: option.id,
    title: text(option.title),
    type: option.type,
    view: option.view,
    unit: option.unit ? text(option.unit) : null,
    values: valueRows.filter((v) => v.optionId === option.id).map((v) => ({ id: v.id, title: text(v.title), value: v.value })),
  }));
  const relatedById = new Map(related.map((r) => [r.id, r]));
  return {
    id: product.id,
    slug: product.slug,
    url: productPath(product.slug),
    title: text(product.title),
    description: text(product.description),
    metaTitle: text(product.metaTitle),
    metaDescription: text(product.metaDescription),
    enabled: product.enabled,
    imageIds: product.imageIds,
    catalogIds: links.map((l) => l.catalogId).sort(),
    relatedProducts: product.relatedProductIds.flatMap((rid) => {
      const row = relatedById.get(rid);
      return row ? [{ id: row.id, title: localize(row.title, lang), slug: row.slug }] : [];
    }),
    properties: product.properties.map((p) => ({ title: text(p.title), value: text(p.value) })),
    weight: product.weight,
    height: product.height,
    width: product.width,
    length: product.length,
    taxClass: product.taxClass,
    video: product.video ?? null,
    options,
    variations: variationRows.map((v) => {
      const valueIds = links2.filter((l) => l.variationId === v.id).map((l) => l.optionValueId);
      const indexes = options.map((o) => o.values.findIndex((value) => valueIds.includes(value.id)));
      return {
        id: v.id,
        values: indexes,
        valueIds: options.flatMap((o, i) => (indexes[i]! >= 0 ? [o.values[indexes[i]!]!.id] : [])),
        title: v.title ? text(v.title) : null,
        sku: v.sku,
        fullPriceCents: v.fullPriceCents,
        discountPriceCents: v.discountPriceCents,
        stock: v.stock,
        weight: v.weight,
        height: v.height,
        width: v.width,
        length: v.length,
        imageId: v.imageId,
        isDefault: v.isDefault,
      };
    }),
    priceCents: product.priceCents,
    priceFullCents: product.priceFullCents,
    version: product.version,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}

/** What an audit entry keeps of a product: everything but timestamps. */
export function productAuditView(detail: ProductDetail | null) {
  if (!detail) return undefined;
  const { createdAt: _c, updatedAt: _u, ...rest } = detail;
  return rest;
}

/** A slug made from a title: lower-case Latin letters and digits joined by hyphens. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'product';
}

/** `base`, else `base-2`, `base-3`… whichever no other product uses. */
async function freeSlug(tx: Executor, base: string, exceptId: string | null): Promise<string> {
  const rows = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(
      and(sql`(${products.slug} = ${base} or ${products.slug} like ${`${base}-%`})`, exceptId ? ne(products.id, exceptId) : undefined),
    );
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

type FieldErrors = Record<string, string[]>;
const push = (errors: FieldErrors, path: string, message: string) => (errors[path] ??= []).push(message);

function throwIfAny(errors: FieldErrors): void {
  const paths = Object.keys(errors);
  if (paths.length === 0) return;
  const first = paths[0]!;
  throw new ApiError(400, errors[first]![0]!, { errorPath: first, fieldErrors: errors });
}

type Existing = { optionIds: Set<string>; valueOption: Map<string, string>; variationIds: Set<string> };

async function existingGraph(tx: Executor, productId: string): Promise<Existing> {
  const [optionRows, variationRows] = await Promise.all([
    tx.select({ id: productOptions.id }).from(productOptions).where(eq(productOptions.productId, productId)),
    tx.select({ id: variations.id }).from(variations).where(eq(variations.productId, productId)),
  ]);
  const valueRows = optionRows.length
    ? await tx
        .select({ id: productOptionValues.id, optionId: productOptionValues.optionId })
        .from(productOptionValues)
        .where(
          inArray(
            productOptionValues.optionId,
            optionRows.map((o) => o.id),
          ),
        )
    : [];
  return {
    optionIds: new Set(optionRows.map((o) => o.id)),
    valueOption: new Map(valueRows.map((v) => [v.id, v.optionId])),
    variationIds: new Set(variationRows.map((v) => v.id)),
  };
}

/**
 * How a save treats the stock of existing variations: as changes from what the editor saw (`stockSeen`), as changes from
 * what a CSV export held (the same, told in the import's words), or as figures set outright.
 */
export type StockMode = 'changes' | 'since-export' | 'absolute';

/** Checks what zod cannot: references to other rows, the options grid, one default variation, a stock change's base. */
async function validateGraph(
  tx: Executor,
  productId: string,
  body: ProductBodyParsed,
  existing: Existing,
  lang: Language,
  stockMode: StockMode,
): Promise<void> {
  const errors: FieldErrors = {};
  const m = (key: string, params?: Record<string, string | number>) => adminMessage(`products.${key}`, lang, params);
  const [foundCatalogs, foundImages, foundRelated] = await Promise.all([
    body.catalogIds.length ? tx.select({ id: catalogs.id }).from(catalogs).where(inArray(catalogs.id, body.catalogIds)) : [],
    body.imageIds.length ? tx.select({ id: images.id }).from(images).where(inArray(images.id, body.imageIds)) : [],
    body.relatedProductIds.length ? tx.select({ id: products.id }).from(products).where(inArray(products.id, body.relatedProductIds)) : [],
  ]);
  if (foundCatalogs.length !== body.catalogIds.length) push(errors, 'catalogIds', m('unknownCatalog'));
  if (foundImages.length !== body.imageIds.length) push(errors, 'imageIds', m('unknownImage'));
  if (body.video) {
    if (videoOfField(body.video) === null)
      push(errors, 'video.video', adminMessage(`builder.${body.video.source === 'file' ? 'videoFile' : 'videoAddress'}`, lang));
    const preview = body.video.previewImage;
    if (preview && (await tx.select({ id: images.id }).from(images).where(eq(images.id, preview))).length === 0)
      push(errors, 'video.previewImage', m('unknownImage'));
  }
  if (foundRelated.length !== body.relatedProductIds.length || body.relatedProductIds.includes(productId))
    push(errors, 'relatedProductIds', m('unknownRelated'));

  body.options.forEach((option, i) => {
    if (option.id && !existing.optionIds.has(option.id)) push(errors, `options.${i}.id`, m('unknownOption'));
    const titles = new Set<string>();
    option.values.forEach((value, j) => {
      if (value.id && existing.valueOption.get(value.id) !== option.id) push(errors, `options.${i}.values.${j}.id`, m('unknownOption'));
      const key = value.title.en.toLowerCase();
      if (titles.has(key)) push(errors, `options.${i}.values.${j}.title.en`, m('duplicateValue'));
      titles.add(key);
    });
  });
  const optionIds = body.options.map((o) => o.id).filter(Boolean);
  if (new Set(optionIds).size !== optionIds.length) push(errors, 'options', m('unknownOption'));

  const sets = new Set<string>();
  let defaults = 0;
  body.variations.forEach((variation, i) => {
    if (variation.id && !existing.variationIds.has(variation.id)) push(errors, `variations.${i}.id`, m('unknownVariation'));
    if (variation.id && stockMode !== 'absolute' && variation.stock !== undefined && variation.stockSeen === undefined)
      push(errors, `variations.${i}.stockSeen`, m('stockSeenRequired'));
    const valid =
      variation.values.length === body.options.length && variation.values.every((index, o) => index < body.options[o]!.values.length);
    if (!valid) push(errors, `variations.${i}.values`, m('variationValues'));
    const key = variation.values.join(',');
    if (valid && sets.has(key)) push(errors, `variations.${i}.values`, m('duplicateVariation'));
    sets.add(key);
    if (variation.discountPriceCents !== null && variation.discountPriceCents >= variation.fullPriceCents) {
      push(errors, `variations.${i}.discountPriceCents`, m('discountAboveFull'));
    }
    if (variation.imageId && !body.imageIds.includes(variation.imageId)) push(errors, `variations.${i}.imageId`, m('variationImage'));
    if (variation.isDefault) defaults += 1;
  });
  const variationIds = body.variations.map((v) => v.id).filter(Boolean);
  if (new Set(variationIds).size !== variationIds.length) push(errors, 'variations', m('unknownVariation'));
  if (defaults !== 1) push(errors, 'variations', m('oneDefault'));
  throwIfAny(errors);
}

function productColumns(body: ProductBodyParsed, slug: string) {
  return {
    slug,
    title: body.title,
    description: { en: sanitizeRichText(body.description.en), ru: sanitizeRichText(body.description.ru) },
    metaTitle: body.metaTitle,
    metaDescription: body.metaDescription,
    enabled: body.enabled,
    imageIds: body.imageIds,
    properties: body.properties,
    relatedProductIds: body.relatedProductIds,
    weight: body.weight,
    height: body.height,
    width: body.width,
    length: body.length,
    ...(body.taxClass !== undefined && { taxClass: body.taxClass }),
    ...(body.video !== undefined && { video: body.video }),
  };
}

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/** Writes options, values, variations and catalog links of a product as `body` has them. */
async function writeGraph(tx: Executor, productId: string, body: ProductBodyParsed, existing: Existing): Promise<void> {
  const optionIds = body.options.map((o) => o.id ?? randomUUID());
  const valueIds = body.options.map((o) => o.values.map((v) => v.id ?? randomUUID()));
  const variationIds = body.variations.map((v) => v.id ?? randomUUID());

  // what is no longer there goes first (a removed value takes its variation links with it)
  const goneVariations = [...existing.variationIds].filter((id) => !variationIds.includes(id));
  if (goneVariations.length) await tx.delete(variations).where(inArray(variations.id, goneVariations));
  const goneOptions = [...existing.optionIds].filter((id) => !optionIds.includes(id));
  if (goneOptions.length) await tx.delete(productOptions).where(inArray(productOptions.id, goneOptions));
  const keptValueIds = valueIds.flat();
  const goneValues = [...existing.valueOption.keys()].filter(
    (id) => !keptValueIds.includes(id) && !goneOptions.includes(existing.valueOption.get(id)!),
  );
  if (goneValues.length) await tx.delete(productOptionValues).where(inArray(productOptionValues.id, goneValues));

  if (body.options.length) {
    await tx
      .insert(productOptions)
      .values(
        body.options.map((o, i) => ({
          id: optionIds[i]!,
          productId,
          title: o.title,
          type: o.type,
          view: o.view,
          unit: o.unit?.en || o.unit?.ru ? o.unit : null,
          position: i,
        })),
      )
      .onConflictDoUpdate({
        target: productOptions.id,
        set: {
          title: excluded('title'),
          type: excluded('type'),
          view: excluded('view'),
          unit: excluded('unit'),
          position: excluded('position'),
        },
      });
    const valueRows = body.options.flatMap((o, i) =>
      o.values.map((v, j) => ({ id: valueIds[i]![j]!, optionId: optionIds[i]!, title: v.title, value: v.value, position: j })),
    );
    await tx
      .insert(productOptionValues)
      .values(valueRows)
      .onConflictDoUpdate({
        target: productOptionValues.id,
        set: { title: excluded('title'), value: excluded('value'), position: excluded('position') },
      });
  }

  const gridOptions: GridOption[] = body.options.map((o, i) => ({
    key: optionIds[i]!,
    unit: o.unit ?? null,
    values: o.values.map((v, j) => ({ key: valueIds[i]![j]!, title: v.title })),
  }));
  const chosen = body.variations.map((v) => v.values.map((index, o) => valueIds[o]![index]!));
  const rows = body.variations.map((v, i) => ({
    id: variationIds[i]!,
    productId,
    title: variationTitle(gridOptions, chosen[i]!),
    sku: v.sku,
    isDefault: v.isDefault,
    imageId: v.imageId,
    fullPriceCents: v.fullPriceCents,
    discountPriceCents: v.discountPriceCents,
    // a new variation's stock; an existing one's stock is orders' to move and changes only through writeStockChanges
    stock: v.stock ?? null,
    weight: v.weight,
    height: v.height,
    width: v.width,
    length: v.length,
    position: i,
  }));
  await tx
    .insert(variations)
    // rows locked in id order, as orders take stock, so a save and an order never wait on each other in a cycle
    .values(rows.sort((a, b) => byId(a.id, b.id)))
    .onConflictDoUpdate({
      target: variations.id,
      set: Object.fromEntries(
        [
          'title',
          'sku',
          'is_default',
          'image_id',
          'full_price_cents',
          'discount_price_cents',
          'weight',
          'height',
          'width',
          'length',
          'position',
        ].map((column) => [column.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()), excluded(column)]),
      ),
    });
  const keptExisting = variationIds.filter((id) => existing.variationIds.has(id));
  if (keptExisting.length) await tx.delete(variationOptionValues).where(inArray(variationOptionValues.variationId, keptExisting));
  const links = chosen.flatMap((valueIdsOf, i) => valueIdsOf.map((optionValueId) => ({ variationId: variationIds[i]!, optionValueId })));
  if (links.length) await tx.insert(variationOptionValues).values(links);

  // catalogs: links that go, links that come (at the end of the catalog's custom order)
  const removed = await tx
    .delete(catalogProducts)
    .where(
      and(
        eq(catalogProducts.productId, productId),
        body.catalogIds.length ? notInArray(catalogProducts.catalogId, body.catalogIds) : undefined,
      ),
    )
    .returning({ id: catalogProducts.catalogId });
  const present = new Set(
    (await tx.select({ id: catalogProducts.catalogId }).from(catalogProducts).where(eq(catalogProducts.productId, productId))).map(
      (r) => r.id,
    ),
  );
  const added = body.catalogIds.filter((id) => !present.has(id));
  for (const catalogId of added) {
    const [last] = await tx
      .select({ n: max(catalogProducts.position) })
      .from(catalogProducts)
      .where(eq(catalogProducts.catalogId, catalogId));
    await tx.insert(catalogProducts).values({ catalogId, productId, position: (last?.n ?? -1) + 1 });
  }
  // a catalog's product list changed: its version moves on, so an open catalog editor cannot save an older list over it
  const touched = [...removed.map((r) => r.id), ...added];
  if (touched.length)
    await tx
      .update(catalogs)
      .set({ version: sql`${catalogs.version} + 1` })
      .where(inArray(catalogs.id, touched));
}

/** Ids in the order rows are locked in by every writer of stock (orders take stock in this order too). */
export const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type StockChange = { index: number; id: string; stock: number | null; seen: number | null | undefined };

/**
 * Sets the stock of the existing variations whose stock the body changes. In `changes` mode each update applies only
 * while the stock is still what the editor saw (`stockSeen`); one that orders moved since makes the save a 409 naming
 * every such variation with its current stock, and the caller's transaction rolls the whole save back.
 */
async function writeStockChanges(
  tx: Executor,
  body: ProductBodyParsed,
  existing: Existing,
  stockMode: StockMode,
  lang: Language,
): Promise<void> {
  const changes: StockChange[] = body.variations.flatMap((v, index) =>
    v.id && existing.variationIds.has(v.id) && v.stock !== undefined && (stockMode === 'absolute' || v.stock !== v.stockSeen)
      ? [{ index, id: v.id, stock: v.stock, seen: stockMode === 'absolute' ? undefined : v.stockSeen }]
      : [],
  );
  const moved: StockChange[] = [];
  for (const change of changes.sort((a, b) => byId(a.id, b.id))) {
    const base =
      change.seen === undefined ? undefined : change.seen === null ? isNull(variations.stock) : eq(variations.stock, change.seen);
    const [done] = await tx
      .update(variations)
      .set({ stock: change.stock })
      .where(and(eq(variations.id, change.id), base))
      .returning({ id: variations.id });
    if (!done) moved.push(change);
  }
  if (moved.length) throw await stockMovedError(tx, body, moved, stockMode, lang);
}

/** The 409 of a save whose stock changes start from figures orders have moved since: each variation with its stock now. */
async function stockMovedError(
  tx: Executor,
  body: ProductBodyParsed,
  moved: StockChange[],
  stockMode: StockMode,
  lang: Language,
): Promise<ApiError> {
  const m = (key: string, params?: Record<string, string | number>) => adminMessage(`products.${key}`, lang, params);
  const rows = await tx
    .select({ id: variations.id, title: variations.title, stock: variations.stock })
    .from(variations)
    .where(
      inArray(
        variations.id,
        moved.map((c) => c.id),
      ),
    );
  const figure = (stock: number | null | undefined) => (stock === null || stock === undefined ? m('unlimitedStock') : String(stock));
  const fieldErrors: FieldErrors = {};
  for (const change of [...moved].sort((a, b) => a.index - b.index)) {
    const row = rows.find((r) => r.id === change.id);
    const name = (row?.title ? localize(row.title, lang) : '') || localize(body.title, lang);
    const key = stockMode === 'since-export' ? 'stockMovedSinceExport' : 'stockMoved';
    push(fieldErrors, `variations.${change.index}.stock`, m(key, { name, current: figure(row?.stock), seen: figure(change.seen) }));
  }
  const first = Object.keys(fieldErrors)[0]!;
  return new ApiError(409, m('stockConflict'), { errorPath: first, fieldErrors });
}

/** The catalogs a product is listed in. */
export async function productCatalogIds(tx: Executor, productId: string): Promise<string[]> {
  const rows = await tx.select({ id: catalogProducts.catalogId }).from(catalogProducts).where(eq(catalogProducts.productId, productId));
  return rows.map((r) => r.id);
}

export type WriteResult = { id: string; catalogIds: string[]; renamed: boolean };

/**
 * Creates (`current` null) or replaces a product with its options, variations and catalog links, inside the
 * caller's transaction; the caller has checked the version and locked the row. Existing variations' stock changes
 * as `stockMode` says (see writeStockChanges). Answers what to invalidate.
 */
export async function saveProduct(
  tx: Executor,
  body: ProductBodyParsed,
  current: { id: string; slug: string; version: number } | null,
  lang: Language,
  now: Date,
  stockMode: StockMode = 'changes',
): Promise<WriteResult> {
  const id = current?.id ?? randomUUID();
  const existing = current
    ? await existingGraph(tx, id)
    : { optionIds: new Set<string>(), valueOption: new Map<string, string>(), variationIds: new Set<string>() };
  if (!current) {
    // ids of a new product's parts are the server's to give
    for (const option of body.options) {
      delete option.id;
      for (const value of option.values) delete value.id;
    }
    for (const variation of body.variations) delete variation.id;
  }
  await validateGraph(tx, id, body, existing, lang, stockMode);
  let slug = body.slug;
  if (slug) {
    const [taken] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.slug, slug), ne(products.id, id)));
    if (taken)
      throw new ApiError(400, adminMessage('products.slugTaken', lang), {
        errorPath: 'slug',
        fieldErrors: { slug: [adminMessage('products.slugTaken', lang)] },
      });
  } else {
    slug = current ? current.slug : await freeSlug(tx, slugify(body.title.en), null);
  }
  const catalogsBefore = current ? await productCatalogIds(tx, id) : [];
  if (current) {
    const [updated] = await tx
      .update(products)
      .set({ ...productColumns(body, slug), version: sql`${products.version} + 1`, updatedAt: now })
      .where(and(eq(products.id, id), eq(products.version, current.version)))
      .returning({ id: products.id });
    if (!updated)
      throw new ApiError(409, adminMessage('versionConflict', lang), {
        errorPath: 'version',
        fieldErrors: { version: [adminMessage('versionConflict', lang)] },
      });
  } else {
    await tx.insert(products).values({ id, ...productColumns(body, slug), createdAt: now, updatedAt: now });
  }
  await writeGraph(tx, id, body, existing);
  await writeStockChanges(tx, body, existing, stockMode, lang);
  await refreshListingFields(tx, [id]);
  const renamed = Boolean(current && current.slug !== slug);
  if (renamed) await redirectRenamedPath(tx, productPath(current!.slug), productPath(slug), now);
  return { id, catalogIds: [...new Set([...catalogsBefore, ...body.catalogIds])], renamed };
}

/**
 * Checks a body as saveProduct would before writing it (the references, the options grid, the address), without
 * writing: an import's dry run. A stock moved by orders since an export is found only by the write itself.
 */
export async function checkProduct(
  tx: Executor,
  body: ProductBodyParsed,
  current: { id: string } | null,
  lang: Language,
  stockMode: StockMode,
): Promise<void> {
  if (current) return validateGraph(tx, current.id, body, await existingGraph(tx, current.id), lang, stockMode);
  // a new product's parts get their ids from the server, as saveProduct gives them
  const fresh: ProductBodyParsed = {
    ...body,
    options: body.options.map(({ id: _option, ...option }) => ({
      ...option,
      values: option.values.map(({ id: _value, ...value }) => value),
    })),
    variations: body.variations.map(({ id: _variation, ...variation }) => variation),
  };
  const none = { optionIds: new Set<string>(), valueOption: new Map<string, string>(), variationIds: new Set<string>() };
  return validateGraph(tx, randomUUID(), fresh, none, lang, stockMode);
}

/** A product's editable body from its detail, for a copy: no ids, a new title and address, not on sale yet. */
export function copyBody(detail: ProductDetail): ProductBodyParsed {
  return {
    title: { en: `${detail.title.en} (copy)`.slice(0, 300), ru: detail.title.ru ? `${detail.title.ru} (копия)`.slice(0, 300) : '' },
    slug: '',
    description: detail.description,
    metaTitle: detail.metaTitle,
    metaDescription: detail.metaDescription,
    enabled: false,
    imageIds: detail.imageIds,
    catalogIds: detail.catalogIds,
    relatedProductIds: detail.relatedProducts.map((r) => r.id),
    properties: detail.properties,
    weight: detail.weight,
    height: detail.height,
    width: detail.width,
    length: detail.length,
    taxClass: detail.taxClass,
    video: detail.video,
    options: detail.options.map((o) => ({
      title: o.title,
      type: o.type === 'number' ? 'number' : 'string',
      view: o.view === 'radio' || o.view === 'color' ? o.view : 'select',
      unit: o.unit,
      values: o.values.map((v) => ({ title: v.title, value: v.value })),
    })),
    variations: detail.variations.map((v) => ({
      values: v.values,
      sku: v.sku,
      fullPriceCents: v.fullPriceCents,
      discountPriceCents: v.discountPriceCents,
      stock: v.stock,
      weight: v.weight,
      height: v.height,
      width: v.width,
      length: v.length,
      imageId: v.imageId,
      isDefault: v.isDefault,
    })),
  };
}
