import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
import { SECTION_TYPES, type SectionType } from '../lib/section-types';
import type { SectionDefinition } from './context';

/**
 * Section types found by file name, so adding a type never edits a shared file: a type `SectionX`
 * is the component `src/sections/SectionX.astro` together with its definition (options schema,
 * item schema, content rule) exported by default from `src/sections/SectionX.schema.ts`.
 */

export type RegisteredSection = SectionDefinition & { type: SectionType; component: AstroComponentFactory };

const components = import.meta.glob<AstroComponentFactory>('./Section*.astro', { eager: true, import: 'default' });
const definitions = import.meta.glob<SectionDefinition>('./Section*.schema.ts', { eager: true, import: 'default' });

const typeOf = (path: string) => /\/(Section\w+?)(\.schema)?\.(astro|ts)$/.exec(path)?.[1] ?? '';
const isSectionType = (type: string): type is SectionType => (SECTION_TYPES as readonly string[]).includes(type);

function buildRegistry(): Map<SectionType, RegisteredSection> {
  const definitionByType = new Map(Object.entries(definitions).map(([path, definition]) => [typeOf(path), definition]));
  const registry = new Map<SectionType, RegisteredSection>();
  for (const [path, component] of Object.entries(components)) {
    const type = typeOf(path);
    const definition = definitionByType.get(type);
    if (!isSectionType(type) || !definition) continue;
    registry.set(type, { ...definition, type, component });
  }
  return registry;
}

export const sectionRegistry: ReadonlyMap<SectionType, RegisteredSection> = buildRegistry();

export function findSection(type: string): RegisteredSection | null {
  return isSectionType(type) ? (sectionRegistry.get(type) ?? null) : null;
}
