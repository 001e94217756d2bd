import { createHash } from 'node:crypto';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import {
  googleHead,
  googleItem,
  googleTail,
  yandexHead,
  yandexOffer,
  yandexTail,
  type FeedIds,
  type FeedItem,
  type FeedKind,
  type FeedShop,
} from '../lib/feeds';
import { localize, type Language } from '../lib/localize';
import { absoluteUrl, languageUrl, plainText } from '../lib/seo';
import { loadShopSettings } from './api/core/settings-store';
import { cacheTags } from './cache/invalidation';
import { tagPage } from './cache/page-tags';
import type { Database } from './db/client';
import {
  catalogProducts,
  catalogs,
  images,
  productOptions,
  productOptionValues,
  products,
  variationOptionValues,
  variations,
} from './db/schema';

/** Products read per query while a feed streams. */
const BATCH = 200;

const hashHex = (value: string) => createHash('sha1').update(value).digest('hex');

/** Ids Yandex accepts: offers of at most 20 letters and digits, groups of at most 9 digits, categories of digits. */
export const yandexIds: FeedIds = {
  offerId: (id) => hashHex(`offer:${id}`).slice(0, 20),
  groupId: (id) => String(Number.parseInt(hashHex(`group:${id}`).slice(0, 7), 16)),
  categoryId: (id) => String(Number.parseInt(hashHex(`category:${id}`).slice(0, 12), 16) + 2),
};

type CatalogRow = { id: string; title: string };

/** The items of a batch of products: one per variation with a price (a price of 0 is "price on request", never sold). */
async function itemsOf(
  db: Database,
  batch: { id: string; slug: string; title: unknown; description: unknown; imageIds: string[] }[],
  context: { shop: FeedShop; shopLanguage: Language; catalogTitles: Map<string, string> },
): Promise<FeedItem[]> {
  if (batch.length === 0) return [];
  const { shop, shopLanguage, catalogTitles } = context;
  const lang = shop.lang;
  const ids = batch.map((p) => p.id);
  const [variationRows, links, options] = await Promise.all([
    db.select().from(variations).where(inArray(variations.productId, ids)).orderBy(asc(variations.productId), asc(variations.position)),
    db
      .select({ productId: catalogProducts.productId, catalogId: catalogProducts.catalogId })
      .from(catalogProducts)
      .innerJoin(catalogs, eq(catalogs.id, catalogProducts.catalogId))
      .where(and(inArray(catalogProducts.productId, ids), eq(catalogs.enabled, true)))
      .orderBy(asc(catalogs.position), asc(catalogs.id)),
    db
      .select({ variationId: variationOptionValues.variationId, name: productOptions.title, value: productOptionValues.title })
      .from(variationOptionValues)
      .innerJoin(productOptionValues, eq(productOptionValues.id, variationOptionValues.optionValueId))
      .innerJoin(productOptions, eq(productOptions.id, productOptionValues.optionId))
      .innerJoin(variations, eq(variations.id, variationOptionValues.variationId))
      .where(inArray(variations.productId, ids))
      .orderBy(asc(productOptions.position), asc(productOptions.id)),
  ]);
  const imageIds = [...new Set([...batch.flatMap((p) => p.imageIds), ...variationRows.flatMap((v) => (v.imageId ? [v.imageId] : []))])];
  const imageRows = imageIds.length
    ? await db.select({ id: images.id, uri: images.uri }).from(images).where(inArray(images.id, imageIds))
    : [];
  const uriOf = new Map(imageRows.map((row) => [row.id, absoluteUrl(shop.url, row.uri)]));
  const catalogsOf = new Map<string, string[]>();
  for (const link of links) catalogsOf.set(link.productId, [...(catalogsOf.get(link.productId) ?? []), link.catalogId]);
  const paramsOf = new Map<string, { name: string; value: string }[]>();
  for (const row of options) {
    const param = {
      name: localize(row.name as { en: string; ru: string }, lang),
      value: localize(row.value as { en: string; ru: string }, lang),
    };
    paramsOf.set(row.variationId, [...(paramsOf.get(row.variationId) ?? []), param]);
  }
  const variationsOf = new Map<string, (typeof variationRows)[number][]>();
  for (const row of variationRows) variationsOf.set(row.productId, [...(variationsOf.get(row.productId) ?? []), row]);

  const items: FeedItem[] = [];
  for (const product of batch) {
    const own = variationsOf.get(product.id) ?? [];
    const grouped = own.length > 1;
    const productTitle = localize(product.title as { en: string; ru: string }, lang);
    const description = product.description ? plainText(localize(product.description as { en: string; ru: string }, lang), 5000) : '';
    const productImages = product.imageIds.flatMap((id) => uriOf.get(id) ?? []);
    const catalogIds = catalogsOf.get(product.id) ?? [];
    const path = `/products/${product.slug}`;
    for (const variation of own) {
      const sale = variation.discountPriceCents;
      const salePriceCents = sale !== null && sale > 0 && sale < variation.fullPriceCents ? sale : null;
      if ((salePriceCents ?? variation.fullPriceCents) <= 0) continue;
      const variationTitle = variation.title ? localize(variation.title as { en: string; ru: string }, lang) : '';
      const link = new URL(languageUrl(shop.url, path, lang, shopLanguage));
      if (grouped) link.searchParams.set('variation', variation.id);
      const variationImage = variation.imageId ? uriOf.get(variation.imageId) : undefined;
      items.push({
        id: variation.id,
        productId: product.id,
        grouped,
        title: grouped && variationTitle ? `${productTitle}, ${variationTitle}` : productTitle,
        description,
        link: link.href,
        imageLinks: [...new Set([...(variationImage ? [variationImage] : []), ...productImages])],
        inStock: variation.stock === null || variation.stock > 0,
        priceCents: variation.fullPriceCents,
        salePriceCents,
        sku: variation.sku,
        catalogIds,
        catalogTitles: catalogIds.flatMap((id) => catalogTitles.get(id) ?? []),
        params: paramsOf.get(variation.id) ?? [],
      });
    }
  }
  return items;
}

/**
 * A product feed as a stream: the head, then the items of every visible product, read BATCH products at a time, then
 * the tail. Google's feed leaves out items without a picture (image_link is required there). While a page cache
 * collects tags, the feed names every product (shown or hidden: showing one changes the feed), every catalog and the
 * settings, so any of their writes drops the kept copy.
 */
export async function feedStream(
  db: Database,
  options: { kind: FeedKind; lang: Language; publicUrl: string; now: Date },
): Promise<ReadableStream<Uint8Array>> {
  const { kind, lang, publicUrl } = options;
  const settings = await loadShopSettings(db);
  const shopLanguage: Language = settings.language.current === 'ru' ? 'ru' : 'en';
  const name = localize(settings.common.sitename, lang).trim() || 'Shop';
  const catalogRows: CatalogRow[] = (
    await db
      .select({ id: catalogs.id, title: catalogs.title })
      .from(catalogs)
      .where(eq(catalogs.enabled, true))
      .orderBy(asc(catalogs.position), asc(catalogs.id))
  ).map((row) => ({ id: row.id, title: localize(row.title as { en: string; ru: string }, lang) }));
  const allProducts = await db.select({ id: products.id }).from(products);
  tagPage([
    ...allProducts.map((row) => cacheTags.product(row.id)),
    ...catalogRows.map((row) => cacheTags.catalog(row.id)),
    cacheTags.settings,
  ]);

  const shop: FeedShop = {
    name,
    url: publicUrl,
    currency: settings.ecommerce.currency,
    lang,
    brand: name,
    link: languageUrl(publicUrl, '/', lang, shopLanguage),
    generatedAt: options.now.toISOString(),
  };
  const context = { shop, shopLanguage, catalogTitles: new Map(catalogRows.map((row) => [row.id, row.title])) };
  const encoder = new TextEncoder();
  let after: string | null = null;
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(kind === 'google' ? googleHead(shop) : yandexHead(shop, catalogRows, yandexIds)));
    },
    async pull(controller) {
      if (done) return;
      const batch = await db
        .select({
          id: products.id,
          slug: products.slug,
          title: products.title,
          description: products.description,
          imageIds: products.imageIds,
        })
        .from(products)
        .where(after === null ? eq(products.enabled, true) : and(eq(products.enabled, true), gt(products.id, after)))
        .orderBy(asc(products.id))
        .limit(BATCH);
      const items = await itemsOf(db, batch, context);
      const text =
        kind === 'google'
          ? items
              .filter((item) => item.imageLinks.length > 0)
              .map((item) => googleItem(item, shop))
              .join('')
          : items.map((item) => yandexOffer(item, shop, yandexIds)).join('');
      if (text) controller.enqueue(encoder.encode(text));
      if (batch.length < BATCH) {
        done = true;
        controller.enqueue(encoder.encode(kind === 'google' ? googleTail() : yandexTail()));
        controller.close();
      } else {
        after = batch[batch.length - 1]!.id;
      }
    },
  });
}
