import { filterRules } from '../../lib/scoped-css';

const SCOPE = /data-astro-cid-([a-z0-9]+)/g;

const scopesIn = (css: string) => new Set([...css.matchAll(SCOPE)].map((match) => match[1]!));

/**
 * A page's inlined CSS leaves out the scoped rules of the components it did not render
 * (src/server/page-css.ts). Markup taken from another rendered page (a list filtered in place, "load more")
 * may bring components this page did not show: their rules come along from that page's CSS, added once.
 */
export function adoptStyles(next: Document): void {
  const have = scopesIn([...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n'));
  const css = [...next.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');
  const missing = [...scopesIn(css)].filter((scope) => !have.has(scope));
  if (missing.length === 0) return;
  const rules = filterRules(css, (selectors) => selectors.some((scopes) => scopes.some((scope) => missing.includes(scope))), 'drop');
  if (!rules.trim()) return;
  const style = document.createElement('style');
  style.textContent = rules;
  document.head.append(style);
}
