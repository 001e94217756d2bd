import type { SectionDto } from '../lib/api-client';
import type { SectionContext, SectionItem, SectionProps } from './context';
import { collectImageIds } from './images';
import { findSection, type RegisteredSection } from './registry';
import { isRecord } from './schema-kit';

/** The first sections of a page are critical (spec 2.9): their images load eagerly. */
export const CRITICAL_SECTIONS = 3;

export type PlannedSection = { entry: RegisteredSection; props: SectionProps };

function parseItems(entry: RegisteredSection, section: SectionDto): SectionItem<unknown>[] {
  return section.items.flatMap((item) => {
    if (!isRecord(item) || !isRecord(item.options)) return [];
    const parsed = entry.item ? entry.item.safeParse(item.options) : { success: true as const, data: item.options };
    return parsed.success ? [{ id: String(item.id ?? ''), options: parsed.data }] : [];
  });
}

/** True when the section shows an image: one its options refer to, or one of its widget data (products, articles). */
function showsImage(section: SectionDto, context: SectionContext): boolean {
  if (collectImageIds([section]).some((id) => context.images.has(id))) return true;
  const walk = (value: unknown): boolean =>
    Array.isArray(value)
      ? value.some(walk)
      : isRecord(value) && ((typeof value['uri'] === 'string' && typeof value['mime'] === 'string') || Object.values(value).some(walk));
  return walk(section.data);
}

/**
 * The sections a page shows, in order, with the props of their components: sections of unknown types
 * and sections without content are left out; the first three of the rest are critical, and the first
 * critical one showing an image gets the page's lead image. `firstIndex` is the number of sections the
 * page has already shown above these (a page that renders its sections in parts).
 */
export function planSections(sections: readonly SectionDto[], context: SectionContext, firstIndex = 0): PlannedSection[] {
  const visible = sections.flatMap((section) => {
    const entry = findSection(section.type);
    if (!entry) return [];
    const parsed = entry.schema.safeParse(section.options);
    if (!parsed.success) return [];
    const options = parsed.data;
    const items = parseItems(entry, section);
    return entry.hasContent({ section, options, items, context }) ? [{ entry, section, options, items }] : [];
  });
  const isCritical = (index: number) => firstIndex + index < CRITICAL_SECTIONS;
  const leadIndex = visible.findIndex(({ section }, index) => isCritical(index) && showsImage(section, context));
  return visible.map(({ entry, section, options, items }, index) => ({
    entry,
    props: { section, options, items, index: firstIndex + index, critical: isCritical(index), leadImage: index === leadIndex, context },
  }));
}
