import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SectionDto } from '../../src/lib/api-client';
import { PAGE_KINDS } from '../../src/sections/data-needs';
import { findDefinition } from '../../src/sections/definitions';
import { addArticle, addCatalog, addPage, addProduct, addSection, daysAgo, text, uniqueSlug } from '../helpers/content-fixtures';
import { createSignedInStaff } from '../helpers/admin-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';
import { context, renderSections } from './section-fixtures';

/**
 * Every widget type placed on every page kind renders what it shows: the sections of each page come
 * from its API call (resolved by the one section data resolver) and are rendered as the page renders them.
 */

const WIDGETS = [
  'SectionProductWidget',
  'SectionProductWidgetByItems',
  'SectionProductList',
  'SectionMediaWidget',
  'SectionMediaList',
] as const;

describe.each(databaseKinds)('widget sections on every page kind on %s', (kind) => {
  let app: TestApp;
  const shop = {
    catalogSlug: uniqueSlug('shelf'),
    categorySlug: uniqueSlug('journal'),
    articleSlug: uniqueSlug('story'),
    pageSlug: uniqueSlug('about'),
  };
  /** page kind → its API path, and the section ids of its widgets by type */
  const pages = new Map<string, { path: string; ids: Record<string, string> }>();

  beforeAll(async () => {
    app = await createTestApp(kind);
    const db = app.deps.db;
    const listed = await addProduct(db, { title: text('Linen shirt', 'Льняная рубашка') });
    const picked = await addProduct(db, { title: text('Wool scarf', 'Шерстяной шарф') });
    const hostSlug = uniqueSlug('host');
    const host = await addProduct(db, { slug: hostSlug, title: text('Host product', 'Товар-хозяин') });
    await addCatalog(db, [listed], { slug: shop.catalogSlug });
    const hostCatalog = uniqueSlug('host-catalog');
    const hostCatalogId = await addCatalog(db, [listed], { slug: hostCatalog });
    const categoryId = await addPage(db, { slug: shop.categorySlug, type: 'category', title: text('Journal', 'Журнал') });
    const articleId = await addArticle(db, {
      categoryId,
      slug: shop.articleSlug,
      title: text('Spring story', 'Весенняя история'),
      publishedAt: daysAgo(1),
    });
    const homeId = await addPage(db, { type: 'homepage', slug: uniqueSlug('home') });
    const pageId = await addPage(db, { slug: shop.pageSlug });

    const owners = {
      home: { ownerType: 'page', ownerId: homeId, path: '/homepage/v2' },
      page: { ownerType: 'page', ownerId: pageId, path: `/pages/v2/${shop.pageSlug}` },
      category: { ownerType: 'page', ownerId: categoryId, path: `/pages/v2/${shop.categorySlug}` },
      article: { ownerType: 'article', ownerId: articleId, path: `/articles/${shop.articleSlug}` },
      product: { ownerType: 'product', ownerId: host, path: `/products/${hostSlug}` },
      catalog: { ownerType: 'catalog', ownerId: hostCatalogId, path: `/catalogs/v3/${hostCatalog}` },
    };
    for (const [pageKind, owner] of Object.entries(owners)) {
      const ids: Record<string, string> = {};
      for (const [position, type] of WIDGETS.entries()) {
        ids[type] = await addSection(db, {
          ownerType: owner.ownerType,
          ownerId: owner.ownerId,
          type,
          position,
          options: { heading: { title: text(type) }, catalogSlug: shop.catalogSlug, categorySlug: shop.categorySlug, limit: 4 },
          items: type === 'SectionProductWidgetByItems' ? [{ id: 'pick', options: { product: { id: picked } } }] : [],
        });
      }
      pages.set(pageKind, { path: owner.path, ids });
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  /** What each widget must show: a product or an article title. */
  const expected: Record<(typeof WIDGETS)[number], string> = {
    SectionProductWidget: 'Linen shirt',
    SectionProductWidgetByItems: 'Wool scarf',
    SectionProductList: 'Linen shirt',
    SectionMediaWidget: 'Spring story',
    SectionMediaList: 'Spring story',
  };

  async function expectWidgetsRender(sections: SectionDto[], ids: Record<string, string>, where: string) {
    for (const one of sections) {
      const schema = findDefinition(one.type)?.data?.schema;
      if (schema && one.data) expect(schema.safeParse(one.data).success, `${where} ${one.type} data fits its schema`).toBe(true);
    }
    const document = await renderSections(sections, context());
    for (const type of WIDGETS) {
      const element = document.getElementById(`section-${ids[type]}`);
      expect(element, `${type} on the ${where} page`).not.toBeNull();
      expect(element!.textContent, `${type} on the ${where} page`).toContain(expected[type]);
    }
  }

  it.each(PAGE_KINDS.filter((pageKind) => pageKind !== 'preview'))('on the %s page', async (pageKind) => {
    const { path, ids } = pages.get(pageKind)!;
    const response = await app.request(path);
    expect(response.status, path).toBe(200);
    const body = (await response.json()) as { sections: SectionDto[] };
    await expectWidgetsRender(body.sections, ids, pageKind);
  });

  it('in the preview', async () => {
    const sections = WIDGETS.map((type, position) => ({
      id: `preview-${position}`,
      type,
      options: { heading: { title: type }, catalogSlug: shop.catalogSlug, categorySlug: shop.categorySlug, limit: 4 },
      items: type === 'SectionProductWidgetByItems' ? [{ id: 'pick', options: { product: { id: '' } } }] : [],
    }));
    const { ids } = pages.get('page')!;
    const stored = (await (await app.request(pages.get('page')!.path)).json()) as { sections: SectionDto[] };
    // The preview sends the unsaved sections; the picked product is taken from the stored page.
    const picked = stored.sections.find((s) => s.type === 'SectionProductWidgetByItems')!.items[0]!;
    sections[1]!.items = [picked as never];
    const { cookie } = await createSignedInStaff(app, 'manager');
    const response = await app.request('/preview/section-data', { method: 'POST', json: { sections }, headers: { cookie } });
    expect(response.status).toBe(200);
    const { sections: data } = (await response.json()) as { sections: { id: string; data: Record<string, unknown> | null }[] };
    const resolved = sections.map(
      (s, position): SectionDto => ({
        ...s,
        id: ids[s.type]!,
        position,
        required: false,
        group: null,
        enable: true,
        hidden: false,
        styles: {},
        items: s.items as SectionDto['items'],
        ...(data[position]!.data ? { data: data[position]!.data! } : {}),
      }),
    );
    await expectWidgetsRender(resolved, ids, 'preview');
  });
});
