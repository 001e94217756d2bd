/**
 * "Load more" links of paged lists (components/sections/LoadMore.astro): a click fetches the linked
 * page, appends the cards of the same section's list to this one and points the link at the page after,
 * or removes it when the fetched page has no further one. Any failure follows the link as a plain link.
 */

import { adoptStyles } from './adopt-styles';

/** Moves the cells of `next`'s list into `current`'s and answers the next page's link of the section, if any. */
export function appendNextPage(current: Document, next: Document, sectionId: string): string | null {
  const selector = `#section-${CSS.escape(sectionId)} [data-items]`;
  const list = current.querySelector(selector);
  const incoming = next.querySelector(selector);
  if (!list || !incoming) throw new Error('The list is missing');
  for (const cell of [...incoming.children]) list.append(current.importNode(cell, true));
  const link = next.querySelector<HTMLAnchorElement>(`[data-load-more="${CSS.escape(sectionId)}"]`);
  return link?.getAttribute('href') ?? null;
}

async function loadMore(link: HTMLAnchorElement): Promise<void> {
  const sectionId = link.dataset['loadMore'] ?? '';
  const href = link.href;
  link.setAttribute('aria-busy', 'true');
  try {
    const response = await fetch(href, { headers: { Accept: 'text/html' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const next = new DOMParser().parseFromString(await response.text(), 'text/html');
    adoptStyles(next);
    const nextHref = appendNextPage(document, next, sectionId);
    if (nextHref) {
      link.setAttribute('href', nextHref);
      link.removeAttribute('aria-busy');
    } else {
      link.closest('.load-more')?.remove();
    }
  } catch {
    window.location.assign(href);
  }
}

let enabled = false;

export function enableLoadMore(): void {
  if (enabled) return;
  enabled = true;
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-load-more]');
    if (!link || link.getAttribute('aria-busy') === 'true') return;
    event.preventDefault();
    void loadMore(link);
  });
}
