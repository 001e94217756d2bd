import { describe, expect, it } from 'vitest';
import {
  CHUNK_RELOAD_INTERVAL_MS,
  canPrefetch,
  isPageNavigation,
  isPrefetchable,
  scrollTarget,
  shouldReloadAfterChunkError,
} from '../../src/components/chrome/navigation-rules';

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
    expect(shouldReloadAfterChunkError(now, null)).toBe(true);
    expect(shouldReloadAfterChunkError(now, now - 1000)).toBe(false);
    expect(shouldReloadAfterChunkError(now, now - CHUNK_RELOAD_INTERVAL_MS + 1)).toBe(false);
    expect(shouldReloadAfterChunkError(now, now - CHUNK_RELOAD_INTERVAL_MS)).toBe(true);
    expect(shouldReloadAfterChunkError(now, Number.NaN)).toBe(true);
    expect(shouldReloadAfterChunkError(now, now + 10_000)).toBe(true); // a clock set back
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
