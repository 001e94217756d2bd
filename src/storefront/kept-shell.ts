import type { MenuItemDto, ShopConfigDto } from '../lib/api-client';
import { LANGUAGES, type Language } from '../lib/localize';
import { languageHref } from '../components/chrome/chrome-data';
import { cacheTags, onInvalidate } from '../server/cache/invalidation';

/**
 * The rendered header and footer of the storefront's pages, kept per instance: they show only the settings,
 * the menus and the language (no visitor, no cart, no page data), so an uncached page reuses them instead of
 * rendering them again. Two things in them depend on the page's address, and both are handled here: the
 * language switch links to the current address (kept with a mark in their place and filled in on each use),
 * and a menu link is marked current on its own page (a page a menu links to keeps its own copy).
 *
 * Kept until an invalidation names the settings, the menus or everything, on this instance or, through the
 * transport, on another one. A page whose settings and menus were read before such an invalidation does not
 * store its shell (the generation it read under is gone), so a stale shell is never kept.
 */

/** Renders of header and footer kept at most: parts × languages × the pages menus link to. */
const MAX_KEPT = 400;
const SHELL_TAGS: ReadonlySet<string> = new Set([cacheTags.settings, cacheTags.menus, cacheTags.all]);

let generation = 0;
const kept = new Map<string, string>();
onInvalidate((tags) => {
  if (!tags.some((tag) => SHELL_TAGS.has(tag))) return;
  generation += 1;
  kept.clear();
});

/** The generation a page's settings and menus are read under (taken before reading them). */
export const shellGeneration = (): number => generation;

export type ShellInputs = {
  settings: ShopConfigDto | null;
  menus: Record<string, MenuItemDto[]>;
  lang: Language;
  generation: number;
};

const attribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
const languageMark = (lang: Language) => `href="\u0000language-${lang}\u0000"`;

function menuUrls(menus: Record<string, MenuItemDto[]>, into = new Set<string>()): Set<string> {
  const visit = (items: MenuItemDto[]) => {
    for (const item of items) {
      into.add(item.url);
      visit(item.children);
    }
  };
  for (const items of Object.values(menus)) visit(items);
  return into;
}

/**
 * The `part` of the page at `url` (the header, or the footer with what follows it), rendered by `render`
 * unless a copy for these inputs is kept. Not kept without settings (an outage shows its own notice) and on
 * the search page (its header's field shows the query).
 */
export async function keptShell(part: string, inputs: ShellInputs, url: URL, render: () => Promise<string>): Promise<string> {
  if (!inputs.settings || url.pathname === '/search') return render();
  const current = menuUrls(inputs.menus).has(url.pathname) ? url.pathname : '';
  const key = `${part}\u0001${inputs.lang}\u0001${inputs.generation}\u0001${current}`;
  const links = LANGUAGES.map((lang) => [languageMark(lang), `href="${attribute(languageHref(url, lang))}"`] as const);
  const template = kept.get(key);
  if (template !== undefined) {
    // refreshed as the most recently used
    kept.delete(key);
    kept.set(key, template);
    return links.reduce((html, [mark, href]) => html.replaceAll(mark, href), template);
  }
  const html = await render();
  if (inputs.generation === generation) {
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(
      key,
      links.reduce((text, [mark, href]) => text.replaceAll(href, mark), html),
    );
  }
  return html;
}
