/**
 * Filtering a catalog's product list in place (sections/SectionProductList.astro, CatalogFilters.astro).
 * The page works without it: the filters are a GET form, chips and sort options are links. With it:
 *
 * - a change of the filter form, a chip, "Clear all" or a sort option fetches the very page URL the
 *   form or link leads to (so the page cache answers it as it would the navigation), swaps the results
 *   region `[data-listing-results]` for the fetched one, brings the form in line with it, adds a
 *   history entry and announces the new count in the list's live region; back and forward fetch again;
 * - on phones the filters (a `<details>`) open as a drawer from their summary: focus stays inside,
 *   Escape, the close button, "Show N products" or a tap beside it close it, and focus returns to the summary;
 * - on wider screens the bar's facets are drop-downs, one open at a time;
 * - the price has a two-thumb slider beside its fields (without scripting the fields alone).
 *
 * Any failure falls back to loading the URL as a page.
 */

import { adoptStyles } from './adopt-styles';

const PHONE = '(max-width: 767px)';
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';

type Listing = { root: HTMLElement; id: string; controller: AbortController | null; shown: string };

const listings = new Map<string, Listing>();

const isPlainClick = (event: MouseEvent) =>
  !(event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);

/** The URL the filter form would navigate to, without its empty fields. */
export function formHref(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim() !== '') params.append(name, value.trim());
  }
  const url = new URL(form.action, window.location.href);
  url.search = params.toString();
  return url.href;
}

/** Sets the current form's fields to the fetched page's: checked boxes, prices, the kept query and the reset link. */
export function syncForm(form: HTMLFormElement, next: HTMLFormElement): void {
  for (const hidden of form.querySelectorAll('input[type=hidden]')) hidden.remove();
  for (const hidden of [...next.querySelectorAll('input[type=hidden]')].reverse())
    form.prepend(form.ownerDocument.importNode(hidden, true));
  for (const input of form.querySelectorAll<HTMLInputElement>('input:not([type=hidden]):not([type=range])')) {
    const match = [...next.querySelectorAll<HTMLInputElement>('input')].find(
      (candidate) => candidate.name === input.name && (input.type !== 'checkbox' || candidate.value === input.value),
    );
    if (input.type === 'checkbox') input.checked = match?.hasAttribute('checked') ?? false;
    else if (input !== form.ownerDocument.activeElement) input.value = match?.getAttribute('value') ?? '';
  }
  const actions = form.querySelector('.filters__actions');
  actions?.querySelector('.filters__reset')?.remove();
  const reset = next.querySelector('.filters__reset');
  if (actions && reset) actions.append(form.ownerDocument.importNode(reset, true));
  syncCounts(form, next);
  syncSlider(form);
}

/** Each value's count and whether it can be chosen, each facet's number of chosen values and the "Show N products" button, from the fetched form. */
function syncCounts(form: HTMLFormElement, next: HTMLFormElement): void {
  const nextBoxes = [...next.querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
  for (const input of form.querySelectorAll<HTMLInputElement>('input[type=checkbox]')) {
    const match = nextBoxes.find((candidate) => candidate.name === input.name && candidate.value === input.value);
    if (!match) continue;
    input.disabled = match.hasAttribute('disabled');
    const count = input.closest('label')?.querySelector('[data-count]');
    const nextCount = match.closest('label')?.querySelector('[data-count]');
    if (count && nextCount) count.textContent = nextCount.textContent;
  }
  for (const facet of form.querySelectorAll<HTMLElement>('[data-facet]')) {
    const nextFacet = [...next.querySelectorAll<HTMLElement>('[data-facet]')].find((f) => f.dataset['facet'] === facet.dataset['facet']);
    const selected = facet.querySelector('[data-facet-selected]');
    const nextSelected = nextFacet?.querySelector('[data-facet-selected]');
    if (selected && nextSelected) selected.innerHTML = nextSelected.innerHTML;
  }
  const apply = form.querySelector('[data-facets-apply]');
  const nextApply = next.querySelector('[data-facets-apply]');
  if (apply && nextApply) apply.textContent = nextApply.textContent;
}

// ---------------------------------------------------------------- the price slider

/** The slider's thumbs and track from the price fields (an empty field: the slider's end). */
function syncSlider(form: HTMLFormElement): void {
  const slider = form.querySelector<HTMLElement>('[data-price-slider]');
  if (!slider) return;
  const [low, high] = sliderRanges(slider);
  const fields = priceFields(form);
  if (!low || !high || !fields) return;
  const bottom = Number(low.min);
  const top = Number(low.max);
  const within = (text: string, fallback: number) => {
    const value = Number(text);
    return text.trim() === '' || !Number.isFinite(value) ? fallback : Math.min(top, Math.max(bottom, value));
  };
  low.value = String(within(fields.min.value, bottom));
  high.value = String(within(fields.max.value, top));
  paintSlider(slider);
}

function sliderRanges(slider: HTMLElement): [HTMLInputElement | null, HTMLInputElement | null] {
  return [slider.querySelector<HTMLInputElement>('[data-range=min]'), slider.querySelector<HTMLInputElement>('[data-range=max]')];
}

function priceFields(form: HTMLFormElement): { min: HTMLInputElement; max: HTMLInputElement } | null {
  const min = form.querySelector<HTMLInputElement>('input[name="filter[minPrice]"]');
  const max = form.querySelector<HTMLInputElement>('input[name="filter[maxPrice]"]');
  return min && max ? { min, max } : null;
}

function paintSlider(slider: HTMLElement): void {
  const [low, high] = sliderRanges(slider);
  if (!low || !high) return;
  const bottom = Number(low.min);
  const span = Number(low.max) - bottom || 1;
  slider.style.setProperty('--from', `${((Number(low.value) - bottom) / span) * 100}%`);
  slider.style.setProperty('--to', `${((Number(high.value) - bottom) / span) * 100}%`);
}

/** Moving a thumb writes its price field (an end of the slider: no bound); the form's change listener then filters. */
function wireSlider(form: HTMLFormElement): void {
  const slider = form.querySelector<HTMLElement>('[data-price-slider]');
  const fields = priceFields(form);
  if (!slider || !fields) return;
  const [low, high] = sliderRanges(slider);
  if (!low || !high) return;
  slider.addEventListener('input', (event) => {
    const moved = event.target === high ? high : low;
    // the thumbs do not cross
    if (Number(low.value) > Number(high.value)) moved.value = moved === low ? high.value : low.value;
    fields.min.value = low.value === low.min ? '' : low.value;
    fields.max.value = high.value === high.max ? '' : high.value;
    paintSlider(slider);
  });
  for (const field of [fields.min, fields.max]) field.addEventListener('input', () => syncSlider(form));
}

// ---------------------------------------------------------------- facet drop-downs (the bar on wider screens)

/** One drop-down open at a time; a click elsewhere or Escape closes it (Escape returns the focus to its button). */
function wireDropdowns(details: HTMLDetailsElement | null): void {
  if (details?.dataset['facets'] !== 'bar') return;
  const wide = window.matchMedia('(min-width: 768px)');
  const facets = [...details.querySelectorAll<HTMLDetailsElement>('details.facet')];
  for (const facet of facets) {
    facet.addEventListener('toggle', () => {
      if (facet.open && wide.matches) for (const other of facets) if (other !== facet) other.open = false;
    });
  }
  document.addEventListener('click', (event) => {
    if (!wide.matches) return;
    for (const facet of facets) if (facet.open && !facet.contains(event.target as Node)) facet.open = false;
  });
  // wherever the focus is (a click on a value that cannot be chosen leaves it on the page)
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !wide.matches) return;
    const facet = facets.find((f) => f.open);
    if (!facet) return;
    const active = document.activeElement;
    facet.open = false;
    if (!active || active === document.body || facet.contains(active)) facet.querySelector('summary')?.focus();
  });
}

/** Replaces the list's results region and filter state with those of `next` (the same list in a fetched page). */
export function swapListing(root: HTMLElement, next: HTMLElement): void {
  const doc = root.ownerDocument;
  const results = root.querySelector('[data-listing-results]');
  const incoming = next.querySelector('[data-listing-results]');
  if (!results || !incoming) throw new Error('The list is missing');
  const active = doc.activeElement;
  const hadFocus = active instanceof HTMLElement && (results.contains(active) || active === doc.body);
  const focusKey = active instanceof HTMLElement && results.contains(active) ? active.dataset['focusKey'] : undefined;
  const replacement = doc.importNode(incoming, true) as HTMLElement;
  results.replaceWith(replacement);
  const form = root.querySelector<HTMLFormElement>('form.filters__form');
  const nextForm = next.querySelector<HTMLFormElement>('form.filters__form');
  if (form && nextForm) syncForm(form, nextForm);
  const summary = root.querySelector('.filters__toggle');
  const nextSummary = next.querySelector('.filters__toggle');
  if (summary && nextSummary) summary.innerHTML = nextSummary.innerHTML;
  if (hadFocus) {
    const target =
      (focusKey && replacement.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(focusKey)}"]`)) ||
      replacement.querySelector<HTMLElement>('[data-listing-count]');
    target?.focus({ preventScroll: true });
  }
}

function announce(listing: Listing): void {
  const status = listing.root.querySelector('[data-listing-status]');
  const count = listing.root.querySelector('[data-listing-count]')?.textContent?.trim() ?? '';
  if (!status) return;
  status.textContent = '';
  // a new text in a second step, so the same count is announced again
  window.setTimeout(() => (status.textContent = count), 50);
}

async function show(listing: Listing, href: string, mode: 'push' | 'pop'): Promise<void> {
  const url = new URL(href, window.location.href);
  if (mode === 'push' && url.href === listing.shown) return;
  listing.controller?.abort();
  const controller = new AbortController();
  listing.controller = controller;
  listing.shown = url.href;
  const results = listing.root.querySelector('[data-listing-results]');
  results?.setAttribute('aria-busy', 'true');
  try {
    const response = await fetch(url.href, { headers: { Accept: 'text/html' }, signal: controller.signal });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    const next = page.querySelector<HTMLElement>(`[data-listing="${CSS.escape(listing.id)}"]`);
    if (!next) throw new Error('The list is missing');
    adoptStyles(page);
    swapListing(listing.root, next);
    const address = response.redirected ? response.url : url.href;
    listing.shown = address;
    if (mode === 'push') window.history.pushState({ listing: listing.id }, '', address);
    announce(listing);
  } catch (error) {
    if (controller.signal.aborted) return;
    console.error('filtering in place failed', error);
    if (mode === 'push') window.location.assign(url.href);
    else window.location.reload();
  } finally {
    if (listing.controller === controller) {
      listing.controller = null;
      listing.root.querySelector('[data-listing-results]')?.removeAttribute('aria-busy');
    }
  }
}

// ---------------------------------------------------------------- the drawer on phones

function focusables(panel: HTMLElement): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);
}

function wireDrawer(details: HTMLDetailsElement): { close: (returnFocus: boolean) => void } {
  const summary = details.querySelector<HTMLElement>(':scope > summary')!;
  const panel = details.querySelector<HTMLElement>('[data-facets-panel]')!;
  const phone = window.matchMedia(PHONE);
  const openAtStart = details.open;
  // the section is a stacking context of its own (isolation): raised above the rest of the page while the drawer is open
  const frame = details.closest<HTMLElement>('section');
  let drawerOpen = false;

  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      const items = focusables(panel);
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  function open(): void {
    drawerOpen = true;
    details.open = true;
    details.classList.add('is-drawer-open');
    panel.setAttribute('role', 'dialog');
    panel.setAttribute('aria-modal', 'true');
    panel.setAttribute('aria-labelledby', panel.dataset['titleId'] ?? '');
    document.documentElement.style.overflow = 'hidden';
    frame?.style.setProperty('z-index', '1000');
    document.addEventListener('keydown', onKey);
    (panel.querySelector<HTMLElement>('[data-facets-close]') ?? focusables(panel)[0])?.focus();
  }

  function close(returnFocus: boolean): void {
    if (!drawerOpen) return;
    drawerOpen = false;
    details.classList.remove('is-drawer-open');
    details.open = false;
    panel.removeAttribute('role');
    panel.removeAttribute('aria-modal');
    panel.removeAttribute('aria-labelledby');
    document.documentElement.style.overflow = '';
    frame?.style.removeProperty('z-index');
    document.removeEventListener('keydown', onKey);
    if (returnFocus) summary.focus();
  }

  // On phones the CSS already shows the form folded behind the summary (CatalogFilters.astro): closing the
  // <details> here changes nothing on screen, it only tells assistive technology the truth.
  function fitToScreen(): void {
    if (phone.matches) {
      if (!drawerOpen) details.open = false;
    } else {
      close(false);
      details.open = openAtStart || details.open;
    }
  }

  summary.addEventListener('click', (event) => {
    if (!phone.matches) return;
    event.preventDefault();
    if (drawerOpen) close(true);
    else open();
  });
  details.addEventListener('click', (event) => {
    // the backdrop is the details' own ::before
    if (event.target === details) close(true);
    if ((event.target as Element | null)?.closest('[data-facets-close]')) close(true);
  });
  phone.addEventListener('change', fitToScreen);
  fitToScreen();
  return { close };
}

// ---------------------------------------------------------------- wiring

function wire(root: HTMLElement): void {
  const id = root.dataset['listing'] ?? '';
  if (!id || listings.has(id)) return;
  const listing: Listing = { root, id, controller: null, shown: window.location.href };
  listings.set(id, listing);

  const details = root.querySelector<HTMLDetailsElement>('details[data-facets]');
  const drawer = details ? wireDrawer(details) : null;
  const form = root.querySelector<HTMLFormElement>('form.filters__form');
  wireDropdowns(details);
  if (form) {
    wireSlider(form);
    form.addEventListener('change', (event) => {
      if ((event.target as Element | null)?.matches('input')) void show(listing, formHref(form), 'push');
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void show(listing, formHref(form), 'push');
      drawer?.close(true);
    });
  }
  root.addEventListener('click', (event) => {
    if (!isPlainClick(event)) return;
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-listing-link]');
    if (!link || !root.contains(link)) return;
    event.preventDefault();
    link.closest('details.sort-menu')?.removeAttribute('open');
    void show(listing, link.href, 'push');
  });
  // the sort menu closes on Escape and on a click elsewhere
  document.addEventListener('click', (event) => {
    for (const menu of root.querySelectorAll<HTMLDetailsElement>('details.sort-menu[open]')) {
      if (!menu.contains(event.target as Node)) menu.open = false;
    }
  });
  root.addEventListener('keydown', (event) => {
    const menu = (event.target as Element | null)?.closest<HTMLDetailsElement>('details.sort-menu[open]');
    if (event.key === 'Escape' && menu) {
      menu.open = false;
      menu.querySelector('summary')?.focus();
    }
  });
}

let enabled = false;

export function enableCatalogFacets(): void {
  if (enabled) return;
  enabled = true;
  for (const root of document.querySelectorAll<HTMLElement>('[data-listing]')) wire(root);
  if (listings.size === 0) return;
  // the first entry gets a state too, so that coming back to it is known to be a list's
  window.history.replaceState({ ...(window.history.state as object | null), listing: true }, '');
  window.addEventListener('popstate', (event) => {
    if (!(event.state as { listing?: unknown } | null)?.listing) return;
    for (const listing of listings.values()) void show(listing, window.location.href, 'pop');
  });
}
