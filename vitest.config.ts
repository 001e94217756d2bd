/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Astro's Vite config lets tests render .astro components with the container API (tests/render).
export default getViteConfig({
  test: {
    include: ['tests/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
