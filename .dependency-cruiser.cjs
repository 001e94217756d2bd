/**
 * Import direction (ARCHITECTURE.md): code only imports downwards. Type-only imports are allowed across layers
 * (they vanish at build time); what is checked is code that would be bundled or run.
 */
module.exports = {
  forbidden: [
    {
      name: 'lib-is-pure',
      comment: 'src/lib holds framework-free logic used by server and browser: it imports only itself and src/contract.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: {
        path: '^src/(server|storefront|islands|admin|stores|pages|layouts|components|sections|scripts)/',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'contract-is-shared',
      comment: 'src/contract is shared by the server and the back office: no server or browser code in it.',
      severity: 'error',
      from: { path: '^src/contract/' },
      to: {
        path: '^src/(server|storefront|islands|admin|stores|pages|layouts|components|sections|scripts)/',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'admin-talks-through-the-api',
      comment: 'The back office runs in the browser: it reaches the server only through /api/admin (shapes from src/contract).',
      severity: 'error',
      from: { path: '^src/admin/' },
      to: { path: '^src/(server|pages|islands|stores)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'browser-code-stays-off-the-server',
      comment: 'Islands, stores and page scripts run in the browser: no server modules in their bundles.',
      severity: 'error',
      from: { path: '^src/(islands|stores|scripts)/' },
      to: { path: '^src/(server|storefront)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-does-not-import-browser-code',
      comment: 'The API, the database layer and the server services do not depend on pages, page helpers (src/storefront) or browser code.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/(storefront|pages|layouts|islands|stores|admin|scripts)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(dist|node_modules|\\.astro)/' },
  },
};
