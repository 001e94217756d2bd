import type { SectionDto } from '../lib/api-client';
import { deepFreeze } from '../lib/deep-freeze';
import type { SectionContext, SectionItem, SectionProps } from './context';
import { collectImageIds } from './images';
import { findSection, type RegisteredSection } from './registry';
import { isRecord } from './schema-kit';

/** The first sections of a page are critical (spec 2.9): their images load eagerly. */
export const CRITICAL_SECTIONS = 3;

export type PlannedSection = { entry: RegisteredSection; props: SectionProps };

/**
 * Checked options and items by the object they were checked from. The server hands a page the same frozen
 * objects until the section changes (src/server/api/shared/sections.ts), so each change is checked once; objects
 * that are not frozen (a builder's draft, a catalog's page of products, tests) are checked every time.
 */
type Checks<T> = WeakMap<object, { entry: RegisteredSection; value: T }>;
const checkedOptions: Checks<{ success: boolean; data?: unknown }> = new WeakMap();
const checkedItems: Checks<SectionItem<unknown>[]> = new WeakMap();

function checkOnce<T>(checks: Checks<T>, from: object, entry: RegisteredSection, check: () => T): T {
  if (!Object.isFrozen(from)) {
    const value = check();
    // what sections are given may be shared by renders: outside production it is frozen to prove none changes it
    return import.meta.env.PROD ? value : deepFreeze(value);
  }
  const known = checks.get(from);
  if (known?.entry === entry) return known.value;
  const value = deepFreeze(check());
  checks.set(from, { entry, value });
  return value;
}

function parseItems(entry: RegisteredSection, section: SectionDto): SectionItem<unknown>[] {
  return checkOnce(checkedItems, section.items, entry, () =>
    section.items.flatMap((item) => {
      if (!isRecord(item) || !isRecord(item.options)) return [];
      const parsed = entry.item ? entry.item.safeParse(item.options) : { success: true as const, data: item.options };
      return parsed.success ? [{ id: String(item.id ?? ''), options: parsed.data }] : [];
    }),
  );
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
    const parsed = checkOnce(checkedOptions, section.options, entry, () => {
      const result = entry.schema.safeParse(section.options);
      return result.success ? { success: true, data: result.data } : { success: false };
    });
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
