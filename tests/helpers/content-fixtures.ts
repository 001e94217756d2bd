import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '../../src/server/db/client';
import {
  articles,
  articleTags,
  catalogProducts,
  catalogs,
  comments,
  images,
  menuItems,
  menus,
  pages,
  products,
  redirects,
  sections,
  settings,
  tags,
  variations,
  type LocalizedText,
  type MenuLink,
  type SectionItem,
} from '../../src/server/db/schema';
import { invalidateSettings } from '../../src/server/api/core/settings-store';
import { cacheTags, invalidate } from '../../src/server/cache/invalidation';
import { createTestApp, type DatabaseKind, type TestApp } from './test-app';

/** Content fixtures inserted straight into the database; every helper returns the new row's id. */

export type ApiTestContext = {
  readonly app: TestApp;
  get: (path: string) => Promise<Response>;
  /** GETs `path`, expects 200 and answers the JSON body. */
  getJson: (path: string) => Promise<any>;
};

/** Opens a test app before the enclosing describe block's tests and closes it after them. */
export function useTestApp(kind: DatabaseKind): ApiTestContext {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app?.close();
  });
  const context: ApiTestContext = {
    get app() {
      if (!app) throw new Error('the test app is not open yet');
      return app;
    },
    get: (path) => context.app.request(path),
    getJson: async (path) => {
      const res = await context.get(path);
      expect(res.status, path).toBe(200);
      return res.json();
    },
  };
  return context;
}

export const text = (en: string, ru = `${en} (ru)`): LocalizedText => ({ en, ru });

const DAY_MS = 24 * 60 * 60 * 1000;
/** A moment `days` days before now (negative: in the future). */
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/** A slug no other fixture in the same database uses. */
export const uniqueSlug = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

/** Stores settings groups as given; a group may hold any JSON, as a broken admin write could leave it. */
export async function putSettings(db: Database, groups: Record<string, unknown>): Promise<void> {
  for (const [group, raw] of Object.entries(groups)) {
    const value = raw as Record<string, unknown>;
    await db.insert(settings).values({ group, value }).onConflictDoUpdate({ target: settings.group, set: { value } });
  }
  invalidateSettings(db);
}

export async function clearSettings(db: Database): Promise<void> {
  await db.delete(settings);
  invalidateSettings(db);
}

export async function addImage(db: Database, values: Partial<typeof images.$inferInsert> = {}): Promise<string> {
  const id = randomUUID();
  await db.insert(images).values({
    id,
    name: `image-${id.slice(0, 8)}.jpg`,
    alt: text('Alt', 'Подпись'),
    title: text('Image title', 'Название картинки'),
    uri: `/uploads/${id}.jpg`,
    mime: 'image/jpeg',
    width: 800,
    height: 600,
    extension: 'jpg',
    size: 12345,
    ...values,
  });
  return id;
}

export async function addPage(db: Database, values: Partial<typeof pages.$inferInsert> = {}): Promise<string> {
  const id = randomUUID();
  await db.insert(pages).values({ id, slug: uniqueSlug('page'), title: text('Page', 'Страница'), ...values });
  return id;
}

export async function addSection(
  db: Database,
  values: { ownerType: string; ownerId: string; type: string } & Partial<typeof sections.$inferInsert> & { items?: SectionItem[] },
): Promise<string> {
  const id = randomUUID();
  await db.insert(sections).values({ id, ...values });
  return id;
}

export async function addArticle(db: Database, values: { categoryId: string } & Partial<typeof articles.$inferInsert>): Promise<string> {
  const id = randomUUID();
  await db.insert(articles).values({ id, slug: uniqueSlug('article'), title: text('Article', 'Статья'), ...values });
  return id;
}

export async function addTag(db: Database, values: { type: string } & Partial<typeof tags.$inferInsert>): Promise<string> {
  const id = randomUUID();
  await db.insert(tags).values({ id, slug: uniqueSlug('tag'), title: text('Tag', 'Тег'), ...values });
  return id;
}

export async function tagArticle(db: Database, articleId: string, ...tagIds: string[]): Promise<void> {
  await db.insert(articleTags).values(tagIds.map((tagId) => ({ articleId, tagId })));
}

export async function addComment(db: Database, values: { articleId: string } & Partial<typeof comments.$inferInsert>): Promise<string> {
  const id = randomUUID();
  await db.insert(comments).values({ id, authorName: 'Reader', text: 'A comment', status: 'approved', ...values });
  return id;
}

export type MenuItemFixture = { title: LocalizedText; link: MenuLink; children?: MenuItemFixture[] };

/** A menu with its items as a tree; returns the menu id and the item ids in depth-first order. */
export async function addMenu(db: Database, name: string, items: MenuItemFixture[]): Promise<{ menuId: string; itemIds: string[] }> {
  const menuId = randomUUID();
  const itemIds: string[] = [];
  await db.insert(menus).values({ id: menuId, name, title: text(name) });
  const insertLevel = async (level: MenuItemFixture[], parentId: string | null) => {
    for (const [position, item] of level.entries()) {
      const id = randomUUID();
      itemIds.push(id);
      await db.insert(menuItems).values({ id, menuId, parentId, title: item.title, link: item.link, position });
      await insertLevel(item.children ?? [], id);
    }
  };
  await insertLevel(items, null);
  // written behind the API's back: tell the instance as the back office's writes do
  await invalidate([cacheTags.menus]);
  return { menuId, itemIds };
}

export async function addRedirect(db: Database, fromPath: string, toPath: string): Promise<string> {
  const id = randomUUID();
  await db.insert(redirects).values({ id, fromPath, toPath });
  // written behind the API's back: tell the instance as the back office's writes do
  await invalidate([cacheTags.redirects]);
  return id;
}

/** An enabled product with one default variation. */
export async function addProduct(
  db: Database,
  values: Partial<typeof products.$inferInsert> & { priceCents?: number } = {},
): Promise<string> {
  const id = randomUUID();
  const priceCents = values.priceCents ?? 1000;
  await db
    .insert(products)
    .values({ id, slug: uniqueSlug('product'), title: text('Product', 'Товар'), priceFullCents: priceCents, ...values });
  await db.insert(variations).values({ id: randomUUID(), productId: id, isDefault: true, fullPriceCents: priceCents, stock: null });
  return id;
}

/** A catalog holding the given products in that order. */
export async function addCatalog(db: Database, productIds: string[], values: Partial<typeof catalogs.$inferInsert> = {}): Promise<string> {
  const id = randomUUID();
  await db.insert(catalogs).values({ id, slug: uniqueSlug('catalog'), title: text('Catalog', 'Каталог'), ...values });
  if (productIds.length > 0) {
    await db.insert(catalogProducts).values(productIds.map((productId, position) => ({ catalogId: id, productId, position })));
  }
  return id;
}
