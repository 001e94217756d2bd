import { randomUUID } from 'node:crypto';
import { and, asc, eq, ilike, inArray, max, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  BUILDER_SECTION_KINDS,
  BUILDER_SETTINGS_GROUPS,
  parseBuilderTarget,
  type BuilderContent,
  type BuilderPageFields,
  type BuilderSection,
  type BuilderSectionKind,
  type BuilderSectionsContent,
  type BuilderSettingsContent,
  type BuilderSettingsGroup,
  type BuilderTargetKind,
  type BuilderTargetListItem,
  type BuilderText,
} from '../../../../contract/admin/builder';
import type { Language } from '../../../../lib/localize';
import { shopSettingsSchema } from '../../../../lib/settings';
import { cacheTags } from '../../../cache/invalidation';
import type { Executor } from '../../../db/client';
import {
  articles,
  builderDrafts,
  builderRevisions,
  catalogs,
  pages,
  products,
  sections,
  settings,
  type LocalizedText,
} from '../../../db/schema';
import { fieldError, notFound } from '../../core/errors';
import { likePattern } from '../lists';
import { checkedSettingsContent } from './drafts';
import { adminMessage } from '../messages';
import { sectionIdsForPublish } from './model';
import { RESERVED_PAGE_SLUGS } from './new-pages';

/** A builder target found in the database: what it is, its title and the storefront path the preview opens. */
export type ResolvedTarget =
  | { target: string; kind: BuilderSectionKind; id: string; title: BuilderText; path: string; enabled: boolean; pageType?: string }
  | { target: string; kind: 'settings'; id: BuilderSettingsGroup; title: BuilderText; path: string; enabled: true };

const textOf = (value: LocalizedText | null | undefined): BuilderText => ({ en: value?.en ?? '', ru: value?.ru ?? '' });
const settingsTitle = (group: BuilderSettingsGroup): BuilderText => ({
  en: adminMessage(`builder.settingsTargets.${group}`, 'en'),
  ru: adminMessage(`builder.settingsTargets.${group}`, 'ru'),
});

/** The storefront path of a page: a page not yet visible opens the storefront's new-page template instead. */
function pagePath(type: string, slug: string, enabled: boolean): string {
  if (type === 'homepage') return '/';
  return enabled ? `/${slug}` : '/new-page';
}
const catalogPath = (slug: string, enabled: boolean) => (enabled ? `/catalogs/${slug}` : '/catalogs/new-page');

type OwnerRow = {
  id: string;
  slug: string;
  title: LocalizedText;
  metaTitle: LocalizedText | null;
  metaDescription: LocalizedText | null;
  enabled: boolean;
};

const fieldsOf = (row: OwnerRow): BuilderPageFields => ({
  title: textOf(row.title),
  slug: row.slug,
  metaTitle: row.metaTitle ? textOf(row.metaTitle) : null,
  metaDescription: row.metaDescription ? textOf(row.metaDescription) : null,
  enabled: row.enabled,
});

/** The target with its row (locked when `forUpdate`), or 404. */
export async function resolveTarget(
  db: Executor,
  target: string,
  lang: Language,
  forUpdate = false,
): Promise<ResolvedTarget & { fields?: BuilderPageFields }> {
  const parsed = parseBuilderTarget(target);
  const missing = () => notFound(adminMessage('builder.targetNotFound', lang));
  if (!parsed) throw missing();
  const lock = <Q extends { for: (strength: 'update') => unknown }>(query: Q) => (forUpdate ? (query.for('update') as Q) : query);
  switch (parsed.kind) {
    case 'settings':
      return { target, kind: 'settings', id: parsed.id, title: settingsTitle(parsed.id), path: '/', enabled: true };
    case 'page': {
      const [row] = await lock(db.select().from(pages).where(eq(pages.id, parsed.id)));
      if (!row) throw missing();
      return {
        target,
        kind: 'page',
        id: row.id,
        title: textOf(row.title),
        path: pagePath(row.type, row.slug, row.enabled),
        enabled: row.enabled,
        pageType: row.type,
        fields: fieldsOf(row),
      };
    }
    case 'catalog': {
      const [row] = await lock(db.select().from(catalogs).where(eq(catalogs.id, parsed.id)));
      if (!row) throw missing();
      return {
        target,
        kind: 'catalog',
        id: row.id,
        title: textOf(row.title),
        path: catalogPath(row.slug, row.enabled),
        enabled: row.enabled,
        fields: fieldsOf(row),
      };
    }
    case 'article': {
      const [found] = await lock(
        db
          .select({ article: articles, categorySlug: pages.slug })
          .from(articles)
          .innerJoin(pages, eq(pages.id, articles.categoryId))
          .where(eq(articles.id, parsed.id)),
      );
      if (!found) throw missing();
      const row = found.article;
      return {
        target,
        kind: 'article',
        id: row.id,
        title: textOf(row.title),
        path: `/${found.categorySlug}/${row.slug}`,
        enabled: row.enabled,
        fields: fieldsOf(row),
      };
    }
    case 'product': {
      const [row] = await lock(db.select().from(products).where(eq(products.id, parsed.id)));
      if (!row) throw missing();
      return {
        target,
        kind: 'product',
        id: row.id,
        title: textOf(row.title),
        path: `/products/${row.slug}`,
        enabled: row.enabled,
        fields: fieldsOf(row),
      };
    }
  }
}

/** Every section of an owner as the builder edits it (hidden and switched-off ones too), in order. */
async function ownerSections(db: Executor, kind: BuilderSectionKind, id: string): Promise<BuilderSection[]> {
  const rows = await db
    .select()
    .from(sections)
    .where(and(eq(sections.ownerType, kind), eq(sections.ownerId, id)))
    .orderBy(asc(sections.position), asc(sections.id));
  return rows.map((s) => ({
    id: s.id,
    type: s.type,
    enable: s.enable,
    hidden: s.hidden,
    options: s.options,
    items: s.items,
    styles: s.styles,
    required: s.required,
    group: s.group,
  }));
}

/** What visitors see now: the live rows (the "published" content, revision 0 before any builder publish). */
export async function liveContent(db: Executor, resolved: ResolvedTarget & { fields?: BuilderPageFields }): Promise<BuilderContent> {
  if (resolved.kind === 'settings') {
    const [row] = await db.select().from(settings).where(eq(settings.group, resolved.id));
    // as the settings forms read it: the stored value over the defaults, declared keys only
    return { value: shopSettingsSchema.shape[resolved.id].parse(row?.value) as Record<string, unknown> };
  }
  return { page: resolved.fields!, sections: await ownerSections(db, resolved.kind, resolved.id) };
}

function slugTaken(lang: Language): never {
  throw fieldError('content.page.slug', adminMessage('builder.slugTaken', lang), 409);
}

/** Titles and meta texts as stored: a blank meta text is stored as null. */
const metaOf = (text: BuilderText | null | undefined) => (text && (text.en.trim() || text.ru.trim()) ? text : null);

/**
 * Writes a section target's content to the live tables: the owner's sections replaced, its page fields
 * updated (its version raised, so an open edit form elsewhere sees the change). Answers the cache tags.
 */
async function writeSectionsTarget(
  tx: Executor,
  resolved: Extract<ResolvedTarget, { kind: BuilderSectionKind }>,
  content: BuilderSectionsContent,
  lang: Language,
  now: Date,
): Promise<string[]> {
  const { page } = content;
  const common = {
    slug: page.slug,
    title: page.title,
    metaTitle: metaOf(page.metaTitle),
    metaDescription: metaOf(page.metaDescription),
    enabled: page.enabled ?? true,
    updatedAt: now,
  };
  const bump = <T extends { version: unknown }>(table: T) => sql`${table.version} + 1`;
  switch (resolved.kind) {
    case 'page': {
      if (resolved.pageType !== 'homepage' && RESERVED_PAGE_SLUGS.has(page.slug))
        throw fieldError('content.page.slug', adminMessage('builder.slugReserved', lang));
      const [clash] = await tx
        .select({ id: pages.id })
        .from(pages)
        .where(and(eq(pages.slug, page.slug), ne(pages.id, resolved.id)))
        .limit(1);
      if (clash) slugTaken(lang);
      await tx
        .update(pages)
        .set({ ...common, version: bump(pages) })
        .where(eq(pages.id, resolved.id));
      break;
    }
    case 'catalog': {
      const [clash] = await tx
        .select({ id: catalogs.id })
        .from(catalogs)
        .where(and(eq(catalogs.slug, page.slug), ne(catalogs.id, resolved.id)))
        .limit(1);
      if (clash) slugTaken(lang);
      await tx
        .update(catalogs)
        .set({ ...common, version: bump(catalogs) })
        .where(eq(catalogs.id, resolved.id));
      break;
    }
    case 'article': {
      const [clash] = await tx
        .select({ id: articles.id })
        .from(articles)
        .where(and(eq(articles.slug, page.slug), ne(articles.id, resolved.id)))
        .limit(1);
      if (clash) slugTaken(lang);
      await tx
        .update(articles)
        .set({ ...common, version: bump(articles) })
        .where(eq(articles.id, resolved.id));
      break;
    }
    case 'product': {
      const [clash] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.slug, page.slug), ne(products.id, resolved.id)))
        .limit(1);
      if (clash) slugTaken(lang);
      await tx
        .update(products)
        .set({ ...common, sortTitle: page.title.en.toLowerCase(), version: bump(products) })
        .where(eq(products.id, resolved.id));
      break;
    }
  }
  await tx.delete(sections).where(and(eq(sections.ownerType, resolved.kind), eq(sections.ownerId, resolved.id)));
  if (content.sections.length > 0) {
    const wanted = content.sections.map((s) => s.id);
    const elsewhere = await tx.select({ id: sections.id }).from(sections).where(inArray(sections.id, wanted));
    const ids = sectionIdsForPublish(content.sections, new Set(elsewhere.map((r) => r.id)), randomUUID);
    await tx.insert(sections).values(
      content.sections.map((section, position) => ({
        id: ids[position]!,
        ownerType: resolved.kind,
        ownerId: resolved.id,
        type: section.type,
        position,
        required: section.required ?? false,
        group: section.group ?? null,
        enable: section.enable,
        hidden: section.hidden,
        options: section.options,
        items: section.items,
        styles: section.styles,
      })),
    );
  }
  return [cacheTags[resolved.kind](resolved.id)];
}

/** Writes the content to the live tables; answers the cache tags of what changed. */
export async function writeLiveContent(
  tx: Executor,
  resolved: ResolvedTarget,
  content: BuilderContent,
  lang: Language,
  now: Date,
): Promise<string[]> {
  if (resolved.kind === 'settings') {
    // a draft saved before settings values were checked may not pass: a 400, nothing written
    const { value } = checkedSettingsContent(resolved.id, content as BuilderSettingsContent, lang);
    await tx
      .insert(settings)
      .values({ group: resolved.id, value, updatedAt: now })
      .onConflictDoUpdate({ target: settings.group, set: { value, updatedAt: now, version: sql`${settings.version} + 1` } });
    return [cacheTags.settings];
  }
  return writeSectionsTarget(tx, resolved, content as BuilderSectionsContent, lang, now);
}

// ---------------------------------------------------------------- the list

/** Rows per kind in the list: the builder searches for the rest. */
const LIST_LIMIT = 200;

type Listed = Omit<BuilderTargetListItem, 'draft' | 'revision'>;

function searchOf(columns: { title: unknown; slug: unknown }, search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return or(
    ilike(sql`${columns.title}->>'en'`, pattern),
    ilike(sql`${columns.title}->>'ru'`, pattern),
    ilike(columns.slug as never, pattern),
  );
}

async function listKind(db: Executor, kind: BuilderTargetKind, search: string | undefined): Promise<Listed[]> {
  switch (kind) {
    case 'settings':
      return BUILDER_SETTINGS_GROUPS.map((group) => ({ target: `settings:${group}`, kind, title: settingsTitle(group), path: '/' })).filter(
        (item) => !search || [item.title.en, item.title.ru, item.target].some((t) => t.toLowerCase().includes(search.toLowerCase())),
      );
    case 'page': {
      const rows = await db.select().from(pages).where(searchOf(pages, search)).orderBy(asc(pages.type), asc(pages.slug)).limit(LIST_LIMIT);
      return rows.map((r) => ({ target: `page:${r.id}`, kind, title: textOf(r.title), path: pagePath(r.type, r.slug, r.enabled) }));
    }
    case 'catalog': {
      const rows = await db
        .select()
        .from(catalogs)
        .where(searchOf(catalogs, search))
        .orderBy(asc(catalogs.position), asc(catalogs.slug))
        .limit(LIST_LIMIT);
      return rows.map((r) => ({ target: `catalog:${r.id}`, kind, title: textOf(r.title), path: catalogPath(r.slug, r.enabled) }));
    }
    case 'article': {
      const rows = await db
        .select({ article: articles, categorySlug: pages.slug })
        .from(articles)
        .innerJoin(pages, eq(pages.id, articles.categoryId))
        .where(searchOf(articles, search))
        .orderBy(asc(articles.slug))
        .limit(LIST_LIMIT);
      return rows.map(({ article: r, categorySlug }) => ({
        target: `article:${r.id}`,
        kind,
        title: textOf(r.title),
        path: `/${categorySlug}/${r.slug}`,
      }));
    }
    case 'product': {
      const rows = await db
        .select()
        .from(products)
        .where(searchOf(products, search))
        .orderBy(asc(products.sortTitle), asc(products.id))
        .limit(LIST_LIMIT);
      return rows.map((r) => ({ target: `product:${r.id}`, kind, title: textOf(r.title), path: `/products/${r.slug}` }));
    }
  }
}

/** Targets of one kind (or every kind) matching the search, each with its draft and latest revision. */
export async function listTargets(
  db: Executor,
  kind: BuilderTargetKind | undefined,
  search: string | undefined,
): Promise<BuilderTargetListItem[]> {
  const kinds: BuilderTargetKind[] = kind ? [kind] : ['settings', ...BUILDER_SECTION_KINDS];
  const listed = (await Promise.all(kinds.map((k) => listKind(db, k, search?.trim() || undefined)))).flat();
  if (listed.length === 0) return [];
  const targets = listed.map((item) => item.target);
  const [drafts, revisions] = await Promise.all([
    db.select().from(builderDrafts).where(inArray(builderDrafts.target, targets)),
    db
      .select({ target: builderRevisions.target, number: max(builderRevisions.number) })
      .from(builderRevisions)
      .where(inArray(builderRevisions.target, targets))
      .groupBy(builderRevisions.target),
  ]);
  const draftOf = new Map(drafts.map((d) => [d.target, d]));
  const revisionOf = new Map(revisions.map((r) => [r.target, r.number ?? 0]));
  return listed.map((item) => {
    const draft = draftOf.get(item.target);
    return {
      ...item,
      draft: draft
        ? {
            updatedAt: draft.updatedAt.toISOString(),
            updatedByName: draft.updatedByName,
            publishAt: draft.publishAt?.toISOString() ?? null,
          }
        : null,
      revision: revisionOf.get(item.target) ?? 0,
    };
  });
}
