import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import localeNamespaces from '../../src/integrations/locale-namespaces.mjs';

type Hook = (...args: unknown[]) => unknown;

/** The build plugin that hands islands one namespace of a locale instead of the whole file. */
describe('locale namespaces', () => {
  const plugin = localeNamespaces() as unknown as { transform: Hook; resolveId: Hook; load: Hook };

  it('rewrites named imports of a locale into imports of each namespace, and leaves other imports alone', () => {
    // written in pieces: the test file itself goes through the plugin (vitest uses the Astro config)
    // biome-ignore lint/style/useTemplate: one template literal would be rewritten by the plugin under test
    const locale = (depth: string) => `'${depth}locales/` + `en.json'`;
    const code = `import { formTexts as textsEn, forms } from ${locale('../../../')};\nimport en from ${locale('../../')};\nimport { x } from './other';`;
    const out = plugin.transform(code, '/shop/src/islands/forms/texts.ts') as { code: string };
    expect(out.code).toBe(
      `import textsEn from '../../../locales/en.json?namespace=formTexts';\nimport forms from '../../../locales/en.json?namespace=forms';\nimport en from '../../locales/en.json';\nimport { x } from './other';`,
    );
    expect(plugin.transform(code, '/shop/node_modules/x/index.js')).toBeNull();
    expect(plugin.transform(`import { x } from './other';`, '/shop/src/a.ts')).toBeNull();
  });

  it('loads only the namespace', async () => {
    const file = path.resolve('locales/ru.json');
    const id = (await plugin.resolveId.call(
      { resolve: async () => ({ id: file }) },
      '../../../locales/ru.json?namespace=shop',
      '/x.ts',
    )) as string;
    const errors: string[] = [];
    const source = plugin.load.call({ addWatchFile: () => {}, error: (m: string) => errors.push(m) }, id) as string;
    const shop = JSON.parse(fs.readFileSync(file, 'utf8')).shop;
    expect(source).toBe(`export default ${JSON.stringify(shop)};`);
    expect(source.length).toBeLessThan(fs.readFileSync(file, 'utf8').length / 3);
    expect(errors).toEqual([]);
  });
});
