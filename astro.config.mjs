// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import methodGuard from './src/integrations/method-guard.mjs';
import previewRoute from './src/pages/_preview/route.mjs';
import precompressAssets from './scripts/precompress-assets.mjs';
import localeNamespaces from './src/integrations/locale-namespaces.mjs';
import interactionDirective from './src/integrations/interaction-directive.mjs';
import shopScriptHashes from './src/integrations/shop-script-hashes.mjs';

/**
 * Pages the page cache keeps (seconds): each is rendered once per change and dropped by the tags of what
 * it shows (src/server/cache); the time bound only catches what no write announces (an article whose
 * publication time arrives). Personal pages are never kept (src/server/cache/page-request.ts).
 */
const PAGE_MAX_AGE = 3600;

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), interactionDirective(), previewRoute(), precompressAssets(), methodGuard(), shopScriptHashes()],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? '127.0.0.1' },
  trailingSlash: 'ignore',
  // A page's CSS is written into it: no stylesheet request blocks the first paint.
  build: { inlineStylesheets: 'always' },
  security: { checkOrigin: false },
  cache: {
    provider: { name: 'storefront pages', entrypoint: './src/server/cache/astro-page-cache.ts' },
  },
  routeRules: {
    '/': { maxAge: PAGE_MAX_AGE },
    '/[slug]': { maxAge: PAGE_MAX_AGE },
    '/[category]/[slug]': { maxAge: PAGE_MAX_AGE },
    '/catalogs/[slug]': { maxAge: PAGE_MAX_AGE },
    '/products/[slug]': { maxAge: PAGE_MAX_AGE },
    '/api/config': { maxAge: PAGE_MAX_AGE, tags: ['settings'] },
    // product feeds: dropped by the tags of every product and catalog they name (src/server/feeds.ts)
    '/feeds/[...feed]': { maxAge: PAGE_MAX_AGE },
  },
  vite: {
    // islands download only the locale namespaces they use (src/integrations/locale-namespaces.mjs)
    plugins: [localeNamespaces()],
    ssr: { external: ['@electric-sql/pglite', 'sharp', 'pg', 'pino', 'nodemailer', 'isomorphic-dompurify'] },
  },
});
