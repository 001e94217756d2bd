import { dropUnrenderedScopes, renderedScopes } from '../lib/scoped-css';
import { htmlResponse, responseText } from './http/html-text';

/**
 * A page's inlined CSS without the scoped rules of components it does not render (src/lib/scoped-css.ts):
 * the section registry makes every section type's styles part of every page's CSS, and a page shows a few
 * of them. Unscoped rules (base.css, the sheets components import) all stay, including those for classes
 * scripts add later. Parts of other pages inserted later bring their own rules (adopt-styles.ts); the
 * builder's live preview, which inserts sections of any type, keeps the whole CSS.
 */
export function pruneInlinedCss(html: string): string {
  const rendered = renderedScopes(html);
  const scopes = [...rendered].sort().join(' ');
  return html.replace(
    /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/g,
    (_whole, open: string, css: string, close: string) => `${open}${prunedSheet(css, rendered, scopes)}${close}`,
  );
}

/**
 * Pruned sheets by the sheet and the set of rendered components: pages of one kind render the same
 * components and inline the same sheets (a few distinct ones per build), so after the first of them
 * pruning is a lookup (about 2.5 ms of work on a catalog page before). At most MAX_PRUNED_SHEETS results
 * (a few MB); emptied when full.
 */
const pruned = new Map<string, Map<string, string>>();
let prunedCount = 0;
const MAX_PRUNED_SHEETS = 64;

function prunedSheet(css: string, rendered: ReadonlySet<string>, scopes: string): string {
  let bySheet = pruned.get(css);
  let sheet = bySheet?.get(scopes);
  if (sheet === undefined) {
    sheet = dropUnrenderedScopes(css, rendered);
    if (prunedCount >= MAX_PRUNED_SHEETS) {
      pruned.clear();
      prunedCount = 0;
      bySheet = undefined;
    }
    if (!bySheet) pruned.set(css, (bySheet = new Map()));
    bySheet.set(scopes, sheet);
    prunedCount += 1;
  }
  return sheet;
}

/** The page response with its CSS pruned (a rendered HTML page answering 200; anything else as it is). */
export async function withPrunedCss(response: Response): Promise<Response> {
  if (response.status !== 200 || !response.body || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
  const html = pruneInlinedCss(await responseText(response));
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return htmlResponse(html, { status: response.status, statusText: response.statusText, headers });
}
