import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
import type { SectionType } from '../lib/section-types';
import type { SectionDefinition } from './context';
import { isSectionType, sectionDefinitions, typeOfPath } from './definitions';

/**
 * Section types found by file name, so adding a type never edits a shared file: a type `SectionX`
 * is the component `src/sections/SectionX.astro` together with its definition (options schema, item
 * schema, content rule, editor fields, presets, data need) exported by default from
 * `src/sections/SectionX.schema.ts`. A listed type missing either fails tests/unit/section-definitions.test.ts.
 */

export type RegisteredSection = SectionDefinition & { type: SectionType; component: AstroComponentFactory };

const components = import.meta.glob<AstroComponentFactory>('./Section*.astro', { eager: true, import: 'default' });

/** The types that have a component, by type (for the completeness test). */
export const sectionComponents: ReadonlyMap<string, AstroComponentFactory> = new Map(
  Object.entries(components).map(([path, component]) => [typeOfPath(path), component]),
);

function buildRegistry(): Map<SectionType, RegisteredSection> {
  const registry = new Map<SectionType, RegisteredSection>();
  for (const [type, component] of sectionComponents) {
    const definition = isSectionType(type) ? sectionDefinitions.get(type) : undefined;
    if (!isSectionType(type) || !definition) continue;
    registry.set(type, { ...definition, type, component });
  }
  return registry;
}

export const sectionRegistry: ReadonlyMap<SectionType, RegisteredSection> = buildRegistry();

export function findSection(type: string): RegisteredSection | null {
  return isSectionType(type) ? (sectionRegistry.get(type) ?? null) : null;
}
