/** Astro components imported by the render tests (tsc itself does not know .astro files). */
declare module '*.astro' {
  const component: import('astro/runtime/server/index.js').AstroComponentFactory;
  export default component;
}
