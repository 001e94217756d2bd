/**
 * Navigation behaviour of every page (spec 2.2), framework-free: a thin loading bar on link
 * navigation and on requests lasting longer than 200 ms, a smooth scroll to the hash or the top after
 * a page has loaded, link prefetch on hover or focus (skipped on 2g and data saver), the closing of the mobile
 * menu, and the desktop menu's dropdowns by keyboard. A failed script chunk reloads the page through the head's
 * inline script (`CHUNK_RELOAD_SCRIPT` in src/lib/inline-scripts.ts), which starts before any module.
 */
import {
  PROGRESS_DELAY_MS,
  SCROLL_DELAY_MS,
  canPrefetch,
  isPageNavigation,
  isPrefetchable,
  scrollTarget,
  type ConnectionInfo,
} from './navigation-rules';

// ---------------------------------------------------------------- loading bar

const bar = document.querySelector<HTMLElement>('[data-loading-bar]');
let pending = 0;
let showTimer: ReturnType<typeof setTimeout> | undefined;

function startLoading() {
  pending += 1;
  if (pending > 1 || !bar) return;
  showTimer = setTimeout(() => {
    bar.classList.remove('is-done');
    bar.classList.add('is-loading');
  }, PROGRESS_DELAY_MS);
}

function stopLoading() {
  pending = Math.max(0, pending - 1);
  if (pending > 0 || !bar) return;
  clearTimeout(showTimer);
  if (bar.classList.contains('is-loading')) {
    bar.classList.replace('is-loading', 'is-done');
  }
}

function resetLoading() {
  pending = 0;
  clearTimeout(showTimer);
  bar?.classList.remove('is-loading', 'is-done');
}

// Listening on window, after the page's own handlers (modals, the cart) had their say on the event.
window.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return;
  const target = { href: link.href, target: link.target, hasDownload: link.hasAttribute('download') };
  if (isPageNavigation(event, target, new URL(location.href))) startLoading();
});
window.addEventListener('submit', (event) => {
  const form = event.target as HTMLFormElement | null;
  if (!event.defaultPrevented && form?.method.toLowerCase() === 'get') startLoading();
});
// A page restored from the back/forward cache must not keep the bar of the navigation that left it.
window.addEventListener('pageshow', (event) => {
  if (event.persisted) resetLoading();
});

const nativeFetch = window.fetch.bind(window);
window.fetch = (...args: Parameters<typeof fetch>) => {
  startLoading();
  return nativeFetch(...args).finally(stopLoading);
};

// ---------------------------------------------------------------- scroll after navigation

function scrollAfterLoad() {
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const target = scrollTarget(location.hash, navigation?.type);
  if (!target) return;
  const behavior: ScrollBehavior = matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
  // a visitor who acts meanwhile (follows an anchor such as the product's stars, scrolls, presses a key) is not moved
  const ACTIONS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'hashchange'] as const;
  let acted = false;
  const onAction = () => (acted = true);
  for (const type of ACTIONS) window.addEventListener(type, onAction, { once: true, passive: true });
  setTimeout(() => {
    for (const type of ACTIONS) window.removeEventListener(type, onAction);
    if (acted) return;
    if (target.kind === 'element') document.getElementById(target.id)?.scrollIntoView({ behavior, block: 'start' });
    else if (window.scrollY > 0) window.scrollTo({ top: 0, behavior });
  }, SCROLL_DELAY_MS);
}

if (document.readyState === 'complete') scrollAfterLoad();
else window.addEventListener('load', scrollAfterLoad, { once: true });

// ---------------------------------------------------------------- prefetch

const prefetched = new Set<string>();
const connection = () => (navigator as Navigator & { connection?: ConnectionInfo }).connection;

function prefetch(link: HTMLAnchorElement) {
  if (link.hasAttribute('data-no-prefetch') || prefetched.has(link.href)) return;
  if (!canPrefetch(connection()) || !isPrefetchable(link.href, new URL(location.href))) return;
  prefetched.add(link.href);
  const hint = document.createElement('link');
  hint.rel = 'prefetch';
  hint.href = link.href;
  document.head.append(hint);
}

let hoverTimer: ReturnType<typeof setTimeout> | undefined;
const linkOf = (event: Event) => {
  const link = (event.target as Element | null)?.closest?.('a[href]');
  return link instanceof HTMLAnchorElement ? link : null;
};
document.addEventListener(
  'pointerover',
  (event) => {
    const link = linkOf(event);
    if (!link) return;
    clearTimeout(hoverTimer);
    hoverTimer = setTimeout(() => prefetch(link), 80);
  },
  { passive: true },
);
document.addEventListener('pointerout', () => clearTimeout(hoverTimer), { passive: true });
document.addEventListener('focusin', (event) => {
  const link = linkOf(event);
  if (link) prefetch(link);
});
document.addEventListener(
  'touchstart',
  (event) => {
    const link = linkOf(event);
    if (link) prefetch(link);
  },
  { passive: true },
);

// ---------------------------------------------------------------- mobile menu and header panels

const closeMenus = () => {
  document.querySelectorAll<HTMLDetailsElement>('[data-mobile-menu][open], .site-header details[open]').forEach((menu) => {
    menu.open = false;
  });
};
document.addEventListener('click', (event) => {
  const target = event.target as Element | null;
  if (target?.closest?.('[data-mobile-menu-close]')) closeMenus();
  else if (target?.closest?.('[data-mobile-menu] a[href]')) closeMenus();
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') closeMenus();
});
// The header's search opens ready for typing.
document.querySelector<HTMLDetailsElement>('.site-header__search')?.addEventListener('toggle', (event) => {
  const search = event.currentTarget as HTMLDetailsElement;
  if (search.open) search.querySelector('input')?.focus();
});

// ---------------------------------------------------------------- desktop dropdowns by keyboard

const dropdownToggles = () => [...document.querySelectorAll<HTMLButtonElement>('[data-dropdown-toggle]')];
const submenuOf = (toggle: HTMLButtonElement) => document.getElementById(toggle.getAttribute('aria-controls') ?? '');

function setDropdown(toggle: HTMLButtonElement, open: boolean) {
  toggle.setAttribute('aria-expanded', String(open));
}
function closeDropdowns(except?: HTMLButtonElement) {
  for (const toggle of dropdownToggles()) if (toggle !== except) setDropdown(toggle, false);
}

document.addEventListener('click', (event) => {
  const toggle = (event.target as Element | null)?.closest?.<HTMLButtonElement>('[data-dropdown-toggle]');
  if (toggle) {
    closeDropdowns(toggle);
    setDropdown(toggle, toggle.getAttribute('aria-expanded') !== 'true');
  } else if (!(event.target as Element | null)?.closest?.('[data-dropdown]')) closeDropdowns();
});
document.addEventListener('keydown', (event) => {
  const target = event.target as Element | null;
  const item = target?.closest?.('[data-dropdown]');
  const toggle = item?.querySelector<HTMLButtonElement>('[data-dropdown-toggle]');
  if (!item || !toggle) return;
  if (event.key === 'Escape' && toggle.getAttribute('aria-expanded') === 'true') {
    setDropdown(toggle, false);
    toggle.focus();
  } else if (event.key === 'ArrowDown' && (target === toggle || target?.matches('.main-nav__link'))) {
    event.preventDefault();
    closeDropdowns(toggle);
    setDropdown(toggle, true);
    submenuOf(toggle)?.querySelector<HTMLElement>('a[href]')?.focus();
  }
});
// Leaving a dropdown with Tab closes it.
document.addEventListener('focusout', (event) => {
  const item = (event.target as Element | null)?.closest?.('[data-dropdown]');
  const next = event.relatedTarget as Node | null;
  if (!item || (next && item.contains(next))) return;
  const toggle = item.querySelector<HTMLButtonElement>('[data-dropdown-toggle]');
  if (toggle) setDropdown(toggle, false);
});
