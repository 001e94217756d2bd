import { and, asc, eq } from 'drizzle-orm';
import { localize, type Language } from '../../../lib/localize';
import type { Executor } from '../../db/client';
import { sections } from '../../db/schema';
import type { SectionDto } from '../../../contract/storefront/common';

export type SectionOwner = 'page' | 'catalog' | 'article' | 'product';

/** The section answer is declared once, in the contract. */
export type { SectionDto };

/** Visible sections of an owner in display order, localized. Hidden and disabled sections are left out. */
export async function loadSections(db: Executor, ownerType: SectionOwner, ownerId: string, lang: Language): Promise<SectionDto[]> {
  const rows = await db
    .select()
    .from(sections)
    .where(and(eq(sections.ownerType, ownerType), eq(sections.ownerId, ownerId), eq(sections.enable, true), eq(sections.hidden, false)))
    .orderBy(asc(sections.position), asc(sections.id));
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
