import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import idle from 'astro/runtime/client/idle.prebuilt.js';
import load from 'astro/runtime/client/load.prebuilt.js';
import media from 'astro/runtime/client/media.prebuilt.js';
import only from 'astro/runtime/client/only.prebuilt.js';
import visible from 'astro/runtime/client/visible.prebuilt.js';

/**
 * The container API with the shop's own client directive besides Astro's: `client:interaction`
 * (src/integrations/interaction-directive.mjs, registered by the build's integration, which the container
 * does not run). Its browser script is a stand-in here: render tests read the island's attributes.
 */
export function createContainer(): Promise<AstroContainer> {
  const clientDirectives = new Map([
    ['idle', idle],
    ['load', load],
    ['media', media],
    ['only', only],
    ['visible', visible],
    ['interaction', '(()=>{(self.Astro||(self.Astro={})).interaction=()=>{};})();'],
  ]);
  return AstroContainer.create({ manifest: { clientDirectives } as never });
}
