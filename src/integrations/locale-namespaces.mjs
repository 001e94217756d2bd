// @ts-check
import fs from 'node:fs';

const QUERY = '?namespace=';
const PREFIX = '\0locale-namespace:';
const IMPORT = /import\s*\{([^}]*)\}\s*from\s*(['"])([^'"]*locales\/[a-z]{2}\.json)\2;?/g;

/**
 * Vite plugin: `import { shop as en } from '…/locales/en.json'` becomes an import of that one namespace
 * (`…/locales/en.json?namespace=shop`, a module holding only `shop`). A locale file is one module, and a
 * module cannot be split between chunks: without this, the product page's buy box, which needs the `shop`
 * texts, downloaded the whole Russian locale (admin texts included, 42 KB gzip) in a chunk it shared with
 * the back office. Imports of a whole locale (`import en from …`) are left as they are.
 * @returns {import('vite').Plugin}
 */
export default function localeNamespaces() {
  return {
    name: 'locale-namespaces',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (file.includes('/node_modules/') || !/\.(m?[jt]sx?)$/.test(file) || !code.includes('locales/')) return null;
      const next = code.replace(IMPORT, (_, names, quote, specifier) =>
        String(names)
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
          .map((part) => {
            const [name, local = name] = part.split(/\s+as\s+/).map((word) => word.trim());
            return `import ${local} from ${quote}${specifier}${QUERY}${name}${quote};`;
          })
          .join('\n'),
      );
      return next === code ? null : { code: next, map: null };
    },
    async resolveId(source, importer) {
      if (!source.includes(QUERY)) return null;
      const [file, namespace] = source.split(QUERY);
      const resolved = await this.resolve(file ?? '', importer, { skipSelf: true });
      return resolved ? `${PREFIX}${resolved.id}${QUERY}${namespace}` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [file = '', namespace = ''] = id.slice(PREFIX.length).split(QUERY);
      this.addWatchFile(file);
      const json = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (!(namespace in json)) this.error(`${file} has no namespace "${namespace}"`);
      return `export default ${JSON.stringify(json[namespace])};`;
    },
  };
}
