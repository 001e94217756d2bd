import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { localize, type Language } from '../../../lib/localize';
import type { Executor } from '../../db/client';
import { sections } from '../../db/schema';
import type { SectionDto } from '../../../contract/storefront/common';

export type SectionOwner = 'page' | 'catalog' | 'article' | 'product';

/** The section answer is declared once, in the contract. */
export type { SectionDto };

type SectionRow = Omit<typeof sections.$inferSelect, 'ownerType' | 'ownerId'>;

/** Visible sections of an owner in display order, localized. Hidden and disabled sections are left out. */
export async function loadSections(db: Executor, ownerType: SectionOwner, ownerId: string, lang: Language): Promise<SectionDto[]> {
  const rows = await db
    .select()
    .from(sections)
    .where(and(eq(sections.ownerType, ownerType), eq(sections.ownerId, ownerId), eq(sections.enable, true), eq(sections.hidden, false)))
    .orderBy(asc(sections.position), asc(sections.id));
  return toSectionDtos(rows, lang);
}

/**
 * The visible sections of the owner `ownerId` names (a column of the outer query) as a json column, in
 * display order: a page, catalog or product is read with its sections in one query. `toSectionDtos` reads it.
 */
export function sectionsJson(ownerType: SectionOwner, ownerId: SQL): SQL<SectionRow[]> {
  return sql<SectionRow[]>`(select coalesce(json_agg(json_build_object('id', s.id, 'type', s.type, 'position', s.position,
      'required', s.required, 'group', s."group", 'enable', s.enable, 'hidden', s.hidden, 'options', s.options, 'items', s.items,
      'styles', s.styles) order by s.position, s.id), '[]'::json)
    from ${sections} s where s.owner_type = ${ownerType} and s.owner_id = ${ownerId} and s.enable and not s.hidden)`;
}

/** Section rows (of the table or of `sectionsJson`) as the API answers them, localized. */
export function toSectionDtos(rows: readonly SectionRow[], lang: Language): SectionDto[] {
  return rows.map((s) => ({
    id: s.id,
    type: s.type,
    position: s.position,
    required: s.required,
    group: s.group,
    enable: s.enable,
    hidden: s.hidden,
    options: localize(s.options, lang) as Record<string, unknown>,
    items: localize(s.items, lang) as SectionDto['items'],
    styles: s.styles,
  }));
}
