// @ts-check
import { fileURLToPath } from 'node:url';

const GUARD = fileURLToPath(new URL('../server/method-guard.ts', import.meta.url));
const DEFINITION = 'function createStandaloneHandler(app, options, headersMap) {';

/**
 * Answers methods the shop does not serve (TRACE, PROPFIND, ...) with 405 in the standalone server.
 * The Node adapter builds a web Request from every request before any middleware runs, and that throws
 * on TRACE, CONNECT and TRACK (a 500); so the request listeners it creates (createStandaloneHandler: its own
 * server's, and the `handler` export that server.mjs serves) are wrapped at build time. The build fails
 * if the adapter's code changed shape, rather than shipping without the guard.
 *
 * @returns {import('astro').AstroIntegration}
 */
export default function methodGuard() {
  return {
    name: 'storefront-method-guard',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'storefront-method-guard',
                transform(code, id) {
                  if (!/@astrojs[\\/]node[\\/]dist[\\/]standalone\.js$/.test(id)) return null;
                  if (!code.includes(DEFINITION))
                    throw new Error('method guard: @astrojs/node standalone.js changed; update src/integrations/method-guard.mjs');
                  // every handler the adapter makes (its own server's, and the exported one server.mjs runs) is guarded
                  const guarded = code.replace(DEFINITION, DEFINITION.replace('createStandaloneHandler', '__unguardedStandaloneHandler'));
                  return `import { guardMethods as __guardMethods } from ${JSON.stringify(GUARD)};
${guarded}
function createStandaloneHandler(app, options, headersMap) {
  return __guardMethods(__unguardedStandaloneHandler(app, options, headersMap));
}`;
                },
              },
            ],
          },
        });
      },
    },
  };
}
