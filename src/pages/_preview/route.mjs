// @ts-check

/**
 * Serves POST /_preview/render (the admin live preview's renderer). Astro does not route files under
 * a folder starting with '_', so the route is injected; the address cannot collide with a shop page
 * (slugs never start with '_').
 *
 * @returns {import('astro').AstroIntegration}
 */
export default function previewRoute() {
  return {
    name: 'storefront-preview-route',
    hooks: {
      'astro:config:setup': ({ injectRoute }) => {
        injectRoute({ pattern: '/_preview/render', entrypoint: './src/pages/_preview/render.astro', prerender: false });
      },
    },
  };
}
