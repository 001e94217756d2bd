import { dropUnrenderedScopes, renderedScopes } from '../lib/scoped-css';

/**
 * A page's inlined CSS without the scoped rules of components it does not render (src/lib/scoped-css.ts):
 * the section registry makes every section type's styles part of every page's CSS, and a page shows a few
 * of them. Unscoped rules (base.css, the sheets components import) all stay, including those for classes
 * scripts add later. Parts of other pages inserted later bring their own rules (adopt-styles.ts); the
 * builder's live preview, which inserts sections of any type, keeps the whole CSS.
 */
export function pruneInlinedCss(html: string): string {
  const rendered = renderedScopes(html);
  return html.replace(/(<style\b[^>]*>)([\s\S]*?)(<\/style>)/g, (_whole, open: string, css: string, close: string) => `${open}${dropUnrenderedScopes(css, rendered)}${close}`);
}

/** The page response with its CSS pruned (a rendered HTML page answering 200; anything else as it is). */
export async function withPrunedCss(response: Response): Promise<Response> {
  if (response.status !== 200 || !response.body || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
  const html = pruneInlinedCss(await response.text());
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}
