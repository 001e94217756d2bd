import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** src/integrations/interaction-directive.mjs: hydrate on the first interaction inside the island */
    'client:interaction'?: boolean | { eagerWhenStored?: string };
  }
}
