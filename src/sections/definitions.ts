import { SECTION_TYPES, type SectionType } from '../lib/section-types';
import type { SectionDefinition } from './context';

/**
 * The section definitions found by file name: `src/sections/Section{Type}.schema.ts` exports the
 * definition of `Section{Type}` by default. Under Vite (Astro, vitest) the files are globbed at build
 * time; run by plain Node (`npm run api` through tsx) they are imported from the folder.
 */

type DefinitionModules = Record<string, SectionDefinition>;

async function importFromFolder(): Promise<DefinitionModules> {
  const { readdirSync } = await import('node:fs');
  const folder = new URL('.', import.meta.url);
  const files = readdirSync(folder).filter((name) => /^Section\w+\.schema\.ts$/.test(name));
  const entries = await Promise.all(
    files.map(
      async (name) => [`./${name}`, ((await import(new URL(name, folder).href)) as { default: SectionDefinition }).default] as const,
    ),
  );
  return Object.fromEntries(entries);
}

const modules: DefinitionModules = import.meta.env
  ? import.meta.glob<SectionDefinition>('./Section*.schema.ts', { eager: true, import: 'default' })
  : await importFromFolder();

export const typeOfPath = (path: string) => /\/(Section\w+?)(\.schema)?\.(astro|ts)$/.exec(path)?.[1] ?? '';
export const isSectionType = (type: string): type is SectionType => (SECTION_TYPES as readonly string[]).includes(type);

/** Every known type's definition, by type. */
export const sectionDefinitions: ReadonlyMap<SectionType, SectionDefinition> = new Map(
  Object.entries(modules).flatMap(([path, definition]) => {
    const type = typeOfPath(path);
    return isSectionType(type) ? [[type, definition] as const] : [];
  }),
);

export const findDefinition = (type: string): SectionDefinition | null =>
  isSectionType(type) ? (sectionDefinitions.get(type) ?? null) : null;
