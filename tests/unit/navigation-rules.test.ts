import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { canPrefetch, isPageNavigation, isPrefetchable, scrollTarget } from '../../src/components/chrome/navigation-rules';
import { CHUNK_RELOAD_INTERVAL_MS, CHUNK_RELOAD_KEY, CHUNK_RELOAD_SCRIPT, shouldReloadAfterChunkError } from '../../src/lib/inline-scripts';

const here = new URL('https://shop.test/catalogs/shoes?page=2');
const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
const link = (href: string, target = '', hasDownload = false) => ({ href, target, hasDownload });

describe('navigation behaviour (spec 2.2)', () => {
  it('skips prefetch on 2g connections and with data saver', () => {
    expect(canPrefetch(undefined)).toBe(true);
    expect(canPrefetch({ effectiveType: '4g', saveData: false })).toBe(true);
    expect(canPrefetch({ effectiveType: '3g' })).toBe(true);
    expect(canPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(canPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(canPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
  });

  it('prefetches other pages of the shop only', () => {
    expect(isPrefetchable('/products/linen-shirt', here)).toBe(true);
    expect(isPrefetchable('/catalogs/shoes?page=3', here)).toBe(true);
    expect(isPrefetchable('/catalogs/shoes?page=2#list', here)).toBe(false);
    expect(isPrefetchable('https://other.test/', here)).toBe(false);
    expect(isPrefetchable('mailto:a@b.test', here)).toBe(false);
    expect(isPrefetchable('/api/products', here)).toBe(false);
    expect(isPrefetchable('/media/demo/a.jpg', here)).toBe(false);
    expect(isPrefetchable('/files/terms.pdf', here)).toBe(false);
    expect(isPrefetchable('/about?lang=ru', here)).toBe(false);
  });

  it('shows the loading bar for plain same-tab page navigations', () => {
    expect(isPageNavigation(click, link('https://shop.test/about'), here)).toBe(true);
    expect(isPageNavigation(click, link('https://gifts.test/'), here)).toBe(true);
    expect(isPageNavigation(click, link('https://shop.test/catalogs/shoes?page=2#top'), here)).toBe(false);
    expect(isPageNavigation({ ...click, ctrlKey: true }, link('/about'), here)).toBe(false);
    expect(isPageNavigation({ ...click, button: 1 }, link('/about'), here)).toBe(false);
    expect(isPageNavigation({ ...click, defaultPrevented: true }, link('/about'), here)).toBe(false);
    expect(isPageNavigation(click, link('/about', '_blank'), here)).toBe(false);
    expect(isPageNavigation(click, link('/price.pdf', '', true), here)).toBe(false);
    expect(isPageNavigation(click, link('tel:+1212'), here)).toBe(false);
  });

  it('reloads after a failed chunk load at most once a minute', () => {
    const now = 1_000_000_000;
    const interval = CHUNK_RELOAD_INTERVAL_MS;
    expect(shouldReloadAfterChunkError(now, null, interval)).toBe(true);
    expect(shouldReloadAfterChunkError(now, now - 1000, interval)).toBe(false);
    expect(shouldReloadAfterChunkError(now, now - CHUNK_RELOAD_INTERVAL_MS + 1, interval)).toBe(false);
    expect(shouldReloadAfterChunkError(now, now - CHUNK_RELOAD_INTERVAL_MS, interval)).toBe(true);
    expect(shouldReloadAfterChunkError(now, Number.NaN, interval)).toBe(true);
    expect(shouldReloadAfterChunkError(now, now + 10_000, interval)).toBe(true); // a clock set back
  });

  it("listens from the head's inline script on: an island failing at once reloads the page, once a minute", () => {
    const windowEvents = new EventTarget();
    const documentEvents = new EventTarget();
    const storage = new Map<string, string>();
    const reload = vi.fn();
    const page = {
      addEventListener: windowEvents.addEventListener.bind(windowEvents),
      document: { addEventListener: documentEvents.addEventListener.bind(documentEvents) },
      sessionStorage: {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => storage.set(key, value),
      },
      location: { reload },
      Date,
      Error,
      String,
      Number,
    };
    runInNewContext(CHUNK_RELOAD_SCRIPT, page);
    const failed = () =>
      Object.assign(new Event('astro:hydration-error'), {
        detail: { error: new Error('Failed to fetch dynamically imported module: /_astro/CartPage.js') },
      });
    documentEvents.dispatchEvent(failed());
    expect(reload).toHaveBeenCalledOnce();
    expect(storage.get(CHUNK_RELOAD_KEY)).toBeTruthy();
    // within the minute: no loop
    documentEvents.dispatchEvent(failed());
    windowEvents.dispatchEvent(new Event('vite:preloadError'));
    expect(reload).toHaveBeenCalledOnce();
    // a rendering error is no reason to reload
    storage.clear();
    documentEvents.dispatchEvent(Object.assign(new Event('astro:hydration-error'), { detail: { error: new Error('x is undefined') } }));
    expect(reload).toHaveBeenCalledOnce();
    windowEvents.dispatchEvent(new Event('vite:preloadError'));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('scrolls to the hash, else to the top, but not when the browser restores a position', () => {
    expect(scrollTarget('#reviews', 'navigate')).toEqual({ kind: 'element', id: 'reviews' });
    expect(scrollTarget('#%D0%BE-%D0%BD%D0%B0%D1%81', 'navigate')).toEqual({ kind: 'element', id: 'о-нас' });
    expect(scrollTarget('#%E0%A4', 'navigate')).toEqual({ kind: 'element', id: '%E0%A4' });
    expect(scrollTarget('', 'navigate')).toEqual({ kind: 'top' });
    expect(scrollTarget('#', undefined)).toEqual({ kind: 'top' });
    expect(scrollTarget('#reviews', 'back_forward')).toBeNull();
    expect(scrollTarget('', 'reload')).toBeNull();
  });
});
