import type { Database } from '../../src/server/db/client';
import { createCatalog, createProduct } from './catalog-fixtures';
import { addArticle, addPage, addTag, daysAgo, tagArticle, text, uniqueSlug } from './content-fixtures';

/** What the preview tests' widget sections refer to: a catalog and a blog category with their content. */
export type PreviewShop = {
  catalogSlug: string;
  /** the catalog's enabled products, in catalog order */
  productIds: string[];
  disabledProductId: string;
  categorySlug: string;
  /** the category's published articles, newest first */
  articleIds: string[];
  tagId: string;
};

export async function createPreviewShop(db: Database): Promise<PreviewShop> {
  const catalog = await createCatalog(db, { title: { en: 'Shirts', ru: 'Рубашки' } });
  const first = await createProduct(db, {
    title: { en: 'Linen shirt', ru: 'Льняная рубашка' },
    catalogs: [{ id: catalog.id, position: 0 }],
  });
  const second = await createProduct(db, {
    title: { en: 'Cotton shirt', ru: 'Хлопковая рубашка' },
    catalogs: [{ id: catalog.id, position: 1 }],
  });
  const disabled = await createProduct(db, { title: 'Withdrawn shirt', enabled: false, catalogs: [{ id: catalog.id, position: 2 }] });

  const categorySlug = uniqueSlug('journal');
  const categoryId = await addPage(db, { slug: categorySlug, type: 'category', title: text('Journal', 'Журнал') });
  const newest = await addArticle(db, { categoryId, title: text('Spring news', 'Весенние новости'), publishedAt: daysAgo(1) });
  const older = await addArticle(db, { categoryId, title: text('Winter news', 'Зимние новости'), publishedAt: daysAgo(2) });
  await addArticle(db, { categoryId, title: text('Draft'), enabled: false, publishedAt: daysAgo(1) });
  const tagId = await addTag(db, { type: categorySlug, title: text('Care', 'Уход') });
  await tagArticle(db, newest, tagId);

  return {
    catalogSlug: catalog.slug,
    productIds: [first.id, second.id],
    disabledProductId: disabled.id,
    categorySlug,
    articleIds: [newest, older],
    tagId,
  };
}
