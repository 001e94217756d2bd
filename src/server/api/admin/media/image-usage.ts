import { inArray, or, sql } from 'drizzle-orm';
import type { MediaUsage } from '../../../../contract/admin';
import type { Language } from '../../../../lib/localize';
import type { Executor } from '../../../db/client';
import { articles, catalogs, pages, products, sections, settings, variations } from '../../../db/schema';
import { cacheTags } from '../../../cache/invalidation';

type Texts = { en?: string; ru?: string } | null | undefined;
const textOf = (value: Texts, lang: Language) => value?.[lang] || value?.en || '';

/** `%"id"%`: the id as a JSON string anywhere inside a jsonb value (ids hold no LIKE wildcards worth escaping but `_`). */
const jsonMention = (id: string) => `%"${id.replace(/[\\%_]/g, (c) => `\\${c}`)}"%`;

export type ImageUsage = { usage: MediaUsage[]; tags: string[] };

/**
 * Everything that shows the image `id`: product galleries, variations, catalogs, page and article previews,
 * sections (their options or items name it) and settings (a logo, a favicon…). With the cache tags of the
 * pages that show it, so an edit or a forced delete can drop exactly those.
 */
export async function findImageUsage(db: Executor, id: string, lang: Language): Promise<ImageUsage> {
  const mention = jsonMention(id);
  const [productRows, variationRows, catalogRows, pageRows, articleRows, sectionRows, settingRows] = await Promise.all([
    db
      .select({ id: products.id, title: products.title })
      .from(products)
      .where(sql`${products.imageIds} @> ${JSON.stringify([id])}::jsonb`),
    db
      .select({ id: variations.id, productId: variations.productId, title: products.title, sku: variations.sku })
      .from(variations)
      .innerJoin(products, sql`${products.id} = ${variations.productId}`)
      .where(sql`${variations.imageId} = ${id}`),
    db.select({ id: catalogs.id, title: catalogs.title }).from(catalogs).where(sql`${catalogs.imageId} = ${id}`),
    db.select({ id: pages.id, title: pages.title }).from(pages).where(sql`${pages.previewImageId} = ${id}`),
    db.select({ id: articles.id, title: articles.title }).from(articles).where(sql`${articles.previewImageId} = ${id}`),
    db
      .select({ ownerType: sections.ownerType, ownerId: sections.ownerId })
      .from(sections)
      .where(or(sql`${sections.options}::text like ${mention}`, sql`${sections.items}::text like ${mention}`)),
    db.select({ group: settings.group }).from(settings).where(sql`${settings.value}::text like ${mention}`),
  ]);
  const usage: MediaUsage[] = [];
  const tags = new Set<string>();
  for (const row of productRows) {
    usage.push({ kind: 'product', id: row.id, title: textOf(row.title, lang) });
    tags.add(cacheTags.product(row.id));
  }
  for (const row of variationRows) {
    usage.push({ kind: 'variation', id: row.id, title: [textOf(row.title, lang), row.sku].filter(Boolean).join(' · ') });
    tags.add(cacheTags.product(row.productId));
  }
  for (const row of catalogRows) {
    usage.push({ kind: 'catalog', id: row.id, title: textOf(row.title, lang) });
    tags.add(cacheTags.catalog(row.id));
  }
  for (const row of pageRows) {
    usage.push({ kind: 'page', id: row.id, title: textOf(row.title, lang) });
    tags.add(cacheTags.page(row.id));
  }
  for (const row of articleRows) {
    usage.push({ kind: 'article', id: row.id, title: textOf(row.title, lang) });
    tags.add(cacheTags.article(row.id));
  }
  const owners = [...new Map(sectionRows.map((row) => [`${row.ownerType}:${row.ownerId}`, row])).values()];
  const ownerTitles = await sectionOwnerTitles(db, owners, lang);
  for (const owner of owners) {
    const key = `${owner.ownerType}:${owner.ownerId}`;
    usage.push({ kind: 'section', id: key, title: ownerTitles.get(key) ?? key });
    tags.add(key);
  }
  for (const row of settingRows) {
    usage.push({ kind: 'settings', id: row.group, title: row.group });
    tags.add(cacheTags.settings);
  }
  return { usage, tags: [...tags] };
}

async function sectionOwnerTitles(
  db: Executor,
  owners: { ownerType: string; ownerId: string }[],
  lang: Language,
): Promise<Map<string, string>> {
  const idsOf = (type: string) => owners.filter((o) => o.ownerType === type).map((o) => o.ownerId);
  const tables = [
    ['page', pages],
    ['catalog', catalogs],
    ['product', products],
    ['article', articles],
  ] as const;
  const titles = new Map<string, string>();
  await Promise.all(
    tables.map(async ([type, table]) => {
      const ids = idsOf(type);
      if (!ids.length) return;
      const rows = await db.select({ id: table.id, title: table.title }).from(table).where(inArray(table.id, ids));
      for (const row of rows) titles.set(`${type}:${row.id}`, textOf(row.title, lang));
    }),
  );
  return titles;
}
