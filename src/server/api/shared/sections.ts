import { sql, type SQL } from 'drizzle-orm';
import { deepFreeze } from '../../../lib/deep-freeze';
import { localize, type Language } from '../../../lib/localize';
import type { Executor } from '../../db/client';
import { sections } from '../../db/schema';
import type { SectionDto } from '../../../contract/storefront/common';

export type SectionOwner = 'page' | 'catalog' | 'article' | 'product';

/** The section answer is declared once, in the contract. */
export type { SectionDto };

type SectionRow = Omit<typeof sections.$inferSelect, 'ownerType' | 'ownerId'> & {
  /** a digest of everything the answer is built from: the same digest, the same answer */
  rev?: string;
};

/** The digest of a section row (`s`) that `rev` carries. */
const sectionRev = sql`md5(json_build_array(s.type, s.position, s.required, s."group", s.enable, s.hidden, s.options, s.items, s.styles)::text)`;

/** Visible sections of an owner in display order, localized. Hidden and disabled sections are left out. */
export async function loadSections(db: Executor, ownerType: SectionOwner, ownerId: string, lang: Language): Promise<SectionDto[]> {
  const [row] = await db.select({ rows: sectionsJson(ownerType, sql`${ownerId}`) }).from(sql`(select 1) as one`);
  return toSectionDtos(row?.rows ?? [], lang);
}

/**
 * The visible sections of the owner `ownerId` names (a column of the outer query) as a json column, in
 * display order: a page, catalog or product is read with its sections in one query. `toSectionDtos` reads it.
 */
export function sectionsJson(ownerType: SectionOwner, ownerId: SQL): SQL<SectionRow[]> {
  return sql<SectionRow[]>`(select coalesce(json_agg(json_build_object('id', s.id, 'type', s.type, 'position', s.position,
      'required', s.required, 'group', s."group", 'enable', s.enable, 'hidden', s.hidden, 'options', s.options, 'items', s.items,
      'styles', s.styles, 'rev', ${sectionRev}) order by s.position, s.id), '[]'::json)
    from ${sections} s where s.owner_type = ${ownerType} and s.owner_id = ${ownerId} and s.enable and not s.hidden)`;
}

/** The most section answers kept per instance (the least recently used go first). */
const KEPT_SECTIONS = 5000;
const keptSections = new Map<string, SectionDto>();

function toSectionDto(s: SectionRow, lang: Language): SectionDto {
  return {
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
  };
}

/**
 * Section rows (of the table or of `sectionsJson`) as the API answers them, localized. The answer of a row whose
 * digest was seen before is the one built then, frozen: a storefront page that takes it in-process
 * (src/server/api/core/handed-answers.ts) finds the same objects until the section changes, so it checks a
 * section's options once per change (src/sections/render-plan.ts), not on every render.
 */
export function toSectionDtos(rows: readonly SectionRow[], lang: Language): SectionDto[] {
  return rows.map((row) => {
    if (!row.rev) return toSectionDto(row, lang);
    const key = `${row.id}|${lang}|${row.rev}`;
    const kept = keptSections.get(key);
    if (kept) {
      keptSections.delete(key);
      keptSections.set(key, kept);
      return kept;
    }
    const built = deepFreeze(toSectionDto(row, lang));
    if (keptSections.size >= KEPT_SECTIONS) keptSections.delete(keptSections.keys().next().value!);
    keptSections.set(key, built);
    return built;
  });
}
