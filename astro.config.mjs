// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import methodGuard from './src/integrations/method-guard.mjs';
import previewRoute from './src/pages/_preview/route.mjs';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), previewRoute(), methodGuard()],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? '127.0.0.1' },
  trailingSlash: 'ignore',
  security: { checkOrigin: false },
  vite: {
    ssr: { external: ['@electric-sql/pglite', 'sharp', 'pg', 'pino', 'nodemailer', 'isomorphic-dompurify'] },
  },
});
