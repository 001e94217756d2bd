import { randomUUID } from 'node:crypto';
import { amountToCents } from '../../src/lib/money';
import { refreshListingFields } from '../../src/server/api/catalog/listing-fields';
import { invalidateSettings } from '../../src/server/api/core/settings-store';
import type { Database } from '../../src/server/db/client';
import type { TestApp } from './test-app';
import {
  articles,
  catalogProducts,
  catalogs,
  images,
  pages,
  productOptionValues,
  productOptions,
  products,
  reviews,
  sections,
  settings,
  variationOptionValues,
  variations,
  type LocalizedText,
} from '../../src/server/db/schema';

/** Plain strings are English texts without a Russian translation (served in English in both languages). */
export type Text = string | LocalizedText;
export const l10n = (t: Text): LocalizedText => (typeof t === 'string' ? { en: t, ru: '' } : t);

/** An API answer as the tests read it; its shape is what the assertions check. */
export type Json = any;

/** GETs an API path and reads the JSON answer. */
export async function getJson(app: TestApp, path: string): Promise<{ status: number; body: Json }> {
  const res = await app.request(path);
  return { status: res.status, body: (await res.json()) as Json };
}

const uniqueSlug = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

export async function createImage(db: Database, name = 'photo.jpg'): Promise<string> {
  const id = randomUUID();
  await db.insert(images).values({
    id,
    name,
    alt: { en: `${name} alt`, ru: `${name} альт` },
    uri: `/media/${name}`,
    mime: 'image/jpeg',
    width: 800,
    height: 600,
    extension: 'jpg',
    size: 1234,
  });
  return id;
}

export type CatalogFixture = {
  slug?: string;
  title?: Text;
  description?: Text;
  sortCriteria?: string;
  position?: number;
  enabled?: boolean;
  imageId?: string | null;
  noindex?: boolean;
};

export async function createCatalog(db: Database, fixture: CatalogFixture = {}): Promise<{ id: string; slug: string }> {
  const id = randomUUID();
  const slug = fixture.slug ?? uniqueSlug('catalog');
  await db.insert(catalogs).values({
    id,
    slug,
    title: l10n(fixture.title ?? 'Catalog'),
    description: fixture.description === undefined ? null : l10n(fixture.description),
    metaTitle: { en: 'Catalog meta', ru: 'Мета каталога' },
    sortCriteria: fixture.sortCriteria ?? 'title',
    position: fixture.position ?? 0,
    enabled: fixture.enabled ?? true,
    imageId: fixture.imageId ?? null,
    noindex: fixture.noindex ?? false,
  });
  return { id, slug };
}

export type VariationFixture = {
  /** full price as a decimal amount */
  price: number;
  discountPrice?: number | null;
  stock?: number | null;
  isDefault?: boolean;
  /** option title (English) -> value title (English), both declared in the product's `options` */
  options?: Record<string, string>;
};

export type ProductFixture = {
  slug?: string;
  title?: Text;
  description?: Text;
  enabled?: boolean;
  imageIds?: string[];
  properties?: { title: Text; value: Text }[];
  relatedProductIds?: string[];
  options?: { title: Text; values: Text[] }[];
  variations?: VariationFixture[];
  /** catalogs the product is listed in, with its position there */
  catalogs?: { id: string; position?: number }[];
};

export type CreatedProduct = { id: string; slug: string; variationIds: string[] };

/** Inserts a product with its options, variations and catalog links, then fills its listing columns. */
export async function createProduct(db: Database, fixture: ProductFixture = {}): Promise<CreatedProduct> {
  const id = randomUUID();
  const slug = fixture.slug ?? uniqueSlug('product');
  await db.insert(products).values({
    id,
    slug,
    title: l10n(fixture.title ?? 'Product'),
    description: l10n(fixture.description ?? ''),
    imageIds: fixture.imageIds ?? [],
    properties: (fixture.properties ?? []).map((p) => ({ title: l10n(p.title), value: l10n(p.value) })),
    relatedProductIds: fixture.relatedProductIds ?? [],
    enabled: fixture.enabled ?? true,
  });

  const valueIds = new Map<string, string>();
  for (const [optionIndex, option] of (fixture.options ?? []).entries()) {
    const optionId = randomUUID();
    const title = l10n(option.title);
    await db.insert(productOptions).values({ id: optionId, productId: id, title, position: optionIndex });
    for (const [valueIndex, value] of option.values.entries()) {
      const valueId = randomUUID();
      const valueTitle = l10n(value);
      await db.insert(productOptionValues).values({ id: valueId, optionId, title: valueTitle, position: valueIndex });
      valueIds.set(`${title.en}=${valueTitle.en}`, valueId);
    }
  }

  const variationIds: string[] = [];
  for (const [index, variation] of (fixture.variations ?? [{ price: 10 }]).entries()) {
    const variationId = randomUUID();
    variationIds.push(variationId);
    await db.insert(variations).values({
      id: variationId,
      productId: id,
      fullPriceCents: amountToCents(variation.price),
      discountPriceCents: variation.discountPrice == null ? null : amountToCents(variation.discountPrice),
      stock: variation.stock === undefined ? null : variation.stock,
      isDefault: variation.isDefault ?? false,
      position: index,
    });
    for (const [optionTitle, valueTitle] of Object.entries(variation.options ?? {})) {
      const optionValueId = valueIds.get(`${optionTitle}=${valueTitle}`);
      if (!optionValueId) throw new Error(`fixture: option value ${optionTitle}=${valueTitle} is not declared`);
      await db.insert(variationOptionValues).values({ variationId, optionValueId });
    }
  }

  for (const link of fixture.catalogs ?? []) {
    await db.insert(catalogProducts).values({ catalogId: link.id, productId: id, position: link.position ?? 0 });
  }
  await refreshListingFields(db, [id]);
  return { id, slug, variationIds };
}

export async function createReview(
  db: Database,
  fixture: { productId: string; status: 'pending' | 'approved' | 'rejected'; text?: string; rating?: number; createdAt?: Date },
): Promise<string> {
  const id = randomUUID();
  await db.insert(reviews).values({
    id,
    productId: fixture.productId,
    authorName: 'Reviewer',
    rating: fixture.rating ?? 5,
    text: fixture.text ?? `${fixture.status} review`,
    status: fixture.status,
    ...(fixture.createdAt ? { createdAt: fixture.createdAt } : {}),
  });
  return id;
}

export async function createSection(
  db: Database,
  fixture: {
    ownerType: 'catalog' | 'product' | 'page';
    ownerId: string;
    type: string;
    position?: number;
    options?: Record<string, unknown>;
    hidden?: boolean;
  },
): Promise<string> {
  const id = randomUUID();
  await db.insert(sections).values({
    id,
    ownerType: fixture.ownerType,
    ownerId: fixture.ownerId,
    type: fixture.type,
    position: fixture.position ?? 0,
    options: fixture.options ?? {},
    hidden: fixture.hidden ?? false,
  });
  return id;
}

/** Replaces a settings group and drops the settings cache so the next request sees it. */
export async function setSettingsGroup(db: Database, group: string, value: Record<string, unknown>): Promise<void> {
  await db.insert(settings).values({ group, value }).onConflictDoUpdate({ target: settings.group, set: { value } });
  invalidateSettings(db);
}

export async function createPage(
  db: Database,
  fixture: { slug: string; title: Text; type?: string; metaDescription?: Text; enabled?: boolean; previewImageId?: string },
): Promise<string> {
  const id = randomUUID();
  await db.insert(pages).values({
    id,
    slug: fixture.slug,
    type: fixture.type ?? 'page',
    title: l10n(fixture.title),
    metaDescription: fixture.metaDescription === undefined ? null : l10n(fixture.metaDescription),
    enabled: fixture.enabled ?? true,
    previewImageId: fixture.previewImageId ?? null,
  });
  return id;
}

export async function createArticle(
  db: Database,
  fixture: { slug: string; categoryId: string; title: Text; excerpt?: Text; enabled?: boolean },
): Promise<string> {
  const id = randomUUID();
  await db.insert(articles).values({
    id,
    slug: fixture.slug,
    categoryId: fixture.categoryId,
    title: l10n(fixture.title),
    excerpt: fixture.excerpt === undefined ? null : l10n(fixture.excerpt),
    enabled: fixture.enabled ?? true,
  });
  return id;
}
