// @ts-check
import { fileURLToPath } from 'node:url';

/**
 * `client:interaction`: an island whose code (React and the island's own) loads only once the visitor
 * reaches into it: the first pointer, touch, key or focus event inside its server-rendered HTML. A first
 * visit that never touches it downloads and runs none of it. See interaction-directive.client.mjs.
 *
 * @returns {import('astro').AstroIntegration}
 */
export default function interactionDirective() {
  return {
    name: 'storefront-interaction-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('./interaction-directive.client.mjs', import.meta.url)),
        });
      },
    },
  };
}
